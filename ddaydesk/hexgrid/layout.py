"""Hex <-> pixel geometry and hex polygons (shapely) for drawing and hit-testing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ddaydesk.hexgrid.coords import Axial, axial_round

if TYPE_CHECKING:  # shapely loads numpy: imported only when a polygon is asked for
    from shapely.geometry import Polygon

_SQRT3 = math.sqrt(3.0)


@cache
def _corner_offsets(orientation: str, size: float) -> tuple[tuple[float, float], ...]:
    """The six corners from a hex's centre (the same for every hex: worked out once)."""
    start = 0.0 if orientation == "flat" else 30.0
    angles = [math.radians(start + 60.0 * k) for k in range(6)]
    return tuple((size * math.cos(a), size * math.sin(a)) for a in angles)


@dataclass(frozen=True)
class Layout:
    """Pixel layout: ``size`` is the centre-to-corner radius; y grows downwards (screen)."""

    orientation: str = "flat"
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Axial) -> tuple[float, float]:
        q, r = h
        if self.orientation == "flat":
            x = self.size * 1.5 * q
            y = self.size * _SQRT3 * (r + q / 2.0)
        else:
            x = self.size * _SQRT3 * (q + r / 2.0)
            y = self.size * 1.5 * r
        return (x + self.origin[0], y + self.origin[1])

    def from_pixel(self, x: float, y: float) -> Axial:
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "flat":
            q = 2.0 / 3.0 * px
            r = -1.0 / 3.0 * px + _SQRT3 / 3.0 * py
        else:
            q = _SQRT3 / 3.0 * px - 1.0 / 3.0 * py
            r = 2.0 / 3.0 * py
        return axial_round(q, r)

    def corners(self, h: Axial) -> list[tuple[float, float]]:
        """The six corners, clockwise on screen, starting east (flat) or north-east (pointy)."""
        cx, cy = self.to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in _corner_offsets(self.orientation, self.size)]

    def polygon(self, h: Axial) -> Polygon:
        from shapely.geometry import Polygon

        return Polygon(self.corners(h))

    def edge(self, h: Axial, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of the hexside between ``h`` and its neighbour in ``direction``."""
        corners = self.corners(h)
        # Corner k lies between the neighbour directions that point at its two sides; the
        # tables map each axial direction to its side's corner pair.
        pairs = _FLAT_EDGE if self.orientation == "flat" else _POINTY_EDGE
        a, b = pairs[direction]
        return corners[a], corners[b]


# Axial direction -> (corner, corner) of the shared side, screen coordinates (y down).
# flat: corners at 0,60,...,300 deg; direction 0 (+q) is east-south-east -> corners 0,1.
_FLAT_EDGE = ((0, 1), (5, 0), (4, 5), (3, 4), (2, 3), (1, 2))
# pointy: corners at 30,90,...; direction 0 (+q) is east -> corners 5,0.
_POINTY_EDGE = ((5, 0), (4, 5), (3, 4), (2, 3), (1, 2), (0, 1))
