"""Advancing through the sequence of play, and the state a new game starts in."""

from __future__ import annotations

from ddaydesk.engine.actions import Changes, IllegalAction
from ddaydesk.engine.dice import Dice, SystemDice
from ddaydesk.engine.sequence import Phase, load_sequence
from ddaydesk.engine.state import (
    ATTACKED,
    MOVED,
    ON_MAP,
    PENDING,
    STRATEGIC,
    SURPRISE,
    GameState,
)
from ddaydesk.engine.systems import rules_module
from ddaydesk.formats.scenariofile import Scenario

OVER = "over"  # phase id once the last turn has ended


def current_phase(state: GameState) -> Phase:
    if state.phase == OVER:
        return Phase(OVER, state.active, "end_of_turn", (), None, (), "all", "STD-SEQ", "default")
    return load_sequence(state.scenario.system.id).phase(state.phase)


def new_state(scenario: Scenario, dice: Dice | int | str | None = None, options: dict[str, bool] | None = None,
              changes: Changes | None = None) -> GameState:
    """The state before the first action: units at their start places, reinforcements
    pending, the first phase entered (automatic phases already run; what their hooks did,
    dice included, goes into ``changes``). ``dice``: where rolls come from (engine/dice.py);
    an int or text is the seed of :class:`SeededDice`, None the operating system's randomness."""
    if not isinstance(dice, Dice):
        dice = SystemDice() if dice is None else Dice.from_seed(dice)
    opts = dict(scenario.options)
    for key, value in (options or {}).items():
        if key not in scenario.system.options:
            raise IllegalAction(f"{scenario.system.id} has no optional rule {key!r}")
        opts[key] = bool(value)
    seq = load_sequence(scenario.system.id)
    n = len(scenario.units)
    state = GameState(
        scenario=scenario, turn=scenario.first_turn, phase="", active=scenario.first_player,
        weather=seq.weather_first, options=opts,
        place=[u.hex for u in scenario.units],
        status=[ON_MAP if u.hex >= 0 else PENDING for u in scenario.units],
        steps_lost=[0] * n, flags=[0] * n, markers=tuple(), secrets={s: {} for s in scenario.system.sides},
        game={}, scratch={}, dice=dice,
        part=[u.part or u.box or "" for u in scenario.units],
    )
    rm = rules_module(scenario.system.id)
    for fn in rm.setup:
        fn(state)
    _enter_from(state, 0, changes if changes is not None else Changes())
    state._cache.clear()
    return state


def end_phase(state: GameState, ch: Changes) -> None:
    """Leave the current phase for the next one that applies (changes ``state``)."""
    seq = load_sequence(state.scenario.system.id)
    _enter_from(state, seq.index(state.phase) + 1, ch)


def _enter_from(state: GameState, k: int, ch: Changes) -> None:
    seq = load_sequence(state.scenario.system.id)
    rm = rules_module(state.scenario.system.id)
    while True:
        if k >= len(seq.phases):
            if state.turn >= state.scenario.last_turn:
                state.phase = OVER
                ch.phases.append(OVER)
                state._cache.clear()
                return
            _new_turn(state, ch)
            k = seq.turn_start
        p = seq.phases[k]
        cond = rm.conditions.get(p.when) if p.when else None
        if p.when and (cond is None or not cond(state)):
            why = rm.skip_notes.get(p.when)
            if why:
                ch.notes.append(f"turn {state.turn} {p.id}: passed over ({why})")
            k += 1
            continue
        state.phase = p.id
        state.active = p.side
        ch.phases.append(p.id)
        if p.kind == "movement":
            for u in range(len(state.flags)):
                state.flags[u] &= ~MOVED
        state._cache.clear()
        for hook in p.hooks:
            for fn in rm.hooks.get(hook, ()):
                fn(state, ch)
        state._cache.clear()
        if state.phase == OVER:  # a hook ended the game (a sudden-death victory)
            ch.phases.append(OVER)
            return
        if not p.automatic:
            return
        k += 1


def _new_turn(state: GameState, ch: Changes) -> None:
    state.turn += 1
    state.scratch = {}
    clear = MOVED | ATTACKED | STRATEGIC | SURPRISE
    for u in range(len(state.flags)):
        state.flags[u] &= ~clear
    ch.turn_changed = True
