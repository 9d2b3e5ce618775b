"""Support fire markers through the game turns, kept in ``state.extra["combat"]`` in the shape
the combat wiring reads (``turn``, ``cups``, ``naval_left``, ``mines_aside``, ``lost_markers``;
docs/rules/fire-and-movement.md "State kept by the module"): the cups refilled every GT
(FMU-SFM-01/08/09), less the German markers lost for the edge hexes the Allies took
(FMU-SFM-06/07); the naval gunfire markers of GT 1 (FMU-NGS-01/04); inclement weather setting
aside the aircraft cup and a die roll of markers per side (FMU-WX-03/04)."""

from __future__ import annotations

import dataclasses

from ddaydesk.engine.actions import Changes
from ddaydesk.engine.state import GameState
from ddaydesk.rules.combat.support import cup_side, initial_cups, naval_markers
from ddaydesk.rules.fmu.common import DROP_ZONE, fx, is_fmu_scenario, remove_markers
from ddaydesk.rules.fmu.data import val
from ddaydesk.rules.fmu.replacements import grant_points


def combat_pools(state: GameState) -> dict:
    return state.own("combat")


def fill_cups(state: GameState, ch: Changes) -> None:
    """Start of a GT: every marker back in its cup, the lost ones excepted. Markers are stored
    as the combat wiring reads them (``dataclasses.asdict`` of combat.model.Marker)."""
    pools = combat_pools(state)
    if pools.get("turn") == state.turn:
        return  # GT 1's cups were filled before the landing (the beach assaults use them)
    _lose_edge_markers(state, ch)
    lost = tuple(pools.get("lost_markers", []))
    cups = initial_cups("fmu", lost)
    pools["turn"] = state.turn
    pools["cups"] = {name: [dataclasses.asdict(m) for m in ms] for name, ms in sorted(cups.items())}
    pools["naval_left"] = [dataclasses.asdict(m) for m in naval_markers(state.turn)]
    pools["mines_aside"] = None
    pools["set_aside"] = []
    pools["lost_markers"] = list(lost)
    if state.weather == "inclement":
        _inclement(state, ch, pools)


def cup_ids(state: GameState, cup: str) -> list[str]:
    return [m["id"] for m in combat_pools(state).get("cups", {}).get(cup, [])]


def _inclement(state: GameState, ch: Changes, pools: dict) -> None:
    aside = pools["set_aside"]
    for name in list(pools["cups"]):
        if name.endswith("air"):
            aside.extend(m["id"] for m in pools["cups"][name])
            pools["cups"][name] = []
    ch.notes.append("inclement weather: the aircraft markers are set aside this GT (FMU-WX-03)")
    for side in ("allied", "german"):
        r = ch.roll(state, 6, f"{side} support fire markers unavailable (inclement weather)")
        names = sorted(n for n in pools["cups"] if cup_side(n) == side)
        for _ in range(r.value):
            left = [(n, m) for n in names for m in pools["cups"][n]]
            if not left:
                break
            n, m = left[ch.roll(state, len(left), f"{side} marker set aside").value - 1]
            pools["cups"][n].remove(m)
            aside.append(m["id"])
        ch.notes.append(f"inclement weather: {side} rolled {r.value}, that many markers unavailable (FMU-WX-04)")


def _lose_edge_markers(state: GameState, ch: Changes) -> None:
    """The GT after the Allies take a listed edge hex, a random German marker goes for good."""
    f = fx(state)
    owed = sorted(h for h, t in f.get("edges_taken", {}).items() if t < state.turn and h not in f.get("edges_paid", []))
    if not owed:
        return
    pools = combat_pools(state)
    lost = pools.setdefault("lost_markers", [])
    for h in owed:
        left = [m.id for m in initial_cups("fmu", tuple(lost))["german"] if not m.mines]
        if left:
            pick = left[ch.roll(state, len(left), f"German marker lost for {h}").value - 1]
            lost.append(pick)
            ch.notes.append(f"the Allies took {h}: German support fire marker {pick} is lost (FMU-SFM-06)")
        f.setdefault("edges_paid", []).append(h)


def support_phase(state: GameState, ch: Changes) -> None:
    """The support fire marker phase hook: cups, replacement points, drop zones gone on GT 3."""
    if not is_fmu_scenario(state):
        return
    fill_cups(state, ch)
    grant_points(state, ch)
    if state.turn >= val("landing.drop_zones_removed_turn") and state.markers_of(DROP_ZONE):
        remove_markers(state, DROP_ZONE)
        fx(state)["drop_zone_supply"] = False
        ch.markers = True
        ch.notes.append(f"drop zone markers removed at the start of GT {state.turn} (FMU-AIRB-16)")


def end_of_turn(state: GameState, ch: Changes) -> None:
    """The set-aside Mines marker goes back to the cup when the GT ends (FMU-SFM-04); naval
    gunfire is gone after GT 1 (FMU-NGS-04)."""
    if not is_fmu_scenario(state):
        return
    pools = combat_pools(state)
    pools["mines_aside"] = None
    pools["naval_left"] = []
