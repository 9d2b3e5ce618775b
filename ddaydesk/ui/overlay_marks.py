"""Marks of play over the map, drawn whatever View layers are on: the attack being put together
(picked units outlined, arrows to the hex pointed at), the combat obligations (units that must
attack, hexes that must be attacked), what a previewed move does to supply (units cut off or
put back in supply, either side) and where a chosen arrival may be placed.

Each is a few path items, like the overlay layers (``overlays.py``); the map legend explains
those drawn now (:meth:`PlayMarks.entries`), with the items' own pens and brushes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from ddaydesk.ui.geometry import BoardGeometry

Z_AREA, Z_OVER = 12.0, 30.5  # fills under the counters; rings and arrows just over them
ROUND = Qt.PenCapStyle.RoundCap


def _item(scene: QGraphicsScene, z: float, pen: QPen, brush: QBrush | QColor | None = None) -> QGraphicsPathItem:
    item = QGraphicsPathItem()
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    item.setPen(pen)
    item.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
    scene.addItem(item)
    return item


class PlayMarks:
    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry, arrow_head: Callable, tell: Callable[[], None]):
        self.geom = geom
        self._arrow_head = arrow_head
        self._tell = tell
        s = self.s = geom.scale
        self.shown: set[str] = set()
        red = QColor("#b3261e")
        self.attack_group = _item(scene, Z_OVER, QPen(QColor("#e07b00"), s * 0.11, Qt.PenStyle.SolidLine, ROUND,
                                                      Qt.PenJoinStyle.RoundJoin))
        self.attack_lines = _item(scene, Z_OVER + 0.2, QPen(red, s * 0.1, Qt.PenStyle.SolidLine, ROUND))
        self.attack_heads = _item(scene, Z_OVER + 0.2, QPen(QColor(255, 255, 255, 220), s * 0.03), red)
        # must attack: a bold red ring on a white casing (the map's region borders are dashed)
        self.duty_casing = _item(scene, Z_OVER, QPen(QColor(255, 255, 255, 200), s * 0.13, Qt.PenStyle.SolidLine,
                                                     ROUND, Qt.PenJoinStyle.RoundJoin))
        self.duty_units = _item(scene, Z_OVER + 0.05, QPen(red, s * 0.07, Qt.PenStyle.SolidLine, ROUND,
                                                           Qt.PenJoinStyle.RoundJoin))
        self.duty_targets = _item(scene, Z_AREA, QPen(red, s * 0.06), QBrush(red, Qt.BrushStyle.BDiagPattern))
        self.cut = _item(scene, Z_OVER + 0.1, QPen(QColor("#d01818"), s * 0.12, Qt.PenStyle.SolidLine, ROUND))
        self.restored = _item(scene, Z_OVER + 0.1, QPen(QColor("#1e8c3a"), s * 0.12, Qt.PenStyle.SolidLine, ROUND))
        lit = QColor("#f4d35e")
        lit.setAlpha(130)
        self.placing = _item(scene, Z_AREA, QPen(QColor("#a07800"), s * 0.08), lit)
        # at sea (to attack the coast from there), not ashore: the same gold, hatched, dashed
        self._placing_kinds = (False, False)  # (ashore, at sea) lit now
        self.placing_sea = _item(scene, Z_AREA, QPen(QColor("#a07800"), s * 0.08, Qt.PenStyle.DashLine),
                                 QBrush(QColor("#f4d35e"), Qt.BrushStyle.BDiagPattern))
        self.pointed = _item(scene, Z_OVER + 0.3, QPen(QColor("#1f5fbf"), s * 0.14, Qt.PenStyle.SolidLine, ROUND,
                                                       Qt.PenJoinStyle.RoundJoin))

    def _set(self, group: str, on: bool) -> None:
        if (group in self.shown) != on:
            self.shown.symmetric_difference_update({group})
            self._tell()

    def entries(self) -> list[tuple[str, str, object]]:
        """(group, text, sample) for the legend, for what is drawn now."""
        out: list[tuple[str, str, object]] = []
        if "attack" in self.shown:
            out += [("attack", "units picked to attack together (Ctrl+click)", self.attack_group),
                    ("attack", "their attack on the hex pointed at: click or press A", self.attack_lines)]
        drawn = [("duties", "must attack this phase (checklist in the Actions dock)", self.duty_units),
                 ("duties", "must be attacked this phase", self.duty_targets),
                 ("whatif", "cut off from supply by the move shown", self.cut),
                 ("whatif", "back in supply after the move shown", self.restored)]
        out += [e for e in drawn if e[0] in self.shown and not e[2].path().isEmpty()]
        if "placing" in self.shown:
            if not self.placing.path().isEmpty():
                out.append(("placing", "the chosen arrival may be placed there: click or drop it", self.placing))
            if not self.placing_sea.path().isEmpty():
                out.append(("placing", "at sea, to attack the coast (lost if still there after combat)",
                            self.placing_sea))
        return out

    # -- the attack being put together --------------------------------------------------------------
    def show_attack(self, group: Iterable[int], attackers: Iterable[int], target: int) -> None:
        group, attackers = list(group), list(attackers)
        self.attack_group.setPath(self.geom.boundary_path(group) if group else QPainterPath())
        lines, heads = QPainterPath(), QPainterPath()
        if target >= 0:
            b = self.geom.centres[target]
            for p in dict.fromkeys(attackers):
                a = self.geom.centres[p]
                line = QLineF(a, b)
                tip = line.pointAt(max(0.0, 1 - self.s * 0.45 / max(line.length(), 1e-6)))
                lines.moveTo(a)
                lines.lineTo(tip)
                self._arrow_head(heads, a, tip, self.s * 0.4)
        self.attack_lines.setPath(lines)
        self.attack_heads.setPath(heads)
        self._set("attack", bool(group) or not lines.isEmpty())

    # -- combat obligations -------------------------------------------------------------------------
    def show_duties(self, units: Iterable[int], targets: Iterable[int]) -> None:
        units, targets = list(units), list(targets)
        path = QPainterPath()
        for p in dict.fromkeys(units):  # just inside the hex, clear of its neighbours' marks
            c = self.geom.centres[p]
            poly = self.geom.polygons[p]
            path.addPolygon(QPolygonF([QPointF(c.x() + (q.x() - c.x()) * 0.8, c.y() + (q.y() - c.y()) * 0.8)
                                       for q in poly]))
            path.closeSubpath()
        self.duty_units.setPath(path)
        self.duty_casing.setPath(path)
        self.duty_targets.setPath(self.geom.area_path(targets))
        self._set("duties", bool(units or targets))

    # -- what-if supply -----------------------------------------------------------------------------
    def _rings(self, places: Iterable[int]) -> QPainterPath:
        path = QPainterPath()
        r = self.s * 0.78
        for p in dict.fromkeys(places):
            c = self.geom.centres[p]
            path.addEllipse(c, r, r)
        return path

    def show_supply_changes(self, cut: Iterable[int], restored: Iterable[int]) -> None:
        cut, restored = list(cut), list(restored)
        path = self._rings(cut)
        for p in dict.fromkeys(cut):  # a cross over the ring: cut off
            c = self.geom.centres[p]
            d = self.s * 0.55
            path.moveTo(QPointF(c.x() - d, c.y() - d))
            path.lineTo(QPointF(c.x() + d, c.y() + d))
        self.cut.setPath(path)
        self.restored.setPath(self._rings(restored))
        self._set("whatif", bool(cut or restored))

    # -- placing arrivals ---------------------------------------------------------------------------
    def show_placing(self, places: Iterable[int], afloat: Iterable[int] = ()) -> None:
        """``afloat``: those of ``places`` where it would wait at sea (a landing's sea hexes)."""
        places, afloat = list(places), set(afloat)
        self.placing.setPath(self.geom.area_path([p for p in places if p not in afloat]))
        self.placing_sea.setPath(self.geom.area_path([p for p in places if p in afloat]))
        kinds = (bool(set(places) - afloat), bool(afloat))  # (ashore, at sea): the legend's rows
        if kinds != self._placing_kinds:
            self._placing_kinds = kinds
            self.shown.discard("placing")
            if places:
                self.shown.add("placing")
            self._tell()

    def point_at(self, places: Iterable[int]) -> None:
        """The places an action line of the Actions dock names, while the pointer is on it."""
        path = QPainterPath()
        for p in dict.fromkeys(places):
            if p >= 0:
                path.addPolygon(self.geom.polygons[p])
                path.closeSubpath()
        self.pointed.setPath(path)
