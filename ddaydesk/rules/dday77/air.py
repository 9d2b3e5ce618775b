"""Allied air power as play (docs/rules/dday77.md §12; D77-AIR-*, weather D77-WX-09/11/15).

The turn's air factors are worked out when the Allied air phase starts (or the movement
phase, without the tactical air option) and kept in ``state.extra["air"]`` for the combat
code: ``{"turn", "factors", "rule", "spent", "cds"}``. Interdiction missions spend 1 factor
each (default, STD-AIR-INT); close attack support is the combat code's to spend (it adds to
``spent``); this module adds river interdiction (one of the three missions a turn with hex
interdiction, D77-AIR-14) and
the close defensive support allocation during the German combat phase (D77-AIR-16..22):
``cds`` maps a hex label to the factors committed there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.positions import RIVER_KEY
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.systems import Handler
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.rules.combat.support import param
from ddaydesk.rules.dday77.common import ALLIED, check_place, on_map
from ddaydesk.rules.dday77.control import controlled_names

KEY = "air"
NO_AIR = "SNOW"  # D77-WX-15


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class InterdictRiver(Action):
    """Interdict the river hexside between ``place`` and ``to`` (D77-AIR-14)."""

    kind = "interdict_river"
    place: int
    to: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class DefensiveSupport(Action):
    """Commit close defensive support to the Allied hex ``place`` (D77-AIR-16)."""

    kind = "defensive_support"
    place: int


def air_factors(state) -> tuple[int, str]:
    """The Allies' air factors this turn and the rule that set them."""
    sysid = state.scenario.system.id
    if state.options.get("tactical_air"):
        n, rule = param(sysid, "air", "factors_per_turn"), "D77-AIR-02"
        cities = param(sysid, "air", "factors_with_cities", field="cities")
        held = controlled_names(state)[ALLIED]
        if all(c in held for c in cities):
            n, rule = param(sysid, "air", "factors_with_cities"), "D77-AIR-03"
    else:
        n, rule = param(sysid, "air", "base_factors_per_turn"), param(sysid, "air", "base_factors_per_turn", field="rule")
    if state.options.get("weather"):
        cut = param(sysid, "air", "weather", field="").get(state.weather.lower())
        if cut is not None:
            if cut["value"] is None:
                return 0, cut["rule"]
            n, rule = max(0, n + cut["value"]), cut["rule"]
    return n, rule


def record_air(state, ch: Changes) -> None:
    """Hook ``air``: the turn's air factors, when the Allied air phase (or, without it, the
    Allied movement phase) starts."""
    if state.extra.get(KEY, {}).get("turn") == state.turn:
        return
    n, rule = air_factors(state)
    state.extra[KEY] = {"turn": state.turn, "factors": n, "rule": rule, "spent": 0, "cds": {}}
    ch.notes.append(f"Allied air factors turn {state.turn}: {n} ({rule})")


def factors_left(state) -> int:
    air = state.extra.get(KEY)
    if not air or air["turn"] != state.turn:
        return 0
    return air["factors"] - air["spent"]


# -- interdiction ----------------------------------------------------------------------------
def _no_air(state) -> str | None:
    if state.options.get("weather") and state.weather == NO_AIR:
        return "no Allied air operations in snow (D77-WX-15)"
    return None


def _mission_problem(state) -> str | None:
    """Why no interdiction mission may be flown now (snow, or no air factors left)."""
    problem = _no_air(state)
    if problem:
        return problem
    cost = param(state.scenario.system.id, "air", "interdiction_cost")
    if factors_left(state) < cost:
        return f"an interdiction mission needs {cost} air factor; {factors_left(state)} left (STD-AIR-INT)"
    return None


def _spend_mission(state) -> None:
    state.own(KEY)["spent"] += param(state.scenario.system.id, "air", "interdiction_cost")


def wrap_interdict(rm) -> None:
    """Hex interdiction (engine), refused in snow, spending air factors."""
    core = rm.handlers["interdict"]

    def legal(state, side, phase):
        if _mission_problem(state) is None:
            yield from core.legal(state, side, phase)

    def apply(state, a, ch, phase):
        problem = _mission_problem(state)
        if problem:
            raise IllegalAction(problem)
        core.apply(state, a, ch, phase)
        _spend_mission(state)

    rm.add_action(Handler("interdict", legal, apply, core.sides))


def river_problem(state, a: InterdictRiver) -> str | None:
    it = load_move_rules(state.scenario.system.id).interdiction
    board = state.scenario.board
    if it is None or not it.river:
        return "this system has no river interdiction"
    if state.scratch.get("interdictions", 0) >= it.max_per_turn:
        return f"at most {it.max_per_turn} interdiction missions a turn, hex and river together (D77-AIR-14)"
    side = board.side_between(a.place, a.to)
    if side < 0:
        return f"{board.labels[a.place]} and {board.labels[a.to]} are not neighbours"
    if not any(board.side_mask[side] & board.feature_bit(f) for f in it.river_features):
        return f"no river between {board.labels[a.place]} and {board.labels[a.to]}"
    pair = sorted((board.labels[a.place], board.labels[a.to]))
    if pair in state.scratch.get(RIVER_KEY, []):
        return "that river hexside is already interdicted"
    return _mission_problem(state)


def _river_sides(state) -> list[tuple[int, int]]:
    """Every river hexside (a < b), cached per board."""
    board = state.scenario.board
    got = board.__dict__.get("_river_sides")
    if got is None:
        it = load_move_rules(state.scenario.system.id).interdiction
        mask = 0
        for f in it.river_features if it else ():
            mask |= board.feature_bit(f)
        got = board.__dict__["_river_sides"] = [
            (i, j) for i in range(board.n) for j, s in zip(board.adj[i], board.adj_side[i], strict=True)
            if i < j and board.side_mask[s] & mask]
    return got


def _river_legal(state, side, phase):
    if _mission_problem(state) is None:
        for i, j in _river_sides(state):
            a = InterdictRiver(side, i, j)
            if river_problem(state, a) is None:
                yield a


def _river_apply(state, a: InterdictRiver, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    check_place(state, a.to)
    problem = river_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    board = state.scenario.board
    state.scratch[RIVER_KEY] = [*state.scratch.get(RIVER_KEY, []), sorted((board.labels[a.place], board.labels[a.to]))]
    state.scratch["interdictions"] = state.scratch.get("interdictions", 0) + 1
    _spend_mission(state)
    ch.markers = True


# -- close defensive support -------------------------------------------------------------------
def cds_problem(state, a: DefensiveSupport) -> str | None:
    sysid = state.scenario.system.id
    board = state.scenario.board
    if a.side != ALLIED:
        return "close defensive support is Allied"
    if not state.options.get("tactical_air"):
        return "the tactical air power rule is not in use (D77-AIR-16)"
    problem = _no_air(state)
    if problem:
        return problem
    need = param(sysid, "air", "cds_factor")
    if factors_left(state) < need:
        return "no air factors left this turn (D77-AIR-22)"
    lab = board.labels[a.place]
    if lab in state.extra.get(KEY, {}).get("cds", {}):
        return f"{lab} already has close defensive support (D77-AIR-19)"
    units = state.scenario.units
    if not any(units[k].side == ALLIED and units[k].type != "hq" for k in state.units_at().get(a.place, ())):
        return f"{lab} holds no Allied combat unit (D77-AIR-16)"
    hqs = [state.place[k] for k in on_map(state, ALLIED) if units[k].type == "hq"]
    if not hqs:
        return "no Allied HQ on the map: no close support (D77-AIR-11)"
    rng = param(sysid, "air", "cds_hq_range")
    if not any(board.distance(h, a.place) <= rng for h in hqs):
        return f"{lab} is more than {rng} hexes from an Allied HQ (D77-AIR-16)"
    return None


def _cds_legal(state, side, phase):
    if side != ALLIED or factors_left(state) <= 0:
        return
    for place in sorted({state.place[k] for k in on_map(state, ALLIED)}):
        a = DefensiveSupport(side, place)
        if cds_problem(state, a) is None:
            yield a


def _cds_apply(state, a: DefensiveSupport, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    problem = cds_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    need = param(state.scenario.system.id, "air", "cds_factor")
    air = state.own(KEY)
    air["spent"] += need
    air["cds"][state.scenario.board.labels[a.place]] = need
    ch.markers = True
    ch.notes.append(f"close defensive support at {state.scenario.board.labels[a.place]} (D77-AIR-16)")


def register(rm) -> None:
    wrap_interdict(rm)
    rm.add_action(Handler("interdict_river", _river_legal, _river_apply))
    rm.add_action(Handler("defensive_support", _cds_legal, _cds_apply, sides="any"))
    rm.add_hook("air", record_air)
