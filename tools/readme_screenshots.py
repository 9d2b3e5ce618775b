#!/usr/bin/env python3
"""Render the README screenshots (docs/screenshots/*.png) offscreen at 1280x800.

Until the rules engine lands, the screens that need rules (movement, supply, combat) are
staged on the engine test double of tests/ui/fakeport.py; ``ddaydesk screenshots OUTDIR``
renders the same screens from the real game.

    .venv/bin/python tools/readme_screenshots.py [OUTDIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    from PySide6.QtCore import QSettings, QTemporaryDir

    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.screenshots import capture
    from tests.ui.fakeport import FakeGame

    app = make_app()
    tmp = QTemporaryDir()
    win = MainWindow(FakeGame(load_scenario(default_scenario_path())),
                     QSettings(tmp.filePath("s.ini"), QSettings.Format.IniFormat), autosave=False)
    win.resize(1280, 800)
    win.show()
    app.processEvents()
    done, skipped = capture(win, sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
    for p in done:
        print(p)
    for s in skipped:
        print("skipped:", s, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
