"""Movement limits of the scenario: the Vire boundary, GT 1 restrictions on landed and airborne
units, airborne units projecting no ZOC on GT 1, and where German reinforcements may enter
(11.1.2). Plugged into the engine's movement through ``RulesModule.add_move_limit``."""

from __future__ import annotations

from ddaydesk.engine.movement import reach
from ddaydesk.engine.state import PENDING, GameState
from ddaydesk.rules.fmu.common import fx, is_airborne, is_fmu_scenario, outside, row_of, zoc_of
from ddaydesk.rules.fmu.data import entry, rule, val


def move_check(state: GameState, k: int) -> str | None:
    if not is_fmu_scenario(state):
        return None
    u = state.scenario.units[k]
    if u.side == "allied" and state.status[k] == PENDING:
        return f"{u.id} comes ashore by landing on a beach landing hex, not by moving (FMU-AREIN-01)"
    restricted = state.turn <= val("landing.airborne_restricted_turn")
    if restricted and fx(state).get("landed", {}).get(u.id) == state.scenario.first_turn:
        return f"{u.id} landed on GT {state.turn}: it may not move this turn (FMU-AMPH-08, FMU-AMPH-09)"
    if restricted and is_airborne(state, k):
        return f"airborne units may not move on GT {state.turn} ({rule('landing.airborne_restricted_turn')}, FMU-AIRB-18)"
    return None


def move_mask(state: GameState, k: int) -> tuple[bytes | None, bytes | None]:
    if not is_fmu_scenario(state):
        return None, None
    out = outside(state)
    blocked = out if any(out) else None
    stop = None
    u = state.scenario.units[k]
    if u.side == "german" and state.turn <= val("landing.airborne_restricted_turn"):
        stop = zoc_of(state, "allied")  # FMU-AIRB-17: the airborne units' ZOC does not stop
    return blocked, stop


def german_entries(state: GameState, k: int) -> list[int] | None:
    """Entry hexes of a German reinforcement now, before occupation and EZOC are checked."""
    sc = state.scenario
    board = sc.board
    uid = sc.units[k].id
    kinds = val_units()
    how = kinds.get(uid)
    if how is None:
        return None
    if how == "W":
        late = fx(state).get("west_any_from", {}).get(uid)
        region = (val("german_entry.west_fallback_region") if late is not None and state.turn >= late
                  else val("german_entry.west_region"))
        return sorted(board.regions[region].places)
    if how == "S":
        return sorted(board.regions[val("german_entry.south_region")].places)
    south_of = val("german_entry.road_south_of_row")
    return sorted(p.place for p in board.places_of_kind("road_edge") if row_of(state, p.place) <= south_of)


def val_units() -> dict[str, str]:
    """Unit id -> entry kind (W, S, road_south) of the German reinforcements."""
    return {uid: e["value"] for uid, e in entry("german_entry.units").items()}


def entry_filter(state: GameState, k: int, places: list[int]) -> list[int]:
    """Pending units: Allied ones land instead (none); German ones by their entry rule, never
    in an Allied ZOC or outside the scenario (FMU-GREIN-01, FMU-GEN-03)."""
    if not is_fmu_scenario(state):
        return places
    u = state.scenario.units[k]
    if u.side == "allied":
        return []
    own = german_entries(state, k)
    if own is not None:
        places = own
    zoc = zoc_of(state, "allied")
    out = outside(state)
    return [i for i in places if not zoc[i] and not out[i]]


def german_arrivals(state: GameState, ch) -> None:
    """Entering German movement: west-edge units blocked on and north of row 24 on their
    turn may come on anywhere on the west edge one turn later (FMU-GREIN-04)."""
    if not is_fmu_scenario(state):
        return
    sc = state.scenario
    kinds = val_units()
    late = fx(state).setdefault("west_any_from", {})
    for k, u in enumerate(sc.units):
        if (u.side == "german" and state.status[k] == PENDING and u.arrive_turn == state.turn
                and kinds.get(u.id) == "W" and u.id not in late and not reach(state, k).dest):
            late[u.id] = state.turn + val("german_entry.west_fallback_delay")
            ch.notes.append(f"{u.id} cannot enter on or north of row 24: it may enter anywhere on the "
                            f"west edge from GT {late[u.id]} (FMU-GREIN-04)")


def arrival_end_check(state: GameState, phase) -> str | None:
    """German movement may not end while a due reinforcement could enter (FMU-GREIN-02)."""
    if phase.id != "german.movement" or not is_fmu_scenario(state):
        return None
    sc = state.scenario
    due = [u.id for k, u in enumerate(sc.units)
           if u.side == "german" and state.status[k] == PENDING and u.arrive_turn is not None
           and u.arrive_turn <= state.turn and reach(state, k).dest]
    if due:
        return f"{', '.join(due)} must enter this turn: a legal entry hex is free (FMU-GREIN-02)"
    return None
