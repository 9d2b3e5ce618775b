"""Invasions and airborne drops as actions (docs/rules/dday77.md §8, ``invasion.yaml``).

``Invade`` declares the first invasion (turn 1, in the secret area once one was recorded,
D77-SET-03..05) or the second (``rules/invasion.py`` ``invasion_refusal``); ``Land`` puts a
unit of the pool on a coastal hex of the area (ending its move) or on an all-sea hex next to
it, to attack from the sea; ``Drop`` drops a parachute unit. Units still at sea when the
Allied combat phase ends are eliminated (STD-INV-22). On an invasion turn the naval
bombardment points are recorded in ``state.extra["naval"]`` for the combat code.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ATTACKED, ELIMINATED, MOVED, ON_MAP, PENDING, GameState
from ddaydesk.rules.combat.model import TurnInfo
from ddaydesk.rules.combat.support import nbp_pool
from ddaydesk.rules.dday77 import SEA_UNITS
from ddaydesk.rules.dday77.common import (
    ALLIED,
    allotment,
    allotment_left,
    check_place,
    enemy_at,
    is_combat,
    on_map,
    own_unit,
    spend_allotment,
    stack_room,
)
from ddaydesk.rules.dday77.control import controller
from ddaydesk.rules.invasion import (
    InvasionFacts,
    drop_range,
    invasion_refusal,
    invasion_rules,
    landing,
)


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Invade(Action):
    """Declare an invasion of ``region`` (an invasion area) this turn."""

    kind = "invade"
    region: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Land(Action):
    """Land ``unit`` from the sea at ``place``: a coastal hex of the invasion area, or an
    all-sea hex next to one (to attack from the sea)."""

    kind = "land_from_sea"
    unit: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Drop(Action):
    """Drop parachute ``unit`` on ``place``."""

    kind = "drop"
    unit: str
    place: int


def invasions(state: GameState) -> list[list]:
    """``[[turn, area], ...]`` of the invasions made so far, first first."""
    return state.game.get("invasions", [])


def current(state: GameState) -> dict | None:
    """This turn's invasion: ``{"number", "area", "sea", "air"}`` (units landed, dropped)."""
    return state.scratch.get("invasion")


def _rules(state: GameState):
    return invasion_rules(state.scenario.system.id)


def area_coast(state: GameState, area: str) -> list[int]:
    return sorted(state.scenario.board.regions[area].places)


def _area_sea(state: GameState, area: str) -> list[int]:
    """All-sea hexes next to the area's coastal hexes: where invading units wait."""
    got = state.scenario.__dict__.setdefault("_area_sea", {})
    if area not in got:
        board, terrain = state.scenario.board, state.scenario.system.terrain
        sea = {j for i in area_coast(state, area) for j in board.adj[i] if terrain[board.terrain_of(j)].sea}
        got[area] = sorted(sea)
    return got[area]


def _facts(state: GameState, area: str) -> InvasionFacts:
    made = tuple((t, a) for t, a in invasions(state))
    held = bool(made) and any(controller(state, p) == ALLIED for p in area_coast(state, made[0][1]))
    n = sum(1 for k in on_map(state, ALLIED) if is_combat(state, k))
    return InvasionFacts(state.turn, area, made, held, n)


# -- invade ---------------------------------------------------------------------------------
def invade_problem(state: GameState, side: str, area: str) -> str | None:
    if side != ALLIED:
        return "only the Allies invade"
    if current(state) is not None:
        return f"the Allies already invade {current(state)['area']} this turn"
    secret = state.game.get("secret_area")
    if not invasions(state) and secret and area != secret["region"]:
        return f"the first invasion goes to the recorded area, {secret['region']} (D77-SET-03)"
    if area not in state.scenario.board.regions:
        return f"{area!r} is not an invasion area of this map"
    return invasion_refusal(_rules(state), _facts(state, area))


def invade_legal(state: GameState, side: str, phase: Phase):
    for area in _rules(state).areas:
        if area in state.scenario.board.regions and invade_problem(state, side, area) is None:
            yield Invade(side, area)


def invade_apply(state: GameState, a: Invade, ch: Changes, phase: Phase) -> None:
    problem = invade_problem(state, a.side, a.region)
    if problem:
        raise IllegalAction(problem)
    number = len(invasions(state)) + 1
    state.game["invasions"] = [*invasions(state), [state.turn, a.region]]
    state.scratch["invasion"] = {"number": number, "area": a.region, "sea": 0, "air": 0}
    name = state.scenario.board.regions[a.region].name
    ch.notes.append(f"invasion {number}: {name}, turn {state.turn}")
    if state.options.get("naval_bombardment"):
        brest = any(p.name == "Brest" and controller(state, p.place) == ALLIED for p in state.scenario.board.places)
        points = nbp_pool(TurnInfo(turn=state.turn, invasion_turn=True, invasion_number=number, brest_allied=brest))
        state.extra["naval"] = {"turn": state.turn, "invasion": number, "area": a.region, "points": points,
                                "spent": 0, "rule": "D77-NAV-10" if points > 10 else "D77-NAV-01"}
        ch.notes.append(f"naval bombardment: {points} points this turn ({state.extra['naval']['rule']})")


# -- land -----------------------------------------------------------------------------------
def _pool(state: GameState, k: int, number: int) -> bool:
    """Whether unit ``k`` waits in England for this invasion (STD-INV-05, STD-INV-17)."""
    u = state.scenario.units[k]
    if u.side != ALLIED or state.status[k] != PENDING or u.arrive_region:
        return False
    turn = u.arrive_turn or 0
    return turn == _rules(state).first_eligible if number == 1 else turn <= state.turn


def land_problem(state: GameState, a: Land) -> str | None:
    inv = current(state)
    if inv is None:
        return "no invasion this turn: declare one first"
    k = state.scenario.unit_index.get(a.unit)
    if k is None or state.scenario.units[k].side != a.side:
        return f"{a.unit!r} is not a {a.side} unit"
    u = state.scenario.units[k]
    if not _pool(state, k, inv["number"]) or u.type in ("hq", "parachute"):
        return f"{a.unit} is not a combat unit waiting in England for this invasion ({_rules(state).rule['first']})"
    cap = landing(_rules(state), inv["number"]).seaborne
    if inv["sea"] >= cap:
        return f"at most {cap} units land from the sea in invasion {inv['number']}"
    if inv["number"] > 1:  # the second invasion lands from the allotment (STD-INV-17)
        left, allot = allotment_left(state), allotment(state)
        if left is None or u.attack > left:
            have = "none" if left is None else f"{left} of {allot.value}"
            return f"{u.id} needs {u.attack} of the allotment; {have} left this turn (STD-INV-17)"
    board = state.scenario.board
    lab = board.labels[a.place]
    if a.place in _area_sea(state, inv["area"]):
        limit = _rules(state).sea_stacking
        if sum(1 for j in state.units_at().get(a.place, ())) >= limit:
            return f"{lab} already holds {limit} units at sea ({_rules(state).rule['sea_stacking']})"
        return None
    if a.place not in area_coast(state, inv["area"]):
        return f"{lab} is neither a coastal hex of {inv['area']} nor a sea hex next to one"
    if enemy_at(state, a.side, a.place):
        return f"{lab} holds enemy units: attack it from the sea instead"
    if not stack_room(state, k, a.place, 3):
        return f"{lab} would exceed the stacking limit"
    return None


def land_legal(state: GameState, side: str, phase: Phase):
    inv = current(state)
    if inv is None:
        return
    places = [*area_coast(state, inv["area"]), *_area_sea(state, inv["area"])]
    for k, u in enumerate(state.scenario.units):
        if u.side == side and _pool(state, k, inv["number"]):
            for p in places:
                a = Land(side, u.id, p)
                if land_problem(state, a) is None:
                    yield a


def land_apply(state: GameState, a: Land, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    problem = land_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    k = own_unit(state, a)
    if state.scratch["invasion"]["number"] > 1:
        spend_allotment(state, k, "landing")  # STD-INV-17
    invasion = state.scratch["invasion"]
    state.scratch["invasion"] = {**invasion, "sea": invasion["sea"] + 1}
    state.place[k], state.status[k] = a.place, ON_MAP
    state.flags[k] |= MOVED  # landing ends the unit's move (STD-INV-20)
    if state.scenario.system.terrain[state.scenario.board.terrain_of(a.place)].sea:
        state.scratch[SEA_UNITS] = [*state.scratch.get(SEA_UNITS, []), a.unit]
    ch.moved.append((a.unit, -1, a.place, (a.place,)))


def still_at_sea(state: GameState) -> list[str]:
    """Units landed at sea this turn that are still in all-sea hexes."""
    terrain, board = state.scenario.system.terrain, state.scenario.board
    return [uid for uid in state.scratch.get(SEA_UNITS, [])
            if state.status[k := state.unit(uid)] == ON_MAP and terrain[board.terrain_of(state.place[k])].sea]


def drowned(state: GameState, ch: Changes) -> None:
    """Hook ``at_sea``: units still in all-sea hexes after the Allied combat phase are
    eliminated (STD-INV-20/22)."""
    for uid in still_at_sea(state):
        k = state.unit(uid)
        state.status[k], state.place[k] = ELIMINATED, -1
        ch.removed.append(uid)
        ch.notes.append(f"{uid} was still at sea after combat and is lost (STD-INV-22)")
    state.scratch.pop(SEA_UNITS, None)


def perils(state: GameState) -> dict[str, str]:
    """The units the at-sea hook will eliminate, and what can still save each, in words."""
    from ddaydesk.rules.combat.choices import head_of

    head = head_of(state, ALLIED, ("advance",))
    out = {}
    for uid in still_at_sea(state):
        if head is not None and uid in head["units"]:
            out[uid] = "at sea: lost when the Allied combat phase ends, unless it advances ashore now"
        elif state.flags[state.unit(uid)] & ATTACKED:
            out[uid] = "still at sea after its attack: lost when the Allied combat phase ends"
        else:
            out[uid] = "at sea: lost when the Allied combat phase ends, unless it attacks the coast and advances ashore"
    return {uid: f"{words} (STD-INV-22)" for uid, words in out.items()}


# -- drop -----------------------------------------------------------------------------------
def _drop_unit_problem(state: GameState, side: str, k: int | None, uid: str) -> str | None:
    """Why unit ``uid`` may not drop anywhere now, or None."""
    rules = _rules(state)
    if side != ALLIED:
        return f"only Allied parachute units drop ({rules.rule['drop_sides']})"
    if k is None or state.scenario.units[k].side != side:
        return f"{uid!r} is not a {side} unit"
    inv = current(state)
    if state.scenario.units[k].type != "parachute" or not _pool(state, k, inv["number"] if inv else 2):
        return f"{uid} is not a parachute unit waiting in England"
    hexes, rule = drop_range(rules, state.weather, state.options)
    if hexes is None:
        return f"no paratroop drops in {state.weather} ({rule})"
    if state.scratch.get("drops", 0) >= rules.drops_per_turn:
        return f"at most {rules.drops_per_turn} drops a turn ({rules.rule['drops_per_turn']})"
    if inv is not None and inv["air"] >= landing(rules, inv["number"]).airborne:
        return f"at most {landing(rules, inv['number']).airborne} parachute units drop in invasion {inv['number']}"
    if inv is None and allotment(state) is None:
        return f"no drops on turn {state.turn} without an invasion"
    if inv is None or inv["number"] > 1:  # dropped from the allotment (STD-REIN-05, STD-INV-17)
        left, allot, u = allotment_left(state), allotment(state), state.scenario.units[k]
        if left is None or u.attack > left:
            have = "none" if left is None else f"{left} of {allot.value}"
            return f"{uid} needs {u.attack} of the allotment; {have} left this turn ({allot.rule if allot else 'STD-INV-17'})"
    return None


def _within(board, sources: list[int], hexes: int) -> set[int]:
    """Places at most ``hexes`` steps from any of ``sources`` (every hex counts, sea too)."""
    seen = set(sources)
    frontier = list(sources)
    for _ in range(hexes):
        nxt = []
        for i in frontier:
            for j in board.adj[i]:
                if j not in seen:
                    seen.add(j)
                    nxt.append(j)
        frontier = nxt
    return seen


def drop_zone(state: GameState) -> tuple[set[int], str]:
    """Hexes in drop range now, and the rule of the range: within the weather's distance of
    a friendly infantry or armoured unit ashore (D77-WX-10/12), or on an invasion turn within
    3 hexes of the area's coast (STD-AIRB-02)."""
    got = state._cache.get("drop_zone")
    if got is None:
        rules = _rules(state)
        board = state.scenario.board
        hexes, rule = drop_range(rules, state.weather, state.options)
        zone: set[int] = set()
        if hexes is not None:
            centres = [state.place[k] for k in _ground(state) if state.scenario.units[k].type in rules.drop_from]
            zone = _within(board, centres, hexes)
            inv = current(state)
            if inv is not None:
                zone |= _within(board, area_coast(state, inv["area"]), min(hexes, rules.drop_invasion_range))
        got = state._cache["drop_zone"] = (zone, f"{hexes} hexes ({rule})")
    return got


def drop_problem(state: GameState, a: Drop) -> str | None:
    k = state.scenario.unit_index.get(a.unit)
    problem = _drop_unit_problem(state, a.side, k, a.unit)
    if problem:
        return problem
    return _drop_place_problem(state, k, a.place)


def _drop_place_problem(state: GameState, k: int, place: int) -> str | None:
    board = state.scenario.board
    lab = board.labels[place]
    t = board.terrain_of(place)
    if not state.scenario.system.terrain[t].passable or state.scenario.system.terrain[t].sea:
        return f"{lab} is {t}: no drop there"
    zone, why = drop_zone(state)
    if place not in zone:
        return f"{lab} is out of drop range: within {why} of friendly infantry or armour"
    if enemy_at(state, ALLIED, place):
        return f"{lab} holds enemy units"
    if not stack_room(state, k, place, 3):
        return f"{lab} would exceed the stacking limit"
    return None


def _ground(state: GameState) -> list[int]:
    terrain, board = state.scenario.system.terrain, state.scenario.board
    return [k for k in on_map(state, ALLIED) if not terrain[board.terrain_of(state.place[k])].sea]


def drop_legal(state: GameState, side: str, phase: Phase):
    index = state.scenario.unit_index
    paras = [u.id for k, u in enumerate(state.scenario.units)
             if u.side == side and u.type == "parachute" and state.status[k] == PENDING]
    paras = [uid for uid in paras if _drop_unit_problem(state, side, index[uid], uid) is None]
    if not paras:
        return
    zone = sorted(drop_zone(state)[0])
    for uid in paras:
        for p in zone:
            if _drop_place_problem(state, index[uid], p) is None:
                yield Drop(side, uid, p)


def drop_apply(state: GameState, a: Drop, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    problem = drop_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    k = own_unit(state, a)
    inv = current(state)
    if inv is None or inv["number"] > 1:
        spend_allotment(state, k, "drops")  # STD-REIN-05, STD-INV-17
    if inv is not None:
        state.scratch["invasion"] = {**inv, "air": inv["air"] + 1}
    state.scratch["drops"] = state.scratch.get("drops", 0) + 1
    state.place[k], state.status[k] = a.place, ON_MAP
    state.flags[k] |= MOVED
    ch.moved.append((a.unit, -1, a.place, (a.place,)))


def _waiting_force(state: GameState) -> bool:
    got = state.scenario.__dict__.get("_invasion_force")
    if got is None:
        first = _rules(state).first_turn
        got = state.scenario.__dict__["_invasion_force"] = any(
            u.side == ALLIED and u.hex < 0 and u.arrive_turn == first and not u.arrive_region
            for u in state.scenario.units)
    return got


def first_invasion_check(state: GameState, phase: Phase) -> str | None:
    """End check: the Allied movement phase of the first turn ends only after the invasion,
    in a scenario whose Allied assault force waits in England (STD-INV-01)."""
    if (phase.id == "allied.movement" and not invasions(state) and state.turn == _rules(state).first_turn
            and _waiting_force(state)):
        return f"declare the first invasion first ({_rules(state).rule['first']})"
    return None
