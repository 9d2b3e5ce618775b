"""What D-Day2 needs of a scenario and its map before a game can start: ``ddaydesk check``
runs it (engine/setupcheck.py), and the set-up refuses a scenario that fails it."""

from __future__ import annotations

from collections import Counter

from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.dd2.data import tables


def check_scenario(sc: Scenario) -> list[tuple[str | None, str]]:
    """Problems of a scenario against the D-Day2 tables (unit values, chart pools), each with
    the unit it is about (``scenario.map``: the map; None: the scenario's units as a whole)."""
    t = tables()
    out: list[tuple[str | None, str]] = []
    for u in sc.units:
        st = t.units.get(u.side, {}).get(u.type)
        if st is None:
            out.append((u.id, f"unit {u.id}: D-Day2 has no {u.side} {u.type}"))
        elif (u.attack, u.defence) != (st.attack, st.defence):
            out.append((u.id, f"unit {u.id}: {u.type} is {st.attack}/{st.defence} in the unit table ({st.rule}), "
                              f"not {u.attack}/{u.defence}"))
    for cid, chart in t.charts.items():
        pool = Counter(u.type for u in sc.units if u.box == cid)
        want = Counter(e.type for e in chart.order)
        if pool != want:
            first = next((u.id for u in sc.units if u.box == cid), None)
            out.append((first, f"box {cid}: holds {dict(pool)}, its chart needs {dict(want)}"))
    return out + _check_map(sc)


def _check_map(sc: Scenario) -> list[tuple[str | None, str]]:
    """The map's D-Day2 facts the rules look up (rules/dd2/state.py MapInfo), reported at the
    scenario's ``map:``."""
    board = sc.board
    beaches = {p.name for p in board.places_of_kind("beach")}
    out = [("scenario.map", f"map {board.id}: region {r.id} (blockhouse fire) is named {r.name!r}, "
                            "which is not a beach of the map")
           for r in board.regions_of_kind("blockhouse_fire") if r.name not in beaches]
    entries = {r.id for r in board.regions_of_kind("entry")}
    needed = sorted({e for chart in tables().charts.values() for e in chart.entry} - entries)
    out += [("scenario.map", f"map {board.id}: no entry region {e!r}, where German reinforcements come on")
            for e in needed]
    return out
