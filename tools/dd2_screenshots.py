"""Render the D-Day2 board screenshots in docs/screenshots/ (offscreen Qt, seeded scripted play).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/dd2_screenshots.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from ddaydesk.engine import Game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.ui.dd2view import render_dd2  # noqa: E402
from tests.rules.dd2.play import choose  # noqa: E402

SHOTS = {"dd2_start.png": (1, "para"), "dd2_turn3.png": (3, "german_move")}


def main() -> None:
    app = QApplication.instance() or QApplication([])  # noqa: F841 - Qt needs it for fonts
    g = Game(load_scenario(ROOT / "scenarios" / "dday2.yaml"), seed=7)
    for name, (turn, phase) in SHOTS.items():
        while not (g.state.turn == turn and g.state.phase == phase):
            g.do(choose(g.state))
        out = ROOT / "docs" / "screenshots" / name
        render_dd2(g.state).save(str(out))
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
