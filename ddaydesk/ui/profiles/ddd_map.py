"""D-Day Dice over its Battle Map, drawn from each view: the machine guns' sights while they fire
(``SectorView.mgf_live``: always in the co-operative game, against a German only while he mans
them, and never where a Grenadier silenced them); each Unit's marker, a die showing its turns in
the Sector (red once it must move); the Units as their nation's round markers; and a Sector's
printing in words for the place dock, with its rules."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from ddaydesk.ui.counters import CounterArt, Face
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_COUNTER, Z_MARK
from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import ViewPart
from ddaydesk.ui.profiles.ddd_art import BARRIER, GOLD, GUN, INK, gun_spots, line_marks
from ddaydesk.ui.rule_links import linked

#: nation -> the letters on its Unit's marker
NATION_MARK = {"us": "US", "british": "UK", "french": "FR", "canadian": "CA", "greek": "GR",
               "norwegian": "NO", "polish": "PL", "german": "DE"}


class MarkerArt(CounterArt):
    """A Unit as its nation's marker: a round token in the nation's colour, its letters on it."""

    def _draw_base(self, p, face: Face) -> None:
        bg, ink = self.palette.counter_colours(face.nationality)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(QRectF(6.5, 8, 88, 88))
        p.setBrush(QColor(bg))
        p.setPen(QPen(QColor(ink), 4))
        p.drawEllipse(QRectF(5, 5, 88, 88))
        p.setPen(QPen(QColor(255, 255, 255, 200), 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QRectF(14, 14, 70, 70))

    def _draw_text(self, p, face: Face) -> None:
        ink = QColor(self.palette.counter_colours(face.nationality)[1])
        self._text(p, QRectF(10, 28, 78, 40), NATION_MARK.get(face.nationality, face.nationality[:2].upper()),
                   34, ink, bold=True)


def _item(scene: QGraphicsScene, z: float) -> QGraphicsPathItem:
    item = QGraphicsPathItem()
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    scene.addItem(item)
    return item


def _sight(path: QPainterPath, c: QPointF, rad: float) -> None:
    path.addEllipse(c, rad, rad)
    path.moveTo(c.x() - rad * 1.4, c.y())
    path.lineTo(c.x() + rad * 1.4, c.y())
    path.moveTo(c.x(), c.y() - rad * 1.4)
    path.lineTo(c.x(), c.y() + rad * 1.4)


class GunSights(ViewPart):
    """A red gun sight for each machine gun of a Sector, while its guns fire."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.geom = geom
        self.marks = line_marks(geom.board, geom.scale)
        self.item = _item(scene, Z_MARK - 2)
        self.item.setPen(QPen(GUN, geom.scale * 0.17 * 0.3))
        self.legend = {"ddd_guns": ("machine guns that fire (one sight each)", self.item)}

    def set_view(self, view: GameView) -> None:
        t = getattr(view.table, "table", None)
        path = QPainterPath()
        for sv in t.sectors if t is not None and not view.table.guns_off else ():
            if sv.mgf_live:
                for c in gun_spots(self.geom, sv.place, self.marks):
                    _sight(path, c, self.geom.scale * 0.17)
        self.item.setPath(path)


class PrintedLines(ViewPart):
    """The legend's samples of what a Battle Map prints on its lines (ddd_art draws them into
    the tiles): a Courage cost, Land Mines, a Barrier; shown while the map has any of them."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        s = geom.scale
        self.courage, self.mines, self.barrier = (_item(scene, Z_MARK - 3) for _ in range(3))  # (no path: samples)
        self.courage.setPen(QPen(INK, s * 0.04))
        self.courage.setBrush(GOLD)
        self.mines.setPen(QPen(QColor("#555555"), s, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap))  # (the legend: 4 px)
        self.barrier.setPen(QPen(BARRIER, s))
        self.legend = {"ddd_courage": ("a gold disc on a line: the Courage an Advance across it costs", self.courage),
                       "ddd_mines": ("dots along a line: Land Mines, a d6 of Soldiers to cross", self.mines),
                       "ddd_barrier": ("a bar along a line: a Barrier, no way across", self.barrier)}

    def set_view(self, view: GameView) -> None:
        """Nothing to draw: the tiles hold the printing (the legend shows it while marked)."""


class UnitMarkers(ViewPart):
    """Each Unit's marker die beside its token: the turns spent in its Sector as pips, red when
    the marker is past its limit and the Unit must move."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.scene = scene
        self.geom = geom
        self.body = _item(scene, Z_COUNTER + 1)
        self.body.setPen(QPen(QColor("#222222"), geom.scale * 0.025))
        self.body.setBrush(QColor("#fbfaf5"))
        self.alarm = _item(scene, Z_COUNTER + 1)
        self.alarm.setPen(QPen(QColor("#222222"), geom.scale * 0.025))
        self.alarm.setBrush(QColor("#c92a2a"))
        self.pips = _item(scene, Z_COUNTER + 1.1)
        self.pips.setPen(Qt.PenStyle.NoPen)
        self.pips.setBrush(QColor("#1b1b1b"))
        self.white_pips = _item(scene, Z_COUNTER + 1.1)
        self.white_pips.setPen(Qt.PenStyle.NoPen)
        self.white_pips.setBrush(QColor("#ffffff"))
        self.legend = {"ddd_marker": ("Unit marker: its turns in the Sector (red: it must move)", self.body)}

    def set_view(self, view: GameView) -> None:
        t = getattr(view.table, "table", None)
        body, alarm, pips, white = QPainterPath(), QPainterPath(), QPainterPath(), QPainterPath()
        counters = self.scene.counters
        side = counters.size
        for p in t.players if t is not None else ():
            if p.id not in counters.key_of or not p.marker_limit or p.status != "ashore":
                continue
            at = counters.pos_of(p.id)
            d = side * 0.42
            r = QRectF(at.x() + side - d * 0.75, at.y() + side - d * 0.75, d, d)
            (alarm if p.must_move else body).addRoundedRect(r, d * 0.2, d * 0.2)
            for x, y in PIPS.get(min(p.marker, 6), ()):
                (white if p.must_move else pips).addEllipse(QPointF(r.left() + x * d, r.top() + y * d), d * 0.09, d * 0.09)
        self.body.setPath(body)
        self.alarm.setPath(alarm)
        self.pips.setPath(pips)
        self.white_pips.setPath(white)


class BattleFrame(ViewPart):
    """An Overlord campaign's board holds every Battle Map in turn: the one in play is framed
    (fitted to the window when its battle begins) and the rest of the board veiled."""

    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry):
        self.scene = scene
        self.geom = geom
        self.parts = [r for r in geom.board.regions.values() if r.kind == "part"]
        self.veil = _item(scene, Z_COUNTER - 1)
        self.veil.setPen(Qt.PenStyle.NoPen)
        self.veil.setBrush(QColor(40, 44, 38, 150))
        self.framed = -1

    def set_view(self, view: GameView) -> None:
        c = getattr(getattr(view.table, "table", None), "campaign", None)
        if c is None or not self.parts:
            return
        k = min(c.battle, len(self.parts)) - 1
        if k == self.framed:
            return
        self.framed = k
        rect = QRectF()
        for p in self.parts[k].places:
            rect = rect.united(self.geom.bounds[p])
        # the board's half-unit margin on either side (half the gap between two parts), its
        # whole height: what is fitted is the battle's frame, and the neighbour's edge is veiled
        board = self.geom.rect
        half = self.geom.scale * 0.5
        frame = QRectF(rect.left() - half, board.top(), rect.width() + 2 * half, board.height())
        whole, hole = QPainterPath(), QPainterPath()
        whole.addRect(board)
        hole.addRect(frame)
        self.veil.setPath(whole.subtracted(hole))
        for v in self.scene.views():
            v.fit_rect = frame
            v.fit()


PIPS = {1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
        4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
        5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
        6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78))}


def sector_html(view: GameView, place: int) -> str:
    """A Sector in words for the place dock: DEF, machine guns (firing or not, and why), Special
    Damage, what it needs and does, and each Unit there with its marker; rule ids as links."""
    t = getattr(view.table, "table", None)
    sv = next((s for s in t.sectors if s.place == place), None) if t is not None else None
    if sv is None:
        return ""
    lines = [f"DEF {sv.defence}: a Unit arriving or staying loses that many Soldiers (STD-DDD-DEF)"]
    if sv.mgf:
        off = view.table.guns_off
        state = "firing" if sv.mgf_live and not off else "silent"
        why = f" ({off})" if off and sv.mgf_live else "" if sv.mgf_live else (
            " (the German has not manned them, DDD-GER-08..09)" if t.mode != "coop" and not t.mgf_active
            else " (silenced for good, DDD-GER-38)")
        lines.append(f"Machine guns: {sv.mgf}, {state}{why}: each rolls a die of Soldiers lost (STD-DDD-MGF)")
    if sv.special_damage:
        lines.append("Special Damage: a 6 on a machine-gun die also costs a Specialist (STD-DDD-MGF)")
    if sv.requires:
        lines.append(f"Only a Unit with the {sv.requires} may enter (STD-DDD-SECTOR)")
    if sv.attributes:
        lines.append("Here: " + "; ".join(sv.attributes) + " (STD-DDD-SECTOR)")
    if sv.bunker:
        lines.append("A Bunker: every Unit must take one to win (STD-DDD-END)")
    names = {p.id: p for p in t.players}
    for uid in sv.units:
        p = names.get(uid)
        if p is not None and p.marker_limit:
            lines.append(f"{p.name}: turn {p.marker} of {p.marker_limit} here"
                         + (", must move" if p.must_move else "") + " (STD-DDD-MARKER)")
    if sv.ways:  # last: a short dock cuts it before the Sector's own print and its Units
        lines.append("Ways on: " + "; ".join(sv.ways) + " (STD-DDD-MOVE)")
    return "<br>" + "<br>".join(linked(line) for line in lines)

