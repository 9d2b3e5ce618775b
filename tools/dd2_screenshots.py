"""Render the D-Day2 board screenshots in docs/screenshots/ (offscreen Qt, seeded scripted play).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/dd2_screenshots.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ddaydesk.engine import Game, legal_actions  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.rules.dd2.text import action_zone  # noqa: E402
from ddaydesk.ui.dd2view import render_dd2  # noqa: E402
from ddaydesk.ui.dd2window import DD2Window  # noqa: E402
from tests.rules.dd2.play import choose  # noqa: E402

SHOTS = {"dd2_start.png": (1, "para"), "dd2_turn3.png": (3, "german_move")}


def main() -> None:
    app = QApplication.instance() or QApplication([])
    g = Game(load_scenario(ROOT / "scenarios" / "dday2.yaml"), seed=7)
    for name, (turn, phase) in SHOTS.items():
        while not (g.state.turn == turn and g.state.phase == phase):
            g.do(choose(g.state))
        out = ROOT / "docs" / "screenshots" / name
        render_dd2(g.state).save(str(out))
        print(f"wrote {out}")
    # the hot-seat window in turn 4, German move, with the busiest zone's actions listed
    while not (g.state.turn == 4 and g.state.phase == "german_move"):
        g.do(choose(g.state))
    win = DD2Window(g)
    win.resize(1600, 1000)
    moves = Counter(action_zone(g.state, a) for a in legal_actions(g.state, "german") if a.kind == "move")
    win.pick_zone(moves.most_common(1)[0][0])
    win.show()
    app.processEvents()
    win.view.fitInView(win.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    app.processEvents()
    out = ROOT / "docs" / "screenshots" / "dd2_window.png"
    win.grab().save(str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
