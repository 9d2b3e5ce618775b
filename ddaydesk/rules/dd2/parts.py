"""Where each part of a D-Day2 zone is drawn: anchor points (map units) for the UI.

Inside the zone: the patrol part P over its label, the Allied part A and the German part G
side by side below it. Beside it, at sea: the beachhead box, pushed off the zone's coast;
the airborne box, off to the side away from the beach. Pure geometry, no Qt.
"""

from __future__ import annotations

import math

from ddaydesk.board import Board
from ddaydesk.diskcache import board_value
from ddaydesk.rules.dd2.state import MapInfo

SLOT = 0.55  # half the distance between the A and G anchors, map units


def _inside(poly, x: float, y: float) -> tuple[float, float]:
    from shapely.geometry import Point
    from shapely.ops import polylabel

    p = Point(x, y)
    if poly.contains(p):
        return (x, y)
    q = poly.exterior.interpolate(poly.exterior.project(p))
    c = polylabel(poly, 0.05)
    return (q.x + (c.x - q.x) * 0.3, q.y + (c.y - q.y) * 0.3)


BOX = (2.0, 0.9)  # size of a beachhead or airborne box, map units


def box_at(x: float, y: float):
    """The outline of a beachhead or airborne box centred on (x, y)."""
    import shapely  # (loads numpy: only when a map's anchors are worked out, or boxes drawn)

    return shapely.box(x - BOX[0] / 2, y - BOX[1] / 2, x + BOX[0] / 2, y + BOX[1] / 2)


def _at_sea(land, placed: list, x: float, y: float, heading: float) -> tuple[float, float]:
    """The nearest box position to (x, y) that is all at sea and clear of boxes already placed,
    preferring the given heading (radians)."""
    turns = sorted((k * math.pi / 8 for k in range(-8, 8)), key=abs)
    for step in range(4, 20):
        d = step * 0.25
        for t in turns:
            bx, by = x + d * math.cos(heading + t), y + d * math.sin(heading + t)
            b = box_at(bx, by)
            if not land.intersects(b) and not any(b.intersects(o) for o in placed):
                placed.append(b.buffer(0.1))
                return (bx, by)
    return (x, y)


def _anchors(board: Board) -> dict[int, dict[str, tuple[float, float]]]:
    import shapely
    from shapely.ops import polylabel

    info = MapInfo.of(board)
    polys = [board.polygon(i) for i in range(board.n)]
    land = shapely.union_all(polys)
    out, placed = {}, []
    for i, poly in enumerate(polys):
        c = polylabel(poly, 0.05)
        a = {
            "label": (c.x, c.y),
            "P": _inside(poly, c.x, c.y - 0.55),
            "A": _inside(poly, c.x - SLOT, c.y + 0.45),
            "G": _inside(poly, c.x + SLOT, c.y + 0.45),
        }
        coast = poly.exterior.difference(shapely.union_all([polys[j] for j in board.adj[i]]).buffer(1e-6))
        if i in info.beaches and not coast.is_empty:
            m = coast.interpolate(0.5, normalized=True) if coast.geom_type == "LineString" else coast.centroid
            a["beach"] = _at_sea(land, placed, m.x, m.y, math.atan2(m.y - c.y, m.x - c.x))
            a["coast"] = (m.x, m.y)  # where the beachhead's leader line meets the zone
            if i in info.drop_zones:  # the airborne box beside the beachhead, also at sea
                a["drop"] = _at_sea(land, placed, *a["beach"], math.atan2(m.y - c.y, m.x - c.x))
        elif i in info.drop_zones:
            a["drop"] = (c.x - 1.2, c.y - 0.9)
        out[i] = a
    return out


def _json_anchors(board: Board) -> dict[str, dict[str, tuple[float, float]]]:
    return {str(i): a for i, a in _anchors(board).items()}


def part_anchors(board: Board) -> dict[int, dict[str, tuple[float, float]]]:
    """zone index -> {"label", "A", "G", "P"[, "beach", "coast", "drop"]: (x, y)} in map units
    (worked out once per map, kept on disk between runs: ``ddaydesk.diskcache``)."""
    return board_value(board, "dd2-anchors", _json_anchors, lambda v: {
        int(i): {part: tuple(xy) for part, xy in a.items()} for i, a in v.items()})
