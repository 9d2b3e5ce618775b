#!/usr/bin/env python3
"""Render the Koenig's D-Day README screenshots offscreen at 1280x800, from the real game on
the Sword scenario in the main window (the Command Cup widgets come later):

- ``sword-start.png``: the map and its units at the start, the drawn formation's choices in
  the Actions dock;
- ``sword-activation.png``: the 6th Airborne's Move Operation, the 13th Parachute Battalion
  selected with its legal hexes, the path to the cursor, and the attacks listed in words.

    .venv/bin/python tools/pkd_screenshots.py [OUTDIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
OPTIONS = {"interdiction": False, "leadership": True}


def main() -> int:
    from PySide6.QtCore import QSettings

    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.rules.pkd import ChooseOperation
    from ddaydesk.rules.pkd.records import rec
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow

    app = make_app()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    sc = load_scenario(ROOT / "scenarios" / "sword.yaml")
    seed = next(s for s in range(500) if rec(Game(sc, s, OPTIONS).state)["act"]["formation"] == "6abn")
    port = EnginePort(Game(sc, seed, OPTIONS))
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(port, QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat), autosave=False)
        win.resize(1280, 800)
        win.show()
        app.processEvents()
        win.view.fit()
        win.actions_dock.raise_()
        app.processEvents()
        win.grab().save(str(out / "sword-start.png"))
        port.game.do(ChooseOperation("allied", "move"))
        win.controller.refresh()
        app.processEvents()
        win.controller.select("gb-13para")
        win.controller.hover(sc.board.index("0811"))
        win.actions_dock.raise_()
        app.processEvents()
        win.grab().save(str(out / "sword-activation.png"))
        win.close()
    print(out / "sword-start.png")
    print(out / "sword-activation.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
