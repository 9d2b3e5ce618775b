"""Scene geometry of a board: hex polygons, centres and boundaries, computed once (a hex
grid's polygons and centres each when first asked for: a start draws its map from the tiles
kept and its counters on a few hexes, not on the campaign's 2,600).

Scene units are model units (hex radius 1) times :data:`HEX_PX`. Everything that draws a
set of hexes (tiles, overlay paths) takes its polygons from here, so building an overlay
is path assembly, not trigonometry (../shared/research/perf.md §7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from ddaydesk.board import Board
from ddaydesk.ui.arealayout import area_layout, area_links, layout_of

HEX_PX = 40.0  # scene pixels per model unit (hex centre-to-corner radius)
OPEN_SHARE = 0.3  # a hex game opening on places to choose shows this much of the map each way


class _Placed(Sequence):
    """One value per hex made from its centre (``make(x, y)``) when first asked for, then kept."""

    def __init__(self, make: Callable[[float, float], object], xy: list[tuple[float, float]]):
        self._make, self._xy = make, xy
        self._made: list = [None] * len(xy)

    def __len__(self) -> int:
        return len(self._xy)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        v = self._made[i]
        if v is None:
            v = self._made[i] = self._make(*self._xy[i])
        return v


class BoardGeometry:
    """``keep_out``: shapes (model units) an area's name and units keep clear of, such as the
    boxes a system draws over the map, or a function returning them (called only when an
    area map's layout is not already kept: ``arealayout``; ``owner``: the profile whose they are)."""

    def __init__(self, board: Board, scale: float = HEX_PX, keep_out=(), owner: type = object):
        self.board = board
        self.scale = scale
        self.polygons: Sequence[QPolygonF] = []
        self.centres: Sequence[QPointF] = []
        self.bounds: list[QRectF] = []
        self.label_width: list[float] = []  # room for a name across the place at its centre
        lay = board.layout
        if lay is not None:
            shapes = keep_out() if callable(keep_out) else keep_out
            self.keep_rects = [self._rect(*shape.bounds) for shape in shapes]
            # Corners as fixed offsets from each centre: arithmetic, no per-hex trigonometry;
            # each polygon a translated copy of one (a C++ call, not six points made in Python).
            cx0, cy0 = lay.to_pixel(board.grid.axial[0])
            offsets = [((x - cx0) * scale, (y - cy0) * scale) for x, y in lay.corners(board.grid.axial[0])]
            xs = [dx for dx, _ in offsets]
            ys = [dy for _, dy in offsets]
            box = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            shape = QPolygonF([QPointF(dx, dy) for dx, dy in offsets])
            to_pixel, axial = lay.to_pixel, board.grid.axial
            xy = []
            for i in range(board.n):
                x, y = to_pixel(axial[i])
                cx, cy = x * scale, y * scale
                xy.append((cx, cy))
                self.bounds.append(box.translated(cx, cy))
            self.polygons = _Placed(shape.translated, xy)
            self.centres = _Placed(QPointF, xy)
            self.label_width = [box.width()] * board.n
        else:
            # the drawn outlines as they are; where names go from shapely, once per map
            # (shapely loads numpy: a start with the layout kept does without)
            got = area_layout(board, keep_out, owner) if callable(keep_out) or not keep_out \
                else layout_of(board, keep_out)  # (shapes given as they are: nothing to know them by)
            self.keep_rects = [self._rect(*b) for b in got["keep"]]
            for i in range(board.n):
                poly = QPolygonF([QPointF(x * scale, y * scale) for x, y in board.outlines[i]])
                self.polygons.append(poly)
                x, y = got["centres"][i]
                self.centres.append(QPointF(x * scale, y * scale))
                self.bounds.append(poly.boundingRect())
            self.label_width = [w * scale for w in got["widths"]]
        r = QRectF(self.bounds[0])
        for b in self.bounds:
            if not r.contains(b):
                r = r.united(b)
        self.rect = r.adjusted(-scale * 0.5, -scale * 0.5, scale * 0.5, scale * 0.5)
        self._edges: dict[tuple[int, int], QLineF] = {}
        self._outlines: dict[frozenset[int], QPainterPath] = {}

    def _rect(self, x0: float, y0: float, x1: float, y1: float) -> QRectF:
        s = self.scale
        return QRectF(x0 * s, y0 * s, (x1 - x0) * s, (y1 - y0) * s)

    def opening_frame(self, choices) -> QRectF | None:
        """Where a hex map opens when every choice waiting names places (Utah Beach's six
        beachheads, tiny on the whole map fitted): those places amid OPEN_SHARE of the map
        each way; None: the whole map."""
        if self.board.grid is None or not choices or not all(places for _k, _t, places in choices):
            return None
        box = QRectF()
        for _k, _t, places in choices:
            for p in places:
                box = box.united(self.bounds[p])
        whole = self.rect
        frame = QRectF(0, 0, max(box.width(), whole.width() * OPEN_SHARE), max(box.height(), whole.height() * OPEN_SHARE))
        frame.moveCenter(box.center())
        # slid onto the map where the places lie near its edge
        frame.translate(max(whole.left() - frame.left(), 0.0) + min(whole.right() - frame.right(), 0.0),
                        max(whole.top() - frame.top(), 0.0) + min(whole.bottom() - frame.bottom(), 0.0))
        return frame

    @property
    def n(self) -> int:
        return self.board.n

    def hex_at(self, p: QPointF) -> int:
        """The place under a scene point, or -1 (arithmetic, no item lookup)."""
        return self.board.place_at_point(p.x() / self.scale, p.y() / self.scale)

    def in_rect(self, rect: QRectF) -> list[int]:
        """Places whose polygon's bounding box meets ``rect``."""
        if self.board.grid is None:
            return [i for i, b in enumerate(self.bounds) if b.intersects(rect)]
        # Rows and columns of a rectangular grid are monotone in x and y: clip the index range.
        g = self.board.grid
        w = self.bounds[0].width() or 1.0
        h = self.bounds[0].height() or 1.0
        if g.orientation == "flat":
            c0 = max(0, int((rect.left() - self.rect.left()) / (w * 0.75)) - 2)
            c1 = min(g.width, int((rect.right() - self.rect.left()) / (w * 0.75)) + 3)
            r0 = max(0, int((rect.top() - self.rect.top()) / h) - 2)
            r1 = min(g.height, int((rect.bottom() - self.rect.top()) / h) + 3)
        else:
            c0 = max(0, int((rect.left() - self.rect.left()) / w) - 2)
            c1 = min(g.width, int((rect.right() - self.rect.left()) / w) + 3)
            r0 = max(0, int((rect.top() - self.rect.top()) / (h * 0.75)) - 2)
            r1 = min(g.height, int((rect.bottom() - self.rect.top()) / (h * 0.75)) + 3)
        out = []
        for r in range(r0, r1):
            base = r * g.width
            for c in range(c0, c1):
                if self.bounds[base + c].intersects(rect):
                    out.append(base + c)
        return out

    def edge(self, i: int, j: int) -> QLineF:
        """The side shared by two adjacent places, in scene units."""
        key = (i, j) if i < j else (j, i)
        line = self._edges.get(key)
        if line is None:
            if self.board.grid is not None:
                (x1, y1), (x2, y2) = self.board.side_segment(key[0], key[1])
            else:
                shared = self.board.polygon(key[0]).boundary.intersection(self.board.polygon(key[1]).boundary)
                (x1, y1), (x2, y2) = shared.bounds[:2], shared.bounds[2:]
            s = self.scale
            line = QLineF(x1 * s, y1 * s, x2 * s, y2 * s)
            self._edges[key] = line
        return line

    def area_path(self, hexes: Iterable[int]) -> QPainterPath:
        """One path filling the given places (for translucent overlay fills)."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)  # shared sides must not cancel out
        for i in hexes:
            path.addPolygon(self.polygons[i])
            path.closeSubpath()
        return path

    def boundary_path(self, hexes: Iterable[int]) -> QPainterPath:
        """The outer edge of a set of places: sides whose other place is not in the set
        (kept: the map's regions are outlined on every tile they cross)."""
        inside = frozenset(hexes)
        got = self._outlines.get(inside)
        if got is None:
            got = self._outlines[inside] = self._boundary(inside)
            if len(self._outlines) > 256:
                self._outlines.pop(next(iter(self._outlines)))
        return got

    def _boundary(self, inside: frozenset[int]) -> QPainterPath:
        path = QPainterPath()
        if not inside:  # (nothing to outline: no shapely loaded for it)
            return path
        if self.board.grid is None:  # areas: the outline of their union (borders are not straight)
            from shapely.ops import unary_union

            merged = unary_union([self.board.polygon(i) for i in inside])
            for poly in getattr(merged, "geoms", [merged]):
                for ring in (poly.exterior, *poly.interiors):
                    path.addPolygon(QPolygonF([QPointF(x * self.scale, y * self.scale) for x, y in ring.coords]))
            return path
        adj = self.board.adj
        for i in inside:
            for j in adj[i]:
                if j not in inside:
                    line = self.edge(i, j)
                    path.moveTo(line.p1())
                    path.lineTo(line.p2())
            if self.board.grid is not None and self.board.grid.on_edge(i):
                self._map_edge_sides(path, i)
        return path

    def _map_edge_sides(self, path: QPainterPath, i: int) -> None:
        g = self.board.grid
        lay = self.board.layout
        for d in range(6):
            if g.nbr[i * 6 + d] < 0:
                (x1, y1), (x2, y2) = lay.edge(g.axial[i], d)
                s = self.scale
                path.moveTo(x1 * s, y1 * s)
                path.lineTo(x2 * s, y2 * s)

    def polyline(self, places: Iterable[int]) -> QPainterPath:
        """A line through the centres of consecutive places (paths, trails, supply legs)."""
        path = QPainterPath()
        for k, i in enumerate(places):
            if k == 0:
                path.moveTo(self.centres[i])
            else:
                path.lineTo(self.centres[i])
        return path


def links(board: Board) -> list[tuple[int, int]]:
    """Adjacent areas that share no border (a sector map's graph): drawn as lines."""
    return [] if board.grid is not None else area_links(board)
