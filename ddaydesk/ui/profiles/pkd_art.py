"""Koenig's D-Day art: counters printed as the series prints them (the formation's colour
across the top, one combat value and the Movement Allowance, a Heavy Weapons unit's red value
with "Hvy" and an arrow in its symbol box), round Hit markers on the counters, and over the map
the drawn formation's units ringed in its colour and the battle under way (arrows from its
attackers, the hexes its defenders may retreat to). Colours of the series' formations are
ours: the published counters' are not public (../shared/research/rules.md §3.2)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsScene

from ddaydesk.ui.counters import CounterArt, Face, face_of
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_COUNTER, Z_MARK, arrow_head
from ddaydesk.ui.port import GameView, UnitInfo
from ddaydesk.ui.profiles.base import ViewPart, path_item

#: the Sword formations' colours (the berets and arms colours where they have one)
FORMATION_COLOURS = {
    "8bde": "#b3261e", "185bde": "#1f5fa8", "9bde": "#d9a21b", "1ssbde": "#2e7d32",
    "6abn": "#7a1f3d", "6alb": "#4aa3c8", "716id": "#f4f1e8", "kgluck": "#e26fa0",
    "kgoppeln": "#7b3f98", "12ss": "#1b1b1b",
}
SPARE = ("#8d6e63", "#00897b", "#c0ca33", "#5c6bc0", "#f57c00", "#6d4c41", "#26a69a", "#ad1457")
HIT_RED = QColor("#c62828")
HEAVY_RED = QColor("#c62828")


def formation_colour(formation: str) -> str:
    """A formation's colour: Sword's own, else one of the spare colours, the same every time."""
    return FORMATION_COLOURS.get(formation) or SPARE[zlib.crc32(formation.encode()) % len(SPARE)]


def ink_on(colour: str) -> str:
    """Black or white, whichever reads on ``colour``."""
    c = QColor(colour)
    return "#000000" if 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue() > 150 else "#ffffff"


def hits_words(n: int) -> str:
    return f"{n} Hit{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class KoenigFace(Face):
    band: str = ""  # the formation's colour
    movement: str = ""
    hits: int = 0
    heavy: bool = False


class KoenigArt(CounterArt):
    def face(self, unit: UnitInfo, labelled: bool = True) -> Face:
        f = face_of(unit, labelled)
        return KoenigFace(f.type, f.nationality, f.label, f.size, str(unit.attack), band=formation_colour(unit.formation)
                          if unit.formation else "", movement=str(unit.movement), hits=unit.hits,
                          heavy=unit.type == "heavy_weapons")

    def _base_key(self, face: Face, side: int) -> tuple:
        return (*super()._base_key(face, side), getattr(face, "band", ""))

    def _draw_base(self, p: QPainter, face: Face) -> None:
        super()._draw_base(p, face)
        band = getattr(face, "band", "")
        if band:  # the formation's colour across the top, the size mark on it
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(band))
            p.drawRect(QRectF(4.2, 4.2, 91.6, 15))
            self._text(p, QRectF(6, 5, 88, 15), face.size, 12, QColor(ink_on(band)), bold=True)

    def _symbol(self, p: QPainter, kind: str, r: QRectF, ink: QColor) -> None:
        super()._symbol(p, kind, r, ink)
        if kind == "heavy_weapons":  # the series' mark: an arrow in the symbol box
            a, b = QPointF(r.left() + 10, r.bottom() - 8), QPointF(r.right() - 10, r.top() + 8)
            p.drawLine(a, b)
            head = QPainterPath()
            arrow_head(head, a, b, 11)
            p.fillPath(head, ink)

    def _draw_text(self, p: QPainter, face: Face) -> None:
        if not isinstance(face, KoenigFace):
            super()._draw_text(p, face)
            return
        ink = QColor(self.palette.counter_colours(face.nationality)[1])
        self._text(p, QRectF(4, 57, 92, 18), face.label, 17, ink, bold=True)
        self._text(p, QRectF(6, 73, 36, 24), face.values, 22, HEAVY_RED if face.heavy else ink, bold=True)
        self._text(p, QRectF(58, 73, 36, 24), face.movement, 22, ink, bold=True)
        if face.heavy:
            self._text(p, QRectF(36, 78, 28, 16), "Hvy", 11, HEAVY_RED, bold=True)
        if face.hits:
            self._hit_marker(p, face.hits)

    def _hit_marker(self, p: QPainter, n: int) -> None:
        """A round Hit marker on the counter's shoulder: '1 HIT' or '2 HITS'."""
        p.setPen(QPen(QColor("#ffffff"), 2.2))
        p.setBrush(HIT_RED)
        p.drawEllipse(QPointF(79, 35), 17, 17)
        white = QColor("#ffffff")
        self._text(p, QRectF(64, 21, 30, 19), str(n), 18, white, bold=True)
        self._text(p, QRectF(63, 38, 32, 11), "HITS" if n > 1 else "HIT", 9, white, bold=True)


class ActiveFormation(ViewPart):
    """The drawn formation's units ringed in its colour: solid while they may still act,
    dashed once they have fired or ended their move."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.scene = scene
        self.ready = path_item(scene, Z_COUNTER + 0.5)
        self.spent = path_item(scene, Z_COUNTER + 0.5)
        for item in (self.ready, self.spent):
            item.setBrush(Qt.BrushStyle.NoBrush)
        self.legend = {"active": ("the drawn formation's units (dashed: done for this activation)", self.ready)}

    def set_view(self, view: GameView) -> None:
        kv = view.extra
        counters = self.scene.counters
        ready, spent = QPainterPath(), QPainterPath()
        colour = QColor(formation_colour(kv.acting.formation)) if kv is not None and kv.acting else QColor()
        for u in kv.units if kv is not None and kv.acting else ():
            if u.id not in counters.key_of:
                continue
            pos, size = counters.pos_of(u.id), counters.size
            path = spent if u.status in ("has fired", "move ended") else ready
            # on the counter's edge: half the ring's width outside it, where the place names
            # (planned clear of the counters) never reach
            path.addRoundedRect(QRectF(pos.x(), pos.y(), size, size), size * 0.08, size * 0.08)
        width = counters.size * 0.1
        if colour.lightness() > 220:  # a pale formation colour (the 716th's): a dark ring on its grey counters
            colour = colour.darker(300)
        told = self.ready.pen().color() != colour
        self.ready.setPen(QPen(colour, width))
        dim = QColor(colour)
        dim.setAlpha(150)
        self.spent.setPen(QPen(dim, width * 0.6, Qt.PenStyle.DashLine))
        self.ready.setPath(ready)
        self.spent.setPath(spent)
        for listener in self.scene.overlays.changed if told else ():  # the legend's sample: this colour
            listener()


class BattleArrows(ViewPart):
    """The battle under way: a red arrow from each attacker's hex to the target, the target
    ringed; while its defenders choose their retreat, the hexes open to them."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.geom = geom
        red = QColor("#b3261e")
        self.lines = path_item(scene, Z_COUNTER + 0.7)  # over the counters, under the count badges
        self.lines.setPen(QPen(red, geom.scale * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        self.heads = path_item(scene, Z_COUNTER + 0.7)
        self.heads.setBrush(red)
        self.heads.setPen(Qt.PenStyle.NoPen)
        self.target = path_item(scene, Z_MARK - 2)
        self.target.setPen(QPen(red, geom.scale * 0.07))
        self.retreat = path_item(scene, Z_MARK - 2)
        self.retreat.setPen(QPen(QColor("#1f5fa8"), geom.scale * 0.06, Qt.PenStyle.DashLine))
        self.legend = {"battle": ("a battle: its attackers' fire or assault on the ringed hex", self.target),
                       "retreat": ("the defenders may retreat there", self.retreat)}

        self.planned: tuple[tuple[int, ...], int] = ((), -1)
        self.view: GameView | None = None

    def show_plan(self, places: tuple[int, ...], target: int) -> None:
        """A battle being declared (the dialog's attackers, before the declaration)."""
        self.planned = (tuple(places), target)
        if self.view is not None:
            self.set_view(self.view)

    def set_view(self, view: GameView) -> None:
        self.view = view
        kv = view.extra
        b = kv.battle if kv is not None else None
        places, target = (b.attacker_places, b.target) if b is not None else self.planned
        lines, heads = QPainterPath(), QPainterPath()
        c = self.geom.centres
        s = self.geom.scale
        if target >= 0:
            t = c[target]
            for p in sorted(set(places)):
                a = c[p]
                # from the attacker's counter edge to the target's, over the counters
                start = a + (t - a) * (0.32 if t in self.geom.board.adj[p] else 0.15)
                end = t - (t - a) * (0.3 if t in self.geom.board.adj[p] else 0.12)
                lines.moveTo(start)
                lines.lineTo(end)
                arrow_head(heads, start, end, s * 0.28)
        self.lines.setPath(lines)
        self.heads.setPath(heads)
        self.target.setPath(self.geom.area_path([target]) if target >= 0 else QPainterPath())
        self.retreat.setPath(self.geom.area_path(b.retreats) if b is not None and b.retreats else QPainterPath())
