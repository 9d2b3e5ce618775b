"""The File menu's work for the main window: new game, open (any scenario or save, from any
other game, in the same window), save, autosave after every action, restore, recent files,
and the Save / Discard / Cancel question before an unsaved game is left."""

from __future__ import annotations

import re
from pathlib import Path

from ddaydesk.formats.errors import FormatError
from ddaydesk.ui.port import PortError
from ddaydesk.ui.savecheck import check_opened
from ddaydesk.ui.session import (
    SAVE_SUFFIX,
    add_recent,
    autosave_path,
    open_game,
    recent_files,
    saves_dir,
    write_atomic,
)

FILE_FILTER = f"ddaydesk games (*{SAVE_SUFFIX} *.yaml);;Saved games (*{SAVE_SUFFIX});;Scenarios (*.yaml)"
# (QMessageBox is imported where a question or a warning is shown: its classes and enums are not
# made before a start's first frame)


def save_stem(win) -> str:
    """A new save's name: the scenario's short title and the turn ("Sword Beach, turn 3"),
    not "game" for every game in the folder; where the title begins with its system's name,
    the map after it too ("D-Day Dice Omaha Beach, turn 3", not "D-Day Dice" for every map)."""
    sc = win.port.scenario
    first, _colon, rest = sc.title.partition(":")
    if rest and sc.system.title.startswith(first.strip()):
        first += " " + rest.split("(")[0]
    short = " ".join(re.sub(r"[^\w\- ]+", "", first).split()) or "game"
    view = win.controller.view
    return f"{short}, turn {view.turn}" if view is not None else short


class GameFiles:
    """Mixed into :class:`~ddaydesk.ui.mainwindow.MainWindow`."""

    save_path: str | None

    # -- leaving a game ------------------------------------------------------------------------
    def unsaved(self) -> bool:
        return self.controller is not None and self.controller.unsaved > 0

    def ask_unsaved(self):
        """Save, Discard or Cancel (a modal question; tests replace it): a ``QMessageBox.StandardButton``."""
        from PySide6.QtWidgets import QMessageBox

        b = QMessageBox.StandardButton
        return QMessageBox.question(
            self, "Unsaved game", "This game has actions that are not saved. Save it first?",
            b.Save | b.Discard | b.Cancel, b.Save)

    def may_leave(self) -> bool:
        """True when the current game may be closed: nothing unsaved, or saved now, or the
        player chose to discard it."""
        if not self.unsaved():
            return True
        from PySide6.QtWidgets import QMessageBox

        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # -- opening -------------------------------------------------------------------------------
    def new_game(self) -> None:
        if not self.may_leave():
            return
        from ddaydesk.ui import dialogs  # (not needed before)

        dlg = dialogs.NewGameDialog(self)
        if dlg.exec() and dlg.entry() is not None:
            self.open_path(dlg.entry().path, dlg.options(), asked=True)

    def open_dialog(self) -> None:
        if not self.may_leave():
            return
        # (not before it is asked for: a start is quicker)
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Open a game", str(saves_dir()), FILE_FILTER)
        if path:
            self.open_path(path, asked=True)

    def open_path(self, path: str, options: dict[str, bool] | None = None, asked: bool = False) -> bool:
        """Open a scenario or save in this window; a broken file shows its problems and
        changes nothing. ``asked``: the player already agreed to leave the current game."""
        if not asked and not self.may_leave():
            return False
        try:
            port = open_game(path, options)
        except FormatError as exc:
            self.show_problems(path, exc)
            return False
        previous = (self.port, self.save_path)
        self.save_path = path if path.endswith(SAVE_SUFFIX) and Path(path) != autosave_path() else None
        add_recent(self.settings, path)
        self.set_game(port)
        check_opened(self, port, path, previous)  # a save shown from its checkpoint: its log next
        return True

    def show_problems(self, path: str, exc: FormatError) -> None:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, "Cannot open this file",
                          f"{Path(path).name} was not opened; the current game is unchanged.", parent=self)
        box.setDetailedText(str(exc))
        box.setInformativeText("\n".join(str(p) for p in exc.problems[:8]))
        box.open()
        self.problem_box = box

    def restore_autosave(self) -> None:
        path = autosave_path()
        if not path.exists():
            self.show_hint("There is no autosave")
            return
        self.open_path(str(path))

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_files(self.settings):
            a = self.recent_menu.addAction(Path(path).name)
            a.setStatusTip(path)
            a.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))

    # -- saving --------------------------------------------------------------------------------
    def save(self) -> bool:
        if not self.save_path:
            return self.save_as()
        return self._write(self.save_path)

    def save_as(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(saves_dir() / f"{save_stem(self)}{SAVE_SUFFIX}"),
                                              f"Saved games (*{SAVE_SUFFIX})")
        if not path:
            return False
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        if not path.endswith(SAVE_SUFFIX):
            path += SAVE_SUFFIX
        if not self._write(path):
            return False
        self.save_path = path
        add_recent(self.settings, path)
        self._update_recent_menu()
        return True

    def _write(self, path: str) -> bool:
        try:
            write_atomic(path, self.controller.port.save_bytes())
        except (PortError, OSError) as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, "Not saved", f"The game was not saved: {exc}")
            return False
        self.controller.unsaved = 0
        self.show_hint(f"Saved to {path}")
        return True

    def _autosave(self, _text: str = "") -> None:
        if not self.autosave_enabled:
            return
        try:
            write_atomic(autosave_path(), self.controller.port.save_bytes())
        except (PortError, OSError) as exc:
            self.show_hint(f"Autosave failed: {exc}")
