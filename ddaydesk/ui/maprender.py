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
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPixmap,
    QPolygonF,
)

from ddaydesk.board import Board
from ddaydesk.ui.geometry import HEX_PX, BoardGeometry
from ddaydesk.ui.palette import DEFAULT, Palette
from ddaydesk.ui.sector_marks import draw_sector_marks

TILE = 512  # device pixels per tile side
BLEED = 2  # extra pixels drawn around a tile so smooth scaling has neighbours to sample
LEVELS = (0.25, 0.5, 1.0, 2.0, 4.0)  # coarse levels shown while zooming (device px per unit)
MAX_TILES = 160  # about 160 MB of tiles at most
FONT = "DejaVu Sans"


def level_for(device_scale: float) -> float:
    """The coarsest level at least as fine as the screen needs (never upscale a tile)."""
    for lv in LEVELS:
        if lv >= device_scale * 0.98:
            return lv
    return LEVELS[-1]


LABEL_RANK = {"city": 0, "port": 0, "fortress": 0, "inland_port": 1, "town": 2}  # name priority


@cache
def _label_font(px: int) -> tuple[QFont, QFontMetricsF]:
    font = QFont(FONT)
    font.setBold(True)
    font.setPixelSize(max(1, px))
    return font, QFontMetricsF(font)


def _jitter(i: int, k: int) -> float:
    """Deterministic 0..1 noise per place, so tree and wave marks do not move between tiles."""
    x = (i * 73856093 ^ k * 19349663) & 0xFFFFFFFF
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    return (x % 10007) / 10007.0


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
    def __init__(self, board: Board, geom: BoardGeometry, palette: Palette, labels: bool = True):
        self.board = board
        self.geom = geom
        self.palette = palette
        self.labels = labels
        self._tiles: OrderedDict[tuple[float, int, int], QPixmap] = OrderedDict()
        self._sea = bytearray(1 if self._is_water(i) else 0 for i in range(board.n))
        self._place_kind = {p.place: p.kind for p in board.places}
        self._labels: dict[float, list] = {}

    def _is_water(self, i: int) -> bool:
        return self.board.terrain_of(i) in ("sea", "lake")

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
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
        return self._tiles.get((level, tx, ty))

    def tile(self, level: float, tx: int, ty: int) -> QPixmap:
        key = (level, tx, ty)
        pm = self._tiles.get(key)
        if pm is None:
            r = self.tile_rect(level, tx, ty)
            b = BLEED / level
            pm = QPixmap.fromImage(self.render(level, r.adjusted(-b, -b, b, b), TILE + 2 * BLEED,
                                               TILE + 2 * BLEED))
            self._tiles[key] = pm
            while len(self._tiles) > MAX_TILES:
                self._tiles.popitem(last=False)
        else:
            self._tiles.move_to_end(key)
        return pm

    # -- drawing ------------------------------------------------------------------------------
    def render(self, level: float, rect: QRectF, w: int, h: int) -> QImage:
        """Draw the map region ``rect`` (scene units) into a ``w`` x ``h`` image."""
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
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
        self._settlements(p, inside, level)
        if self.labels and level >= 0.85 and self.board.grid is not None:
            self._hex_numbers(p, inside)
        if self.labels:
            self._names(p, rect, level)
        if self.board.props and any(self.board.props):  # a D-Day Dice Battle Map's printing
            draw_sector_marks(p, self.board, self.geom, near)
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
                self._trees(crowns, i, c, s, 7 if level >= 0.6 else 4)
            elif t == "bocage":
                self._hedges(p, i, c, s, QColor(pal.woods_tree))
            elif t == "mountain":
                self._peaks(p, i, c, s, QColor(pal.mountain_ink))
            elif t in ("sea", "lake") and level >= 0.5:
                self._waves(waves, i, c, s)
            elif t == "fortress":
                self._star_fort(p, c, s, QColor(pal.city))
            elif t == "fortified":
                self._teeth(p, c, s, QColor(pal.city))
            elif t == "city":
                self._built_up(p, i, c, s, QColor(pal.city))
        ink = QColor(pal.woods_tree)
        p.setPen(QPen(ink.darker(130), s * 0.025) if level >= 0.6 else Qt.PenStyle.NoPen)
        for path, colour in zip(crowns, (ink, ink.lighter(135)), strict=True):
            p.setBrush(colour)
            p.drawPath(path)
        p.setPen(QPen(QColor(255, 255, 255, 90), s * 0.03, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(waves)

    def _trees(self, crowns: tuple[QPainterPath, QPainterPath], i: int, c: QPointF, s: float,
               n: int) -> None:
        for k in range(n):
            a = _jitter(i, k) * math.tau
            r = s * (0.18 + 0.42 * _jitter(i, k + 11))
            x, y = c.x() + r * math.cos(a), c.y() + r * math.sin(a) * 0.85
            rad = s * (0.11 + 0.05 * _jitter(i, k + 23)) * (7 / n) ** 0.5
            crowns[k % 2].addEllipse(QPointF(x, y), rad, rad)

    def _hedges(self, p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
        pen = QPen(ink, s * 0.05, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for k in range(3):
            off = (k - 1) * s * 0.38
            p.drawLine(QPointF(c.x() - s * 0.6, c.y() + off), QPointF(c.x() + s * 0.6, c.y() + off))
        for k in range(2):
            off = (k - 0.5) * s * 0.6
            p.drawLine(QPointF(c.x() + off, c.y() - s * 0.7), QPointF(c.x() + off, c.y() + s * 0.7))

    def _peaks(self, p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
        for k, (dx, dy, size) in enumerate(((-0.3, 0.15, 0.32), (0.25, 0.2, 0.28), (0.0, -0.25, 0.36))):
            base = QPointF(c.x() + dx * s, c.y() + dy * s)
            h = size * s
            tri = QPolygonF([QPointF(base.x() - h, base.y() + h * 0.5), QPointF(base.x(), base.y() - h * 0.7),
                             QPointF(base.x() + h, base.y() + h * 0.5)])
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(ink).lighter(160 + 10 * k))
            p.drawPolygon(tri)
            shade = QPolygonF([tri[1], tri[2], QPointF(base.x(), base.y() + h * 0.5)])
            p.setBrush(QColor(ink).lighter(125))
            p.drawPolygon(shade)
            p.setPen(QPen(ink, s * 0.03))
            p.drawPolyline(QPolygonF([tri[0], tri[1], tri[2]]))

    def _waves(self, path: QPainterPath, i: int, c: QPointF, s: float) -> None:
        for k in range(2):
            x = c.x() + (_jitter(i, k) - 0.5) * s * 0.9
            y = c.y() + (_jitter(i, k + 5) - 0.5) * s * 0.9
            path.moveTo(QPointF(x - s * 0.2, y))
            path.quadTo(QPointF(x - s * 0.1, y - s * 0.08), QPointF(x, y))
            path.quadTo(QPointF(x + s * 0.1, y + s * 0.08), QPointF(x + s * 0.2, y))

    def _built_up(self, p: QPainter, i: int, c: QPointF, s: float, ink: QColor) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 70))
        p.drawEllipse(c, s * 0.62, s * 0.55)
        p.setBrush(ink)
        for k in range(9):
            a = _jitter(i, k) * math.tau
            r = s * 0.42 * math.sqrt(_jitter(i, k + 3))
            w = s * (0.09 + 0.07 * _jitter(i, k + 7))
            h = s * (0.08 + 0.06 * _jitter(i, k + 9))
            p.drawRect(QRectF(c.x() + r * math.cos(a) - w / 2, c.y() + r * math.sin(a) - h / 2, w, h))

    def _star_fort(self, p: QPainter, c: QPointF, s: float, ink: QColor) -> None:
        pts = []
        for k in range(10):
            r = s * (0.55 if k % 2 == 0 else 0.32)
            a = math.radians(-90 + 36 * k)
            pts.append(QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a)))
        p.setPen(QPen(ink, s * 0.06))
        p.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 60))
        p.drawPolygon(QPolygonF(pts))

    def _teeth(self, p: QPainter, c: QPointF, s: float, ink: QColor) -> None:
        p.setPen(QPen(ink, s * 0.04))
        p.setBrush(ink)
        for k in range(-2, 3):
            x = c.x() + k * s * 0.22
            p.drawPolygon(QPolygonF([QPointF(x - s * 0.07, c.y() + s * 0.1), QPointF(x, c.y() - s * 0.12),
                                     QPointF(x + s * 0.07, c.y() + s * 0.1)]))

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
                pen = QPen(QColor("#8a1c1c"), max(px * 1.5, s * 0.05), Qt.PenStyle.DashLine)
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
                self._anchor(p, QPointF(c.x() + s * 0.42, c.y() - s * 0.3), s * 0.2)

    def _anchor(self, p: QPainter, c: QPointF, r: float) -> None:
        ink = QColor("#0b2e59")
        p.setBrush(QColor("#fffbe8"))
        p.setPen(QPen(ink, r * 0.12))
        p.drawEllipse(c, r * 1.1, r * 1.1)
        p.setPen(QPen(ink, r * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawLine(QPointF(c.x(), c.y() - r * 0.6), QPointF(c.x(), c.y() + r * 0.7))
        p.drawLine(QPointF(c.x() - r * 0.35, c.y() - r * 0.3), QPointF(c.x() + r * 0.35, c.y() - r * 0.3))
        p.drawArc(QRectF(c.x() - r * 0.6, c.y() - r * 0.2, r * 1.2, r * 0.9), 200 * 16, 140 * 16)

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

    def _names(self, p: QPainter, rect: QRectF, level: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        halo_brush = QBrush(QColor(255, 252, 235, 215))
        ink = QBrush(QColor(self.palette.label))
        for box, path, halo in self._label_plan(level):
            if box.intersects(rect):
                p.fillPath(halo, halo_brush)
                p.fillPath(path, ink)

    def _label_plan(self, level: float) -> list[tuple[QRectF, QPainterPath, QPainterPath]]:
        """Which place names fit at this scale: cities and ports first, then towns, each
        kept only where it does not overlap a name already placed. Planned once per level
        for the whole map, so a name cut by a tile edge is drawn the same in both tiles."""
        plan = self._labels.get(level)
        if plan is not None:
            return plan
        s = self.geom.scale
        px = max(s * 0.3, 11 / level)
        placed: list[QRectF] = []
        plan = []
        paper = self.paper_rect()
        order = sorted(self.board.places, key=lambda pl: (LABEL_RANK.get(pl.kind, 3), pl.name))
        for place in order:
            rank = LABEL_RANK.get(place.kind, 3)
            big = rank == 0
            font, fm = _label_font(round(px * (1.12 if big else 1.0)))
            c = self.geom.centres[place.place]
            w = fm.horizontalAdvance(place.name)
            # centred under the place, but kept on the sheet near its edges
            x = min(max(c.x() - w / 2, paper.left() + 3), paper.right() - w - 3)
            base = QPointF(x, c.y() + s * 0.7 + fm.ascent() * 0.35)
            box = QRectF(base.x() - 2, base.y() - fm.ascent() - 2, w + 4, fm.height() + 4)
            if any(box.intersects(b) for b in placed):
                continue
            placed.append(box)
            path = QPainterPath()
            path.addText(base, font, place.name)
            halo = QPainterPathStroker()
            halo.setWidth(font.pixelSize() * 0.28)
            halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            plan.append((box.adjusted(-px, -px, px, px), path, halo.createStroke(path)))
        self._labels[level] = plan
        return plan
