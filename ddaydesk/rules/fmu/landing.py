"""The landing sequence before GT 1 (exclusive rules 11.2.1-11.2.3) as actions: beachhead
markers, amphibious landings (up to three a beach landing hex), drop zones, airborne placement,
the survival and drift dice, drop hazards and the German at-start placement at step 5.

Each unit's drop is kept in ``state.extra["fmu"]["drops"][unit]`` (planned hex, landed hex,
both dice) and in the Changes' ``moved`` (planned -> landed), so the map can draw the drift.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ATTACKED, ELIMINATED, MOVED, ON_MAP, PENDING, WITHHELD, GameState
from ddaydesk.rules.fmu.common import (
    BEACHHEAD,
    DROP_ZONE,
    add_marker,
    beachheads,
    division_of,
    fx,
    is_airborne,
    is_fmu_scenario,
    occupants,
    ordinal,
    outside,
    remove_markers,
    row_of,
    zoc_of,
)
from ddaydesk.rules.fmu.data import entry, rule, val

# Drift die face -> axial direction of the map grid (docs/maps.md: W=3, NW=2, NE=1, E=0, SE=5, SW=4).
AXIAL = {"W": 3, "NW": 2, "NE": 1, "E": 0, "SE": 5, "SW": 4}


@action_type
@dataclass(frozen=True)
class PlaceBeachhead(Action):
    kind = "place_beachhead"
    place: int


@action_type
@dataclass(frozen=True)
class Land(Action):
    """Land an amphibious unit (GT 1) or a reinforcement (GT 2 on) on a beach landing hex."""

    kind = "land"
    unit: str
    place: int


@action_type
@dataclass(frozen=True)
class PlaceDropZone(Action):
    kind = "place_drop_zone"
    division: str
    place: int


@action_type
@dataclass(frozen=True)
class PlaceAirborne(Action):
    kind = "place_airborne"
    unit: str
    place: int


@action_type
@dataclass(frozen=True)
class RollDrop(Action):
    kind = "roll_drop"
    unit: str


@action_type
@dataclass(frozen=True)
class DropLoss(Action):
    """The Allied player's choice of which unit of a doubled drop hex loses a step."""

    kind = "drop_loss"
    unit: str


# -- who lands -----------------------------------------------------------------------------------
def landing_force(state: GameState) -> list[int]:
    """The amphibious units of the landing (FMU-AMPH-05): Allied units due on the first turn
    that are not airborne."""
    sc = state.scenario
    return [k for k, u in enumerate(sc.units)
            if u.side == "allied" and u.arrive_turn == sc.first_turn and not is_airborne(state, k)]


def airborne_force(state: GameState) -> list[int]:
    sc = state.scenario
    return [k for k, u in enumerate(sc.units) if is_airborne(state, k) and u.arrive_turn == sc.first_turn]


def has_landing(state: GameState) -> bool:
    return is_fmu_scenario(state) and bool(landing_force(state))


def has_airborne(state: GameState) -> bool:
    return is_fmu_scenario(state) and bool(airborne_force(state))


def arrival_turn(state: GameState, k: int) -> int | None:
    """When an Allied unit may land: its scheduled turn, or later if the landing overflowed."""
    u = state.scenario.units[k]
    return fx(state).get("delayed", {}).get(u.id, u.arrive_turn)


def _unit(state: GameState, uid: str, side: str) -> int:
    try:
        k = state.unit(uid)
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    if state.scenario.units[k].side != side:
        raise IllegalAction(f"{uid} is not a {side} unit")
    return k


def _place_ok(state: GameState, place: object) -> int:
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < state.scenario.board.n:
        raise IllegalAction(f"{place!r} is not a place on the map")
    return place


def _enter(state: GameState, ch: Changes, k: int, place: int, frm: int = -1) -> None:
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
    k = _unit(state, a.unit, a.side)
    place = _place_ok(state, a.place)
    if k not in due_to_land(state):
        raise IllegalAction(f"{a.unit} is not due to land now (FMU-AREIN-01)")
    if place not in landing_places(state):
        label = state.scenario.board.labels[place]
        if place not in beachheads(state):
            raise IllegalAction(f"{label} is not a beach landing hex with a beachhead marker (FMU-AMPH-03)")
        if len(occupants(state, place)) >= val("landing.beach_stack_limit"):
            raise IllegalAction(f"{label} already holds three units (FMU-AMPH-06, FMU-AREIN-07)")
        raise IllegalAction(f"{label} is in an enemy ZOC and holds no Allied unit (FMU-AREIN-10)")
    _enter(state, ch, k, place)
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


# -- 11.2.2: drop zones and airborne placement ----------------------------------------------------
def divisions_due(state: GameState) -> list[str]:
    """The divisions whose drop zone marker is placed, in the table's order (FMU-AIRB-01: one
    marker per airborne division of the table that has units in the airborne force)."""
    dropping = {division_of(state, k) for k in airborne_force(state)}
    return [d for d in val("landing.divisions") if d in dropping]


def _drop_zone_problem(state: GameState, division: str, place: object) -> str | None:
    board = state.scenario.board
    if division not in divisions_due(state):
        return f"no airborne division {division!r} drops in this scenario"
    if division in fx(state).get("drop_zones", {}):
        return f"the {ordinal(division)}'s drop zone is already placed"
    if not isinstance(place, int) or not 0 <= place < board.n:
        return f"{place!r} is not a place on the map"
    label = board.labels[place]
    north = val("landing.drop_zone_north_of_row")
    if row_of(state, place) <= north:
        return f"{label}: a drop zone must be north of the {north}xx row (FMU-AIRB-01)"
    if board.terrain_of(place) in val("landing.drop_zone_forbidden"):
        return f"{label} is {board.terrain_of(place)}: no drop zone on beach, woods, all-sea or city (FMU-AIRB-01)"
    if outside(state)[place]:
        return f"{label} is east of the Vire: outside the scenario (FMU-GEN-02)"
    return None


def _drop_zone_legal(state: GameState, side: str, phase: Phase):
    """The same tests as :func:`_drop_zone_problem`, hoisted out of the loop over the map."""
    board = state.scenario.board
    placed = fx(state).get("drop_zones", {})
    todo = [d for d in divisions_due(state) if d not in placed]
    if not todo:
        return
    north = val("landing.drop_zone_north_of_row")
    forbidden = {board.terrain_names.index(t) for t in val("landing.drop_zone_forbidden")
                 if t in board.terrain_names}
    out = outside(state)
    places = [i for i in range(board.n)
              if board.terrain[i] not in forbidden and not out[i] and row_of(state, i) > north]
    for d in todo:
        for i in places:
            yield PlaceDropZone(side, d, i)


def _drop_zone_apply(state: GameState, a: PlaceDropZone, ch: Changes, phase: Phase) -> None:
    problem = _drop_zone_problem(state, a.division, a.place)
    if problem:
        raise IllegalAction(problem)
    fx(state).setdefault("drop_zones", {})[a.division] = state.scenario.board.labels[a.place]
    if a.place not in [m.place for m in state.markers_of(DROP_ZONE)]:
        add_marker(state, DROP_ZONE, a.place)
    ch.markers = True


def _airborne_problem(state: GameState, k: int, place: object) -> str | None:
    board = state.scenario.board
    u = state.scenario.units[k]
    if k not in airborne_force(state) or state.status[k] != PENDING:
        return f"{u.id} is not an airborne unit waiting to drop"
    dz = fx(state).get("drop_zones", {}).get(division_of(state, k))
    if dz is None:
        return f"the {ordinal(division_of(state, k))} has no drop zone"
    if not isinstance(place, int) or not 0 <= place < board.n:
        return f"{place!r} is not a place on the map"
    z = board.index(dz)
    if place != z and place not in board.adj[z]:
        return f"{u.id} must be placed in or next to its division's drop zone {dz} (FMU-AIRB-02)"
    if outside(state)[place]:
        return f"{board.labels[place]} is east of the Vire: outside the scenario (FMU-GEN-02)"
    if occupants(state, place, "allied"):
        return f"{board.labels[place]} already holds a unit: one unit a hex (FMU-AIRB-02)"
    return None


def _airborne_legal(state: GameState, side: str, phase: Phase):
    board = state.scenario.board
    for k in airborne_force(state):
        dz = fx(state).get("drop_zones", {}).get(division_of(state, k))
        if dz is None or state.status[k] != PENDING:
            continue
        z = board.index(dz)
        for i in (z, *board.adj[z]):
            if _airborne_problem(state, k, i) is None:
                yield PlaceAirborne(side, state.scenario.units[k].id, i)


def _airborne_apply(state: GameState, a: PlaceAirborne, ch: Changes, phase: Phase) -> None:
    k = _unit(state, a.unit, a.side)
    problem = _airborne_problem(state, k, a.place)
    if problem:
        raise IllegalAction(problem)
    _enter(state, ch, k, a.place)
    fx(state).setdefault("drops", {})[a.unit] = {"planned": state.scenario.board.labels[a.place]}


# -- survival and drift (FMU-AIRB-03..08) ---------------------------------------------------------
def drop_result(roll: int) -> dict:
    """The drop table row of a survival die face."""
    return next(r for r in entry("landing.drop_table") if r["roll"] == roll)


def drift_target(state: GameState, place: int, face: int) -> tuple[str, int]:
    """Direction name and the hex a drift die face moves a unit to: 1 west, then clockwise
    (FMU-AIRB-08). A drift off the map, out of the scenario, or onto a beach landing hex that
    already holds three Allied units (FMU-AMPH-06: the limit binds the drop too; only units
    within a hex's limit meet the double-stacking hazard, FMU-AIRB-11) keeps the unit where it is."""
    name = val("landing.drift")[face - 1]
    board = state.scenario.board
    j = board.grid.nbr[place * 6 + AXIAL[name]] if board.grid else -1
    if j < 0 or outside(state)[j]:
        return name, place
    if (board.labels[j] in val("landing.beach_hexes")
            and len(occupants(state, j, "allied")) >= val("landing.beach_stack_limit")):
        return name, place
    return name, j


def _roll_problem(state: GameState, k: int) -> str | None:
    u = state.scenario.units[k]
    d = fx(state).get("drops", {}).get(u.id)
    if d is None:
        return f"{u.id} has not been placed for the drop"
    if "roll" in d:
        return f"{u.id} has already dropped"
    return None


def _roll_legal(state: GameState, side: str, phase: Phase):
    for k in airborne_force(state):
        if _roll_problem(state, k) is None:
            yield RollDrop(side, state.scenario.units[k].id)


def _roll_apply(state: GameState, a: RollDrop, ch: Changes, phase: Phase) -> None:
    k = _unit(state, a.unit, a.side)
    problem = _roll_problem(state, k)
    if problem:
        raise IllegalAction(problem)
    d = fx(state)["drops"][a.unit]
    r = ch.roll(state, 6, f"drop of {a.unit}")
    row = drop_result(r.value)
    d["roll"] = r.value
    d["result"] = row["result"]
    note = f"{a.unit} drop: rolled {r.value}, {row['result'].replace('_', ' ')} ({row['rule']})"
    if row["result"] == "eliminated":
        eliminate(state, ch, k)
        d["landed"] = None
    else:
        if row["result"] == "reduced":
            state.steps_lost[k] = 1
            ch.units.append(a.unit)
        frm = state.place[k]
        to = frm
        if row["drift"]:
            dr = ch.roll(state, 6, f"drift of {a.unit}")
            name, to = drift_target(state, frm, dr.value)
            d["drift_roll"] = dr.value
            d["drift"] = name
            note += f"; drift {dr.value}: {name}" + ("" if to != frm else " (blocked: lands on its hex)")
            if to != frm:
                state.place[k] = to
                ch.moved.append((a.unit, frm, to, (frm, to)))
        d["landed"] = state.scenario.board.labels[to]
    ch.notes.append(note + f" -> {d['landed'] or 'lost'}")


# -- step 4: hazards (FMU-AIRB-09/10/11) -------------------------------------------------------------
def _dropped(state: GameState) -> list[int]:
    drops = fx(state).get("drops", {})
    return [k for k in airborne_force(state) if state.scenario.units[k].id in drops and state.status[k] == ON_MAP]


def drop_hazards(state: GameState, ch: Changes) -> None:
    """Terrain first (woods, city, beach: a step; all-sea: eliminated), then one step loss per
    extra airborne unit in a hex, chosen by the Allied player (catalogue note FMU-AIRB-11)."""
    board = state.scenario.board
    for k in _dropped(state):
        t = board.terrain_of(state.place[k])
        uid = state.scenario.units[k].id
        label = board.labels[state.place[k]]
        if t in val("landing.hazard_eliminate"):
            eliminate(state, ch, k)
            ch.notes.append(f"{uid} came down in the sea at {label}: eliminated (FMU-AIRB-10)")
        elif t in val("landing.hazard_reduce"):
            what = step_loss(state, ch, k)
            ch.notes.append(f"{uid} came down on {t} at {label}: {what} (FMU-AIRB-09)")
    state._cache.clear()
    losses: dict[str, int] = {}
    per_hex: dict[int, int] = {}
    for k in _dropped(state):
        per_hex[state.place[k]] = per_hex.get(state.place[k], 0) + 1
    for i, n in sorted(per_hex.items()):
        if n > 1:
            losses[board.labels[i]] = n - 1
    fx(state)["drop_losses"] = losses


def _loss_problem(state: GameState, k: int) -> str | None:
    board = state.scenario.board
    u = state.scenario.units[k]
    losses = fx(state).get("drop_losses", {})
    if state.status[k] != ON_MAP or k not in _dropped(state):
        return f"{u.id} is not a dropped airborne unit on the map"
    label = board.labels[state.place[k]]
    if not losses.get(label):
        return f"{label} owes no loss for double stacking"
    if state.steps_lost[k] and any(not state.steps_lost[j] for j in _dropped(state) if state.place[j] == state.place[k]):
        return f"a full-strength unit in {label} must be reduced first (FMU-AIRB-11)"
    return None


def _loss_legal(state: GameState, side: str, phase: Phase):
    for k in _dropped(state):
        if _loss_problem(state, k) is None:
            yield DropLoss(side, state.scenario.units[k].id)


def _loss_apply(state: GameState, a: DropLoss, ch: Changes, phase: Phase) -> None:
    k = _unit(state, a.unit, a.side)
    problem = _loss_problem(state, k)
    if problem:
        raise IllegalAction(problem)
    label = state.scenario.board.labels[state.place[k]]
    what = step_loss(state, ch, k)
    fx(state)["drop_losses"][label] -= 1
    ch.notes.append(f"{a.unit} {what}: two units came down in {label} (FMU-AIRB-11)")


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
            _enter(state, ch, k, board.index(label))
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
        if any(True for _ in _airborne_legal(state, "allied", phase)):
            waiting = [units[k].id for k in airborne_force(state) if state.status[k] == PENDING]
            return f"place {', '.join(waiting)} first (FMU-AIRB-02)"
    elif pid == "landing.drop":
        waiting = [units[k].id for k in airborne_force(state) if _roll_problem(state, k) is None]
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
