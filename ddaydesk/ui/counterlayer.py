"""Counters on the map: one pixmap item per unit, stacked with an offset and a count badge.

Pixmaps come from :class:`~ddaydesk.ui.counters.CounterArt` at the view's tile level, so
counters stay crisp at every zoom without painting in Python per frame.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsScene

from ddaydesk.ui.counters import COUNTER, CounterArt, face_of
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_COUNTER, Z_MARK
from ddaydesk.ui.port import UnitInfo

STACK_STEP = COUNTER * 0.09  # each unit under the top one peeks out up and to the left
UNIT_ROLE = 0  # QGraphicsItem.data key holding the unit id


class CounterLayer:
    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry, art: CounterArt,
                 stacks_changed: Callable[[dict[int, int]], None] | None = None):
        """``stacks_changed(place -> number of counters)`` is called when stacks change
        (the map's place names keep clear of them)."""
        self.scene = scene
        self.geom = geom
        self.art = art
        self.stacks_changed = stacks_changed
        self.level = 1.0
        self.items: dict[str, QGraphicsPixmapItem] = {}
        self.units: dict[str, UnitInfo] = {}
        self.stacks: dict[int, list[str]] = {}  # place -> unit ids, bottom first
        self.badges: dict[int, QGraphicsPixmapItem] = {}
        self._badge_cache: dict[tuple[int, float], QPixmap] = {}
        self.selection = QGraphicsRectItem()
        self.selection.setZValue(Z_MARK - 1)
        self.selection.setVisible(False)
        self.selection.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.selection)
        self.selected: str | None = None

    def set_units(self, units: tuple[UnitInfo, ...] | list[UnitInfo]) -> None:
        """Show exactly these units (the viewing side's view), reusing items."""
        on_map = [u for u in units if u.place >= 0 and not u.eliminated]
        keep = {u.id for u in on_map}
        for uid in list(self.items):
            if uid not in keep:
                self.scene.removeItem(self.items.pop(uid))
        self.units = {u.id: u for u in on_map}
        self.stacks = {}
        for u in on_map:
            self.stacks.setdefault(u.place, []).append(u.id)
            item = self.items.get(u.id)
            if item is None:
                item = QGraphicsPixmapItem()
                item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                item.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
                item.setData(UNIT_ROLE, u.id)
                self.scene.addItem(item)
                self.items[u.id] = item
            item.setPixmap(self.art.pixmap(face_of(u), self.level))
        self._layout()

    def set_level(self, level: float) -> None:
        if level == self.level:
            return
        self.level = level
        for uid, item in self.items.items():
            item.setPixmap(self.art.pixmap(face_of(self.units[uid]), level))
        for place, badge in self.badges.items():
            badge.setPixmap(self._badge(len(self.stacks.get(place, ())), level))

    def refresh_art(self) -> None:
        """Redraw every counter (after a palette change)."""
        self._badge_cache.clear()
        for uid, item in self.items.items():
            item.setPixmap(self.art.pixmap(face_of(self.units[uid]), self.level))

    def _layout(self) -> None:
        if self.stacks_changed is not None:
            self.stacks_changed({p: len(ids) for p, ids in self.stacks.items()})
        for place in [p for p in self.badges if len(self.stacks.get(p, ())) < 2]:
            self.scene.removeItem(self.badges.pop(place))
        for place, ids in self.stacks.items():
            n = len(ids)
            c = self.geom.centres[place]
            # centre the whole stack on the hex
            x0 = c.x() - COUNTER / 2 + (n - 1) * STACK_STEP / 2
            y0 = c.y() - COUNTER / 2 - (n - 1) * STACK_STEP / 2
            for k, uid in enumerate(ids):
                item = self.items[uid]
                item.setPos(x0 - (n - 1 - k) * STACK_STEP, y0 + (n - 1 - k) * STACK_STEP)
                item.setZValue(Z_COUNTER + k * 0.01)
            if n > 1:
                badge = self.badges.get(place)
                if badge is None:
                    badge = QGraphicsPixmapItem()
                    badge.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                    badge.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                    badge.setZValue(Z_COUNTER + 0.9)
                    self.scene.addItem(badge)
                    self.badges[place] = badge
                badge.setPixmap(self._badge(n, self.level))
                badge.setPos(x0 + COUNTER - COUNTER * 0.28, y0 + COUNTER - COUNTER * 0.28)
        self._place_selection()

    def _badge(self, n: int, level: float) -> QPixmap:
        key = (n, level)
        pm = self._badge_cache.get(key)
        if pm is None:
            size = COUNTER * 0.36
            side = max(6, round(size * level))
            pm = QPixmap(side, side)
            pm.fill(Qt.GlobalColor.transparent)
            p = QPainter(pm)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.scale(side / 20.0, side / 20.0)
            p.setPen(QPen(QColor("#ffffff"), 1.5))
            p.setBrush(QColor("#1b1b1b"))
            p.drawEllipse(QRectF(1, 1, 18, 18))
            font = QFont("DejaVu Sans")
            font.setPixelSize(12)
            font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(0, 0, 20, 20), Qt.AlignmentFlag.AlignCenter, str(n))
            p.end()
            pm.setDevicePixelRatio(side / size)
            self._badge_cache[key] = pm
        return pm

    # -- selection and lookup -----------------------------------------------------------------
    def select(self, uid: str | None) -> None:
        self.selected = uid if uid in self.items else None
        self._place_selection()

    def _place_selection(self) -> None:
        if self.selected not in self.items:  # none, or the unit left the map (eliminated)
            self.selected = None
            self.selection.setVisible(False)
            return
        item = self.items[self.selected]
        r = QRectF(item.pos(), QPointF(item.pos().x() + COUNTER, item.pos().y() + COUNTER))
        self.selection.setRect(r.adjusted(-3, -3, 3, 3))
        self.selection.setPen(QPen(QColor(self.art.palette.selected), 5))
        self.selection.setVisible(True)

    def stack_at(self, place: int) -> list[str]:
        """Unit ids in a place, top of the stack first."""
        return list(reversed(self.stacks.get(place, [])))

    def raise_to_top(self, uid: str) -> None:
        """Put a unit on top of its stack (the stack inspector's choice)."""
        u = self.units.get(uid)
        if u is None:
            return
        ids = self.stacks[u.place]
        ids.remove(uid)
        ids.append(uid)
        self._layout()

    def item_unit(self, item) -> str | None:
        uid = item.data(UNIT_ROLE) if item is not None else None
        return uid if isinstance(uid, str) else None

    def unit_places(self) -> dict[str, int]:
        return {uid: u.place for uid, u in self.units.items()}

    def pos_of(self, uid: str) -> QPointF:
        return self.items[uid].pos()
