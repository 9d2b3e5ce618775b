"""One full supply recompute for a position: :func:`compute_supply`."""

from __future__ import annotations

from collections.abc import Sequence

from ddaydesk.gcpause import gc_paused
from ddaydesk.rules.supply.allied import allied_supply
from ddaydesk.rules.supply.blocking import SideUnits, split_units, trace_map
from ddaydesk.rules.supply.fmu import fmu_supply
from ddaydesk.rules.supply.german import german_supply
from ddaydesk.rules.supply.model import (
    CapacityUse,
    LazyUnits,
    SupplyInput,
    SupplyResult,
    UnitSupply,
)
from ddaydesk.rules.supply.params import SupplyParams, load_supply_params

NOBODY = SideUnits([], [], 0, 0)  # a side without units on the map


def compute_supply(inp: SupplyInput, params: SupplyParams | None = None, *,
                   explain: bool = True, sides: Sequence[str] | None = None) -> SupplyResult:
    """Supply status, chains and capacity use of every unit on the map.

    ``explain=False`` skips the why-not searches for unsupplied units (two map searches
    each, the costly part of a full report); capacity explanations ("HQ full") are always
    given. ``sides``: trace only these sides' lines (D-Day '77; default both): the result
    then holds only their units and capacity holders.
    """
    p = params or load_supply_params(inp.system)
    with gc_paused():  # a few thousand small objects, none of them cyclic garbage
        return _compute(inp, p, explain, ("german", "allied") if sides is None else tuple(sides))


def _compute(inp: SupplyInput, p: SupplyParams, explain: bool, sides: tuple[str, ...]) -> SupplyResult:
    board = inp.board
    if inp.system == "fmu":
        tm = trace_map(board, inp.units, "allied", p.blocking)
        return SupplyResult("fmu", board, fmu_supply(inp, p, tm, explain), [])
    red = p.range_reduction(inp.weather, inp.turn)
    notes = []
    if red:
        notes.append(f"{inp.weather} weather: every supply limit is {red} hex(es) shorter "
                     f"({p.tag(f'weather.range_reduction.{inp.weather}').rule})")
    per_side = split_units(inp.units, p.blocking)
    done = [side_supply(inp, p, trace_map(board, inp.units, side, p.blocking, per_side), red, explain,
                        per_side.get(side) or NOBODY)
            for side, side_supply in (("german", german_supply), ("allied", allied_supply)) if side in sides]
    in_supply: dict[str, str | None] = {}
    capacity: list[CapacityUse] = []
    for got in done:
        in_supply.update(got.in_supply)
        capacity += got.capacity
        notes += got.notes

    def units() -> dict[str, UnitSupply]:
        found: dict[str, UnitSupply] = {}
        for got in done:
            found.update(got.units())
        return {u.id: found[u.id] for u in inp.units if u.id in found}  # input order

    return SupplyResult(inp.system, board, LazyUnits(units), capacity, red, notes, in_supply)
