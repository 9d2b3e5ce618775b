"""Allied supply at the end of the Allied player turn (12.0): the attrition it causes, from a
supply answer given as input.

The trace itself (FMU-SUP-02..06) is the supply calculator's (``ddaydesk.rules.supply``,
``compute_supply``); :data:`provider` asks it. ``provider(state, tracers)`` takes
``{tracer id: (place, unit type)}`` for every Allied unit on the map and every hex whose supply
is asked (victory locations), and answers ``{tracer id: supplied}``, or None when no
calculator is installed (then nothing is reduced and locations count as unsupplied, with a
note). Tests replace it to give a position's supply outright.

The supply phase hook here applies the attrition only when the supply package registers no
``supply`` hook of its own (one that does it is the package's to run).
"""

from __future__ import annotations

from collections.abc import Callable

from ddaydesk.engine.actions import Changes
from ddaydesk.engine.state import ON_MAP, GameState
from ddaydesk.rules.fmu.common import DROP_ZONE, beachheads, fx, is_fmu_scenario, step_loss

Tracers = dict[str, tuple[int, str]]
Provider = Callable[[GameState, Tracers], "dict[str, bool] | None"]


def calculator_provider(state: GameState, tracers: Tracers) -> dict[str, bool] | None:
    """Ask the supply calculator (FMU-SUP-*), if it is installed."""
    try:
        from ddaydesk.rules.supply import SupplyInput, SupplyUnit, compute_supply
    except ModuleNotFoundError as exc:
        if exc.name is not None and "ddaydesk.rules.supply".startswith(exc.name):
            return None  # the supply package is not installed
        raise
    sc = state.scenario
    units = [SupplyUnit(u.id, u.side, u.nationality, u.type, state.place[k], reduced=bool(state.steps_lost[k]))
             for k, u in enumerate(sc.units) if state.status[k] == ON_MAP and state.place[k] >= 0]
    known = {u.id for u in units}
    units += [SupplyUnit(tid, "allied", "us", utype, place) for tid, (place, utype) in tracers.items()
              if tid not in known]
    zones = tuple(m.place for m in state.markers_of(DROP_ZONE)) if fx(state).get("drop_zone_supply") else ()
    bh = tuple(beachheads(state))
    inp = SupplyInput(system="fmu", board=sc.board, units=units, turn=state.turn, weather=state.weather,
                      beachheads=bh, drop_zones=zones, beach_landing=bh)
    res = compute_supply(inp, explain=False)
    return {tid: res.units[tid].supplied for tid in tracers if tid in res.units}


provider: Provider = calculator_provider


def allied_tracers(state: GameState) -> Tracers:
    return {u.id: (state.place[k], u.type) for k, u in enumerate(state.scenario.units)
            if u.side == "allied" and state.status[k] == ON_MAP and state.place[k] >= 0}


def supplied_units(state: GameState) -> set[str] | None:
    got = provider(state, allied_tracers(state))
    return None if got is None else {uid for uid, ok in got.items() if ok}


def traceable(state: GameState, places: list[int]) -> set[int] | None:
    """Which of ``places`` an Allied line of supply reaches (for captured locations)."""
    labels = state.scenario.board.labels
    tracers = {f"hex:{labels[i]}": (i, "infantry") for i in places}
    got = provider(state, tracers)
    if got is None:
        return None
    return {i for i in places if got.get(f"hex:{labels[i]}")}


def apply_attrition(state: GameState, ch: Changes, supplied: dict[str, bool]) -> None:
    """Allied units out of supply are reduced, or eliminated if already reduced (FMU-SUP-05)."""
    for uid, ok in sorted(supplied.items()):
        k = state.scenario.unit_index.get(uid)
        if ok or k is None or state.status[k] != ON_MAP or state.scenario.units[k].side != "allied":
            continue
        what = step_loss(state, ch, k)
        ch.notes.append(f"{uid} is out of supply at the end of the Allied player turn: {what} (FMU-SUP-01, FMU-SUP-05)")
    state._cache.clear()


def supply_phase(state: GameState, ch: Changes) -> None:
    """The supply phase hook, after the Allied mobile combat phase (FMU-SUP-01)."""
    if not is_fmu_scenario(state):
        return
    got = provider(state, allied_tracers(state))
    if got is None:
        ch.notes.append("supply not evaluated: no supply calculator installed (FMU-SUP-01)")
        return
    fx(state)["supplied"] = {uid: ok for uid, ok in sorted(got.items())}
    apply_attrition(state, ch, got)
