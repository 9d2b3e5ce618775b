"""Screenshots of the generated maps with ddaydesk's own renderer (offscreen Qt):
``python -m tools.mapgen.shots [OUT_DIR]`` writes docs/screenshots/map-*.png."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# (file name, map, crop box in hex labels (north-west, south-east) or None, scale px/unit)
SHOTS = [
    ("map-dday77-whole.png", "dday77", None, 16.0),
    ("map-dday77-normandy.png", "dday77", ("1317", "2724"), 40.0),
    ("map-utah-whole.png", "utah", None, 26.0),
    ("map-utah-landing.png", "utah", ("3301", "1611"), 44.0),
]


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from ddaydesk.formats.mapfile import load_map
    from ddaydesk.ui.mapscene import render_board

    QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    for name, map_id, crop, scale in SHOTS:
        board = load_map(ROOT / "maps" / f"{map_id}.yaml")
        img = render_board(board, scale)
        if crop:
            (x0, y0), (x1, y1) = (board.centre(board.index(label)) for label in crop)
            img = img.copy(QRect(int((x0 - 1) * scale), int((y0 - 1) * scale),
                                 int((x1 - x0 + 2) * scale), int((y1 - y0 + 2) * scale)))
        img.save(str(out / name))
        print(f"wrote {out / name} ({img.width()}x{img.height()})")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
