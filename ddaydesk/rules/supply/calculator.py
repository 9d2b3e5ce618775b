"""One full supply recompute for a position: :func:`compute_supply`."""

from __future__ import annotations

from ddaydesk.gcpause import gc_paused
from ddaydesk.rules.supply.allied import allied_supply
from ddaydesk.rules.supply.blocking import trace_map
from ddaydesk.rules.supply.fmu import fmu_supply
from ddaydesk.rules.supply.german import german_supply
from ddaydesk.rules.supply.model import SupplyInput, SupplyResult
from ddaydesk.rules.supply.params import SupplyParams, load_supply_params


def compute_supply(inp: SupplyInput, params: SupplyParams | None = None, *,
                   explain: bool = True) -> SupplyResult:
    """Supply status, chains and capacity use of every unit on the map.

    ``explain=False`` skips the why-not searches for unsupplied units (two map searches
    each, the costly part of a full report); capacity explanations ("HQ full") are always
    given.
    """
    p = params or load_supply_params(inp.system)
    with gc_paused():  # a few thousand small objects, none of them cyclic garbage
        return _compute(inp, p, explain)


def _compute(inp: SupplyInput, p: SupplyParams, explain: bool) -> SupplyResult:
    board = inp.board
    if inp.system == "fmu":
        tm = trace_map(board, inp.units, "allied", p.blocking)
        return SupplyResult("fmu", board, fmu_supply(inp, p, tm, explain), [])
    red = p.range_reduction(inp.weather, inp.turn)
    notes = []
    if red:
        notes.append(f"{inp.weather} weather: every supply limit is {red} hex(es) shorter "
                     f"({p.tag(f'weather.range_reduction.{inp.weather}').rule})")
    tm_g = trace_map(board, inp.units, "german", p.blocking)
    g_units, g_cap = german_supply(inp, p, tm_g, red, explain)
    tm_a = trace_map(board, inp.units, "allied", p.blocking)
    a_units, a_cap, a_notes = allied_supply(inp, p, tm_a, red, explain)
    units = {u.id: g_units.get(u.id) or a_units[u.id] for u in inp.units}  # input order
    return SupplyResult(inp.system, board, units, g_cap + a_cap, red, notes + a_notes)
