"""The choice review offers at a past position, mixed into
:class:`~ddaydesk.ui.review.ReviewMode`: "Take back to here" where the engine's undo may go
from the live game's end (never past a roll, a reveal or the other side's decision), else
"Start a new game from here", the log up to there saved to a new file and opened."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from ddaydesk.engine.savefile import save_text
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.review_port import snapshot, take_back_problem
from ddaydesk.ui.session import SAVE_SUFFIX, add_recent, saves_dir, write_atomic


class ReviewChoices:
    """Mixed into :class:`~ddaydesk.ui.review.ReviewMode`."""

    def take_back(self) -> None:
        """Undo the live game back to the reviewed position (the engine allows it here)."""
        if not self.active:
            return
        at = self.port.at
        why = take_back_problem(self.live.game, at)
        if why:
            self.win.show_hint(f"Cannot take back to here: {self.live.name(why)}")
            return
        side, n = self.live_side, self.live.game.pos - at
        self._restore()
        c = self.win.controller
        stack = c.undo_stack
        k = min(n, stack.index())
        for _ in range(k):  # the Edit menu's undo, so Redo brings them back
            stack.undo()
        if n > k:  # beyond what this session's undo stack holds (a loaded game): the engine's undo
            for _ in range(n - k):
                self.live.undo()
            stack.clear()
            c._after_change()
        if c.side != side:
            c.hand_to(side)
        self.win.show_hint(f"Took back {n} action{'s' if n != 1 else ''}: the game goes on from action {at}")

    def ask_branch_path(self) -> str:
        """Where to save the new game (a dialog; tests replace it)."""
        path, _ = QFileDialog.getSaveFileName(self.win, "Start a new game from here", str(saves_dir() /
                                              f"from-action-{self.port.at}{SAVE_SUFFIX}"),
                                              f"Saved games (*{SAVE_SUFFIX})")
        return path

    def new_game_from_here(self) -> None:
        """The game as it was at the reviewed position, saved to a new file and opened."""
        if not self.active:
            return
        win, at = self.win, self.port.at
        if not win.may_leave():
            return
        path = self.ask_branch_path()
        if not path:
            return
        if not path.endswith(SAVE_SUFFIX):
            path += SAVE_SUFFIX
        game = snapshot(self.live.game, at)
        try:
            write_atomic(path, save_text(game).encode("utf-8"))
        except OSError as exc:
            win.show_hint(f"The new game was not saved: {exc}")
            return
        self._restore()
        win.set_game(EnginePort(game))
        win.save_path = path
        add_recent(win.settings, path)
        win._update_recent_menu()
        win.show_hint(f"A new game from action {at}, saved to {Path(path).name}")
