"""D-Day2's art over the area map: beachhead and airborne boxes at sea (painted once into the
tiles), and from each view the battles (contested zones), the blockhouse fire arrows while a
blockhouse stands, and each beachhead's load against its capacity."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsScene

from ddaydesk.rules.dd2.parts import BOX, part_anchors
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_AREA, Z_LINE, Z_MARK, arrow_head, text_path
from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import ViewPart, path_item

INK = QColor("#2c3e50")
RED = QColor("#b3261e")


def _box_rect(x: float, y: float, s: float) -> QRectF:
    return QRectF((x - BOX[0] / 2) * s, (y - BOX[1] / 2) * s, BOX[0] * s, BOX[1] * s)


def paint_boxes(p: QPainter, board, geom: BoardGeometry) -> None:
    """Each beachhead and airborne box at sea, titled, with a leader line to its coast."""
    s = geom.scale
    anchors = part_anchors(board)
    for z, a in anchors.items():
        named = {pl.kind: pl.name for pl in board.places_at.get(z, [])}
        for box, kind, fill in (("beach", "beach", "#efe2a8"), ("drop", "drop_box", "#dfe7ef")):
            if box not in a:
                continue
            x, y = a[box]
            end = a["coast"] if box == "beach" else a["label"]
            p.setPen(QPen(INK, s * 0.04, Qt.PenStyle.DotLine))
            p.drawLine(QPointF(x * s, y * s), QPointF(end[0] * s, end[1] * s))
            r = _box_rect(x, y, s)
            p.setPen(QPen(INK, s * 0.03))
            p.setBrush(QColor(fill))
            p.drawRoundedRect(r, s * 0.1, s * 0.1)
            title = named.get(kind, "")
            if box == "drop":  # "US airborne (Sainte-Mère-Église)": the box says whose it is
                title = title.split(" (")[0]
            room = r.width() - s * (0.2 if box == "drop" else 0.75)  # the beach's load goes right
            p.setFont(_fitted(title, s * 0.26, room))
            p.setPen(INK)
            p.drawText(r.adjusted(s * 0.1, s * 0.02, -s * 0.1, 0), Qt.AlignmentFlag.AlignLeft
                       | Qt.AlignmentFlag.AlignTop, title)


def _fitted(text: str, px: float, width: float) -> QFont:
    """A bold font of at most ``px`` pixels in which ``text`` fits ``width``."""
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(max(1, round(px)))
    w = QFontMetricsF(font).horizontalAdvance(text)
    if w > width:
        font.setPixelSize(max(1, round(px * width / w)))
    return font


class BattleMarks(ViewPart):
    """Every zone with a battle (both sides hold ground units there): a red edge and tint."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.geom = geom
        self.item = path_item(scene, Z_AREA + 3)
        tint = QColor(RED)
        tint.setAlpha(28)
        self.item.setBrush(tint)
        self.item.setPen(QPen(RED, geom.scale * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                              Qt.PenJoinStyle.RoundJoin))
        self.legend = {"battle": ("battle: both sides' ground units in the zone", self.item)}

    def set_view(self, view: GameView) -> None:
        self.item.setPath(self.geom.area_path(p for kind, p, _s in view.markers if kind == "battle"))


class BlockhouseArrows(ViewPart):
    """Red arrows from the zones whose blockhouses fire at a beach, while one stands there."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.geom = geom
        board = geom.board
        beach_at = {pl.name: pl.place for pl in board.places_of_kind("beach")}
        self.fire = [(z, beach_at[r.name]) for r in board.regions_of_kind("blockhouse_fire")
                     if r.name in beach_at for z in r.places]
        ink = QColor(RED)
        ink.setAlpha(150)  # printed board art: under the counters and names' way
        self.lines = path_item(scene, Z_LINE + 2)
        self.lines.setPen(QPen(ink, geom.scale * 0.04, Qt.PenStyle.DashLine))
        self.heads = path_item(scene, Z_LINE + 2)
        self.heads.setBrush(ink)
        self.heads.setPen(Qt.PenStyle.NoPen)
        self.legend = {"blockhouse_fire": ("blockhouse fire at a beachhead, while the blockhouse stands", self.lines)}

    def set_view(self, view: GameView) -> None:
        standing = {u.place for u in view.units if u.type == "blockhouse" and u.place >= 0 and not u.eliminated}
        anchors = part_anchors(self.geom.board)
        s = self.geom.scale
        lines, heads = QPainterPath(), QPainterPath()
        for z, beach in self.fire:
            if z not in standing:
                continue
            c = self.geom.centres[z]
            a = QPointF(c.x(), c.y() + s * 0.36)  # the German row
            b = QPointF(anchors[beach]["beach"][0] * s, (anchors[beach]["beach"][1] + BOX[1] / 2) * s)
            lines.moveTo(a)
            lines.lineTo(b)
            arrow_head(heads, a, b, s * 0.3)
        self.lines.setPath(lines)
        self.heads.setPath(heads)


class BeachCounts(ViewPart):
    """Each beachhead's units against its capacity ("3/4"), on its box."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.geom = geom
        board = geom.board
        self.beaches = [(pl.place, pl.capacity or 0) for pl in board.places_of_kind("beach")]
        self.halo = path_item(scene, Z_MARK)
        self.halo.setPen(QPen(QColor(239, 226, 168, 230), geom.scale * 0.08))
        self.text = path_item(scene, Z_MARK + 0.5)
        self.text.setBrush(INK)
        self.text.setPen(Qt.PenStyle.NoPen)

    def set_view(self, view: GameView) -> None:
        load: dict[int, int] = {}
        for u in view.units:
            if u.part == "beach" and u.place >= 0 and not u.eliminated:
                load[u.place] = load.get(u.place, 0) + 1
        anchors = part_anchors(self.geom.board)
        s = self.geom.scale
        path = QPainterPath()
        for z, cap in self.beaches:
            x, y = anchors[z]["beach"]
            at = QPointF((x + BOX[0] / 2 - 0.32) * s, (y - BOX[1] / 2 + 0.17) * s)
            path.addPath(text_path(f"{load.get(z, 0)}/{cap}", at, s * 0.26))
        self.halo.setPath(path)
        self.text.setPath(path)
