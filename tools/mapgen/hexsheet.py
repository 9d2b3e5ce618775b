"""A hex grid laid over the map's model space: area fractions, hexes and hexsides along lines.

Model space is ddaydesk's own (ddaydesk.hexgrid Layout with hex radius 1 and origin 0, y
down), so the builders share the engine's geometry instead of re-deriving it.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import shapely
from shapely.geometry import Polygon

from ddaydesk.hexgrid import HexGrid, HexNumbering, Layout

TILE = 4.0  # model units: geometry is cut into tiles this big before intersecting hexes


class HexSheet:
    def __init__(self, width: int, height: int, orientation: str, parity: str, numbering: HexNumbering):
        self.grid = HexGrid(width, height, orientation, parity)
        self.layout = Layout(orientation, 1.0)
        self.numbering = numbering
        self.n = self.grid.n
        self.labels = [numbering.label(*self.grid.colrow(i)) for i in range(self.n)]
        self.index_of = {label: i for i, label in enumerate(self.labels)}
        self.centres = [self.layout.to_pixel(a) for a in self.grid.axial]
        self.polygons = [Polygon(self.layout.corners(a)) for a in self.grid.axial]
        self._corner_graph()

    # -- hexes ------------------------------------------------------------------------------
    def hex_at(self, x: float, y: float) -> int:
        col, row = self.grid.from_axial(self.layout.from_pixel(x, y))
        if 0 <= col < self.grid.width and 0 <= row < self.grid.height:
            return self.grid.index(col, row)
        return -1

    def centre_of(self, label: str) -> tuple[float, float]:
        return self.centres[self.index_of[label]]

    def neighbours(self, i: int) -> list[int]:
        return self.grid.neighbours(i)

    def fractions(self, geom) -> list[float]:
        """Share of each hex's area covered by ``geom`` (model space), rounded to 1e-4."""
        out = np.zeros(self.n)
        if geom.is_empty:
            return out.tolist()
        minx, miny, maxx, maxy = geom.bounds
        parts = []
        for tx in np.arange(math.floor(minx), maxx, TILE):
            for ty in np.arange(math.floor(miny), maxy, TILE):
                piece = shapely.clip_by_rect(geom, tx, ty, tx + TILE, ty + TILE)
                if not piece.is_empty:
                    parts += list(shapely.get_parts(piece))
        if not parts:
            return out.tolist()
        polys = np.array(self.polygons, dtype=object)
        tree = shapely.STRtree(polys)
        part_idx, hex_idx = tree.query(np.array(parts, dtype=object), predicate="intersects")
        areas = shapely.area(shapely.intersection(np.array(parts, dtype=object)[part_idx], polys[hex_idx]))
        out = np.bincount(hex_idx, weights=areas, minlength=self.n) / self.polygons[0].area
        return [round(float(v), 4) for v in out]

    def hexes_along(self, points: list[tuple[float, float]], step: float = 0.2) -> list[int]:
        """The chain of adjacent on-map hexes a polyline (model space) passes through."""
        chain: list[int] = []
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            k = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
            for s in range(k + 1):
                i = self.hex_at(x0 + (x1 - x0) * s / k, y0 + (y1 - y0) * s / k)
                if i < 0 or (chain and chain[-1] == i):
                    continue
                if chain and self.grid.direction_between(chain[-1], i) < 0:
                    chain += self._bridge(chain[-1], i)
                chain.append(i)
        return chain

    def _bridge(self, a: int, b: int) -> list[int]:
        """Hexes strictly between two near hexes (a line grazing a corner skips one)."""
        near = [j for j in self.neighbours(a) if self.grid.direction_between(j, b) >= 0]
        return near[:1]

    # -- hexsides ----------------------------------------------------------------------------
    def _key(self, p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 4), round(p[1], 4))

    def _corner_graph(self) -> None:
        self.vertex_nbrs: dict[tuple, list[tuple[tuple, tuple[int, int]]]] = {}
        for i in range(self.n):
            for d in range(6):
                j = self.grid.nbr[i * 6 + d]
                if j < i and j >= 0:
                    continue  # each interior side once
                a, b = (self._key(p) for p in self.layout.edge(self.grid.axial[i], d))
                pair = (min(i, j), max(i, j)) if j >= 0 else (i, -1)
                self.vertex_nbrs.setdefault(a, []).append((b, pair))
                self.vertex_nbrs.setdefault(b, []).append((a, pair))

    def nearest_corner(self, x: float, y: float) -> tuple | None:
        i = self.hex_at(x, y)
        if i < 0:
            return None
        corners = [self._key(c) for c in self.layout.corners(self.grid.axial[i])]
        return min(corners, key=lambda c: ((c[0] - x) ** 2 + (c[1] - y) ** 2, c))

    def _path(self, a: tuple, b: tuple) -> list[tuple[int, int]]:
        """Fewest interior hexsides from corner a to corner b (breadth first, stable order)."""
        prev = {a: None}
        queue = deque([a])
        while queue:
            v = queue.popleft()
            if v == b:
                break
            for w, pair in sorted(self.vertex_nbrs[v]):
                if pair[1] >= 0 and w not in prev:
                    prev[w] = (v, pair)
                    queue.append(w)
        if b not in prev:
            return []
        out = []
        while prev[b] is not None:
            b, pair = prev[b]
            out.append(pair)
        return out[::-1]

    def hexsides_along(self, points: list[tuple[float, float]], step: float = 0.25) -> list[tuple[int, int]]:
        """Hexsides (i, j) a line follows: samples snap to hex corners, corners join by the
        shortest run of sides; a side walked twice (a spike) cancels out."""
        corners: list[tuple] = []
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            k = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
            for s in range(k + 1):
                c = self.nearest_corner(x0 + (x1 - x0) * s / k, y0 + (y1 - y0) * s / k)
                if c is not None and (not corners or corners[-1] != c):
                    corners.append(c)
        sides: dict[tuple[int, int], None] = {}
        for a, b in zip(corners, corners[1:], strict=False):
            for pair in self._path(a, b):
                if pair in sides:
                    del sides[pair]
                else:
                    sides[pair] = None
        return list(sides)
