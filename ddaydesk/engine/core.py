"""The engine's own actions, hooks and conditions, shared by every system: ending a phase,
moving (normal, strategic, surprise), rolling for weather, declaring a surprise attack and
placing interdiction markers. Their parameters come from the system's tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.movement import check_move, move_problem
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import MOVED, ON_MAP, STRATEGIC, SURPRISE, GameState, Marker
from ddaydesk.engine.systems import Handler, RulesModule, rules_module
from ddaydesk.engine.tables import load_move_rules, load_weather_chart


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class EndPhase(Action):
    """The side ends its phase."""

    kind = "end_phase"


@action_type
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move ``unit`` to place ``to``. ``mode``: normal, strategic or surprise (D77-SURP-02).
    ``via``: the path (start first) if the player chose one, checked step by step; empty for
    the cheapest. The path taken is in the Changes, and the log records it in ``via`` (so a
    replay checks a path instead of searching). ``via`` does not take part in equality: a
    move is the same move whatever lawful path it takes."""

    kind = "move"
    unit: str
    to: int
    mode: str = "normal"
    via: tuple[int, ...] = field(default=(), compare=False)


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class RollWeather(Action):
    """The weather roll of the turn."""

    kind = "roll_weather"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class DeclareSurprise(Action):
    """The side declares surprise movement this phase (D77-SURP, an optional rule)."""

    kind = "declare_surprise"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Interdict(Action):
    """An interdiction marker placed on a place."""

    kind = "interdict"
    place: int


# -- end_phase ------------------------------------------------------------------------------
def _end_problem(state: GameState, phase: Phase) -> str | None:
    if phase.kind == "weather":
        return "roll for the weather first"
    for check in rules_module(state.scenario.system.id).end_checks:
        problem = check(state, phase)
        if problem:
            return problem
    return None


def _end_legal(state: GameState, side: str, phase: Phase):
    if _end_problem(state, phase) is None:
        yield EndPhase(side)


def _end_apply(state: GameState, a: Action, ch: Changes, phase: Phase) -> None:
    problem = _end_problem(state, phase)
    if problem:
        raise IllegalAction(problem)
    ch.end_phase = True


# -- move -----------------------------------------------------------------------------------
def _modes(state: GameState) -> tuple[str, ...]:
    rules = load_move_rules(state.scenario.system.id)
    if rules.strategic is None:
        return ("normal",)
    if state.scratch.get("surprise") is not None:
        return ("normal", "strategic", "surprise")
    return ("normal", "strategic")


def _move_legal(state: GameState, side: str, phase: Phase) -> list[Move]:
    from ddaydesk.engine.legal_moves import unit_moves  # (here: it imports Move from this module)

    units = state.scenario.units
    out: list[Move] = []
    for mode in _modes(state):
        for k, u in enumerate(units):
            if u.side == side and not move_problem(state, k, mode, phase.units):
                out += unit_moves(state, k, mode)
    return out


def _unit_of(state: GameState, a: Action) -> int:
    try:
        k = state.unit(a.unit)
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    if state.scenario.units[k].side != a.side:
        raise IllegalAction(f"{a.unit} is not a {a.side} unit")
    return k


def _move_apply(state: GameState, a: Move, ch: Changes, phase: Phase) -> None:
    k = _unit_of(state, a)
    path = check_move(state, k, a.to, a.mode, phase.units, a.via)
    frm = state.place[k]
    state.place[k] = a.to
    state.status[k] = ON_MAP
    state.flags[k] |= MOVED
    if a.mode != "normal":
        state.flags[k] |= STRATEGIC
    if a.mode == "surprise":
        state.flags[k] |= SURPRISE
        state.scratch["surprise_units"] = [*state.scratch.get("surprise_units", []), a.unit]
    ch.moved.append((a.unit, frm, a.to, path))


# -- weather (D77-WX-01..07, FMU-WX-01) --------------------------------------------------------
def _weather_due(state: GameState) -> bool:
    chart = load_weather_chart(state.scenario.system.id)
    return (chart is not None and state.options.get("weather", False) and state.turn >= chart.first_turn
            and chart.row(state.turn) is not None)


def _weather_legal(state: GameState, side: str, phase: Phase):
    yield RollWeather(side)


def _weather_apply(state: GameState, a: Action, ch: Changes, phase: Phase) -> None:
    chart = load_weather_chart(state.scenario.system.id)
    row = chart.row(state.turn) if chart else None
    if row is None:
        raise IllegalAction(f"no weather roll on turn {state.turn}")
    r = ch.roll(state, chart.die, f"weather turn {state.turn}")
    state.weather = row[2][r.value - 1]
    ch.notes.append(f"weather turn {state.turn}: rolled {r.value}, {state.weather} ({row[3]})")
    ch.end_phase = True


# -- surprise attack (D77-SURP-01) ------------------------------------------------------------
def _surprise_problem(state: GameState, side: str) -> str | None:
    s = load_move_rules(state.scenario.system.id).surprise
    if s is None or not state.options.get(s.option):
        return "the surprise attack rule is not in use"
    if state.scratch.get("surprise") == side:
        return f"{side} has already declared a surprise attack this turn"
    used = state.game.get("surprise_used", {})
    if side in used:
        return f"{side} already made its surprise attack on turn {used[side]} (once per game, D77-SURP-01)"
    units = state.scenario.units
    if any(units[k].side == side and state.flags[k] & MOVED for k in range(len(units))):
        return "a surprise attack is declared before any unit moves"
    return None


def _surprise_legal(state: GameState, side: str, phase: Phase):
    if _surprise_problem(state, side) is None:
        yield DeclareSurprise(side)


def _surprise_apply(state: GameState, a: Action, ch: Changes, phase: Phase) -> None:
    problem = _surprise_problem(state, a.side)
    if problem:
        raise IllegalAction(problem)
    state.scratch["surprise"] = a.side
    state.scratch["surprise_units"] = []
    state.game["surprise_used"] = {**state.game.get("surprise_used", {}), a.side: state.turn}
    ch.notes.append(f"{a.side} declares its surprise attack for turn {state.turn}")


# -- interdiction (PKD-INT-03/04/05/06, D77-AIR-13/14) -----------------------------------------
def _air_due(state: GameState) -> bool:
    it = load_move_rules(state.scenario.system.id).interdiction
    return it is not None and it.max_per_turn > 0 and bool(state.options.get(it.option))


def _interdict_problem(state: GameState, place: int) -> str | None:
    it = load_move_rules(state.scenario.system.id).interdiction
    board = state.scenario.board
    if it is None:
        return "this system has no interdiction"
    if state.scratch.get("interdictions", 0) >= it.max_per_turn:
        return f"at most {it.max_per_turn} interdiction missions a turn (D77-AIR-14)"
    if not isinstance(place, int) or not 0 <= place < board.n:
        return f"{place!r} is not a place on the map"
    if not state.scenario.system.terrain[board.terrain_of(place)].passable:
        return f"{board.labels[place]} is {board.terrain_of(place)}: nothing to interdict"
    if any(m.kind == it.marker and m.place == place for m in state.markers):
        return f"{board.labels[place]} already holds an interdiction marker (one per hex, PKD-INT-03)"
    return None


def _interdict_legal(state: GameState, side: str, phase: Phase):
    for i in range(state.scenario.board.n):
        if _interdict_problem(state, i) is None:
            yield Interdict(side, i)


def _interdict_apply(state: GameState, a: Interdict, ch: Changes, phase: Phase) -> None:
    problem = _interdict_problem(state, a.place)
    if problem:
        raise IllegalAction(problem)
    it = load_move_rules(state.scenario.system.id).interdiction
    state.markers = tuple(sorted((*state.markers, Marker(it.marker, a.place, a.side))))
    state.scratch["interdictions"] = state.scratch.get("interdictions", 0) + 1
    ch.markers = True


def _end_of_turn(state: GameState, ch: Changes) -> None:
    """Interdiction markers go at the end of the game turn (PKD-INT-06)."""
    it = load_move_rules(state.scenario.system.id).interdiction
    if it and any(m.kind == it.marker for m in state.markers):
        state.markers = tuple(m for m in state.markers if m.kind != it.marker)
        ch.markers = True


def register(rm: RulesModule) -> None:
    rm.add_action(Handler("end_phase", _end_legal, _end_apply))
    rm.add_action(Handler("move", _move_legal, _move_apply))
    rm.add_action(Handler("roll_weather", _weather_legal, _weather_apply))
    rm.add_action(Handler("declare_surprise", _surprise_legal, _surprise_apply))
    rm.add_action(Handler("interdict", _interdict_legal, _interdict_apply))
    rm.add_hook("end_of_turn", _end_of_turn)
    rm.add_condition("weather_roll", _weather_due)
    rm.add_condition("allied_air", _air_due)


__all__ = ["DeclareSurprise", "EndPhase", "Interdict", "Move", "RollWeather"]
