"""The supply rules wired into the engine (docs/engine.md, "Extension points").

On a new game the supply markers of the scenario (Supply Centres, beachheads, drop zones)
are put on the map; on entering each supply phase the whole position is recomputed and the
result kept in ``state.extra["supply"]`` (JSON-able: who is in supply, who is not, and what
each unit draws on; in D-Day '77 a :class:`~ddaydesk.engine.state.Deferred` record, traced
when first read: read it with ``state.record("supply")``). In Utah Beach the units out of
supply are then reduced, or eliminated if already reduced (FMU-SUP-05). D-Day '77's
out-of-supply effects belong to the standard rules, which are not public: nothing is done to
the units there.
"""

from __future__ import annotations

from ddaydesk.engine.state import ELIMINATED, Deferred, Marker
from ddaydesk.rules.supply.centres import SC_MARKER
from ddaydesk.rules.supply.params import load_supply_params

MARKER_KINDS = (SC_MARKER, "beachhead", "drop_zone")
OPTION_OF_SIDE = {"german": "german_supply", "allied": "allied_supply"}  # D-Day '77 optional rules


def register(rm) -> None:
    """(For the systems ``engine.systems.PLUGINS`` wires it to: D-Day '77 and Utah Beach.)"""
    rm.add_setup(place_markers)
    rm.add_hook("supply", supply_phase)


def _record(head: dict, inp, result) -> dict:
    """Read from who is in supply (``result.in_supply``): the units' chains are never made."""
    ok = result.in_supply
    ids = [u.id for u in inp.units if u.side in head["sides"]]
    return {**head, "supplied": [i for i in ids if i in ok], "unsupplied": [i for i in ids if i not in ok],
            "draws_on": {i: ok[i] for i in ids if ok.get(i)}}


def place_markers(state) -> None:
    """Copy the scenario's supply markers into the state (those it does not hold yet)."""
    have = set(state.markers)
    new = [Marker(m.kind, m.place, m.side) for m in state.scenario.markers if m.kind in MARKER_KINDS]
    state.markers = tuple(sorted(have | set(new)))


def supply_phase(state, ch) -> None:
    system = state.scenario.system.id
    sides = [s for s in state.scenario.system.sides
             if system != "dday77" or state.options.get(OPTION_OF_SIDE.get(s, ""), False)]
    head = {"turn": state.turn, "phase": state.phase, "sides": sides}
    if not sides:  # (with both D-Day '77 supply rules off there is nothing to trace)
        state.extra["supply"] = {**head, "supplied": [], "unsupplied": [], "draws_on": {}}
        return
    # (the calculator on first use: a start draws its first frame before any supply is traced)
    from ddaydesk.rules.supply.adapter import from_game_state
    from ddaydesk.rules.supply.calculator import compute_supply

    params = load_supply_params(system)
    if system != "fmu":
        # D-Day '77 does nothing to the units here: the traces are run when a rule (a
        # fortress's isolation, a victory condition) or the canonical form reads the record,
        # on the position as it is now (a copy: later hooks and actions change the state).
        now = state.copy()
        now.extra = {}  # (not read by the traces; and no chain of earlier records kept alive)
        def traced() -> dict:
            inp = from_game_state(now)
            return _record(head, inp, compute_supply(inp, params, explain=False, sides=sides))

        state.extra["supply"] = Deferred(traced)
        return
    from ddaydesk.rules.supply.fmu import attrition

    inp = from_game_state(state)
    result = compute_supply(inp, params, explain=False, sides=sides)
    state.extra["supply"] = _record(head, inp, result)
    for uid, effect in attrition(result.units, params["allied.check_after"], params).items():
        k = state.unit(uid)
        if effect == "eliminate":
            state.status[k] = ELIMINATED
            state.place[k] = -1
            ch.removed.append(uid)
        else:
            state.steps_lost[k] = 1
            ch.units.append(uid)
        ch.notes.append(f"{uid} out of supply: {effect}d (FMU-SUP-05)")
