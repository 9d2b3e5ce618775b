"""Application start: settings, the autosave restore offer, ``--smoke`` for tests and builds."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from ddaydesk.formats.errors import FormatError
from ddaydesk.paths import icon_path
from ddaydesk.ui import startup
from ddaydesk.ui.savecheck import check_opened
from ddaydesk.ui.session import autosave_path, open_game

RUNNING_KEY = "session/running"  # true from start until a clean exit: a crash leaves it set


def make_app() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ddaydesk")
    app.setOrganizationName("ddaydesk")
    app.setWindowIcon(QIcon(str(icon_path())))
    return app


def restore_offered(settings: QSettings, autosave: Path | None = None) -> bool:
    """True when the last run ended without a clean exit and left an autosave."""
    return settings.value(RUNNING_KEY, False, type=bool) and (autosave or autosave_path()).exists()


def restore_question(autosave: Path) -> str:
    """The restore offer, naming the game (its scenario, turn, actions and when it was last
    saved) so that a player with several games knows which one it is."""
    from datetime import datetime

    from ddaydesk.engine.saveload import save_summary

    try:
        s = save_summary(autosave)
        when = datetime.fromtimestamp(autosave.stat().st_mtime).strftime("%d %b %Y at %H:%M")
    except (FormatError, OSError):
        return ("ddaydesk did not close normally last time. Restore the game as it was after its "
                "last action?")
    turn = f", turn {s.turn}" if s.turn is not None else ""
    moves = f"{s.actions} action{'s' if s.actions != 1 else ''}"
    return (f"ddaydesk did not close normally last time. Restore the game you were playing, "
            f"{s.title}{turn} ({moves}, autosaved {when}), as it was after its last action?")


def mark_running(settings: QSettings, running: bool) -> None:
    """Set while a game window is open; a run killed mid-game leaves it set."""
    settings.setValue(RUNNING_KEY, running)
    settings.sync()


def run_gui(path: str | None = None, smoke: bool = False, screenshot: str | None = None) -> int:
    app = make_app()
    settings = QSettings()
    if path is None:
        from ddaydesk.formats.catalog import default_scenario_path  # (reads every scenario's head)

        path = str(default_scenario_path())
    target = path
    restore = False
    if restore_offered(settings) and not smoke:
        # (its classes and enums are made only when a dialog is shown)
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(None, "Restore the last game?", restore_question(autosave_path()))
        restore = answer == QMessageBox.StandardButton.Yes
    try:
        port = open_game(str(autosave_path()) if restore else target)
    except FormatError as exc:
        if smoke:
            print(exc, file=sys.stderr)
            return 1
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(None, "ddaydesk: cannot open", str(exc))
        return 1
    from ddaydesk.ui.mainwindow import MainWindow

    startup.defer_until_drawn(port)  # the map first, then the rest (ui/startup.py)
    win = MainWindow(port, settings, autosave=not smoke, later=True)  # docks after the first frame
    check_opened(win, port, str(autosave_path()) if restore else target, None)
    win.show()
    if smoke:
        app.processEvents()
        image = win.grab()
        # the moment the first frame was drawn (start-up benchmark: benchmarks/test_ui_bench.py)
        print(f"first frame: wall {time.time():.6f} cpu {time.process_time():.6f}", flush=True)
        startup.finish(win)  # and the window as it is once loaded: what a smoke test checks
        app.processEvents()
        image = win.grab()
        if screenshot:
            image.save(screenshot)
        win.close()
        return 0 if not image.isNull() else 1
    startup.after_first_paint(win)
    mark_running(settings, True)
    QTimer.singleShot(0, win.view.fit)
    code = app.exec()
    mark_running(settings, False)
    return code
