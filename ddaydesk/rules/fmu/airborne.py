"""The airborne part of the landing sequence before GT 1 (exclusive rules 11.2.2-11.2.3) as
actions: drop zones, airborne placement, the survival and drift dice and the drop hazards.

Each unit's drop is kept in ``state.extra["fmu"]["drops"][unit]`` (planned hex, landed hex,
both dice) and in the Changes' ``moved`` (planned -> landed), so the map can draw the drift.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ON_MAP, PENDING, GameState
from ddaydesk.rules.fmu.common import (
    DROP_ZONE,
    add_marker,
    division_of,
    eliminate,
    enter,
    fx,
    is_airborne,
    is_fmu_scenario,
    occupants,
    ordinal,
    outside,
    own_unit,
    row_of,
    step_loss,
)
from ddaydesk.rules.fmu.data import entry, val

# Drift die face -> axial direction of the map grid (docs/maps.md: W=3, NW=2, NE=1, E=0, SE=5, SW=4).
AXIAL = {"W": 3, "NW": 2, "NE": 1, "E": 0, "SE": 5, "SW": 4}


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PlaceDropZone(Action):
    """A division's drop zone placed."""

    kind = "place_drop_zone"
    division: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PlaceAirborne(Action):
    """An airborne unit placed at its drop."""

    kind = "place_airborne"
    unit: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class RollDrop(Action):
    """The drift roll of an airborne unit."""

    kind = "roll_drop"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class DropLoss(Action):
    """The Allied player's choice of which unit of a doubled drop hex loses a step."""

    kind = "drop_loss"
    unit: str


# -- who drops -----------------------------------------------------------------------------------
def airborne_force(state: GameState) -> list[int]:
    sc = state.scenario
    return [k for k, u in enumerate(sc.units) if is_airborne(state, k) and u.arrive_turn == sc.first_turn]


def has_airborne(state: GameState) -> bool:
    return is_fmu_scenario(state) and bool(airborne_force(state))


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


def airborne_legal(state: GameState, side: str, phase: Phase):
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
    k = own_unit(state, a.unit, a.side)
    problem = _airborne_problem(state, k, a.place)
    if problem:
        raise IllegalAction(problem)
    enter(state, ch, k, a.place)
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


def roll_problem(state: GameState, k: int) -> str | None:
    u = state.scenario.units[k]
    d = fx(state).get("drops", {}).get(u.id)
    if d is None:
        return f"{u.id} has not been placed for the drop"
    if "roll" in d:
        return f"{u.id} has already dropped"
    return None


def _roll_legal(state: GameState, side: str, phase: Phase):
    for k in airborne_force(state):
        if roll_problem(state, k) is None:
            yield RollDrop(side, state.scenario.units[k].id)


def _roll_apply(state: GameState, a: RollDrop, ch: Changes, phase: Phase) -> None:
    k = own_unit(state, a.unit, a.side)
    problem = roll_problem(state, k)
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
    k = own_unit(state, a.unit, a.side)
    problem = _loss_problem(state, k)
    if problem:
        raise IllegalAction(problem)
    label = state.scenario.board.labels[state.place[k]]
    what = step_loss(state, ch, k)
    fx(state)["drop_losses"][label] -= 1
    ch.notes.append(f"{a.unit} {what}: two units came down in {label} (FMU-AIRB-11)")


