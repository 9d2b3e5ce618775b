"""D-Day2 board drawing: each zone with its three parts (A, G, P), the units in them, patrols,
beachheads and airborne boxes, drawn over the area map. Reads the engine's GameState (through
the rules' read-only DD2State), holds no rules."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene

from ddaydesk.engine import GameState
from ddaydesk.rules.dd2 import DD2State
from ddaydesk.rules.dd2.parts import BOX, part_anchors
from ddaydesk.ui import palette
from ddaydesk.ui.maprender import render_board

SCALE = 40.0
LETTER = {"infantry": "I", "artillery": "A", "armour": "T", "blockhouse": "B", "fighter": "F",
          "para_surprise": "P", "bomber": "Bo"}
PART_TITLE = {"A": "A", "G": "G", "P": "P"}


def _chips(p: QPainter, state, ks: list[int], x: float, y: float, scale: float) -> None:
    """Units as chips, one per nationality and type: '3I' on the nationality's colour."""
    groups = Counter((state.units[k].nationality, state.units[k].type) for k in ks)
    w, h = scale * 0.5, scale * 0.3
    x0 = x - (len(groups) * w) / 2
    p.setFont(QFont("DejaVu Sans", max(5, int(scale * 0.16)), QFont.Weight.Bold))
    for n, ((nat, utype), count) in enumerate(sorted(groups.items())):
        r = QRectF(x0 + n * w, y - h / 2, w - 1, h)
        p.setPen(QPen(QColor("#222222"), 0.8))
        p.setBrush(QColor(palette.DEFAULT.nationality.get(nat, "#cccccc")))
        p.drawRoundedRect(r, 2, 2)
        p.setPen(QColor("#111111"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"{count}{LETTER.get(utype, '?')}")


def _slot(p: QPainter, part: str, x: float, y: float, scale: float) -> None:
    """The empty frame of a part, so every zone shows its A, G and P parts."""
    w, h = scale * 0.5, scale * 0.3
    p.setPen(QPen(QColor("#9a957f"), 0.7, Qt.PenStyle.DashLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(x - w / 2, y - h / 2, w, h), 2, 2)
    p.setPen(QColor("#9a957f"))
    p.setFont(QFont("DejaVu Sans", max(5, int(scale * 0.15))))
    p.drawText(QRectF(x - w / 2, y - h / 2, w, h), Qt.AlignmentFlag.AlignCenter, PART_TITLE[part])


def draw_dd2(p: QPainter, gs: GameState, scale: float = SCALE) -> None:
    state = DD2State(gs)
    board = state.board
    anchors = part_anchors(board)
    victory = set(state.info.victory)
    by_place: dict[tuple[int, str], list[int]] = {}
    for k in range(len(state.zone)):
        if state.zone[k] >= 0 and state.alive(k):
            by_place.setdefault((state.zone[k], state.part[k]), []).append(k)
    for z in range(board.n):
        if state.contested(z):
            poly = QPolygonF([QPointF(x * scale, y * scale) for x, y in board.polygon(z).exterior.coords])
            p.setPen(QPen(QColor("#c0392b"), 2.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(poly)
    # red arrows: blockhouses that fire at a beachhead (while any stands there)
    p.setPen(QPen(QColor("#c0392b"), 1.4, Qt.PenStyle.DashLine))
    for bz, zones in state.info.fire.items():
        bx, by = anchors[bz]["beach"]
        for z in zones:
            if state.in_zone(z, "german", ("blockhouse",)):
                gx, gy = anchors[z]["G"]
                p.drawLine(QPointF(gx * scale, gy * scale), QPointF(bx * scale, by * scale))
    for z in range(board.n):
        a = anchors[z]
        lx, ly = a["label"]
        p.setPen(QColor("#b03020" if z in victory else "#3a372c"))
        p.setFont(QFont("DejaVu Sans", max(5, int(scale * 0.17)), QFont.Weight.Bold if z in victory else QFont.Weight.Normal))
        name = board.name_of(z)
        minx, _, maxx, _ = board.polygon(z).bounds
        fits = len(name) * 0.12 < (maxx - minx) * 0.75  # room for the name across the zone
        text = f"{board.labels[z]} {name}" if z in victory or fits else board.labels[z]
        p.drawText(QRectF(lx * scale - scale * 1.6, ly * scale - scale * 0.2, scale * 3.2, scale * 0.4),
                   Qt.AlignmentFlag.AlignCenter, ("★ " if z in victory else "") + text)
        for part in ("A", "G", "P"):
            x, y = a[part][0] * scale, a[part][1] * scale
            ks = by_place.get((z, part), [])
            if ks:
                _chips(p, state, ks, x, y, scale)
            else:
                _slot(p, part, x, y, scale)
        for box in ("beach", "drop"):
            ks = by_place.get((z, box), [])
            if box not in a or (box == "drop" and not ks):
                continue
            x, y = a[box][0] * scale, a[box][1] * scale
            beach = state.info.beaches.get(z)
            title = f"{beach.name} {len(ks)}/{beach.capacity}" if box == "beach" else "airborne"
            # a leader line: beachhead to its stretch of coast, airborne box to its zone
            end = a["coast"] if box == "beach" else a["label"]
            p.setPen(QPen(QColor("#2c3e50"), 1.2, Qt.PenStyle.DotLine))
            p.drawLine(QPointF(x, y), QPointF(end[0] * scale, end[1] * scale))
            r = QRectF(x - scale * BOX[0] / 2, y - scale * BOX[1] / 2, scale * BOX[0], scale * BOX[1])
            p.setPen(QPen(QColor("#2c3e50"), 1.0))
            p.setBrush(QColor("#efe2a8" if box == "beach" else "#dfe7ef"))
            p.drawRoundedRect(r, 4, 4)
            p.setPen(QColor("#2c3e50"))
            p.setFont(QFont("DejaVu Sans", max(5, int(scale * 0.16)), QFont.Weight.Bold))
            p.drawText(QRectF(r.x(), r.y() + 1, r.width(), scale * 0.35), Qt.AlignmentFlag.AlignCenter, title)
            if ks:
                _chips(p, state, ks, x, y + scale * 0.17, scale)
    # off-map: the air base and the charts
    free = Counter(state.type(k) for k in state.in_box("usaaf"))
    pools = {cid: len(state.in_box(cid)) for cid in ("us_chart", "uk_chart", "rennes_chartres", "rouen_chartres")}
    lines = [f"Turn {state.turn}  ·  {state.phase.replace('_', ' ')}",
             f"USAAF base: {free.get('bomber', 0)} bomber(s), {free.get('fighter', 0)} fighter(s)",
             "charts: " + ", ".join(f"{cid.replace('_', ' ')} {n}" for cid, n in pools.items())]
    p.setPen(QColor("#1b2631"))
    p.setFont(QFont("DejaVu Sans", max(6, int(scale * 0.22)), QFont.Weight.Bold))
    for n, line in enumerate(lines):
        p.drawText(QPointF(scale * 12.5, scale * (0.8 + n * 0.45)), line)


def render_dd2(state: GameState, scale: float = SCALE) -> QImage:
    """The area map with the D-Day2 overlay, as an image (screenshots, tests)."""
    img = render_board(state.scenario.board, scale, labels=False)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_dd2(p, state, scale)
    p.end()
    return img


class DD2Scene(QGraphicsScene):
    """A scene showing one D-Day2 state; ``show_state`` redraws it after each action."""

    def __init__(self, state: GameState, parent=None, scale: float = SCALE):
        super().__init__(parent)
        self.scale = scale
        self.item = QGraphicsPixmapItem()
        self.addItem(self.item)
        self.show_state(state)

    def show_state(self, state: GameState) -> None:
        self.state = state
        self.item.setPixmap(QPixmap.fromImage(render_dd2(state, self.scale)))
        self.setSceneRect(self.item.boundingRect())
