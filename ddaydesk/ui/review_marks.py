"""Action marks on the map (:class:`~ddaydesk.ui.action_marks.Marks`): the paths units took
as lines with arrow heads, each attack as arrows from the attackers' places into the target's
outline, the other places an action named outlined. Two sets: the reviewed action (bright,
over the counters) and the other side's attacks among the last-move trails (under them, in
the View menu's trails layer)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from ddaydesk.ui.action_marks import Marks
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_COUNTER, Z_LINE, arrow_head

MOVE = QColor("#ff8c1a")  # the reviewed action's move
ATTACK = QColor("#d0021b")  # an attack: the reviewed one, or the other side's since your turn


class MarkItems:
    """A few path items drawing one :class:`Marks` (a move's casing, lines, heads, outlines)."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry, z: float, strong: bool,
                 width: float | None = None):
        """``strong``: solid lines over a white casing (else dashed, thin); ``width`` of the
        lines in hexes (a small picture of a big map needs them wider)."""
        self.geom = geom
        s = self.s = geom.scale
        cap, join = Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
        width = width or (0.14 if strong else 0.07)
        self.marks = Marks()

        def item(pen: QPen, brush=Qt.BrushStyle.NoBrush, dz: float = 0.0) -> QGraphicsPathItem:
            it = QGraphicsPathItem()
            it.setPen(pen)
            it.setBrush(brush)
            it.setZValue(z + dz)
            it.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(it)
            return it

        casing = QPen(QColor(255, 255, 255, 220), s * width * 1.7, Qt.PenStyle.SolidLine, cap, join)
        self.casing = item(casing) if strong else None
        style = Qt.PenStyle.SolidLine if strong else Qt.PenStyle.DashLine
        self.moves = item(QPen(MOVE, s * width, Qt.PenStyle.SolidLine, cap, join), dz=0.1)
        self.move_heads = item(QPen(MOVE, s * 0.02), MOVE, dz=0.2)
        self.attacks = item(QPen(ATTACK, s * width, style, cap, join), dz=0.1)
        self.attack_heads = item(QPen(ATTACK, s * 0.02), ATTACK, dz=0.2)
        self.targets = item(QPen(ATTACK, s * width * 0.9, Qt.PenStyle.SolidLine, cap, join), dz=0.1)
        outline = QColor(MOVE)
        fill = QColor(MOVE)
        fill.setAlpha(60)
        self.places = item(QPen(outline, s * width * 0.9, Qt.PenStyle.SolidLine, cap, join), fill)
        self.items = [i for i in (self.casing, self.moves, self.move_heads, self.attacks, self.attack_heads,
                                  self.targets, self.places) if i is not None]

    def show(self, marks: Marks) -> None:
        self.marks = marks
        g, s = self.geom, self.s
        moves, heads = QPainterPath(), QPainterPath()
        for p in marks.paths:
            moves.addPath(g.polyline(p))
            arrow_head(heads, g.centres[p[-2]], g.centres[p[-1]], s * 0.32)
        attacks, attack_heads = QPainterPath(), QPainterPath()
        for frm, target in marks.attacks:
            end = g.centres[target]
            for f in frm:
                start = g.centres[f]
                line = QLineF(start, end)
                if line.length() < 1e-6:
                    continue
                tip = line.pointAt(max(0.0, 1 - s * 0.55 / line.length()))  # stop at the target's edge
                attacks.moveTo(start)
                attacks.lineTo(tip)
                arrow_head(attack_heads, start, tip, s * 0.34)
        self.moves.setPath(moves)
        self.move_heads.setPath(heads)
        if self.casing is not None:
            casing = QPainterPath(moves)
            casing.addPath(attacks)
            self.casing.setPath(casing)
        self.attacks.setPath(attacks)
        self.attack_heads.setPath(attack_heads)
        self.targets.setPath(g.boundary_path({t for _f, t in marks.attacks}))
        self.places.setPath(g.area_path(marks.places))

    def clear(self) -> None:
        self.show(Marks())

    def rect(self) -> QRectF | None:
        """Where the marks are (to bring them into view), or None when there are none."""
        rect = None
        for it in self.items:
            if not it.path().isEmpty():
                r = it.path().boundingRect()
                rect = r if rect is None else rect.united(r)
        return rect


def review_items(scene, geom) -> MarkItems:
    """The reviewed action's marks: over the counters, so a stack never hides them."""
    return MarkItems(scene, geom, Z_COUNTER + 1.5, strong=True)


def trail_attack_items(scene, geom, overlays) -> MarkItems:
    """The other side's attacks since this side's turn: dashed, under the counters, switched
    with the trails layer (its items join the layer's)."""
    items = MarkItems(scene, geom, Z_LINE - 1, strong=False)
    overlays.items["trails"].extend(items.items)
    for it in items.items:
        it.setVisible(overlays.visible.get("trails", True))
    return items
