"""Child process for the scale-factor test (QT_SCALE_FACTOR is read when Qt starts): opens
D-Day2 in the main window on a 1280x800-pixel screen's worth of logical pixels and prints the
device pixel ratio, the window's width and the right-hand docks' width."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    from PySide6.QtCore import QSettings

    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import open_game

    app = make_app()
    win = MainWindow(open_game(scenarios_dir() / "dday2.yaml"), QSettings(sys.argv[1], QSettings.Format.IniFormat),
                     autosave=False)
    dpr = win.devicePixelRatioF()
    win.resize(round(1280 / dpr), round(800 / dpr))
    win.show()
    for _ in range(3):  # laid out, then the docks sized
        app.processEvents()
    print(dpr, win.width(), win.hex_dock.width(), win.view.width(), flush=True)


main()
