"""The Game: scenario + options + action log (+ where dice come from). The log is the game: undo/redo, the dice
log, save/load and replay all come from it.

``states[i]`` is the state after the first ``i`` actions (``states[0]`` the start), kept so
undo and replay cost nothing (compactly: engine/kept.py). ``pos`` is how many actions are in
effect; undo moves it back unless the last action rolled dice or revealed hidden information
(a barrier: no re-rolling in hot-seat), redo forward; a new action after an undo drops the
undone tail.
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine.actions import Action, Changes, IllegalAction
from ddaydesk.engine.core import Move
from ddaydesk.engine.dice import Dice, Roll
from ddaydesk.engine.kept import retire, revive, share_unchanged
from ddaydesk.engine.phases import new_state
from ddaydesk.engine.play import apply
from ddaydesk.engine.state import GameState
from ddaydesk.formats.scenariofile import Scenario


class Game:
    def __init__(self, scenario: Scenario, seed: int | str | None = None, options: dict[str, bool] | None = None,
                 *, dice: Dice | None = None):
        """Dice are drawn from the operating system's randomness, unless a test or a
        benchmark gives a ``seed`` (:class:`~ddaydesk.engine.dice.SeededDice`) or a
        ``dice`` source. Neither is ever saved: a save records the rolls."""
        self.scenario = scenario
        self.seed = seed
        self.options = dict(options or {})
        self.start_changes = Changes()  # what the automatic opening phases did (their dice too)
        start = dice if dice is not None else seed
        self.states: list[GameState] = [new_state(scenario, start, self.options, self.start_changes)]
        self.actions: list[Action] = []
        self.changes: list[Changes] = []
        self.pos = 0
        # The saved form of the first actions of the log (savefile.py fills it): an autosave
        # after each action encodes only the new ones.
        self.encoded: list[tuple[str, str]] = []
        # States and Changes before this log position are not known yet: a save opened from
        # its checkpoint, whose log is being replayed and checked (engine/opening.py).
        self.history_from = 0

    @classmethod
    def resumed(cls, scenario: Scenario, options: dict[str, bool], actions: list[Action], state: GameState) -> Game:
        """A game shown at ``state``, the position after ``actions``, before its history is
        known (:meth:`adopt_history` brings it)."""
        g = cls.__new__(cls)
        g.scenario, g.seed, g.options, g.start_changes = scenario, None, dict(options), Changes()
        n = len(actions)
        g.actions, g.changes, g.states = list(actions), [None] * n, [None] * n + [state]
        g.pos, g.encoded, g.history_from = n, [], n
        return g

    def adopt_history(self, other: Game) -> None:
        """The states and Changes before :attr:`history_from`, from ``other``: the same log
        replayed from the start (its state there has the same hash as this game's)."""
        n = self.history_from
        self.states[:n] = other.states[:n]
        self.changes[:n] = other.changes[:n]
        self.start_changes = other.start_changes
        self.history_from = 0

    # -- playing --------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.states[self.pos]

    @property
    def log(self) -> list[Action]:
        """The actions in effect, oldest first."""
        return self.actions[: self.pos]

    def do(self, action: Action) -> Changes:
        """Apply an action; IllegalAction (nothing changed) if the rules refuse it."""
        new, ch = apply(self.state, action)
        # The log keeps the path taken (none when the unit was destroyed before it got
        # anywhere: D-Day2 patrol fire).
        if isinstance(action, Move) and not action.via and ch.moved:
            action = replace(action, via=ch.moved[0][3])
        del self.actions[self.pos:], self.changes[self.pos:], self.states[self.pos + 1:], self.encoded[self.pos:]
        # The state left behind keeps no derived data: a long game holds thousands of states,
        # and their caches (combat situations, ZOC masks) were most of its objects. Undo
        # rebuilds what it needs on demand.
        self.state._cache.clear()
        share_unchanged(self.state, new)
        retire(self.state, self.states[self.pos - 1] if self.pos else None)
        self.actions.append(action)
        self.changes.append(ch)
        self.states.append(new)
        self.pos += 1
        return ch

    def undo_problem(self) -> str | None:
        if self.pos == 0:
            return "nothing to undo"
        if self.pos <= self.history_from:
            return "the saved game is still being checked"
        last = self.changes[self.pos - 1]
        if last.dice:
            return "the last action rolled dice: it cannot be undone"
        if last.revealed:
            return "the last action revealed hidden information: it cannot be undone"
        return None

    def undo(self) -> Changes:
        """Step back one action; returns the Changes being undone (the UI redraws those)."""
        problem = self.undo_problem()
        if problem:
            raise IllegalAction(problem)
        self._go(self.pos - 1)
        return self.changes[self.pos]

    def can_redo(self) -> bool:
        return self.pos < len(self.actions)

    def redo(self) -> Changes:
        if not self.can_redo():
            raise IllegalAction("nothing to redo")
        self._go(self.pos + 1)
        return self.changes[self.pos - 1]

    def _go(self, pos: int) -> None:
        """Make ``pos`` the position (undo, redo): the state left is kept compactly."""
        left = self.pos
        self.pos = pos
        retire(self.states[left], self.states[left - 1] if left else None)
        revive(self.states[pos])

    # -- the dice log and replay ----------------------------------------------------------------
    def dice_log(self) -> list[tuple[int, Roll]]:
        """Every roll in effect with the index of the action that made it (-1: rolled by the
        opening phases' hooks before the first action)."""
        return [(-1, r) for r in self.start_changes.dice] + [
            (i, r) for i, ch in enumerate(self.changes[: self.pos]) if ch is not None for r in ch.dice]

    def state_at(self, i: int) -> GameState:
        """The state after ``i`` actions of the log (0 = the start)."""
        if not 0 <= i <= self.pos:
            raise IndexError(f"no state {i}: the log has {self.pos} actions")
        if i < self.history_from:
            raise IndexError(f"no state {i} yet: the saved game is still being checked")
        return self.states[i]

    def find(self, turn: int, phase: str | None = None) -> int:
        """The first log position at the start of ``turn`` (and ``phase``); ValueError if none."""
        for i in range(self.history_from, self.pos + 1):
            s = self.states[i]
            if s.turn == turn and (phase is None or s.phase == phase):
                return i
        where = f"turn {turn}" + (f", phase {phase}" if phase else "")
        raise ValueError(f"the game never reached {where}")


class Replay:
    """Stepping through a game's log without changing it: ``forward``, ``back``, ``jump``."""

    def __init__(self, game: Game, at: int = 0):
        self.game = game
        self.at = at

    @property
    def state(self) -> GameState:
        return self.game.state_at(self.at)

    @property
    def last_changes(self) -> Changes | None:
        return self.game.changes[self.at - 1] if self.at > 0 else None

    def forward(self) -> bool:
        if self.at < self.game.pos:
            self.at += 1
            return True
        return False

    def back(self) -> bool:
        if self.at > 0:
            self.at -= 1
            return True
        return False

    def jump(self, turn: int, phase: str | None = None) -> None:
        self.at = self.game.find(turn, phase)
