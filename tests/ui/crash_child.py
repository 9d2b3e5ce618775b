"""Child process for the kill test: opens a game window, makes one move, reports, then waits
in the event loop until it is killed (SIGKILL: no clean-exit code runs)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    from PySide6.QtCore import QSettings

    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.app import make_app, mark_running
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import autosave_path
    from tests.ui.fakeport import FakeGame

    app = make_app()
    settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    game = FakeGame(load_scenario(default_scenario_path()))
    win = MainWindow(game, settings, autosave=True)
    win.show()
    mark_running(settings, True)
    c = win.controller
    c.select("us-29-inf")
    target = max(c.range.cost, key=lambda p: (c.range.cost[p], p))
    c.move_selected(target)
    print(autosave_path(), flush=True)
    print(game.save_bytes().decode(), flush=True)
    app.exec()


main()
