"""The map scene: the static board pre-rendered to a pixmap, counters as items above it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene

from ddaydesk.board import Board
from ddaydesk.ui import palette

HEX_PX = 40.0  # model unit (hex radius 1) in scene pixels


def render_board(board: Board, scale: float = HEX_PX, labels: bool = True) -> QImage:
    """Draw terrain, hexsides and names once; the view shows this image, not per-hex items.

    Area maps are drawn on the sea colour (their outlines are the land). ``labels=False``
    leaves out hex numbers and place names, for a system overlay that draws its own."""
    xs, ys = [], []
    for i in range(board.n):
        minx, miny, maxx, maxy = board.polygon(i).bounds
        xs += [minx, maxx]
        ys += [miny, maxy]
    w, h = int(max(xs) * scale) + 2, int(max(ys) * scale) + 2
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor(palette.TERRAIN["sea"] if board.kind == "area" else "#ffffff"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    grid_pen = QPen(QColor(palette.GRID), 0.8)
    for i in range(board.n):
        poly = QPolygonF([QPointF(x * scale, y * scale) for x, y in board.polygon(i).exterior.coords])
        p.setBrush(QColor(palette.TERRAIN.get(board.terrain_of(i), "#ffffff")))
        p.setPen(grid_pen)
        p.drawPolygon(poly)
    if board.grid is not None:
        river = QPen(QColor(palette.RIVER), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        major = QPen(QColor(palette.RIVER), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        river_bit, major_bit = board.feature_bit("river"), board.feature_bit("major_river")
        for i in range(board.n):
            for j, s in zip(board.adj[i], board.adj_side[i], strict=True):
                if j < i or not board.side_mask[s] & (river_bit | major_bit):
                    continue
                (x1, y1), (x2, y2) = board.side_segment(i, j)
                p.setPen(major if board.side_mask[s] & major_bit else river)
                p.drawLine(QPointF(x1 * scale, y1 * scale), QPointF(x2 * scale, y2 * scale))
    if board.grid is not None and labels:
        p.setPen(QColor("#555555"))
        p.setFont(QFont("DejaVu Sans", 6))
        for i in range(board.n):
            cx, cy = board.centre(i)
            p.drawText(QPointF(cx * scale - 9, cy * scale - scale * 0.55), board.labels[i])
    p.setPen(QColor("#222222"))
    p.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
    for place in board.places if labels else ():
        cx, cy = board.centre(place.place)
        p.drawText(QPointF(cx * scale - scale * 0.8, cy * scale + scale * 0.75), place.name)
    p.end()
    return img


class MapScene(QGraphicsScene):
    def __init__(self, board: Board, parent=None):
        super().__init__(parent)
        self.board = board
        self.background = QGraphicsPixmapItem(QPixmap.fromImage(render_board(board)))
        self.background.setZValue(0)
        self.addItem(self.background)
        self.setSceneRect(self.background.boundingRect())
