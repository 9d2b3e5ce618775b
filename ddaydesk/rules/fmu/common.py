"""Shared look-ups of the Utah Beach rules: the module's own state (``state.extra["fmu"]``),
beachhead markers, airborne units, the scenario boundary and the ZOC as GT 1 restricts it."""

from __future__ import annotations

from typing import Any

from ddaydesk.engine.actions import Changes, IllegalAction
from ddaydesk.engine.state import ELIMINATED, MOVED, ON_MAP, GameState, Marker
from ddaydesk.rules.fmu.data import val

BEACHHEAD = "beachhead"
DROP_ZONE = "drop_zone"


def ordinal(number: str | int) -> str:
    """A division's number as players write it: "82" -> "82nd", "101" -> "101st"."""
    n = int(number)
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def fx(state: GameState) -> dict[str, Any]:
    """This module's JSON-able record in the state (created on first use)."""
    return state.own("fmu")


def is_fmu_scenario(state: GameState) -> bool:
    """The Utah Beach rules apply to scenarios on a map with beach landing hexes."""
    return bool(state.scenario.board.places_of_kind("beach_landing"))


def row_of(state: GameState, i: int) -> int:
    """Printed row (first pair of the hex number, counted from the south edge: docs/maps.md)."""
    return int(state.scenario.board.labels[i][:2])


def beachheads(state: GameState) -> list[int]:
    return sorted(m.place for m in state.markers if m.kind == BEACHHEAD)


def add_marker(state: GameState, kind: str, place: int, side: str = "allied") -> None:
    state.markers = tuple(sorted((*state.markers, Marker(kind, place, side))))


def remove_markers(state: GameState, kind: str, places: set[int] | None = None) -> list[int]:
    gone = [m.place for m in state.markers if m.kind == kind and (places is None or m.place in places)]
    state.markers = tuple(m for m in state.markers
                          if not (m.kind == kind and (places is None or m.place in places)))
    return gone


def is_airborne(state: GameState, k: int) -> bool:
    """An Allied parachute or glider unit (the 82nd and 101st; German paras are not airborne)."""
    u = state.scenario.units[k]
    return u.side == "allied" and u.type in val("landing.airborne_types")


def division_of(state: GameState, k: int) -> str:
    """Airborne division of a unit: the middle part of its id (``us-82-505`` -> ``82``)."""
    return division_in(state.scenario.units[k].id)


def division_in(uid: str) -> str:
    parts = uid.split("-")
    return parts[1] if len(parts) > 2 and parts[1].isascii() and parts[1].isdigit() else ""


def check_scenario(sc) -> list[tuple[str | None, str]]:
    """What the Utah Beach rules need of a scenario's units: each airborne unit of the drop
    names its division in its id, ``us-82-505`` (its drop zone is its division's, FMU-AIRB-02)."""
    if not sc.board.places_of_kind("beach_landing"):
        return []
    types = val("landing.airborne_types")
    return [(u.id, f"unit {u.id}: an airborne unit of the drop names its division in its id, as us-82-505 "
                   f"(the 505th of the 82nd): its drop zone is its division's (FMU-AIRB-02)")
            for u in sc.units if u.side == "allied" and u.type in types and u.arrive_turn == sc.first_turn
            and not division_in(u.id)]


def campaign(state: GameState) -> bool:
    return bool(state.options.get("campaign"))


def outside(state: GameState) -> bytes:
    """1 for every place east of the Vire (outside the scenario area), none in the campaign
    (FMU-GEN-02/03, FMU-CAMP-07). Cached on the scenario."""
    sc = state.scenario
    n = sc.board.n
    if campaign(state):
        return bytes(n)
    got = sc.__dict__.get("_fmu_outside")
    if got is None:
        region = sc.board.regions.get(val("boundary.region"))
        inside = region.places if region else range(n)
        mask = bytearray(b"\x01" * n)
        for i in inside:
            mask[i] = 0
        got = sc.__dict__["_fmu_outside"] = bytes(mask)
    return got


def occupants(state: GameState, place: int, side: str | None = None) -> list[int]:
    units = state.scenario.units
    return [k for k in state.units_at().get(place, []) if side is None or units[k].side == side]


def zoc_of(state: GameState, side: str) -> bytes:
    """Places in the ZOC of ``side``'s units, without the Allied airborne units on the turn
    they project none (FMU-AIRB-17). Cached per state."""
    key = ("fmu_zoc", side)
    got = state._cache.get(key)
    if got is not None:
        return got
    sc = state.scenario
    board = sc.board
    quiet = state.turn <= val("landing.airborne_restricted_turn")
    mask = bytearray(board.n)
    for k, u in enumerate(sc.units):
        if u.side != side or state.status[k] != ON_MAP or state.place[k] < 0 or u.type == "hq":
            continue
        if quiet and is_airborne(state, k):
            continue
        for j in board.adj[state.place[k]]:
            mask[j] = 1
    got = state._cache[key] = bytes(mask)
    return got


# -- units entering and leaving the map in the landing ------------------------------------------
def own_unit(state: GameState, uid: str, side: str) -> int:
    try:
        k = state.unit(uid)
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    if state.scenario.units[k].side != side:
        raise IllegalAction(f"{uid} is not a {side} unit")
    return k


def place_ok(state: GameState, place: object) -> int:
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < state.scenario.board.n:
        raise IllegalAction(f"{place!r} is not a place on the map")
    return place


def enter(state: GameState, ch: Changes, k: int, place: int, frm: int = -1) -> None:
    uid = state.scenario.units[k].id
    state.place[k] = place
    state.status[k] = ON_MAP
    state.flags[k] |= MOVED
    ch.moved.append((uid, frm, place, (place,) if frm < 0 else (frm, place)))


def eliminate(state: GameState, ch: Changes, k: int) -> None:
    state.status[k] = ELIMINATED
    state.place[k] = -1
    ch.removed.append(state.scenario.units[k].id)


def step_loss(state: GameState, ch: Changes, k: int) -> str:
    """Reduce a full-strength unit, eliminate a reduced one; returns what happened."""
    uid = state.scenario.units[k].id
    if state.steps_lost[k]:
        eliminate(state, ch, k)
        return "eliminated"
    state.steps_lost[k] = 1
    ch.units.append(uid)
    return "reduced"
