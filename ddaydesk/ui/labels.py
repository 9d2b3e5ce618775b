"""Place names on the map: which are shown at a zoom level, and where (the painting is the
tile renderer's, maprender.py).

- **One label per place.** Places of one name and kind that lie together (a beach of six
  hexes, a town over two) are one place: its name is written once, at its middle hex. A hex
  that holds several places (Le Havre, Honfleur and Deauville in one 25 km hex) shows one
  name: the most important.
- **Priority.** Cities first, then ports and fortresses, towns, then the rest (beaches,
  map-edge roads);
  within a kind, the map's order (its author lists the better known first). A name is left
  out where it would overlap one already placed, or the mark of another place as important
  (it would seem to name that place).
- **Clear of counters.** A name goes under its place; where a counter stack (or another
  name) is in the way it tries the right, above, the left and the corners, in that order.
  A city whose every spot is covered keeps the least covered one; a lesser name is dropped.
- **Never cut.** Every name lies wholly on the map sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QPainterPath, QTransform

from ddaydesk.board import Board
from ddaydesk.ui.counterlayer import STACK_STEP
from ddaydesk.ui.counters import COUNTER
from ddaydesk.ui.geometry import BoardGeometry

FONT = "DejaVu Sans"
LABEL_RANK = {"city": 0, "port": 1, "fortress": 1, "inland_port": 1, "town": 2}  # name priority
GROUP_REACH = 2  # places of one name this many hexes apart (or closer) are one place
BASE = 64  # pixel size the text outlines are made at, then scaled


@dataclass(frozen=True)
class Label:
    """A place name laid out on the map: its text lines and the box they cover."""

    name: str
    anchor: int  # the place index it names
    box: QRectF  # scene rect the text (and its halo) covers
    lines: tuple[tuple[QPointF, str], ...]  # each line's baseline start (scene units) and text
    size: float  # the text's pixel size in scene units (bold DejaVu Sans)

    @cached_property
    def path(self) -> QPainterPath:
        """The text's outline in scene units (the tiles draw the text itself: maprender.py)."""
        out = QPainterPath()
        f = self.size / BASE
        for base, text in self.lines:
            out.addPath((QTransform.fromScale(f, f) * QTransform.fromTranslate(base.x(), base.y())).map(_text(text)))
        return out


@dataclass(frozen=True)
class _Place:
    """A name to lay out, with what orders it among the others."""

    name: str
    anchor: int
    rank: int
    order: int  # the first of its places in the map file
    members: frozenset[int]  # every hex of the place (its marks are its own)


@cache
def label_font(px: int) -> tuple[QFont, QFontMetricsF]:
    font = QFont(FONT)
    font.setBold(True)
    font.setPixelSize(max(1, px))
    return font, QFontMetricsF(font)


def _text(name: str) -> QPainterPath:
    """A name's outline at BASE pixels, the baseline's left end at the origin."""
    path = QPainterPath()
    path.addText(QPointF(0, 0), label_font(BASE)[0], name)
    return path


def named_places(board: Board) -> list[_Place]:
    """The places to name, each once and one per hex, most important first."""
    groups: dict[tuple[str, str], list[tuple[int, list[int]]]] = {}
    for k, p in enumerate(board.places):
        runs = groups.setdefault((p.name, p.kind), [])
        near = [run for run in runs if any(board.distance(p.place, q) <= GROUP_REACH for q in run[1])]
        merged = (min([k, *(run[0] for run in near)]), [p.place] + [q for run in near for q in run[1]])
        runs[:] = [run for run in runs if run not in near] + [merged]
    out = [_Place(name, _middle(board, run), LABEL_RANK.get(kind, 3), first, frozenset(run))
           for (name, kind), runs in groups.items() for first, run in runs]
    out.sort(key=lambda pl: (pl.rank, pl.order))
    taken: set[int] = set()
    kept = []
    for pl in out:  # one name a hex: the first (a city that is also a port is one name)
        if pl.anchor not in taken:
            taken.add(pl.anchor)
            kept.append(pl)
    return kept


def _middle(board: Board, run: list[int]) -> int:
    """The member of a group nearest all the others (ties: the lowest index)."""
    return min(sorted(run), key=lambda i: sum(board.distance(i, j) for j in run))


class LabelPlanner:
    def __init__(self, board: Board, geom: BoardGeometry, paper: QRectF):
        self.geom = geom
        self.paper = paper
        self.places = named_places(board)
        s = geom.scale * 0.3  # a place's mark (square, anchor, built-up area) as an obstacle
        self.marks = {p.place: QRectF(geom.centres[p.place].x() - s, geom.centres[p.place].y() - s, 2 * s, 2 * s)
                      for p in board.places}
        self._mark_place = {id(r): i for i, r in self.marks.items()}
        self._mark_rank: dict[int, int] = {}  # a place's best rank: a name may cover lesser marks
        self._marks_grid: dict[float, _Grid] = {}
        self._advance: dict[str, float] = {}  # a name's width at BASE
        for p in board.places:
            self._mark_rank[p.place] = min(self._mark_rank.get(p.place, 9), LABEL_RANK.get(p.kind, 3))

    def stack_rect(self, place: int, n: int) -> QRectF:
        """The square a stack of ``n`` counters covers (counterlayer.py's layout)."""
        c = self.geom.centres[place]
        half = COUNTER / 2 + (n - 1) * COUNTER * STACK_STEP / 2
        return QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half)

    def plan(self, level: float, stacks: dict[int, int], dpr: float = 1.0) -> list[Label]:
        """The names shown at ``level`` (device pixels per scene unit) with counter stacks
        on ``stacks`` (place -> number of counters), on a screen of ``dpr`` device pixels per
        logical pixel."""
        # about 13 logical pixels whatever the zoom (never below a fifth of a hex)
        px = max(self.geom.scale * 0.18, 13 * dpr / level)
        cell = max(COUNTER * 2, px * 4)  # a name spans a few cells at any zoom
        counters, placed = _Grid(cell), _Grid(cell)
        for p, n in stacks.items():
            if n > 0:
                counters.add(self.stack_rect(p, n))
        marks = self._marks_grid.get(cell)
        if marks is None:  # (the marks never move: one grid per zoom level, kept)
            marks = self._marks_grid[cell] = _Grid(cell)
            for r in self.marks.values():
                marks.add(r)
        out: list[Label] = []
        for pl in self.places:
            size = px * (1.12 if pl.rank <= 1 else 1.0)
            got = self._spot(pl, size, stacks, counters, placed, marks)
            if got is not None and got[0] > 0 and pl.rank > 0:  # covered: a lesser name tries smaller
                smaller = self._spot(pl, size * 0.85, stacks, counters, placed, marks)
                got = smaller if smaller is not None and smaller[0] == 0 else None
            if got is None:
                continue  # no room: left out
            _cover, box, base, f = got
            placed.add(box)
            out.append(Label(pl.name, pl.anchor, box, ((base, pl.name),), f * BASE))
        return out

    def _spot(self, pl: _Place, size: float, stacks: dict[int, int], counters: _Grid, placed: _Grid,
              marks: _Grid) -> tuple[float, QRectF, QPointF, float] | None:
        """The best spot for a name at ``size``: (counter area it covers, box, baseline start,
        scale of the text path), the first clear one in the order of :func:`_spots`."""
        _font, fm = label_font(BASE)
        f = size / BASE
        advance = self._advance.get(pl.name)
        if advance is None:
            advance = self._advance[pl.name] = fm.horizontalAdvance(pl.name)
        w, asc, h = advance * f, fm.ascent() * f, fm.height() * f
        pad = size * 0.2
        c = self.geom.centres[pl.anchor]
        own = stacks.get(pl.anchor, 0)
        e = max(self.stack_rect(pl.anchor, own).height() / 2 if own else 0.0, self.geom.scale * 0.45) + pad
        best = None
        for x, y in _spots(c, e, w, h):
            box = QRectF(x - pad, y - pad, w + 2 * pad, h + 2 * pad)
            if not self.paper.contains(box):
                continue
            keys = placed.keys(box)  # (the three grids share their cells)
            if any(box.intersects(b) for b in placed.near(keys)):
                continue
            if any(box.intersects(m) and (i := self._mark_place[id(m)]) not in pl.members
                   and self._mark_rank[i] <= pl.rank for m in marks.near(keys)):
                continue
            cover = sum(_overlap(box, r) for r in counters.near(keys))
            if best is None or cover < best[0]:
                best = (cover, box, QPointF(x, y + asc), f)
            if cover == 0:
                break
        return best


def _spots(c: QPointF, e: float, w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners of a w x h name around a place centred on ``c`` whose mark or stack
    reaches ``e`` from it: under, right, above, left; under and above slid sideways; then the
    four corners."""
    x, y = c.x(), c.y()
    return [(x - w / 2, y + e), (x + e, y - h / 2), (x - w / 2, y - e - h), (x - e - w, y - h / 2),
            (x - w * 0.15, y + e), (x - w * 0.85, y + e), (x - w * 0.15, y - e - h), (x - w * 0.85, y - e - h),
            (x + e * 0.7, y + e * 0.7), (x - e * 0.7 - w, y + e * 0.7),
            (x + e * 0.7, y - e * 0.7 - h), (x - e * 0.7 - w, y - e * 0.7 - h)]


def _overlap(a: QRectF, b: QRectF) -> float:
    r = a.intersected(b)
    return r.width() * r.height() if r.isValid() else 0.0


class _Grid:
    """Rectangles bucketed by a square grid, for "what is near this box" in a few lookups."""

    def __init__(self, cell: float):
        self.cell = cell
        self.cells: dict[tuple[int, int], list[QRectF]] = {}

    def keys(self, r: QRectF) -> list[tuple[int, int]]:
        c = self.cell
        ys = range(int(r.top() // c), int(r.bottom() // c) + 1)
        return [(gx, gy) for gx in range(int(r.left() // c), int(r.right() // c) + 1) for gy in ys]

    def add(self, r: QRectF) -> None:
        for k in self.keys(r):
            self.cells.setdefault(k, []).append(r)

    def near(self, keys: list[tuple[int, int]]):
        """The rectangles in the cells ``keys`` (:meth:`keys` of a box), each once."""
        cells = self.cells
        if len(keys) == 1:
            return cells.get(keys[0], ())
        seen: dict[int, QRectF] = {}
        for k in keys:
            for x in cells.get(k, ()):
                seen[id(x)] = x
        return seen.values()
