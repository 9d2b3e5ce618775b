#!/usr/bin/env python3
"""Render D-Day2 in the main window for docs/screenshots/ (offscreen, a seeded scripted game):
the start and turn 3 at 1280x800, the odds before a battle round, and the start at scale
factor 2 in a 1280x800 window (2560x1600 device pixels, a HiDPI laptop's screen; Qt reads the
factor when it starts, so that one is drawn by a second run of this tool).

    .venv/bin/python tools/dd2_screenshots.py [OUTDIR]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tools.shots import settle as _settle  # noqa: E402 (after the path)
from tools.shots import window as _window  # noqa: E402


def main() -> int:
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.rules.dd2 import battles
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.screenshots import compose, staged
    from tests.rules.dd2.play import choose

    app = make_app()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    scale = float(os.environ.get("QT_SCALE_FACTOR", "1"))
    sc = load_scenario(ROOT / "scenarios" / "dday2.yaml")
    with tempfile.TemporaryDirectory() as tmp:
        g = Game(sc, seed=7)
        win = _window(g, tmp)
        _settle(app)
        if scale != 1:
            win.grab().save(str(out / "dd2_scale2.png"))
            print(out / "dd2_scale2.png")
            return 0
        win.grab().save(str(out / "dd2_start.png"))
        while not (g.state.turn == 2 and g.state.phase.endswith("battle") and battles(g.state)):
            g.do(choose(g.state))
        win.set_game(win.port.__class__(g))
        item = next(i for i in win.actions_panel.items() if i.text(0).startswith("Fight every battle"))
        win.actions_panel.tree.itemActivated.emit(item, 0)
        _settle(app)
        shot = win.grab()
        dlg = win.preview_dialog
        compose(shot, dlg.grab(), dlg.windowTitle())
        shot.save(str(out / "dd2_battle.png"))
        dlg.reject()
        while not (g.state.turn == 3 and g.state.phase == "german_move"):
            g.do(choose(g.state))
        win.set_game(win.port.__class__(g))
        mover = choose(g.state)
        win.controller.select(mover.unit)
        win.units_dock.raise_()
        _settle(app)
        win._hovered(mover.to)
        _settle(app)
        win.grab().save(str(out / "dd2_turn3.png"))
        staged(win)
        win.close()
    for name in ("dd2_start.png", "dd2_battle.png", "dd2_turn3.png"):
        print(out / name)
    env = dict(os.environ, QT_SCALE_FACTOR="2")
    return subprocess.call([sys.executable, __file__, str(out)], env=env)


if __name__ == "__main__":
    sys.exit(main())
