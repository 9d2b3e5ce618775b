"""D-Day Dice's dice as they look on the table: a red, white, blue or black die showing its face
(a Soldier, two Soldiers, a Star, the Courage medal, a Tool, a Skull), and the same icons small
for resources. Drawn in a 100 x 100 box with paths, cached per look and size."""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)

BODY = {"red": "#b3261e", "white": "#f3efe4", "blue": "#1f4f9e", "black": "#1d1d1f"}
INK = {"red": "#fff6ec", "white": "#1d2a44", "blue": "#f4f7ff", "black": "#f0ece0"}
#: how a die's part in the tally is marked: role -> (frame colour, words)
ROLES = {"rwb": ("#d9a520", "in an RWB"), "straight": ("#2f9e44", "in a Straight"),
         "cancelled": ("#c92a2a", "cancelled by a Skull"), "active_skull": ("#862e9c", "an Active Skull: cancels a die"),
         "ignored_skull": ("#868e96", "a Skull set aside: cancels nothing"), "counts": ("", "counts")}
#: resource -> the face whose icon stands for it
RESOURCE_ICON = {"soldiers": "soldier", "courage": "courage", "stars": "star", "tools": "tool"}


def _helmet(path: QPainterPath, cx: float, cy: float, k: float) -> None:
    """A soldier's head and shoulders under a helmet, centred on (cx, cy), ``k`` its scale."""
    face = QPainterPath()
    face.addEllipse(QPointF(cx, cy + 3 * k), 9 * k, 10 * k)
    brim = QPainterPath()  # a gap under the helmet's brim
    brim.addRect(QRectF(cx - 20 * k, cy - 2 * k, 40 * k, 3.5 * k))
    path.addPath(face.subtracted(brim))
    helmet = QPainterPath(QPointF(cx - 18 * k, cy - 2 * k))
    helmet.cubicTo(cx - 15 * k, cy - 24 * k, cx + 15 * k, cy - 24 * k, cx + 18 * k, cy - 2 * k)
    helmet.lineTo(cx - 18 * k, cy - 2 * k)
    path.addPath(helmet)
    body = QPainterPath(QPointF(cx - 22 * k, cy + 30 * k))
    body.cubicTo(cx - 21 * k, cy + 14 * k, cx - 10 * k, cy + 11 * k, cx, cy + 13 * k)
    body.cubicTo(cx + 10 * k, cy + 11 * k, cx + 21 * k, cy + 14 * k, cx + 22 * k, cy + 30 * k)
    body.closeSubpath()
    path.addPath(body)


def _star(cx: float, cy: float, r: float) -> QPolygonF:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.42
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(QPointF(cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return QPolygonF(pts)


@cache
def face_path(face: str) -> QPainterPath:
    """The face's icon in a 100 x 100 box (filled with the die's ink)."""
    p = QPainterPath()
    p.setFillRule(Qt.FillRule.WindingFill)
    if face == "soldier":
        _helmet(p, 50, 46, 1.25)
    elif face == "soldiers":
        _helmet(p, 35, 48, 0.95)
        _helmet(p, 65, 48, 0.95)
    elif face == "star":
        p.addPolygon(_star(50, 53, 34))
        p.closeSubpath()
    elif face == "courage":  # a medal on its ribbon: a ring round a disc
        ribbon = QPainterPath()
        ribbon.addPolygon(QPolygonF([QPointF(28, 8), QPointF(46, 8), QPointF(54, 42), QPointF(42, 44)]))
        ribbon.addPolygon(QPolygonF([QPointF(54, 8), QPointF(72, 8), QPointF(58, 44), QPointF(46, 42)]))
        medal = _circle(50, 67, 23).subtracted(_circle(50, 67, 16)).united(_circle(50, 67, 10))
        p.addPath(ribbon.subtracted(_circle(50, 67, 23)).united(medal))
        p.setFillRule(Qt.FillRule.OddEvenFill)  # (one outline with its hole: the ring)
    elif face == "tool":  # a spanner, corner to corner
        t = QPainterPath()
        t.addEllipse(QPointF(0, -30), 15, 15)
        t.addRect(QRectF(-6, -22, 12, 50))
        t.addEllipse(QPointF(0, 30), 11, 11)
        jaw = QPainterPath()
        jaw.addRect(QRectF(-5, -48, 10, 20))
        shape = t.subtracted(jaw)
        shape = shape.subtracted(_circle(0, 30, 5))
        p.addPath(QTransform().translate(50, 52).rotate(45).map(shape))
    elif face == "skull":
        s = QPainterPath()
        s.addEllipse(QRectF(24, 16, 52, 48))
        s.addRoundedRect(QRectF(34, 52, 32, 24), 6, 6)
        holes = QPainterPath()
        holes.addEllipse(QPointF(40, 42), 8, 9)
        holes.addEllipse(QPointF(60, 42), 8, 9)
        holes.addPolygon(QPolygonF([QPointF(50, 51), QPointF(45, 60), QPointF(55, 60)]))
        for x in (42, 50, 58):
            holes.addRect(QRectF(x - 1.5, 66, 3, 10))
        p.addPath(s.subtracted(holes))
    return p


def _circle(x: float, y: float, r: float) -> QPainterPath:
    c = QPainterPath()
    c.addEllipse(QPointF(x, y), r, r)
    return c


def paint_die(p: QPainter, r: QRectF, colour: str, face: str, role: str = "counts",
              locked: bool = False, held: bool = False) -> None:
    """A die in ``r`` (a square): its body, face, the frame of its part in the tally, and a
    padlock when it is locked (closed and grey when a re-roll holds it)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(r.topLeft())
    p.scale(r.width() / 100.0, r.height() / 100.0)
    body = QRectF(8, 8, 84, 84)
    frame, _words = ROLES.get(role, ROLES["counts"])
    if frame:  # the tally's highlight: a wide ring round the die
        p.setPen(QPen(QColor(frame), 7))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(QRectF(3.5, 3.5, 93, 93), 16, 16)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(body.translated(2, 3), 13, 13)
    base = QColor(BODY.get(colour, "#888888"))
    grad = QLinearGradient(body.topLeft(), body.bottomRight())
    grad.setColorAt(0, base.lighter(118))
    grad.setColorAt(1, base.darker(112))
    p.setBrush(grad)
    p.setPen(QPen(base.darker(160) if colour != "black" else QColor("#555555"), 2))
    p.drawRoundedRect(body, 13, 13)
    p.translate(8, 8)
    p.scale(0.84, 0.84)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(INK.get(colour, "#000000")))
    p.drawPath(face_path(face))
    p.restore()
    if role in ("cancelled", "ignored_skull"):
        _strike(p, r, role)
    if locked:
        _padlock(p, r, held)


def _strike(p: QPainter, r: QRectF, role: str) -> None:
    """A cancelled die is veiled, with a red cross in its lower left corner (its face stays
    readable: what the Skull took is worth seeing); a Skull set aside only veiled."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    inner = r.adjusted(r.width() * 0.08, r.height() * 0.08, -r.width() * 0.08, -r.height() * 0.08)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 120))
    p.drawRoundedRect(inner, r.width() * 0.13, r.width() * 0.13)
    if role == "cancelled":
        w = r.width() * 0.36
        badge = QRectF(r.left() - w * 0.05, r.bottom() - w * 0.95, w, w)
        p.setPen(QPen(QColor("#ffffff"), max(1.0, r.width() * 0.03)))
        p.setBrush(QColor("#c92a2a"))
        p.drawEllipse(badge)
        p.setPen(QPen(QColor("#ffffff"), max(1.5, r.width() * 0.05), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        m = w * 0.3
        p.drawLine(badge.topLeft() + QPointF(m, m), badge.bottomRight() - QPointF(m, m))
        p.drawLine(QPointF(badge.right() - m, badge.top() + m), QPointF(badge.left() + m, badge.bottom() - m))
    p.restore()


def _padlock(p: QPainter, r: QRectF, held: bool) -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    w = r.width() * 0.34
    box = QRectF(r.right() - w * 0.95, r.top() - w * 0.1, w, w)
    p.setPen(QPen(QColor("#222222"), max(1.0, w * 0.07)))
    p.setBrush(QColor("#8d949b") if held else QColor("#f2b705"))
    p.drawEllipse(box)
    p.setPen(QPen(QColor("#222222"), max(1.0, w * 0.1)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    shackle = QRectF(box.center().x() - w * 0.17, box.top() + w * 0.17, w * 0.34, w * 0.36)
    p.drawArc(shackle, 0, 180 * 16)
    p.setBrush(QColor("#222222"))
    p.drawRect(QRectF(box.center().x() - w * 0.24, box.top() + w * 0.38, w * 0.48, w * 0.36))
    p.restore()


@cache
def die_pixmap(colour: str, face: str, px: int, role: str = "counts", locked: bool = False, held: bool = False,
               dpr: float = 1.0) -> QPixmap:
    pm = QPixmap(round(px * dpr), round(px * dpr))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_die(p, QRectF(0, 0, px * dpr, px * dpr), colour, face, role, locked, held)
    p.end()
    pm.setDevicePixelRatio(dpr)
    return pm


@cache
def icon_pixmap(face: str, px: int, colour: str = "#2b2b2b", dpr: float = 1.0) -> QPixmap:
    """A face's icon alone (a resource's mark), in ``colour``."""
    pm = QPixmap(round(px * dpr), round(px * dpr))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(px * dpr / 100.0, px * dpr / 100.0)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawPath(face_path(face))
    p.end()
    pm.setDevicePixelRatio(dpr)
    return pm
