"""Application start: the main window, ``--smoke`` for tests and frozen builds."""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QGraphicsView, QMainWindow, QMessageBox

from ddaydesk import __version__
from ddaydesk.engine.savefile import is_save, load_game
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.paths import icon_path
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


def run_gui(path: str | None = None, smoke: bool = False, screenshot: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("ddaydesk")
    app.setOrganizationName("ddaydesk")
    app.setWindowIcon(QIcon(str(icon_path())))
    try:
        target = str(path or default_scenario_path())
        # A saved game is replayed and verified by the engine; the window shows its board.
        scenario = load_game(target).scenario if is_save(target) else load_scenario(target)
    except FormatError as exc:
        if smoke:
            print(exc, file=sys.stderr)
            return 1
        QMessageBox.critical(None, "ddaydesk: cannot open", str(exc))
        return 1
    win = MainWindow(scenario)
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
