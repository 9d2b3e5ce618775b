"""The map widget: pre-rendered tiles behind counter and overlay items; zoom, pan, hover, click.

The view paints the static map itself (``drawBackground`` blits cached tiles of the level
matching the screen's device pixels, so HiDPI screens get sharper tiles), and hit-tests by
hex arithmetic rather than per-hex items.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from ddaydesk.board import Board
from ddaydesk.ui.counterlayer import CounterLayer
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.maprender import BLEED, TABLE, TILE, MapRenderer, level_for
from ddaydesk.ui.overlays import Overlays
from ddaydesk.ui.palette import Palette
from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import UIProfile
from ddaydesk.ui.tileshelf import TileShelf

MAX_SCALE = 5.0  # view scale limit (a hex 200 px across at 1x)
DRAG_START = 5  # pixels of movement before a press becomes a pan
SMALL_HEX = 12  # a hex's radius on screen (px) below which places to click are zoomed in on


_ART: OrderedDict[tuple, tuple[BoardGeometry, MapRenderer]] = OrderedDict()
ART_KEPT = 2  # boards whose geometry stays cached: reopening a game of one is quick


def _board_art(board: Board, profile: UIProfile, palette: Palette) -> tuple[BoardGeometry, MapRenderer]:
    """The board's geometry and tile renderer, shared by the games shown on it in turn (a
    save reopened, the next game of a scenario)."""
    key = (id(board), board.content_hash, type(profile))
    art = _ART.pop(key, None)
    if art is None or art[0].board is not board:
        geom = BoardGeometry(board, keep_out=lambda: profile.keep_out(board), owner=type(profile))
        art = (geom, MapRenderer(board, geom, palette, labels=profile.map_names, paint_extra=profile.paint_map))
        art[1].shelf = TileShelf(board, type(profile), profile.map_names, TILE + 2 * BLEED)
    elif art[1].palette is not palette:
        art[1].set_palette(palette)
    for _geom, renderer in _ART.values():  # a board not shown keeps no tiles (a screenful is ~25 MiB)
        renderer.drop_tiles()
    _ART[key] = art
    while len(_ART) > ART_KEPT:
        _ART.popitem(last=False)
    return art


def _outside(rect: QRectF, inner: QRectF) -> list[QRectF]:
    """``rect`` less ``inner``, as up to four bands."""
    r = rect.intersected(inner)
    if r.isEmpty():
        return [rect]
    bands = [QRectF(rect.left(), rect.top(), rect.width(), r.top() - rect.top()),
             QRectF(rect.left(), r.bottom(), rect.width(), rect.bottom() - r.bottom()),
             QRectF(rect.left(), r.top(), r.left() - rect.left(), r.height()),
             QRectF(r.right(), r.top(), rect.right() - r.right(), r.height())]
    return [b for b in bands if b.width() > 0 and b.height() > 0]


class MapScene(QGraphicsScene):
    """Counters and overlays over a board's geometry (a hex grid, drawn areas, a sector graph:
    all places of one :class:`~ddaydesk.board.Board`); the background is the view's job. A
    system's profile adds where units stand in a place, static art and decorations."""

    def __init__(self, board: Board, palette: Palette, parent=None, profile: UIProfile | None = None):
        super().__init__(parent)
        self.board = board
        self.profile = profile = profile or UIProfile()
        self.geom, self.renderer = _board_art(board, profile, palette)
        self.art = profile.counter_art(palette)  # NATO counters, or the system's own markers
        margin = self.geom.scale * 3
        self.setSceneRect(self.geom.rect.adjusted(-margin, -margin, margin, margin))
        self.overlays = Overlays(self, self.geom, palette, skip_markers=profile.own_markers)
        self.counters = CounterLayer(self, self.geom, self.art, profile, self._stacks_changed)
        self.decorations = profile.decorations(self, self.geom)
        for d in self.decorations:  # the legend explains the markers a profile draws with its samples
            self.overlays.owned_samples.update(d.legend)

    def _stacks_changed(self, stacks: dict[int, int]) -> None:
        for r in self.renderer.set_stacks(stacks):  # place names moved clear of the counters
            self.update(r)

    def show_view(self, view: GameView) -> None:
        """Counters, markers and the profile's decorations as ``view`` has them."""
        self.counters.set_units(view.units)
        self.overlays.show_markers(view.markers)
        self.overlays.show_drifts(view.drifts)
        for d in self.decorations:
            d.set_view(view)

    def set_palette(self, palette: Palette) -> None:
        self.renderer.set_palette(palette)
        self.art.set_palette(palette)
        self.overlays.apply_palette(palette)
        self.counters.refresh_art()
        self.update()


class MapView(QGraphicsView):
    hexHovered = Signal(int)
    hexClicked = Signal(int, str, int)  # place, unit id under the cursor ("" if none), button
    levelChanged = Signal(float)
    zoomChanged = Signal(float)

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(scene, parent)
        self.map = scene
        # a viewport of our own, as Qt's would be: asked for Qt's, PySide6 would first make the
        # Python types of every kind of widget to find its type (milliseconds of a start)
        self.setViewport(QWidget())
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.level = 0.0
        self._press: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._panning = False
        self._hover = -1
        self._prerender = QTimer(self)
        self._prerender.setSingleShot(True)
        self._prerender.setInterval(15)
        self._prerender.timeout.connect(self._prerender_step)
        self._zooming = False
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(180)
        self._settle.timeout.connect(self._zoom_settled)
        self.fitted = False  # the whole map is in view: a resize fits it again
        self.fit_rect: QRectF | None = None  # what fitting shows, if not the whole map (a campaign's battle)
        scene.renderer.dpr = scene.counters.dpr = self.devicePixelRatioF()
        self._update_level()

    def resizeEvent(self, event) -> None:
        """Maximising or resizing a fitted map fits it again; a zoomed one keeps its scale."""
        super().resizeEvent(event)
        dpr = self.devicePixelRatioF()
        self.map.renderer.keep_for(round(self.viewport().width() * dpr), round(self.viewport().height() * dpr))
        if self.fitted:
            self.fit()

    # -- painting -----------------------------------------------------------------------------
    def device_scale(self) -> float:
        """Device pixels per scene unit, rounded so a zoom level names one tile set."""
        return round(self.transform().m11() * self.devicePixelRatioF(), 3)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """Blit tiles drawn at exactly this scale; while one is missing, show the nearest
        coarse level scaled in its place and draw the exact one when the view is idle."""
        r = self.map.renderer
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seams at tile edges
        exact = self.device_scale()
        map_rect = self.map.geom.rect
        if not map_rect.contains(rect):  # the table around the map (tiles are opaque: not under them)
            px = 1 / exact  # the table reaches a pixel under the tiles: no unpainted seam between
            for band in _outside(rect, map_rect.adjusted(px, px, -px, -px)):
                painter.fillRect(band, TABLE)
        coarse = level_for(exact)
        src = QRectF(BLEED, BLEED, TILE, TILE)
        if self._zooming and self._has_coarse(coarse, rect):
            # Mid-gesture no exact tile exists (the scale changes every frame): the coarse
            # level's tiles, scaled, each drawn once over the whole exposed area.
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            for cx, cy in r.tiles_for(coarse, rect):
                painter.drawPixmap(r.tile_rect(coarse, cx, cy), r.cached(coarse, cx, cy), src)
            self._prerender.start()
            return
        missing = False
        for tx, ty in r.tiles_for(exact, rect):
            target = r.tile_rect(exact, tx, ty)
            pm = r.cached(exact, tx, ty)
            if pm is None and (self._zooming or self._has_coarse(coarse, target)):
                missing = True
                painter.save()
                painter.setClipRect(target)
                # mid-gesture frames favour speed; the exact tile replaces this once at rest
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, not self._zooming)
                for cx, cy in r.tiles_for(coarse, target):
                    painter.drawPixmap(r.tile_rect(coarse, cx, cy), r.tile(coarse, cx, cy), src)
                painter.restore()
                continue
            if pm is None:
                pm = r.tile(exact, tx, ty)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawPixmap(target, pm, src)
        if missing:
            self._prerender.start()

    def _has_coarse(self, coarse: float, target: QRectF) -> bool:
        r = self.map.renderer
        return all(r.cached(coarse, cx, cy) is not None for cx, cy in r.tiles_for(coarse, target))

    def _prerender_step(self) -> bool:
        """Draw one missing tile: the exact ones of the visible area, the coarse ones a zoom
        would show around it, then the exact ones of a margin; False when none is left."""
        if self._zooming:
            return False
        r = self.map.renderer
        exact = self.device_scale()
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        pad_w, pad_h = visible.width() * 0.25, visible.height() * 0.25  # (a pan's first steps)
        around = visible.adjusted(-pad_w, -pad_h, pad_w, pad_h)
        wanted: dict[tuple[float, int, int], bool] = {}  # (level, tx, ty) -> on screen, in order
        for level, area, repaint in ((exact, visible, True), (level_for(exact), around, False),
                                     (exact, around, False)):
            for tx, ty in r.tiles_for(level, area):
                wanted.setdefault((level, tx, ty), repaint)
        # no more than the cache keeps: drawing one would drop another wanted (and draw it again)
        for (level, tx, ty), repaint in list(wanted.items())[:r.max_tiles - 1]:
            if r.cached(level, tx, ty) is None:
                r.tile(level, tx, ty)
                if repaint:
                    self.viewport().update(self.mapFromScene(r.tile_rect(level, tx, ty)).boundingRect())
                self._prerender.start()
                return True
        return False

    def _zoom_settled(self) -> None:
        self._zooming = False
        self.map.counters.set_fast(False)
        self._update_level()

    def _update_level(self) -> None:
        """Counters are redrawn at the exact scale once zooming stops (crisp, and 1:1 blits)."""
        level = self.device_scale()
        if level != self.level and not self._zooming:
            # the last scale's exact tiles: never shown at another scale (a few MiB each)
            self.map.renderer.drop_level(self.level)
            self.level = level
            self.map.counters.set_level(level)
            self.levelChanged.emit(level)
        self.zoomChanged.emit(self.transform().m11())
        self._prerender.start()

    # -- zoom and pan -------------------------------------------------------------------------
    def min_scale(self) -> float:
        vp = self.viewport().rect()
        r = self.map.geom.rect
        return 0.5 * min(vp.width() / r.width(), vp.height() / r.height())

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom keeping the scene point under ``anchor`` (view pixels; default the centre) still."""
        current = self.transform().m11()
        target = max(self.min_scale(), min(MAX_SCALE, current * factor))
        if abs(target - current) < 1e-9:
            return
        self.fitted = False
        if anchor is None:
            anchor = self.viewport().rect().center()
        fixed = self.mapToScene(anchor)
        if not self._zooming:  # until the wheel rests: scaled coarse tiles, no redraws...
            self._zooming = True
            self.map.counters.set_fast(True)  # ...and counters scaled without smoothing
        self._settle.start()
        self.scale(target / current, target / current)
        moved = self.mapFromScene(fixed) - anchor
        self.pan_by(moved.x(), moved.y(), by_user=False)
        self._update_level()

    def set_zoom(self, scale: float) -> None:
        self.fitted = False
        centre = self.mapToScene(self.viewport().rect().center())
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(centre)
        self._update_level()

    def fit(self) -> None:
        self.fitInView(self.fit_rect or self.map.geom.rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.fitted = True
        self._update_level()

    def fit_when_shown(self) -> None:
        """Fit the map when the view is first laid out (shown), and draw the counters only
        then, once, at that scale: a start's window has not its size yet."""
        self.map.counters.hold()
        self.level = 0.0  # (no scale yet: the first fit sets one)
        self.fitted = True

    def pan_by(self, dx: float, dy: float, by_user: bool = True) -> None:
        if by_user:
            self.fitted = False
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))
        self._prerender.start()

    def centre_on_place(self, place: int) -> None:
        self.fitted = False
        self.centerOn(self.map.geom.centres[place])
        self._prerender.start()

    def show_places(self, places) -> None:
        """Places to click brought into view: centred on if none is in sight, and zoomed in on
        (their bounds, to 100 % at most) where a hex is too small on screen to be hit."""
        centres = [self.map.geom.centres[p] for p in places]
        r, k = self.map.geom.scale, self.transform().m11()
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        if r * k >= SMALL_HEX and any(seen.contains(c) for c in centres):
            return
        box = QRectF(centres[0], centres[0])
        for c in centres[1:]:
            box = box.united(QRectF(c, c))
        box.adjust(-2 * r, -2 * r, 2 * r, 2 * r)
        if r * k < SMALL_HEX:
            fit = min(self.viewport().width() / box.width(), self.viewport().height() / box.height())
            self.set_zoom(max(k, min(fit, 1.0)))
        self.fitted = False
        self.centerOn(box.center())
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        if not any(seen.contains(c) for c in centres):  # (spread wide: the first by its number)
            self.centerOn(self.map.geom.centres[min(places, key=lambda p: self.map.board.labels[p])])
        self._prerender.start()

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if delta:
            # proportional to the wheel's travel, so trackpads zoom smoothly: a notch is 15 %
            self.zoom_by(2.0 ** (delta / 600.0), event.position().toPoint())
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step_x, step_y = self.viewport().width() * 0.15, self.viewport().height() * 0.15
        moves = {Qt.Key.Key_Left: (-step_x, 0), Qt.Key.Key_Right: (step_x, 0),
                 Qt.Key.Key_Up: (0, -step_y), Qt.Key.Key_Down: (0, step_y)}
        if event.key() in moves:
            self.pan_by(*moves[event.key()])
            return
        super().keyPressEvent(event)

    # -- mouse --------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()
        self._press_button = event.button()
        self._panning = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press is not None and event.buttons() != Qt.MouseButton.NoButton:
            delta = pos - self._press
            if not self._panning and delta.manhattanLength() >= DRAG_START:
                self._panning = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning:
                self.pan_by(-delta.x(), -delta.y())
                self._press = pos
            return
        self._set_hover(self.map.geom.hex_at(self.mapToScene(pos)))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        was_panning = self._panning
        self._press = None
        self._panning = False
        self.viewport().unsetCursor()
        if was_panning:
            return
        scene_pos = self.mapToScene(event.position().toPoint())
        place = self.map.geom.hex_at(scene_pos)
        unit = ""
        for item in self.items(event.position().toPoint()):
            uid = self.map.counters.item_unit(item)
            if uid:
                unit = uid
                break
        if unit and self.map.counters.units[unit].place >= 0:
            place = self.map.counters.units[unit].place  # a counter stands for its place, where it may overhang another
        if place >= 0 or unit:
            self.hexClicked.emit(place, unit, int(event.button().value))

    def leaveEvent(self, event) -> None:
        self._set_hover(-1)
        super().leaveEvent(event)

    def _set_hover(self, place: int) -> None:
        if place != self._hover:
            self._hover = place
            self.hexHovered.emit(place)

    def scene_point_of(self, place: int) -> QPointF:
        return self.map.geom.centres[place]

    def view_point_of(self, place: int) -> QPoint:
        return self.mapFromScene(self.map.geom.centres[place])
