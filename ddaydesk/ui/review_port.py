"""Review: the game's log read at any position, through the same port as live play.

:class:`ReviewPort` is an :class:`~ddaydesk.ui.engine_port.EnginePort` over a snapshot of
the live game whose position moves (``seek``); the live game is never touched. Its views are
the engine's per-side views of the state at that position, so review shows each side only
what live play would have shown it then; the log is the live one (every row the viewing side
may read, for the review to jump along). Everything that would change the game is refused.

Qt-free, like the port it extends.
"""

from __future__ import annotations

import copy
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from dataclasses import replace

from ddaydesk.engine import Game
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.port import GameView, PortError

READ_ONLY = "reviewing the game: leave the review (Esc) to play on"
SUPPLY_MEMO = 64  # positions whose out-of-supply marks are kept (stepping back and forth is free)


def snapshot(game: Game, end: int | None = None) -> Game:
    """A game holding the first ``end`` actions of ``game``'s log (all those in effect by
    default), at its end. States, actions and changes are shared (none is changed once made);
    the lists are its own, so neither game's later actions touch the other's log."""
    end = game.pos if end is None else end
    if not 0 <= end <= game.pos:
        raise IndexError(f"no position {end}: the log has {game.pos} actions")
    g = copy.copy(game)
    g.actions, g.changes = game.actions[:end], game.changes[:end]
    g.states, g.encoded = game.states[:end + 1], game.encoded[:end]
    g.pos = end
    return g


def take_back_problem(game: Game, to: int) -> str | None:
    """Why the live game may not be taken back to position ``to`` by undoing (the engine's
    undo rules, asked at every step: never past a roll or a reveal), or None."""
    probe = snapshot(game)
    while probe.pos > to:
        why = probe.undo_problem()
        if why:
            return why
        probe.pos -= 1
    return None


def undo_floor(game: Game) -> int:
    """The earliest position the live game may be taken back to."""
    probe = snapshot(game)
    while probe.pos > 0 and probe.undo_problem() is None:
        probe.pos -= 1
    return probe.pos


class Steps:
    """Where review's steps land: the positions at which each phase and each turn begins
    (a step back goes to the start of the phase or turn under way, or the one before)."""

    def __init__(self, game: Game, end: int):
        keys = [(s.turn, s.phase) for s in game.states[:end + 1]]
        self.end = end
        self.turn_at = [t for t, _p in keys]
        self.phases = [i for i in range(end + 1) if i == 0 or keys[i] != keys[i - 1]]
        self.turn_starts: dict[int, int] = {}
        for i, t in enumerate(self.turn_at):
            self.turn_starts.setdefault(t, i)
        self.turns = sorted(set(self.turn_starts.values()))

    @staticmethod
    def _next(starts: list[int], i: int, end: int) -> int:
        k = bisect_right(starts, i)
        return starts[k] if k < len(starts) else end

    @staticmethod
    def _prev(starts: list[int], i: int) -> int:
        k = bisect_left(starts, i)
        return starts[k - 1] if k else 0

    def next_phase(self, i: int) -> int:
        return self._next(self.phases, i, self.end)

    def prev_phase(self, i: int) -> int:
        return self._prev(self.phases, i)

    def next_turn(self, i: int) -> int:
        return self._next(self.turns, i, self.end)

    def prev_turn(self, i: int) -> int:
        return self._prev(self.turns, i)

    def turn_start(self, turn: int) -> int:
        """The first position of ``turn`` (KeyError if the log never reached it)."""
        return self.turn_starts[turn]


class ReviewPort(EnginePort):
    """A read-only port over the live game's log at position :attr:`at`."""

    def __init__(self, live: EnginePort, at: int | None = None):
        super().__init__(snapshot(live.game))
        self.live = live
        self.end = self.game.pos
        self.steps = Steps(self.game, self.end)
        self._memo: OrderedDict[tuple[int, str], set[str]] = OrderedDict()
        if at is not None:
            self.seek(at)

    @property
    def at(self) -> int:
        return self.game.pos

    def seek(self, i: int) -> int:
        """Move to the position after ``i`` actions (clamped to the log); returns it."""
        self.game.pos = max(0, min(self.end, i))
        return self.game.pos

    # -- reading: the position's state, the live log ------------------------------------------
    def view(self, side: str) -> GameView:
        # a secret choice that was pending then is not asked for again
        return replace(super().view(side), secret_pending=None, secret_options=())

    def _log(self, side: str):
        return self.live._log(side)

    def _out_of_supply(self, side: str) -> set[str]:
        key = (self.game.pos, side)
        out = self._memo.get(key)
        if out is None:
            out = self._memo[key] = set(super()._out_of_supply(side))
            while len(self._memo) > SUPPLY_MEMO:
                self._memo.popitem(last=False)
        else:
            self._memo.move_to_end(key)
        return out

    def prefetch(self, i: int, side: str) -> None:
        """Work out position ``i``'s out-of-supply marks ahead of a step there (idle time)."""
        if (i, side) in self._memo or not 0 <= i <= self.end:
            return
        here = self.game.pos
        self.game.pos = i
        try:
            self._out_of_supply(side)
        finally:
            self.game.pos = here

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        """A secret of the reviewed position or of the live game keeps the screen blank."""
        return super().needs_handover(from_side, to_side) or self.live.needs_handover(from_side, to_side)

    def save_bytes(self) -> bytes:
        return self.live.save_bytes()  # Save during a review saves the whole game

    # -- nothing changes the game -------------------------------------------------------------
    def _refuse(self, *_args, **_kw):
        raise PortError(READ_ONLY)

    legal_moves = move = withhold = end_phase = set_secret = choose = resolve_combat = _refuse
    undo = redo = _refuse

    def why_not(self, unit: str, place: int) -> str:
        return ""

    def supply_after_move(self, unit: str, place: int, via: tuple[int, ...] = ()):
        return None

    def choices(self):
        return ()

    def _choice_actions(self, state) -> list:
        return []  # nothing to take: a system's own panels (D-Day Dice's trays) offer no button

    def choice_preview(self, index: int) -> str:
        return ""

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False
