"""Where names and units go on a drawn-area map (model units), worked out with shapely once
per map and kept on disk between runs (``ddaydesk.diskcache``): a start then draws a drawn
map without loading shapely and numpy. No Qt: plain numbers for ``BoardGeometry``."""

from __future__ import annotations

import sys

from ddaydesk.board import Board
from ddaydesk.diskcache import board_value


def area_layout(board: Board, keep_out, owner: type) -> dict:
    """``{"centres": [(x, y)], "widths": [w], "keep": [(x0, y0, x1, y1)]}``: each area's
    visual centre clear of the shapes ``keep_out()`` returns (the boxes a system draws over
    the map; ``owner`` is that system's profile class), the width of the area across it
    (room for a name), and the bounds of those shapes."""
    return board_value(board, f"area-layout-{owner.__name__}", lambda b: layout_of(b, keep_out() if keep_out else ()),
                       modules=_code_of(owner))


def _code_of(cls: type) -> tuple[str, ...]:
    """The ddaydesk modules of ``cls`` and its bases, and those they import names from (the
    code ``keep_out`` runs), whose edits must make a kept layout again."""
    mods = {c.__module__ for c in cls.__mro__ if c.__module__.startswith("ddaydesk")}
    for name in list(mods):
        for v in vars(sys.modules[name]).values():
            m = getattr(v, "__module__", None)
            if isinstance(m, str) and m.startswith("ddaydesk"):
                mods.add(m)
    return tuple(sorted(mods | {"ddaydesk.ui.geometry"}))


def layout_of(board: Board, keep_out: list) -> dict:
    from shapely.geometry import LineString
    from shapely.ops import polylabel, unary_union

    blocked = unary_union(list(keep_out)) if keep_out else None
    centres, widths = [], []
    for i in range(board.n):
        shape = board.polygon(i)
        free = shape.difference(blocked) if blocked is not None and shape.intersects(blocked) else shape
        if free.geom_type != "Polygon":  # cut in pieces: the largest one
            free = max(getattr(free, "geoms", [shape]), key=lambda g: g.area)
        c = polylabel(free, 0.05)  # the visual centre: where a name fits best
        centres.append((c.x, c.y))
        x0, _y0, x1, _y1 = shape.bounds
        widths.append(shape.intersection(LineString([(x0 - 1, c.y), (x1 + 1, c.y)])).length)
    return {"centres": centres, "widths": widths, "keep": [shape.bounds for shape in keep_out]}


def area_links(board: Board) -> list[tuple[int, int]]:
    """Adjacent areas that share no border (a sector map's graph, drawn as lines)."""
    return board_value(board, "area-links", _links, lambda v: [tuple(p) for p in v])


def _links(board: Board) -> list[tuple[int, int]]:
    out = []
    for i in range(board.n):
        for j in board.adj[i]:
            if i < j and board.polygon(i).boundary.intersection(board.polygon(j).boundary).length == 0:
                out.append((i, j))
    return out
