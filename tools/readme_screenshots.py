#!/usr/bin/env python3
"""Render the README screenshots (docs/screenshots/*.png) offscreen at 1280x800.

Screens come from the real game (``ddaydesk screenshots``' staging) on the tutorial; the
hand-over (the tutorial has no secrets) from the tutorial with the withheld set-up option,
whose secret invasion area blanks the map between the sides. A screen the merged rules
cannot produce yet is staged on the engine test double of tests/ui/fakeport.py instead,
and the tool says which.

    .venv/bin/python tools/readme_screenshots.py [OUTDIR]
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _window(port, folder: str):
    from PySide6.QtCore import QSettings

    from ddaydesk.ui.mainwindow import MainWindow

    win = MainWindow(port, QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat),
                     autosave=False)
    win.resize(1280, 800)
    win.show()
    return win


def main() -> int:
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.engine_port import open_engine_game
    from ddaydesk.ui.screenshots import capture, staged
    from ddaydesk.ui.session import open_game
    from tests.ui.fakeport import FakeGame

    app = make_app()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    with tempfile.TemporaryDirectory() as tmp:
        win = _window(open_game(default_scenario_path()), tmp)
        app.processEvents()
        done, skipped = capture(win, out)
        win.close()
        if any(why.startswith("hand-over") for why in skipped):
            hidden = _window(open_engine_game(default_scenario_path(), {"withheld_setup": True}), tmp)
            app.processEvents()
            hidden.end_phase()  # German set-up done: hand over to the Allies' secret choice
            app.processEvents()
            if hidden.stack.currentWidget() is hidden.handover:
                hidden.grab().save(str(out / "handover.png"))
                done.append(out / "handover.png")
                skipped = [why for why in skipped if not why.startswith("hand-over")]
            staged(hidden)
            hidden.close()
        if skipped:
            double = _window(FakeGame(load_scenario(default_scenario_path())), tmp)
            app.processEvents()
            capture(double, Path(tmp) / "double")
            for why in skipped:
                name = {"supply": "supply", "hand-over": "handover", "combat": "combat",
                        "movement": "movement"}[why.split(":")[0]]
                src = Path(tmp) / "double" / f"{name}.png"
                if src.exists():
                    shutil.copy(src, out / src.name)
                    print(f"{out / src.name} (engine test double: {why})")
    for p in done:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
