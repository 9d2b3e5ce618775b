"""The static map drawn into pixmap tiles, one set per zoom level, cached.

The view blits tiles instead of painting per-hex items: a frame costs a few pixmap copies
whatever the number of hexes (../shared/research/perf.md §7, §9). Tiles are drawn at the
exact scale on screen, so a frame at rest is unscaled copies (a scaled blit costs 4-10x
more); while the wheel turns, the view scales the nearest coarse level of :data:`LEVELS`.
Detail follows the scale: wave marks and hex numbers appear only when there is room.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)

from ddaydesk.board import Board
from ddaydesk.ui import terrain_marks as marks
from ddaydesk.ui.geometry import HEX_PX, BoardGeometry, links
from ddaydesk.ui.mapnames import FONT, MapNames
from ddaydesk.ui.palette import DEFAULT, Palette

TILE = 512  # device pixels per tile side
BLEED = 2  # extra pixels drawn around a tile so smooth scaling has neighbours to sample
LEVELS = (0.25, 0.5, 1.0, 2.0, 4.0)  # coarse levels shown while zooming (device px per unit)
TILE_BYTES = (TILE + 2 * BLEED) ** 2 * 4  # one tile's pixels
KEEP_BYTES = 16 * 2**20  # tiles kept at least (the view asks for more on a larger screen: keep_for)
TABLE = QColor("#3b4038")  # the table the map lies on (around the sheet, in tiles and view)


def level_for(device_scale: float) -> float:
    """The finest coarse level no finer than the screen (the smallest when the screen is
    coarser still): a zooming frame scales a screenful of its pixels or fewer, up by less
    than 2x (a blurred frame while the wheel turns; the exact tiles replace it at rest).
    Scaling a finer level down read up to four screens of pixels from memory per frame."""
    fit = [lv for lv in LEVELS if lv <= device_scale * 1.02]
    return fit[-1] if fit else LEVELS[0]


def render_board(board: Board, scale: float = HEX_PX, labels: bool = True,
                 palette: Palette = DEFAULT) -> QImage:
    """The whole map as one image, ``scale`` pixels per model unit (for tools and overlays
    that draw their own marks: ``labels=False`` leaves out hex numbers and place names)."""
    geom = BoardGeometry(board)
    level = scale / geom.scale
    r = geom.rect
    rect = QRectF(0, 0, r.right(), r.bottom())  # model origin at the image's corner
    img = MapRenderer(board, geom, palette, labels=labels).render(
        level, rect, max(1, round(rect.width() * level)), max(1, round(rect.height() * level)))
    return img


class MapRenderer:
    def __init__(self, board: Board, geom: BoardGeometry, palette: Palette, labels: bool = True,
                 paint_extra=None):
        self.board = board
        self.geom = geom
        self.palette = palette
        self.labels = labels
        self.paint_extra = paint_extra  # a system's static art (UIProfile.paint_map), or None
        self.dpr = 1.0  # device pixels per logical pixel of the screen shown on (names' least size)
        self.shelf = None  # the first frame's tiles kept on disk (tileshelf.TileShelf), if given
        self._tiles: OrderedDict[tuple[float, int, int], QPixmap] = OrderedDict()
        self.max_tiles = KEEP_BYTES // TILE_BYTES  # least recently drawn go first
        self._sea = bytearray(1 if self._is_water(i) else 0 for i in range(board.n))
        self._place_kind = {p.place: p.kind for p in board.places}
        self.names = MapNames(board, geom, self.paper_rect())
        self._links = links(board)

    def _is_water(self, i: int) -> bool:
        return self.board.terrain_of(i) in ("sea", "lake")

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
        self._tiles.clear()

    def drop_level(self, level: float) -> None:
        """Let go of the tiles drawn at ``level`` unless it is one of the coarse :data:`LEVELS`
        (a zoom shows those at any scale; an exact level's only at its own)."""
        if level not in LEVELS:
            for key in [k for k in self._tiles if k[0] == level]:
                del self._tiles[key]

    def drop_tiles(self) -> None:
        """Let go of the drawn tiles (the board is no longer shown); they are drawn again when
        it is."""
        self._tiles.clear()

    # -- tiles --------------------------------------------------------------------------------
    def tile_rect(self, level: float, tx: int, ty: int) -> QRectF:
        side = TILE / level
        r = self.geom.rect
        return QRectF(r.left() + tx * side, r.top() + ty * side, side, side)

    def tiles_for(self, level: float, rect: QRectF) -> list[tuple[int, int]]:
        side = TILE / level
        r = self.geom.rect
        x0 = max(0, math.floor((rect.left() - r.left()) / side))
        y0 = max(0, math.floor((rect.top() - r.top()) / side))
        x1 = min(math.ceil(r.width() / side), math.ceil((rect.right() - r.left()) / side))
        y1 = min(math.ceil(r.height() / side), math.ceil((rect.bottom() - r.top()) / side))
        return [(tx, ty) for ty in range(y0, y1) for tx in range(x0, x1)]

    def cached(self, level: float, tx: int, ty: int) -> QPixmap | None:
        pm = self._tiles.get((level, tx, ty))
        if pm is not None:
            self._tiles.move_to_end((level, tx, ty))  # (on screen: the last to let go)
        return pm

    def keep_for(self, width: int, height: int) -> None:
        """Keep tiles enough for a screen of ``width`` x ``height`` device pixels: its exact
        tiles and a margin around them, and half as many again (the coarse level zooming
        shows, which needs fewer), and never less than :data:`KEEP_BYTES`."""
        on_screen = (width // TILE + 2) * (height // TILE + 2)
        self.max_tiles = max(KEEP_BYTES // TILE_BYTES, on_screen * 3 // 2)

    def tile(self, level: float, tx: int, ty: int) -> QPixmap:
        key = (level, tx, ty)
        pm = self._tiles.get(key)
        if pm is None:
            shelf, stacks = self.shelf, self.names.stacks
            img = shelf.load(level, tx, ty, self.palette, stacks, self.dpr) if shelf else None
            if img is None:
                r = self.tile_rect(level, tx, ty)
                b = BLEED / level
                img = self.render(level, r.adjusted(-b, -b, b, b), TILE + 2 * BLEED, TILE + 2 * BLEED, TABLE)
                if shelf:
                    shelf.store(level, tx, ty, self.palette, stacks, self.dpr, img)
            pm = QPixmap.fromImage(img)
            self._tiles[key] = pm
            while len(self._tiles) > self.max_tiles:
                self._tiles.popitem(last=False)
        else:
            self._tiles.move_to_end(key)
        return pm

    # -- drawing ------------------------------------------------------------------------------
    def render(self, level: float, rect: QRectF, w: int, h: int, background: QColor | None = None) -> QImage:
        """Draw the map region ``rect`` (scene units) into a ``w`` x ``h`` image, on
        ``background`` (an opaque image: copied to the screen without blending) or on
        nothing."""
        if background is None:
            img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
            img.fill(Qt.GlobalColor.transparent)
        else:
            img = QImage(w, h, QImage.Format.Format_RGB32)
            img.fill(background)
        p = QPainter(img)
        p.scale(w / rect.width(), h / rect.height())
        p.translate(-rect.left(), -rect.top())
        paper = self.paper_rect()
        if not paper.intersects(rect):
            p.end()
            return img
        # The sheet: off-map margin colour where the hex rows and columns end ragged; area
        # maps lie on the sea (their outlines are the land).
        p.setClipRect(paper)
        p.fillRect(paper, QColor(self.palette.off_map if self.board.grid is not None
                                 else self.palette.terrain_colour("sea")))
        margin = self.geom.scale * 4
        near = self.geom.in_rect(rect.adjusted(-margin, -margin, margin, margin))
        inside = self.geom.in_rect(rect)
        px = 1.0 / level  # one device pixel in scene units
        self._fills(p, inside)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._textures(p, inside, level)
        self._grid(p, inside, px)
        if self.board.grid is not None:  # an area map's outlines already are its coast
            self._shore(p, inside, px)
            self._hexsides(p, inside, px)
        self._regions(p, near, px)
        if self.board.grid is not None:
            self._settlements(p, inside, level)
        self._draw_links(p, px)
        if self.paint_extra is not None:
            self.paint_extra(p, self.board, self.geom)
        if self.labels and level >= 0.85 and self.board.grid is not None:
            self._hex_numbers(p, inside)
        if self.labels:
            self.names.draw(p, rect, level, self.palette.label, self.dpr)
        p.setClipping(False)
        p.setPen(QPen(QColor("#2a2a22"), max(px * 2, self.geom.scale * 0.05)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(paper)
        p.end()
        return img

    def paper_rect(self) -> QRectF:
        """The map sheet: the hexes' bounds with a narrow margin."""
        s = self.geom.scale
        return self.geom.rect.adjusted(s * 0.35, s * 0.35, -s * 0.35, -s * 0.35)

    def _fills(self, p: QPainter, hexes: list[int]) -> None:
        pal = self.palette
        p.setPen(Qt.PenStyle.NoPen)
        by_colour: dict[str, QPainterPath] = {}
        shallow = QColor(pal.terrain_colour("sea")).lighter(105).name()
        for i in hexes:
            c = pal.terrain_colour(self.board.terrain_of(i))
            if self._sea[i] and any(not self._sea[j] for j in self.board.adj[i]):
                c = shallow
            path = by_colour.setdefault(c, QPainterPath())
            path.addPolygon(self.geom.polygons[i])
        for c, path in by_colour.items():
            p.fillPath(path, QColor(c))

    def _textures(self, p: QPainter, hexes: list[int], level: float) -> None:
        s = self.geom.scale
        pal = self.palette
        crowns = (QPainterPath(), QPainterPath())  # all trees in two paths: two draw calls
        waves = QPainterPath()
        for i in hexes:
            t = self.board.terrain_of(i)
            c = self.geom.centres[i]
            if t == "woods":
                marks.trees(crowns, i, c, s, 7 if level >= 0.6 else 4)
            elif t == "bocage":
                marks.hedges(p, i, c, s, QColor(pal.woods_tree))
            elif t == "mountain":
                marks.peaks(p, i, c, s, QColor(pal.mountain_ink))
            elif t in ("sea", "lake") and level >= 0.5:
                marks.waves(waves, i, c, s)
            elif t == "fortress":
                marks.star_fort(p, c, s, QColor(pal.city))
            elif t == "fortified":
                marks.teeth(p, c, s, QColor(pal.city))
            elif t == "city":
                marks.built_up(p, i, c, s, QColor(pal.city))
        ink = QColor(pal.woods_tree)
        p.setPen(QPen(ink.darker(130), s * 0.025) if level >= 0.6 else Qt.PenStyle.NoPen)
        for path, colour in zip(crowns, (ink, ink.lighter(135)), strict=True):
            p.setBrush(colour)
            p.drawPath(path)
        p.setPen(QPen(QColor(255, 255, 255, 90), s * 0.03, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(waves)

    def _grid(self, p: QPainter, hexes: list[int], px: float) -> None:
        grid = QColor(self.palette.grid)
        grid.setAlpha(110)
        p.setPen(QPen(grid, max(px * 0.7, self.geom.scale * 0.018)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        path = QPainterPath()
        for i in hexes:
            if not self._sea[i]:
                path.addPolygon(self.geom.polygons[i])
                path.closeSubpath()
        p.drawPath(path)

    def _shore(self, p: QPainter, hexes: list[int], px: float) -> None:
        """Sand and a dark line along every land side that faces water."""
        s = self.geom.scale
        sand = QPainterPath()
        line = QPainterPath()
        for i in hexes:
            if self._sea[i]:
                continue
            ci = self.geom.centres[i]
            for j in self.board.adj[i]:
                if not self._sea[j]:
                    continue
                e = self.geom.edge(i, j)
                cj = self.geom.centres[j]
                dx, dy = (cj.x() - ci.x()), (cj.y() - ci.y())
                norm = math.hypot(dx, dy) or 1.0
                ox, oy = dx / norm * s * 0.06, dy / norm * s * 0.06
                sand.moveTo(e.p1().x() - ox, e.p1().y() - oy)
                sand.lineTo(e.p2().x() - ox, e.p2().y() - oy)
                line.moveTo(e.p1())
                line.lineTo(e.p2())
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(self.palette.beach), s * 0.14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(sand)
        shore = QColor(self.palette.shore)
        p.setPen(QPen(shore, max(px * 1.2, s * 0.04), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(line)

    def _hexsides(self, p: QPainter, hexes: list[int], px: float) -> None:
        b = self.board
        s = self.geom.scale
        river, major, road = b.feature_bit("river"), b.feature_bit("major_river"), b.feature_bit("road")
        rivers, majors, roads = QPainterPath(), QPainterPath(), QPainterPath()
        for i in hexes:
            for j, side in zip(b.adj[i], b.adj_side[i], strict=True):
                m = b.side_mask[side]
                if not m:
                    continue
                if m & road and i < j:
                    roads.moveTo(self.geom.centres[i])
                    roads.lineTo(self.geom.centres[j])
                if m & (river | major):
                    e = self.geom.edge(i, j)
                    target = majors if m & major else rivers
                    target.moveTo(e.p1())
                    target.lineTo(e.p2())
        cap = Qt.PenCapStyle.RoundCap
        if not roads.isEmpty():
            p.setPen(QPen(QColor("#fff6e0"), s * 0.13, Qt.PenStyle.SolidLine, cap))
            p.drawPath(roads)
            p.setPen(QPen(QColor(self.palette.road), s * 0.07, Qt.PenStyle.SolidLine, cap))
            p.drawPath(roads)
        colour = QColor(self.palette.river)
        for path, width in ((rivers, 0.09), (majors, 0.16)):
            if path.isEmpty():
                continue
            p.setPen(QPen(colour.darker(130), max(px * 2, s * (width + 0.04)), Qt.PenStyle.SolidLine, cap))
            p.drawPath(path)
            p.setPen(QPen(colour.lighter(115), max(px * 1.2, s * width), Qt.PenStyle.SolidLine, cap))
            p.drawPath(path)

    def _regions(self, p: QPainter, near: list[int], px: float) -> None:
        """Invasion areas as dashed outlines; supply sources as a side-coloured edge band."""
        s = self.geom.scale
        near_set = set(near)
        for region in self.board.regions.values():
            members = [i for i in region.places if i in near_set]
            if not members:
                continue
            edge = self.geom.boundary_path(region.places)
            if region.kind == "invasion_area":
                pen = QPen(QColor(self.palette.invasion), max(px * 1.5, s * 0.05), Qt.PenStyle.DashLine)
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(edge)
            elif region.kind == "supply_source":
                colour = QColor(self.palette.side.get(region.side or "", "#555555"))
                colour.setAlpha(60)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(colour)
                p.drawPath(self.geom.area_path(members))

    def _settlements(self, p: QPainter, hexes: list[int], level: float) -> None:
        s = self.geom.scale
        ink = QColor(self.palette.city)
        for i in hexes:
            kind = self._place_kind.get(i)
            if kind is None:
                continue
            c = self.geom.centres[i]
            if kind in ("town", "beach"):
                p.setPen(QPen(QColor("#fffbe8"), s * 0.04))
                p.setBrush(ink)
                p.drawRect(QRectF(c.x() - s * 0.13, c.y() - s * 0.13, s * 0.26, s * 0.26))
            elif kind in ("port", "inland_port"):
                marks.anchor(p, QPointF(c.x() + s * 0.42, c.y() - s * 0.3), s * 0.2)

    def _hex_numbers(self, p: QPainter, hexes: list[int]) -> None:
        s = self.geom.scale
        font = QFont(FONT)
        font.setPixelSize(max(1, round(s * 0.2)))
        p.setFont(font)
        colour = QColor(self.palette.hexnum)
        colour.setAlpha(170)
        p.setPen(colour)
        fm = QFontMetricsF(font)
        for i in hexes:
            if self._sea[i]:
                continue
            label = self.board.labels[i]
            c = self.geom.centres[i]
            w = fm.horizontalAdvance(label)
            p.drawText(QPointF(c.x() - w / 2, c.y() - s * 0.86 * 0.8 + fm.ascent() * 0.2), label)

    def _draw_links(self, p: QPainter, px: float) -> None:
        if not self._links:
            return
        p.setPen(QPen(QColor(self.palette.grid), max(px * 1.5, self.geom.scale * 0.05)))
        for i, j in self._links:
            p.drawLine(self.geom.centres[i], self.geom.centres[j])

    def set_stacks(self, stacks: dict[int, int]) -> list[QRectF]:
        """Counter stacks moved (place -> number of counters): names are planned again and
        the cached tiles where a name came or went are dropped. Returns those scene rects."""
        changed = self.names.restack(stacks, {key[0] for key in self._tiles}, self.dpr)
        for level, box in changed:
            for tx, ty in self.tiles_for(level, box):
                self._tiles.pop((level, tx, ty), None)
        return [box for _level, box in changed]
