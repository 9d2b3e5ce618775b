"""Child process for the kill test: opens the tutorial on the engine, moves one unit (which
autosaves), reports, then waits in the event loop until it is killed (SIGKILL: no
clean-exit code runs)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    from PySide6.QtCore import QSettings

    from ddaydesk.engine import current_phase
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.ui.app import make_app, mark_running
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import autosave_path, open_game

    app = make_app()
    settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    port = open_game(default_scenario_path())
    while current_phase(port.game.state).kind != "movement":
        port.end_phase()
    win = MainWindow(port, settings, autosave=True)
    win.show()
    mark_running(settings, True)
    c = win.controller
    c.select("us-29-inf")
    target = max(c.range.cost, key=lambda p: (c.range.cost[p], p))
    c.move_selected(target)
    print(autosave_path(), flush=True)
    print(port.game.state.state_hash(), flush=True)
    app.exec()


main()
