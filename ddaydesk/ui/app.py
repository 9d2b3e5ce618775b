"""Application start: the main window, ``--smoke`` for tests and frozen builds."""

from __future__ import annotations

import secrets
import sys

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QGraphicsView, QMainWindow, QMessageBox

from ddaydesk import __version__
from ddaydesk.engine import Game
from ddaydesk.engine.savefile import is_save, load_game
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.paths import icon_path
from ddaydesk.ui.dd2window import DD2Window
from ddaydesk.ui.mapscene import MapScene


class MainWindow(QMainWindow):
    def __init__(self, scenario: Scenario):
        super().__init__()
        self.scenario = scenario
        self.setWindowTitle(f"ddaydesk {__version__} — {scenario.title}")
        self.scene = MapScene(scenario.board, self)
        self.view = QGraphicsView(self.scene, self)
        self.setCentralWidget(self.view)
        self.resize(1280, 800)


def _window_for(path: str) -> QMainWindow:
    """The window for a scenario or a save (replayed and verified by the engine): D-Day2
    games open the zone-map hot-seat window, the others show their board."""
    if is_save(path):
        game = load_game(path)
        return DD2Window(game) if game.scenario.system.id == "dd2" else MainWindow(game.scenario)
    scenario = load_scenario(path)
    if scenario.system.id == "dd2":
        return DD2Window(Game(scenario, seed=secrets.randbits(32)))
    return MainWindow(scenario)


def run_gui(path: str | None = None, smoke: bool = False, screenshot: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ddaydesk")
    app.setOrganizationName("ddaydesk")
    app.setWindowIcon(QIcon(str(icon_path())))
    try:
        win = _window_for(str(path or default_scenario_path()))
    except FormatError as exc:
        if smoke:
            print(exc, file=sys.stderr)
            return 1
        QMessageBox.critical(None, "ddaydesk: cannot open", str(exc))
        return 1
    win.show()
    if smoke:
        app.processEvents()
        image = win.grab()
        if screenshot:
            image.save(screenshot)
        win.close()
        return 0 if not image.isNull() else 1
    QTimer.singleShot(0, lambda: win.view.fitInView(win.scene.sceneRect(), mode=1))
    return app.exec()
