"""Checking an opened save's log in the background, with its progress in the status bar.

A save of format 3 is shown at once from its checkpoint (engine/opening.py); its whole log
is then replayed a slice at a time between the window's events (one slice is a few
milliseconds, so the map still pans and zooms). Until the check is done the game can be
looked at but not played, and its log, dice log and undo are not there yet. A check that
fails puts back the game that was open before (or, at start-up, a new game of the same
scenario) and shows why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from ddaydesk.formats.errors import FormatError
from ddaydesk.heap import forget_sources, trim

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressBar

STILL_CHECKING = "The saved game's log is still being checked (see the status bar): a moment"
SLICE = 0.008  # seconds of replay between two looks at the window's events


class SaveCheck(QObject):
    def __init__(self, window, port, path: str, previous: tuple | None):
        """``previous``: (port, save path) of the game to put back if the check fails, or
        None (at start-up)."""
        super().__init__(window)
        self.window, self.port, self.path, self.previous = window, port, path, previous
        self.bar: QProgressBar | None = None  # made by the first slice: the game's first frame comes first
        self.timer = QTimer(self)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._step)
        self.timer.start()
        forget_sources()  # (the replay's objects take the place of the start's source lines)

    def _show_bar(self) -> QProgressBar:
        # (a save being checked only: not in every start)
        from PySide6.QtWidgets import QProgressBar

        bar = self.bar = QProgressBar()
        bar.setObjectName("save-check")
        bar.setRange(0, max(1, self.port.check.total))
        bar.setFormat("Checking the saved game: %v of %m actions")
        bar.setToolTip("The game is shown from the position its save records; its whole log is "
                       "being replayed to prove it leads there. You can play once it has.")
        bar.setMaximumWidth(320)
        self.window.statusBar().addPermanentWidget(bar)
        return bar

    def _step(self) -> None:
        check = self.port.check
        try:
            done = check.step(SLICE)
        except FormatError as exc:
            self._stop()
            self._refused(exc)
            return
        if not done:
            (self.bar or self._show_bar()).setValue(check.done)
            return
        self._stop()
        self.previous = None
        self.port.check = None
        trim()  # what the replay made and let go of: back to the system (ddaydesk/heap.py)
        if self.window.port is self.port:
            self.window.controller.refresh()  # the log, the dice log and undo are there now
            self.window.show_hint(f"The saved game checks out: its {check.total} actions lead to the "
                                  "position shown")

    def _stop(self) -> None:
        self.timer.stop()
        if self.bar is not None:
            self.window.statusBar().removeWidget(self.bar)
            self.bar.setParent(None)  # out of the window at once (deleted with the next events)
            self.bar.deleteLater()
        if getattr(self.window, "save_check", None) is self:
            self.window.save_check = None
        self.deleteLater()  # (it holds the game to put back: a long one is many MiB)

    def _refused(self, exc: FormatError) -> None:
        w = self.window
        if w.port is not self.port:  # another game was opened meanwhile: nothing to undo
            return
        if self.previous is not None:
            port, w.save_path = self.previous
        else:
            from ddaydesk.ui.session import open_game

            port, w.save_path = open_game(self.port.scenario.source), None
        w.set_game(port)
        check_opened(w, port, w.save_path or "", None)  # (one still being checked itself)
        w.show_problems(self.path, exc)


def check_opened(window, port, path: str, previous: tuple | None) -> None:
    """Start checking ``port``'s save if it was opened from a checkpoint."""
    old = getattr(window, "save_check", None)
    if old is not None:
        old._stop()
    if getattr(port, "check", None) is not None:
        window.save_check = SaveCheck(window, port, path, previous)
