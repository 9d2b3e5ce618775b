"""Counters on the map: one pixmap item per unit, stacked with an offset and a count badge,
or (systems whose units of a kind are alike, ``UIProfile.group_alike``) one counter per kind
in a row, each with its count.

Units stand at their place's slot for their part (``UIProfile.slot``: a hex's centre; a
D-Day2 zone's Allied, German and patrol parts, its beachhead box). Pixmaps come from
:class:`~ddaydesk.ui.counters.CounterArt` at the view's tile level, so counters stay crisp at
every zoom without painting in Python per frame.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsScene

from ddaydesk.ui.counters import COUNTER, CounterArt
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.overlays import Z_COUNTER, Z_MARK
from ddaydesk.ui.port import UnitInfo
from ddaydesk.ui.profiles.base import UIProfile

STACK_STEP = 0.09  # of a counter: each unit under the top one peeks out up and to the left
UNIT_ROLE = 0  # QGraphicsItem.data key holding the unit id
BADGE_MIN_PX = 14  # a count stays readable however small the counters are drawn


class CounterItem(QGraphicsPixmapItem):
    """A counter: hit where it is drawn. (Qt's bounding-rect shape counts the pixmap's device
    pixels, so a counter drawn at another scale than 1 was hit in a quarter or four times its
    area: far out, a click on its lower right missed it.)"""

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.boundingRect())
        return path


class CounterLayer:
    def __init__(self, scene: QGraphicsScene, geom: BoardGeometry, art: CounterArt,
                 profile: UIProfile | None = None,
                 stacks_changed: Callable[[dict[int, int]], None] | None = None):
        """``stacks_changed(place -> number of counters)`` is called when stacks change
        (the map's place names keep clear of them)."""
        self.scene = scene
        self.geom = geom
        self.art = art
        self.profile = profile or UIProfile()
        self.stacks_changed = stacks_changed
        self.size = COUNTER * self.profile.counter_scale  # counter side in scene units
        self.level = 1.0
        self.dpr = 1.0  # device pixels per logical pixel of the screen (a count's least size)
        self.items: dict[str, QGraphicsPixmapItem] = {}  # counter key (a unit id, or a group's) -> item
        self.members: dict[str, list[str]] = {}  # counter key -> unit ids it shows, top first
        self.key_of: dict[str, str] = {}  # unit id -> its counter's key
        self.units: dict[str, UnitInfo] = {}
        self.stacks: dict[int, list[str]] = {}  # place -> unit ids, bottom first
        self.badges: dict[str, QGraphicsPixmapItem] = {}  # badge key -> item
        self._badge_cache: dict[tuple[int, float], QPixmap] = {}
        self.selection = QGraphicsRectItem()
        self.selection.setZValue(Z_MARK - 1)
        self.selection.setVisible(False)
        self.selection.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.selection)
        self.selected: str | None = None
        self.held = False  # no pixmaps drawn until the view's scale is known (``hold``)

    def hold(self) -> None:
        """Draw no counter until the next :meth:`set_level`: a start's window is not laid out
        yet, and its counters are drawn once, at the scale of its first frame."""
        self.held = True

    def set_units(self, units: tuple[UnitInfo, ...] | list[UnitInfo]) -> None:
        """Show exactly these units (the viewing side's view), reusing items."""
        on_map = [u for u in units if u.place >= 0 and not u.eliminated]
        self.units = {u.id: u for u in on_map}
        self.stacks = {}
        self.members, self.key_of = {}, {}
        for u in on_map:
            self.stacks.setdefault(u.place, []).append(u.id)
            key = f"{u.place}/{u.part}/{u.side}/{self.art.face(u, False)}" if self.profile.group_alike else u.id
            self.members.setdefault(key, []).insert(0, u.id)
            self.key_of[u.id] = key
        for key in list(self.items):
            if key not in self.members:
                self.scene.removeItem(self.items.pop(key))
        for key, ids in self.members.items():
            item = self.items.get(key)
            if item is None:
                item = CounterItem()
                item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                item.setScale(self.profile.counter_scale)
                self.scene.addItem(item)
                self.items[key] = item
            item.setData(UNIT_ROLE, ids[0])
            if not self.held:
                item.setPixmap(self._pixmap(self.units[ids[0]]))
        self._layout()

    def _pixmap(self, u: UnitInfo) -> QPixmap:
        face = self.art.face(u, not self.profile.group_alike)
        return self.art.pixmap(face, self.level * self.profile.counter_scale)

    def set_fast(self, fast: bool) -> None:
        """Counters scaled without smoothing (while the map zooms: its frames are cheaper;
        they are redrawn at the new scale when it stops)."""
        mode = Qt.TransformationMode.FastTransformation if fast else Qt.TransformationMode.SmoothTransformation
        for item in self.items.values():
            item.setTransformationMode(mode)

    def set_level(self, level: float) -> None:
        if self.held:
            self.held = False
        elif level == self.level:
            return
        s = self.profile.counter_scale
        self.art.keep_scales({self.level * s, level * s})
        self.level = level
        self.refresh_art()

    def refresh_art(self) -> None:
        """Redraw every counter (after a zoom or a palette change)."""
        if self.held:
            return
        self._badge_cache.clear()
        for key, item in self.items.items():
            item.setPixmap(self._pixmap(self.units[self.members[key][0]]))
        self._layout()

    # -- layout -------------------------------------------------------------------------------
    def _slots(self) -> dict[tuple[int, str], list[str]]:
        """Counter keys per (place, part), bottom (or leftmost) first."""
        slots: dict[tuple[int, str], list[str]] = {}
        for key, ids in self.members.items():
            u = self.units[ids[0]]
            slots.setdefault((u.place, u.part), []).append(key)
        if self.profile.group_alike:  # a stable order: by side, then kind
            for keys in slots.values():
                keys.sort(key=lambda k: (self.units[self.members[k][0]].side, k))
        return slots

    def _layout(self) -> None:
        badges: dict[str, tuple[int, QPointF]] = {}
        size = self.size
        slots = self._slots()
        if self.stacks_changed is not None:
            counts: dict[int, int] = {}
            for (place, _part), keys in slots.items():
                counts[place] = counts.get(place, 0) + len(keys)
            self.stacks_changed(counts)
        occupied: dict[int, set[str]] = {}
        for place, part in slots:
            occupied.setdefault(place, set()).add(part)
        for (place, part), keys in slots.items():
            at, align = self.profile.slot(self.geom, place, part, frozenset(occupied[place]))
            n = len(keys)
            if self.profile.group_alike:
                width = n * size * 1.06
                x0 = at.x() - (width if align < 0 else 0 if align > 0 else width / 2)
                for k, key in enumerate(keys):
                    pos = QPointF(x0 + k * size * 1.06, at.y() - size / 2)
                    self._place(key, pos, k)
                    if len(self.members[key]) > 1:
                        badges[key] = (len(self.members[key]), pos)
                continue
            step = size * STACK_STEP
            x0 = at.x() - size / 2 + (n - 1) * step / 2
            y0 = at.y() - size / 2 - (n - 1) * step / 2
            for k, key in enumerate(keys):
                self._place(key, QPointF(x0 - (n - 1 - k) * step, y0 + (n - 1 - k) * step), k)
            if n > 1:
                badges[f"{place}/{part}"] = (n, QPointF(x0, y0))
        for key in [b for b in self.badges if b not in badges]:
            self.scene.removeItem(self.badges.pop(key))
        for key, (n, pos) in badges.items() if not self.held else ():  # (with the counters)
            badge = self.badges.get(key)
            if badge is None:
                badge = QGraphicsPixmapItem()
                badge.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                badge.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                badge.setZValue(Z_COUNTER + 0.9)
                self.scene.addItem(badge)
                self.badges[key] = badge
            pm = self._badge(n)
            badge.setPixmap(pm)
            side = pm.width() / pm.devicePixelRatio()
            badge.setPos(pos.x() + size - side * 0.78, pos.y() + size - side * 0.78)
        self._place_selection()

    def _place(self, key: str, pos: QPointF, k: int) -> None:
        item = self.items[key]
        item.setPos(pos)
        item.setZValue(Z_COUNTER + k * 0.01)

    def _badge(self, n: int) -> QPixmap:
        level = self.level
        key = (n, level)
        pm = self._badge_cache.get(key)
        if pm is None:
            size = self.size * 0.36
            # a kind's count is what its counter says: readable at any zoom; a stack's count
            # shrinks with the stack, which a far view shows as a thicker counter anyway
            least = BADGE_MIN_PX * self.dpr if self.profile.group_alike else 6
            side = max(round(least), round(size * level))
            pm = QPixmap(side, side)
            pm.fill(Qt.GlobalColor.transparent)
            p = QPainter(pm)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.scale(side / 20.0, side / 20.0)
            p.setPen(QPen(QColor("#ffffff"), 1.5))
            p.setBrush(QColor("#1b1b1b"))
            p.drawEllipse(QRectF(1, 1, 18, 18))
            font = QFont("DejaVu Sans")
            font.setPixelSize(12 if n < 10 else 10)
            font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(0, 0, 20, 20), Qt.AlignmentFlag.AlignCenter, str(n))
            p.end()
            pm.setDevicePixelRatio(max(1e-6, level))
            self._badge_cache[key] = pm
        return pm

    # -- selection and lookup -----------------------------------------------------------------
    def select(self, uid: str | None) -> None:
        self.selected = uid if uid in self.key_of else None
        self._place_selection()

    def _place_selection(self) -> None:
        if self.selected not in self.key_of:  # none, or the unit left the map (eliminated)
            self.selected = None
            self.selection.setVisible(False)
            return
        item = self.items[self.key_of[self.selected]]
        r = QRectF(item.pos(), QPointF(item.pos().x() + self.size, item.pos().y() + self.size))
        pad = self.size * 0.07
        self.selection.setRect(r.adjusted(-pad, -pad, pad, pad))
        self.selection.setPen(QPen(QColor(self.art.palette.selected), max(2.0, self.size * 0.11)))
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
        key = self.key_of[uid]
        if key == uid:  # one counter a unit: its order in the slot changes
            keys = list(self.members)
            keys.remove(key)
            keys.append(key)
            self.members = {k: self.members[k] for k in keys}
        else:
            self.members[key].remove(uid)
            self.members[key].insert(0, uid)
            self.items[key].setData(UNIT_ROLE, uid)
        self._layout()

    def item_unit(self, item) -> str | None:
        uid = item.data(UNIT_ROLE) if item is not None else None
        return uid if isinstance(uid, str) else None

    def unit_places(self) -> dict[str, int]:
        return {uid: u.place for uid, u in self.units.items()}

    def pos_of(self, uid: str) -> QPointF:
        return self.items[self.key_of[uid]].pos()
