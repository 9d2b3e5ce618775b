"""The landing sequence before GT 1 (exclusive rules 11.2.1-11.2.3) as actions: beachhead
markers, amphibious landings (up to three a beach landing hex), the German at-start placement
at step 5 and the attacks the landing makes compulsory; the airborne steps are
:mod:`.airborne`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ATTACKED, MOVED, ON_MAP, PENDING, WITHHELD, GameState
from ddaydesk.rules.fmu.airborne import airborne_force, airborne_legal, divisions_due, roll_problem
from ddaydesk.rules.fmu.common import (
    BEACHHEAD,
    add_marker,
    beachheads,
    enter,
    fx,
    is_airborne,
    is_fmu_scenario,
    occupants,
    own_unit,
    place_ok,
    remove_markers,
    zoc_of,
)
from ddaydesk.rules.fmu.data import rule, val


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PlaceBeachhead(Action):
    """A beachhead marker placed."""

    kind = "place_beachhead"
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Land(Action):
    """Land an amphibious unit (GT 1) or a reinforcement (GT 2 on) on a beach landing hex."""

    kind = "land"
    unit: str
    place: int


# -- who lands -----------------------------------------------------------------------------------
def landing_force(state: GameState) -> list[int]:
    """The amphibious units of the landing (FMU-AMPH-05): Allied units due on the first turn
    that are not airborne."""
    sc = state.scenario
    return [k for k, u in enumerate(sc.units)
            if u.side == "allied" and u.arrive_turn == sc.first_turn and not is_airborne(state, k)]


def has_landing(state: GameState) -> bool:
    return is_fmu_scenario(state) and bool(landing_force(state))


def arrival_turn(state: GameState, k: int) -> int | None:
    """When an Allied unit may land: its scheduled turn, or later if the landing overflowed."""
    u = state.scenario.units[k]
    return fx(state).get("delayed", {}).get(u.id, u.arrive_turn)


# -- step 1: beachhead markers (FMU-AMPH-01/02) ------------------------------------------------
def _beachhead_problem(state: GameState, place: object) -> str | None:
    board = state.scenario.board
    if not isinstance(place, int) or not 0 <= place < board.n:
        return f"{place!r} is not a place on the map"
    hexes = val("landing.beach_hexes")
    if board.labels[place] not in hexes:
        return f"{board.labels[place]} is not a Utah Beach hex ({', '.join(hexes)}) ({rule('landing.beach_hexes')})"
    if place in beachheads(state):
        return f"{board.labels[place]} already has a beachhead marker: one a hex (FMU-AMPH-01)"
    if len(beachheads(state)) >= val("landing.beachhead_markers"):
        return "every beachhead marker is placed"
    return None


def _beachhead_legal(state: GameState, side: str, phase: Phase):
    board = state.scenario.board
    for label in val("landing.beach_hexes"):
        i = board.index_of.get(label)
        if i is not None and _beachhead_problem(state, i) is None:
            yield PlaceBeachhead(side, i)


def _beachhead_apply(state: GameState, a: PlaceBeachhead, ch: Changes, phase: Phase) -> None:
    problem = _beachhead_problem(state, a.place)
    if problem:
        raise IllegalAction(problem)
    add_marker(state, BEACHHEAD, a.place)
    ch.markers = True


# -- step 2 and reinforcements: landing on beach landing hexes ------------------------------------
def landing_places(state: GameState) -> list[int]:
    """Beach landing hexes a unit may land on now: a beachhead marker, fewer than three units
    (FMU-AMPH-06, FMU-AREIN-07), and from GT 2 not in an enemy ZOC unless an Allied unit is
    there (FMU-AREIN-10)."""
    limit = val("landing.beach_stack_limit")
    setup = state.phase.startswith("landing.")
    zoc = None if setup or state.turn < val("allied_arrivals.ezoc_needs_friendly_from_turn") else zoc_of(state, "german")
    out = []
    for i in beachheads(state):
        here = occupants(state, i)
        if any(state.scenario.units[k].side == "german" for k in here) or len(here) >= limit:
            continue
        if zoc is not None and zoc[i] and not here:
            continue
        out.append(i)
    return out


def due_to_land(state: GameState) -> list[int]:
    """Units that may land in the current landing phase."""
    if state.phase == "landing.amphibious":
        return [k for k in landing_force(state) if state.status[k] == PENDING]
    sc = state.scenario
    return [k for k, u in enumerate(sc.units)
            if u.side == "allied" and state.status[k] == PENDING and not is_airborne(state, k)
            and state.turn >= val("allied_arrivals.first_turn")
            and (arrival_turn(state, k) or 10**6) <= state.turn]


def _land_legal(state: GameState, side: str, phase: Phase):
    places = landing_places(state)
    for k in due_to_land(state):
        for i in places:
            yield Land(side, state.scenario.units[k].id, i)


def _land_apply(state: GameState, a: Land, ch: Changes, phase: Phase) -> None:
    k = own_unit(state, a.unit, a.side)
    place = place_ok(state, a.place)
    if k not in due_to_land(state):
        raise IllegalAction(f"{a.unit} is not due to land now (FMU-AREIN-01)")
    if place not in landing_places(state):
        label = state.scenario.board.labels[place]
        if place not in beachheads(state):
            raise IllegalAction(f"{label} is not a beach landing hex with a beachhead marker (FMU-AMPH-03)")
        if len(occupants(state, place)) >= val("landing.beach_stack_limit"):
            raise IllegalAction(f"{label} already holds three units (FMU-AMPH-06, FMU-AREIN-07)")
        raise IllegalAction(f"{label} is in an enemy ZOC and holds no Allied unit (FMU-AREIN-10)")
    enter(state, ch, k, place)
    fx(state).setdefault("landed", {})[a.unit] = state.turn


def amphibious_done(state: GameState, ch: Changes) -> None:
    """After step 2 (hook): units that found no room land on GT 2 (FMU-AMPH-06); beachhead
    markers without Allied units go (FMU-AMPH-10). Runs once."""
    f = fx(state)
    if not has_landing(state) or f.get("amphibious_done"):
        return
    f["amphibious_done"] = True
    late = [state.scenario.units[k].id for k in landing_force(state) if state.status[k] == PENDING]
    if late:
        f.setdefault("delayed", {}).update({uid: val("landing.overflow_turn") for uid in late})
        ch.notes.append(f"no room on the beach: {', '.join(late)} land on GT {val('landing.overflow_turn')} "
                        f"({rule('landing.overflow_turn')})")
    empty = {i for i in beachheads(state) if not occupants(state, i, "allied")}
    if empty:
        remove_markers(state, BEACHHEAD, empty)
        ch.markers = True
        labels = ", ".join(state.scenario.board.labels[i] for i in sorted(empty))
        ch.notes.append(f"beachhead markers without units removed: {labels} (FMU-AMPH-10)")


# -- step 5: German at-start units (FMU-SEQ-02, FMU-GSET-01/02) --------------------------------------
def withhold_german(state: GameState) -> None:
    """New game (set-up step): German at-start units wait off the map until step 5."""
    if not has_landing(state):
        return
    sc = state.scenario
    start = {}
    for k, u in enumerate(sc.units):
        if u.side == "german" and u.hex >= 0:
            start[u.id] = sc.board.labels[u.hex]
            state.place[k] = -1
            state.status[k] = WITHHELD
    fx(state)["german_start"] = start


def german_setup(state: GameState, ch: Changes) -> None:
    board = state.scenario.board
    for uid, label in fx(state).get("german_start", {}).items():
        k = state.unit(uid)
        if state.status[k] == WITHHELD:
            enter(state, ch, k, board.index(label))
            state.flags[k] &= ~MOVED
    state._cache.clear()
    remove_markers(state, BEACHHEAD, {state.place[k] for k, u in enumerate(state.scenario.units)
                                      if u.side == "german" and state.status[k] == ON_MAP})


# -- steps 6 and 7, 11.2.3: what must be attacked before the phase ends -----------------------------------
def drop_hex_units(state: GameState) -> list[int]:
    """Allied units in a German-occupied hex (FMU-AIRB-12)."""
    at = state.units_at()
    units = state.scenario.units
    return [k for ks in at.values() if any(units[j].side == "german" for j in ks)
            for k in ks if units[k].side == "allied"]


def drop_attacks_due(state: GameState) -> bool:
    return has_landing(state) and bool(drop_hex_units(state))


def beach_assault_units(state: GameState) -> list[int]:
    """Units on beach landing hexes that landed this GT (FMU-BEACH-01)."""
    landed = fx(state).get("landed", {})
    bh = set(beachheads(state))
    return [k for k, u in enumerate(state.scenario.units)
            if landed.get(u.id) == state.scenario.first_turn and state.status[k] == ON_MAP
            and state.place[k] in bh]


def landing_end_check(state: GameState, phase: Phase) -> str | None:
    """Why a landing phase may not end yet."""
    units = state.scenario.units
    pid = phase.id
    if pid in ("landing.amphibious", "allied.landing"):
        places = landing_places(state)
        waiting = [units[k].id for k in due_to_land(state)]
        if waiting and places:
            return f"land {', '.join(waiting)} first ({'FMU-AMPH-05' if pid.startswith('landing') else 'FMU-AREIN-01'})"
    elif pid == "landing.drop_zones":
        missing = [d for d in divisions_due(state) if d not in fx(state).get("drop_zones", {})]
        if missing:
            return f"place the drop zone of the {', '.join(missing)} (FMU-AIRB-01)"
    elif pid == "landing.airborne":
        if any(True for _ in airborne_legal(state, "allied", phase)):
            waiting = [units[k].id for k in airborne_force(state) if state.status[k] == PENDING]
            return f"place {', '.join(waiting)} first (FMU-AIRB-02)"
    elif pid == "landing.drop":
        waiting = [units[k].id for k in airborne_force(state) if roll_problem(state, k) is None]
        if waiting:
            return f"roll the drop of {', '.join(waiting)} first (FMU-AIRB-03)"
    elif pid == "landing.hazards":
        owed = [h for h, n in fx(state).get("drop_losses", {}).items() if n > 0]
        if owed:
            return f"choose the unit that loses a step in {', '.join(owed)} (FMU-AIRB-11)"
    elif pid == "landing.drop_attacks":
        left = [units[k].id for k in drop_hex_units(state) if not state.flags[k] & ATTACKED]
        if left:
            return f"{', '.join(left)} must attack the German unit in its hex (FMU-AIRB-12)"
    elif pid == "landing.beach_assault":
        left = [units[k].id for k in beach_assault_units(state) if not state.flags[k] & ATTACKED]
        if left:
            return f"resolve the beach assault of {', '.join(left)} first (FMU-BEACH-01)"
    return None


def attacks_due(state: GameState, ch: Changes) -> None:
    """Entering a landing combat phase: the hexes where an attack is compulsory, for the combat
    wiring (``extra["combat"]["drop_hex_due"]``: FMU-AIRB-12; ``["beach_assault_due"]``:
    FMU-BEACH-01)."""
    labels = state.scenario.board.labels
    rec = state.own("combat")
    if state.phase == "landing.drop_attacks":
        rec["drop_hex_due"] = sorted({labels[state.place[k]] for k in drop_hex_units(state)})
    else:
        rec.pop("drop_hex_due", None)
        rec["beach_assault_due"] = sorted({labels[state.place[k]] for k in beach_assault_units(state)})


def drop_zones_supply(state: GameState, ch: Changes) -> None:
    """Step 7: the drop zone markers show their supply side (FMU-AIRB-16)."""
    if fx(state).get("drop_zones"):
        fx(state)["drop_zone_supply"] = True
        ch.notes.append("drop zones flipped to their supply side: airborne units may trace to them (FMU-AIRB-16)")
