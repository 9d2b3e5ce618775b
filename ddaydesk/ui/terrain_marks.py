"""The marks drawn on terrain in the map tiles (trees, hedges, peaks, waves, built-up areas,
forts, fortified lines) and on places (a port's anchor). Deterministic per place, so a mark
never moves between tiles."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF


def jitter(i: int, k: int) -> float:
    """Deterministic 0..1 noise per place, so tree and wave marks do not move between tiles."""
    x = (i * 73856093 ^ k * 19349663) & 0xFFFFFFFF
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    return (x % 10007) / 10007.0


def trees(crowns: tuple[QPainterPath, QPainterPath], i: int, c: QPointF, s: float, n: int) -> None:
    for k in range(n):
        a = jitter(i, k) * math.tau
        r = s * (0.18 + 0.42 * jitter(i, k + 11))
        x, y = c.x() + r * math.cos(a), c.y() + r * math.sin(a) * 0.85
        rad = s * (0.11 + 0.05 * jitter(i, k + 23)) * (7 / n) ** 0.5
        crowns[k % 2].addEllipse(QPointF(x, y), rad, rad)


def hedges(p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
    pen = QPen(ink, s * 0.05, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for k in range(3):
        off = (k - 1) * s * 0.38
        p.drawLine(QPointF(c.x() - s * 0.6, c.y() + off), QPointF(c.x() + s * 0.6, c.y() + off))
    for k in range(2):
        off = (k - 0.5) * s * 0.6
        p.drawLine(QPointF(c.x() + off, c.y() - s * 0.7), QPointF(c.x() + off, c.y() + s * 0.7))


def peaks(p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
    for k, (dx, dy, size) in enumerate(((-0.3, 0.15, 0.32), (0.25, 0.2, 0.28), (0.0, -0.25, 0.36))):
        base = QPointF(c.x() + dx * s, c.y() + dy * s)
        h = size * s
        tri = QPolygonF(
            [
                QPointF(base.x() - h, base.y() + h * 0.5),
                QPointF(base.x(), base.y() - h * 0.7),
                QPointF(base.x() + h, base.y() + h * 0.5),
            ]
        )
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(ink).lighter(160 + 10 * k))
        p.drawPolygon(tri)
        shade = QPolygonF([tri[1], tri[2], QPointF(base.x(), base.y() + h * 0.5)])
        p.setBrush(QColor(ink).lighter(125))
        p.drawPolygon(shade)
        p.setPen(QPen(ink, s * 0.03))
        p.drawPolyline(QPolygonF([tri[0], tri[1], tri[2]]))


def waves(path: QPainterPath, i: int, c: QPointF, s: float) -> None:
    for k in range(2):
        x = c.x() + (jitter(i, k) - 0.5) * s * 0.9
        y = c.y() + (jitter(i, k + 5) - 0.5) * s * 0.9
        path.moveTo(QPointF(x - s * 0.2, y))
        path.quadTo(QPointF(x - s * 0.1, y - s * 0.08), QPointF(x, y))
        path.quadTo(QPointF(x + s * 0.1, y + s * 0.08), QPointF(x + s * 0.2, y))


def built_up(p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 70))
    p.drawEllipse(c, s * 0.62, s * 0.55)
    p.setBrush(ink)
    for k in range(9):
        a = jitter(i, k) * math.tau
        r = s * 0.42 * math.sqrt(jitter(i, k + 3))
        w = s * (0.09 + 0.07 * jitter(i, k + 7))
        h = s * (0.08 + 0.06 * jitter(i, k + 9))
        p.drawRect(QRectF(c.x() + r * math.cos(a) - w / 2, c.y() + r * math.sin(a) - h / 2, w, h))


def star_fort(p: QPainter, c: QPointF, s: float, ink: QColor) -> None:
    pts = []
    for k in range(10):
        r = s * (0.55 if k % 2 == 0 else 0.32)
        a = math.radians(-90 + 36 * k)
        pts.append(QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a)))
    p.setPen(QPen(ink, s * 0.06))
    p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 60))
    p.drawPolygon(QPolygonF(pts))


def teeth(p: QPainter, c: QPointF, s: float, ink: QColor) -> None:
    p.setPen(QPen(ink, s * 0.04))
    p.setBrush(ink)
    for k in range(-2, 3):
        x = c.x() + k * s * 0.22
        p.drawPolygon(
            QPolygonF(
                [
                    QPointF(x - s * 0.07, c.y() + s * 0.1),
                    QPointF(x, c.y() - s * 0.12),
                    QPointF(x + s * 0.07, c.y() + s * 0.1),
                ]
            )
        )


def anchor(p: QPainter, c: QPointF, r: float) -> None:
    ink = QColor("#0b2e59")
    p.setBrush(QColor("#fffbe8"))
    p.setPen(QPen(ink, r * 0.12))
    p.drawEllipse(c, r * 1.1, r * 1.1)
    p.setPen(QPen(ink, r * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawLine(QPointF(c.x(), c.y() - r * 0.6), QPointF(c.x(), c.y() + r * 0.7))
    p.drawLine(QPointF(c.x() - r * 0.35, c.y() - r * 0.3), QPointF(c.x() + r * 0.35, c.y() - r * 0.3))
    p.drawArc(QRectF(c.x() - r * 0.6, c.y() - r * 0.2, r * 1.2, r * 0.9), 200 * 16, 140 * 16)
