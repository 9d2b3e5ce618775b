"""Overlay layers above the map: each is one or a few path items rebuilt when its data changes.

A layer never holds per-hex items; it turns a set of places or a list of paths into one
``QPainterPath`` from the cached hex polygons (../shared/research/perf.md §7: 0.04 ms to build
a 150-hex path, 2-3 ms to show it). Layers are toggled as a whole from the View menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlay_marks import PlayMarks
from ddaydesk.ui.palette import Palette

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import MoveRange, SupplyView

# Z order: map background 0 (drawn by the view), areas 10, lines 20, counters 30, marks 40.
Z_AREA, Z_LINE, Z_COUNTER, Z_MARK = 10.0, 20.0, 30.0, 40.0
FONT = "DejaVu Sans"

MARKER_LABELS = {"supply_centre": "SC", "interdiction": "INT", "beachhead": "BH", "drop_zone": "DZ"}

# layer id -> (menu title, default shortcut, shown at start)
LAYERS = {
    "range": ("Movement range and path", "M", True),
    "zoc": ("Zones of control", "Z", False),
    "supply": ("Supply view", "S", False),
    "trails": ("Last-move trails", "T", True),
    "hover": ("Hover highlight", "H", True),
}


def _item(scene: QGraphicsScene, z: float) -> QGraphicsPathItem:
    item = QGraphicsPathItem()
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    item.setAcceptHoverEvents(False)
    scene.addItem(item)
    return item


def text_path(text: str, at: QPointF, px: float, bold: bool = True) -> QPainterPath:
    font = QFont(FONT)
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    r = path.boundingRect()
    return path.translated(at.x() - r.center().x(), at.y() - r.center().y())


def arrow_head(path: QPainterPath, a: QPointF, b: QPointF, size: float) -> None:
    ang = math.atan2(b.y() - a.y(), b.x() - a.x())
    left = QPointF(b.x() - size * math.cos(ang - 0.45), b.y() - size * math.sin(ang - 0.45))
    right = QPointF(b.x() - size * math.cos(ang + 0.45), b.y() - size * math.sin(ang + 0.45))
    path.addPolygon(QPolygonF([b, left, right, b]))
    path.closeSubpath()


class Overlays:
    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry, palette: Palette,
                 skip_markers: frozenset[str] = frozenset()):
        self.geom = geom
        self.skip_markers = skip_markers  # kinds a system's profile draws itself
        self.owned_samples: dict[str, tuple[str, QGraphicsItem]] = {}  # their legend: kind -> (words, item)
        self.cost_unit = "MP"  # what the range's costs count ("" when a move has no cost)
        self.palette = palette
        s = geom.scale
        self.s = s
        self.items: dict[str, list[QGraphicsItem]] = {name: [] for name in LAYERS}
        self.visible = {name: shown for name, (_t, _k, shown) in LAYERS.items()}
        self.marker_kinds: frozenset[str] = frozenset()  # the kinds of map marker shown
        self.drift_shown = False
        self.filled: set[str] = set()  # layers with something drawn now
        self.changed: list[Callable[[], None]] = []  # told when layers, markers or drift change (legend)

        def add(layer: str, z: float) -> QGraphicsPathItem:
            it = _item(scene, z)
            self.items[layer].append(it)
            return it

        self.range_fill = add("range", Z_AREA)
        self.range_edge = add("range", Z_AREA + 1)
        self.range_stops = add("range", Z_AREA + 1)
        # the path runs over counters: a stack on the way must not hide where the unit goes
        self.path_casing = add("range", Z_COUNTER + 1)
        self.path_line = add("range", Z_COUNTER + 2)
        self.path_head = add("range", Z_COUNTER + 2)
        self.path_halo = add("range", Z_MARK)
        self.path_text = add("range", Z_MARK + 1)
        self.zoc_own = add("zoc", Z_AREA)
        self.zoc_enemy = add("zoc", Z_AREA)
        self.supply_ok = add("supply", Z_AREA)
        self.supply_out = add("supply", Z_AREA + 0.5)
        self.supply_casing = add("supply", Z_LINE)
        self.supply_lines = add("supply", Z_LINE + 1)
        self.supply_hq_lines = add("supply", Z_LINE + 1)
        self.supply_heads = add("supply", Z_LINE + 1)
        self.supply_halo = add("supply", Z_MARK)
        self.supply_text = add("supply", Z_MARK + 1)
        self.trails = add("trails", Z_LINE - 1)
        self.trail_heads = add("trails", Z_LINE - 1)
        self.hover = add("hover", Z_MARK + 2)
        # where a combat result's choices end (retreat, advance): click one to choose it
        self.choice_ends = _item(scene, Z_AREA + 2)
        # airborne drift, planned -> landed: always shown (the drop's result is open)
        self.drift_lines = _item(scene, Z_LINE)
        self.drift_heads = _item(scene, Z_LINE)
        # map markers (supply centres, interdiction, beachheads): always shown, at a hex's west
        # corner over the edge of its counters and over the hover outline, which ran through them
        self.marker_chips = _item(scene, Z_MARK + 3)
        self.marker_text = _item(scene, Z_MARK + 3.1)
        # attacks being put together, combat obligations, what-if supply, arrivals to place
        self.marks = PlayMarks(scene, geom, arrow_head, self._tell)
        self.more_entries: list = []  # legend entries of marks other modules draw (review.py)
        self.apply_palette(palette)
        for name in LAYERS:
            self.set_visible(name, self.visible[name])

    def apply_palette(self, palette: Palette) -> None:
        self.palette = palette
        s = self.s
        round_cap = Qt.PenCapStyle.RoundCap
        fill = QColor(palette.range_fill)
        fill.setAlpha(80)
        self.range_fill.setBrush(fill)
        self.range_fill.setPen(Qt.PenStyle.NoPen)
        self.range_edge.setPen(QPen(QColor(palette.range_edge), s * 0.07, Qt.PenStyle.SolidLine, round_cap))
        stop = QColor(palette.path_bad)
        self.range_stops.setPen(Qt.PenStyle.NoPen)
        self.range_stops.setBrush(QBrush(stop, Qt.BrushStyle.BDiagPattern))
        self.path_casing.setPen(QPen(QColor(255, 255, 255, 230), s * 0.2, Qt.PenStyle.SolidLine, round_cap,
                                     Qt.PenJoinStyle.RoundJoin))
        self.path_line.setPen(QPen(QColor(palette.path), s * 0.09, Qt.PenStyle.SolidLine, round_cap,
                                   Qt.PenJoinStyle.RoundJoin))
        self._head_style(self.path_head, QColor(palette.path))
        self._text_style(self.path_halo, self.path_text, QColor(palette.path))
        for item, side_colour, pattern in ((self.zoc_own, palette.side["allied"], Qt.BrushStyle.FDiagPattern),
                                           (self.zoc_enemy, palette.side["german"], Qt.BrushStyle.BDiagPattern)):
            item.setPen(QPen(QColor(side_colour), s * 0.04, Qt.PenStyle.DashLine))
            item.setBrush(QBrush(QColor(side_colour), pattern))
        ok = QColor(palette.supplied)
        ok.setAlpha(55)
        self.supply_ok.setBrush(ok)
        self.supply_ok.setPen(Qt.PenStyle.NoPen)
        out = QColor(palette.unsupplied)
        self.supply_out.setBrush(QBrush(out, Qt.BrushStyle.DiagCrossPattern))
        self.supply_out.setPen(QPen(out, s * 0.05))
        self.supply_casing.setPen(QPen(QColor(255, 255, 255, 220), s * 0.16, Qt.PenStyle.SolidLine, round_cap,
                                       Qt.PenJoinStyle.RoundJoin))
        self.supply_lines.setPen(QPen(QColor(palette.supplied).darker(120), s * 0.07, Qt.PenStyle.SolidLine,
                                      round_cap, Qt.PenJoinStyle.RoundJoin))
        self._head_style(self.supply_heads, QColor(palette.supplied).darker(120))
        self.supply_hq_lines.setPen(QPen(QColor(palette.supplied).darker(160), s * 0.09, Qt.PenStyle.DashLine,
                                         Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin))
        self._text_style(self.supply_halo, self.supply_text, QColor("#102010"))
        trail = QColor("#202020")
        trail.setAlpha(160)
        self.trails.setPen(QPen(trail, s * 0.06, Qt.PenStyle.DotLine, round_cap, Qt.PenJoinStyle.RoundJoin))
        self._head_style(self.trail_heads, trail)
        self.choice_ends.setPen(QPen(QColor("#b8860b"), s * 0.1, Qt.PenStyle.SolidLine, round_cap))
        self.choice_ends.setBrush(QColor(244, 211, 94, 110))
        drift = QColor("#c0501a")
        self.drift_lines.setPen(QPen(drift, s * 0.07, Qt.PenStyle.DashLine, round_cap, Qt.PenJoinStyle.RoundJoin))
        self._head_style(self.drift_heads, drift)
        self.hover.setPen(QPen(QColor(palette.hover), s * 0.08, Qt.PenStyle.SolidLine, round_cap,
                               Qt.PenJoinStyle.RoundJoin))
        self.hover.setBrush(QColor(255, 255, 255, 40))
        self.marker_chips.setPen(QPen(QColor("#1b1b1b"), s * 0.03))
        self.marker_chips.setBrush(QColor("#fff3c4"))
        self.marker_text.setPen(Qt.PenStyle.NoPen)
        self.marker_text.setBrush(QColor("#1b1b1b"))
        self._tell()  # (the legend redraws its samples)

    def show_markers(self, markers: tuple[tuple[str, int, str | None], ...]) -> None:
        """A labelled chip per marker at its hex's west corner, where counters leave room."""
        s = self.s
        chips, text = QPainterPath(), QPainterPath()
        offsets: dict[int, int] = {}
        for kind, place, _side in markers:
            if kind in self.skip_markers:
                continue
            k = offsets.get(place, 0)
            offsets[place] = k + 1
            c = self.geom.centres[place]
            box = QRectF(c.x() - s * 0.93, c.y() - s * 0.18 + (k - (k % 2) * 2 * k) * s * 0.2,
                         s * 0.44, s * 0.36)
            chips.addRoundedRect(box, s * 0.06, s * 0.06)
            text.addPath(text_path(MARKER_LABELS.get(kind, kind[:3].upper()), box.center(), s * 0.21))
        self.marker_chips.setPath(chips)
        self.marker_text.setPath(text)
        kinds = frozenset(kind for kind, _p, _s in markers)
        if kinds != self.marker_kinds:
            self.marker_kinds = kinds
            self._tell()

    def _head_style(self, item: QGraphicsPathItem, ink: QColor) -> None:
        item.setPen(QPen(QColor(255, 255, 255, 220), self.s * 0.03))
        item.setBrush(ink)

    def _text_style(self, halo: QGraphicsPathItem, text: QGraphicsPathItem, ink: QColor) -> None:
        halo.setPen(QPen(QColor(255, 255, 255, 235), self.s * 0.1, Qt.PenStyle.SolidLine,
                         Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        halo.setBrush(QColor(255, 255, 255, 235))
        text.setPen(Qt.PenStyle.NoPen)
        text.setBrush(ink)

    def set_visible(self, layer: str, on: bool) -> None:
        self.visible[layer] = on
        for it in self.items[layer]:
            it.setVisible(on)
        self._tell()

    def _tell(self) -> None:
        for listener in self.changed:
            listener()

    def _fill(self, layer: str, something: bool) -> None:
        if (layer in self.filled) != something:
            self.filled.symmetric_difference_update({layer})
            self._tell()

    # -- layers -------------------------------------------------------------------------------
    def show_hover(self, place: int) -> None:
        path = QPainterPath()
        if place >= 0:
            path.addPolygon(self.geom.polygons[place])
            path.closeSubpath()
        self.hover.setPath(path)

    def show_range(self, rng: MoveRange | None) -> None:
        self.cost_unit = rng.cost_unit if rng is not None else "MP"
        if rng is None:
            for it in (self.range_fill, self.range_edge, self.range_stops):
                it.setPath(QPainterPath())
            self.show_path([], {})
            self._fill("range", False)
            return
        places = list(rng.cost)
        no_stops = self.range_stops.path().isEmpty()
        self.range_fill.setPath(self.geom.area_path(places))
        self.range_edge.setPath(self.geom.boundary_path(places))
        self.range_stops.setPath(self.geom.area_path(p for p in rng.stops if p in rng.cost))
        if ("range" in self.filled) == bool(places) and self.range_stops.path().isEmpty() != no_stops:
            self._tell()  # (the legend's "must stop" line comes or goes with the unit selected)
        self._fill("range", bool(places))  # (after the paths: the legend reads them)

    def show_path(self, path: list[int], cost: dict[int, float]) -> None:
        """The path preview: a line through the hexes and the MP spent at each step."""
        if len(path) < 2:
            for it in (self.path_casing, self.path_line, self.path_head, self.path_halo, self.path_text):
                it.setPath(QPainterPath())
            return
        line = self.geom.polyline(path)
        self.path_casing.setPath(line)
        self.path_line.setPath(line)
        head = QPainterPath()
        arrow_head(head, self.geom.centres[path[-2]], self.geom.centres[path[-1]], self.s * 0.35)
        self.path_head.setPath(head)
        text = QPainterPath()
        for k, place in enumerate(path[1:] if self.cost_unit else (), start=1):
            c = self.geom.centres[place]
            last = k == len(path) - 1
            label = f"{cost[place]:g} {self.cost_unit}" if last else f"{cost[place]:g}"
            text.addPath(text_path(label, QPointF(c.x(), c.y() + self.s * (0.55 if last else 0.45)),
                                    self.s * (0.42 if last else 0.3)))
        self.path_halo.setPath(text)
        self.path_text.setPath(text)

    def show_zoc(self, own: Iterable[int], enemy: Iterable[int]) -> None:
        self.zoc_own.setPath(self.geom.area_path(own))
        self.zoc_enemy.setPath(self.geom.area_path(enemy))
        self._fill("zoc", not (self.zoc_own.path().isEmpty() and self.zoc_enemy.path().isEmpty()))

    def set_zoc_colours(self, own_side: str, enemy_side: str) -> None:
        for item, side in ((self.zoc_own, own_side), (self.zoc_enemy, enemy_side)):
            colour = QColor(self.palette.side.get(side, "#444444"))
            pen = item.pen()
            pen.setColor(colour)
            item.setPen(pen)
            brush = item.brush()
            brush.setColor(colour)
            item.setBrush(brush)

    def show_supply(self, sv: SupplyView | None, unit_places: dict[str, int],
                    hq_places: dict[str, int]) -> None:
        """Supplied area, out-of-supply units' hexes, traced legs and HQ capacity use."""
        if sv is None:
            for it in (self.supply_ok, self.supply_out, self.supply_casing, self.supply_lines,
                       self.supply_hq_lines, self.supply_heads, self.supply_halo, self.supply_text):
                it.setPath(QPainterPath())
            self._fill("supply", False)
            return
        self._fill("supply", True)
        self.supply_ok.setPath(self.geom.area_path(sv.supplied_places))
        out_places = {unit_places[u] for u, us in sv.units.items()
                      if not us.supplied and unit_places.get(u, -1) >= 0}
        self.supply_out.setPath(self.geom.area_path(out_places))
        unit_legs, hq_legs, heads = QPainterPath(), QPainterPath(), QPainterPath()
        for us in sv.units.values():
            for leg in us.legs:
                if len(leg.places) < 2:
                    continue
                target = unit_legs if leg.kind.startswith("unit") else hq_legs
                target.addPath(self.geom.polyline(leg.places))
                a, b = self.geom.centres[leg.places[-2]], self.geom.centres[leg.places[-1]]
                arrow_head(heads, a, b, self.s * 0.3)
        casing = QPainterPath(unit_legs)
        casing.addPath(hq_legs)
        self.supply_casing.setPath(casing)
        self.supply_lines.setPath(unit_legs)
        self.supply_hq_lines.setPath(hq_legs)
        self.supply_heads.setPath(heads)
        text = QPainterPath()
        for hq, use in sv.hqs.items():
            place = use.place if use.place >= 0 else hq_places.get(hq, -1)
            if place < 0:
                continue
            c = self.geom.centres[place]
            cap = "∞" if use.capacity is None else str(use.capacity)
            text.addPath(text_path(f"{use.used}/{cap}", QPointF(c.x(), c.y() - self.s * 0.95), self.s * 0.36))
        self.supply_halo.setPath(text)
        self.supply_text.setPath(text)

    def show_trails(self, trails: list[list[int]]) -> None:
        path, heads = QPainterPath(), QPainterPath()
        for t in trails:
            if len(t) < 2:
                continue
            path.addPath(self.geom.polyline(t))
            arrow_head(heads, self.geom.centres[t[-2]], self.geom.centres[t[-1]], self.s * 0.28)
        self.trails.setPath(path)
        self.trail_heads.setPath(heads)
        self._fill("trails", not path.isEmpty())

    def show_drifts(self, drifts: Iterable[tuple[int, int]]) -> None:
        path, heads = QPainterPath(), QPainterPath()
        for a, b in drifts:
            pa, pb = self.geom.centres[a], self.geom.centres[b]
            path.moveTo(pa)
            path.lineTo(pb)
            arrow_head(heads, pa, pb, self.s * 0.3)
        self.drift_lines.setPath(path)
        self.drift_heads.setPath(heads)
        if (not path.isEmpty()) != self.drift_shown:
            self.drift_shown = not path.isEmpty()
            self._tell()

    def show_choice_ends(self, places: Iterable[int]) -> None:
        self.choice_ends.setPath(self.geom.area_path(places))
        self._fill("choices", not self.choice_ends.path().isEmpty())
