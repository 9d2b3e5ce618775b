"""What the screenshot tools share: the main window on a game at the README's size, and a
few turns of the event loop for it to draw."""

from __future__ import annotations

import os


def window(game, folder: str):
    """A main window on ``game`` at 1280x800, shown, its settings in ``folder``."""
    from PySide6.QtCore import QSettings

    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow

    win = MainWindow(EnginePort(game), QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat),
                     autosave=False)
    win.resize(1280, 800)
    win.show()
    return win


def settle(app) -> None:
    for _ in range(4):
        app.processEvents()
