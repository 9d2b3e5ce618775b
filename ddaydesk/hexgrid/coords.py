"""Axial, cube and offset hex coordinates (Red Blob Games' conventions).

Hexes are plain tuples: axial ``(q, r)``, cube ``(q, r, s)`` with ``q + r + s == 0``,
offset ``(col, row)``. Directions are numbered so that ``d`` and ``(d + 3) % 6`` are
opposite, which is what makes a hexside's id the same from either side.
"""

from __future__ import annotations

from collections.abc import Iterator

Axial = tuple[int, int]
Cube = tuple[int, int, int]

# Axial direction vectors; d and d+3 are opposite.
DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

ORIENTATIONS = ("flat", "pointy")
PARITIES = ("odd", "even")


def axial_to_cube(h: Axial) -> Cube:
    q, r = h
    return (q, r, -q - r)


def cube_to_axial(c: Cube) -> Axial:
    return (c[0], c[1])


def axial_add(a: Axial, b: Axial) -> Axial:
    return (a[0] + b[0], a[1] + b[1])


def axial_neighbour(h: Axial, direction: int) -> Axial:
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def axial_distance(a: Axial, b: Axial) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_round(q: float, r: float) -> Axial:
    """Nearest hex to fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def axial_line(a: Axial, b: Axial) -> list[Axial]:
    """Hexes on the straight line from a to b, both included (length = distance + 1).

    The endpoints are nudged by a tiny epsilon so a line along a hexside picks one side
    consistently, as the guide recommends.
    """
    n = axial_distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + 1e-6, a[1] + 1e-6
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    return [axial_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def axial_range(center: Axial, radius: int) -> Iterator[Axial]:
    """Every hex within ``radius`` of ``center`` (3r(r+1)+1 of them)."""
    cq, cr = center
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield (cq + dq, cr + dr)


def axial_ring(center: Axial, radius: int) -> list[Axial]:
    """The hexes at exactly ``radius`` from ``center``, walking once around."""
    if radius == 0:
        return [center]
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    out: list[Axial] = []
    for d in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
    return out


def offset_to_axial(col: int, row: int, orientation: str = "flat", parity: str = "odd") -> Axial:
    """Offset ``(col, row)`` to axial.

    ``flat``: flat-topped hexes in vertical columns; ``parity`` says whether odd or even
    columns are shoved down half a hex. ``pointy``: pointy-topped hexes in horizontal rows;
    odd or even rows are shoved right.
    """
    if orientation == "flat":
        shift = (col - (col & 1)) // 2 if parity == "odd" else (col + (col & 1)) // 2
        return (col, row - shift)
    shift = (row - (row & 1)) // 2 if parity == "odd" else (row + (row & 1)) // 2
    return (col - shift, row)


def axial_to_offset(h: Axial, orientation: str = "flat", parity: str = "odd") -> tuple[int, int]:
    q, r = h
    if orientation == "flat":
        shift = (q - (q & 1)) // 2 if parity == "odd" else (q + (q & 1)) // 2
        return (q, r + shift)
    shift = (r - (r & 1)) // 2 if parity == "odd" else (r + (r & 1)) // 2
    return (q + shift, r)
