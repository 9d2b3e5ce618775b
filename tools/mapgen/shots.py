"""Screenshots of the generated maps with ddaydesk's own renderer (offscreen Qt):
``python -m tools.mapgen.shots [OUT_DIR]`` writes docs/screenshots/map-*.png.

The board renderer on this branch draws terrain, rivers and names only; roads (solid) and
trails (dashed) are drawn over its image here, centre to centre across the sides they mark,
so the pictures show what the map file holds."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROAD = "#8a3b2e"
# (file name, map, crop box in hex labels (north-west, south-east) or None, scale px/unit)
SHOTS = [
    ("map-dday77-whole.png", "dday77", None, 16.0),
    ("map-dday77-normandy.png", "dday77", ("1317", "2724"), 40.0),
    ("map-utah-whole.png", "utah", None, 26.0),
    ("map-utah-landing.png", "utah", ("3301", "1611"), 44.0),
    ("map-sword.png", "sword", None, 60.0),
]


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from ddaydesk.formats.mapfile import load_map
    from ddaydesk.ui.maprender import render_board

    QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    for name, map_id, crop, scale in SHOTS:
        board = load_map(ROOT / "maps" / f"{map_id}.yaml")
        img = render_board(board, scale)
        _roads(board, img, scale)
        if crop:
            (x0, y0), (x1, y1) = (board.centre(board.index(label)) for label in crop)
            img = img.copy(QRect(int((x0 - 1) * scale), int((y0 - 1) * scale),
                                 int((x1 - x0 + 2) * scale), int((y1 - y0 + 2) * scale)))
        img.save(str(out / name))
        print(f"wrote {out / name} ({img.width()}x{img.height()})")
    return 0


def _roads(board, img, scale: float) -> None:
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QColor, QPainter, QPen

    road_bit, trail_bit = board.feature_bit("road"), board.feature_bit("trail")
    if not road_bit | trail_bit:
        return
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    road = QPen(QColor(ROAD), 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    trail = QPen(QColor(ROAD), 1.5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
    for i in range(board.n):
        for j, s in zip(board.adj[i], board.adj_side[i], strict=True):
            if j > i and board.side_mask[s] & (road_bit | trail_bit):
                (x1, y1), (x2, y2) = board.centre(i), board.centre(j)
                p.setPen(road if board.side_mask[s] & road_bit else trail)
                p.drawLine(QPointF(x1 * scale, y1 * scale), QPointF(x2 * scale, y2 * scale))
    p.end()


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
