"""Which names an area map prints at a zoom level, and where (planned once per level; hex
maps' place names are labels.py's).

Every area's name just above its visual centre (its units stand just below), wrapped onto
two lines when it is wider than the area, never smaller than a legible size on screen; an
area holding a city is marked with a star.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPolygonF

from ddaydesk.board import Board
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.labels import Label, label_font

CITY_KINDS = ("city", "port", "fortress")  # an area holding one of these is starred
MIN_PX = 11.5  # pixels (device pixels times the screen's ratio): a name read without leaning in...
TIGHT_PX = 10.0  # ...and the smallest, for a name with no room at the larger size

# where an area's name may go, nearest first: (fraction of its width, of a line) from its centre
SPOTS = sorted(((dx, dy) for dx in (0, -0.25, 0.25, -0.5, 0.5) for dy in (0, -0.5, -1, -1.5)),
               key=lambda d: abs(d[0]) + abs(d[1]) / 2)
CROWDED = 0.3  # a name that would still lie this much over others is left out at that scale


def _split(name: str) -> list[str]:
    """A long name on two lines, broken at the hyphen or space nearest its middle."""
    cuts = [k for k, ch in enumerate(name) if ch in "- " and 1 < k < len(name) - 1]
    if not cuts:
        return [name]
    k = min(cuts, key=lambda c: abs(c - len(name) / 2))
    return [name[:k + 1].rstrip(), name[k + 1:]] if name[k] == "-" else [name[:k], name[k + 1:]]


def _overlap(box: QRectF, placed: list[QRectF]) -> float:
    return sum((box & b).width() * (box & b).height() for b in placed if box.intersects(b))


def _area_box(name: str, c: QPointF, s: float, px: int, room: float, placed: list[QRectF],
              paper: QRectF, area: QPolygonF) -> tuple[float, QRectF, list[str]]:
    """The best spot for a name at ``px``: (overlap with names placed, box, lines). The name
    stays on its own area: the middle of each line's box is inside it."""
    fm = label_font(px)[1]
    lines = [name] if fm.horizontalAdvance(name) <= room else _split(name)
    w, h = max(fm.horizontalAdvance(t) for t in lines), fm.height() * len(lines)
    best = None
    for k, (dx, dy) in enumerate(SPOTS):
        x = min(max(c.x() - w / 2 + dx * w, paper.left() + 3), paper.right() - w - 3)
        box = QRectF(x, c.y() - h - s * 0.02 + dy * fm.height(), w, h)
        inside = all(area.containsPoint(QPointF(box.center().x(), box.top() + (n + 0.5) * fm.height()),
                                        Qt.FillRule.OddEvenFill) for n in range(len(lines)))
        if k and not inside:
            continue
        score = _overlap(box, placed)
        if best is None or score < best[0]:
            best = (score, box, lines)
        if score == 0:
            break
    return best


def area_labels(board: Board, geom: BoardGeometry, level: float, paper: QRectF, dpr: float = 1.0) -> list[Label]:
    """Cities first, then small areas before large ones; a name that would cover one already
    placed (or a box the system draws) moves up or aside a little (units stand below the
    centre, so never down), and if it still does, is set a little smaller. A name that finds
    no room even so is left out at this scale (a small screen at a high scale factor shows it
    when zoomed in); at the window's default zoom on a 1280x800 screen every name fits."""
    s = geom.scale
    sizes = (round(max(s * 0.28, MIN_PX * dpr / level)), round(max(s * 0.24, TIGHT_PX * dpr / level)))
    cities = {pl.place for pl in board.places if pl.kind in CITY_KINDS}
    plan: list[Label] = []
    placed: list[QRectF] = list(geom.keep_rects)
    for i in sorted(range(board.n), key=lambda k: (k not in cities, geom.bounds[k].width() * geom.bounds[k].height())):
        name = ("★ " if i in cities else "") + (board.name_of(i) or board.labels[i])
        room = geom.label_width[i] * 0.92
        spot = min((_area_box(name, geom.centres[i], s, px, room, placed, paper, geom.polygons[i]) + (px,)
                    for px in sizes),
                   key=lambda t: (t[0], -t[3]))
        score, box, lines, px = spot
        if score > CROWDED * box.width() * box.height():
            continue
        placed.append(box)
        fm = label_font(px)[1]
        glyphs = tuple((QPointF(box.center().x() - fm.horizontalAdvance(text) / 2, box.top() + fm.ascent()
                                + n * fm.height()), text) for n, text in enumerate(lines))
        plan.append(Label(name, i, box.adjusted(-px, -px, px, px), glyphs, px))
    return plan
