"""Board: places with terrain, adjacency, hexside features, named places and regions.

Hot-path fields are flat: ``terrain`` is a bytearray of codes into ``terrain_names``;
``adj[i]``/``adj_side[i]`` are tuples of neighbour indices and the ids of the sides
crossed; ``side_mask[s]`` is a bitmask over ``feature_names``. A hex board is generated
from a :class:`~ddaydesk.hexgrid.HexGrid`; an area board lists its adjacency.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ddaydesk.diskcache import board_value
from ddaydesk.hexgrid import HexGrid, HexNumbering, Layout
from ddaydesk.records import Record

if TYPE_CHECKING:  # shapely loads numpy: imported only when a polygon is asked for
    from shapely.geometry import Polygon


@dataclass(frozen=True, eq=False, repr=False)
class NamedPlace(Record):
    """A named place of the map (a town, a port, a beach) standing in one place."""

    name: str
    kind: str
    place: int
    capacity: int | None = None
    extra: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True, eq=False, repr=False)
class Region(Record):
    """A named set of places (an invasion area, a victory region), of one side or none."""

    id: str
    kind: str
    name: str
    places: tuple[int, ...]
    side: str | None = None


@dataclass
class Board:
    """A map as a graph of places: labels, terrain, neighbours and hexsides, named places and regions."""

    id: str
    title: str
    system: str
    kind: str  # "hex" or "area"
    labels: list[str]
    terrain: bytearray
    terrain_names: tuple[str, ...]
    adj: list[tuple[int, ...]]
    adj_side: list[tuple[int, ...]]
    n_sides: int
    feature_names: tuple[str, ...]
    side_mask: list[int]
    side_names: dict[int, str]
    places: list[NamedPlace]
    regions: dict[str, Region]
    attribution: list[dict]
    grid: HexGrid | None = None
    numbering: HexNumbering | None = None
    outlines: list[list[tuple[float, float]]] | None = None  # area maps: drawn polygons
    names: list[str] | None = None  # area maps: each area's name ("" when it has none)
    # Area maps: each place's properties and each border's (the system's area_props and
    # border_props: a D-Day Dice Sector's DEF, a line's Courage cost); formats/props.py.
    props: list[dict] | None = None
    side_props: dict[int, dict] = field(default_factory=dict)
    source: str = ""  # file the board was loaded from
    content_hash: str = ""  # sha256 of the map file
    _derived: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def n(self) -> int:
        return len(self.labels)

    @cached_property
    def index_of(self) -> dict[str, int]:
        return {label: i for i, label in enumerate(self.labels)}

    @cached_property
    def places_at(self) -> dict[int, list[NamedPlace]]:
        out: dict[int, list[NamedPlace]] = {}
        for p in self.places:
            out.setdefault(p.place, []).append(p)
        return out

    @cached_property
    def shifts(self) -> tuple[tuple[int, int], ...]:
        """The adjacency as bit shifts, for searches over sets of places held as ints (bit
        ``i`` = place ``i``): ``(offset, mask)`` pairs, ``mask`` holding every place ``i``
        whose neighbours include ``i + offset``. A hex grid has 8 offsets."""
        masks: dict[int, bytearray] = {}
        for i, nbs in enumerate(self.adj):
            for j in nbs:
                m = masks.get(j - i)
                if m is None:
                    m = masks[j - i] = bytearray(b"0" * self.n)
                m[self.n - 1 - i] = 49  # "1": the string is read most significant bit first
        return tuple((off, int(m, 2)) for off, m in sorted(masks.items()))

    @cached_property
    def column_steps(self) -> tuple[int, int, int, int, int] | None:
        """``(width, right, left, up, down)`` bitsets when the adjacency is that of a
        flat-topped offset grid (``i = row * width + col``): every hex borders the hexes above
        and below it, its left and right neighbours in its row (``right``/``left``: the
        hexes that have one), and the hexes above (below) its row neighbours that are in
        ``up`` (``down``). Then all neighbours of a set ``x`` are, in 13 operations,
        ``h | (x | h & up) >> width | (x | h & down) << width`` with
        ``h = (x & right) << 1 | (x & left) >> 1`` (bits past the map to be masked off).
        None for other boards (checked hex by hex)."""
        if self.grid is None or self.grid.orientation != "flat":
            return None
        w, n, adj = self.grid.width, self.n, self.adj
        nbs = [set(a) for a in adj]
        right = [(i + 1) % w != 0 and i + 1 in nbs[i] for i in range(n)]  # in the same row
        left = [i % w != 0 and i - 1 in nbs[i] for i in range(n)]

        def row_nbs(j: int) -> list[int]:
            return [i for i, ok in ((j - 1, left[j]), (j + 1, right[j])) if ok]

        up = [j >= w and any(j - w in nbs[i] for i in row_nbs(j)) for j in range(n)]
        down = [j + w < n and any(j + w in nbs[i] for i in row_nbs(j)) for j in range(n)]
        for i in range(n):
            h = row_nbs(i)
            want = {*h, *(j - w for j in h if up[j]), *(j + w for j in h if down[j])}
            want.update(j for j in (i - w, i + w) if 0 <= j < n)
            if want != nbs[i]:
                return None

        def bits(flags: list[bool]) -> int:
            return int("".join("1" if f else "0" for f in reversed(flags)) or "0", 2)

        return w, bits(right), bits(left), bits(up), bits(down)

    @cached_property
    def edge(self) -> bytearray:
        """1 for places on the map edge (hex boards: a neighbour is off the map)."""
        if self.grid is None:
            return bytearray(self.n)
        return bytearray(1 if self.grid.on_edge(i) else 0 for i in range(self.n))

    def derived(self, name: str, make):
        """What ``make(board)`` works out from this board, made once (a rules module's or a
        renderer's reading of the map: D-Day Dice's Sectors, its lines' midpoints)."""
        got = self._derived.get(name)
        if got is None:
            got = self._derived[name] = make(self)
        return got

    def label(self, i: int) -> str:
        return self.labels[i]

    def index(self, label: str) -> int:
        """Place index for a printed label; KeyError names the label if it is not on the map."""
        try:
            return self.index_of[label]
        except KeyError:
            raise KeyError(f"{label!r} is not a place on map {self.id}") from None

    def name_of(self, i: int) -> str:
        """An area's name (area maps), else ""."""
        return self.names[i] if self.names else ""

    def terrain_of(self, i: int) -> str:
        return self.terrain_names[self.terrain[i]]

    def side_between(self, i: int, j: int) -> int:
        for k, nb in enumerate(self.adj[i]):
            if nb == j:
                return self.adj_side[i][k]
        return -1

    def feature_bit(self, name: str) -> int:
        """Bit of a hexside feature in ``side_mask`` (0 when this map has none of it)."""
        try:
            return 1 << self.feature_names.index(name)
        except ValueError:
            return 0

    def side_features(self, side: int) -> list[str]:
        m = self.side_mask[side]
        return [f for k, f in enumerate(self.feature_names) if m >> k & 1]

    def places_of_kind(self, kind: str) -> list[NamedPlace]:
        return [p for p in self.places if p.kind == kind]

    def regions_of_kind(self, kind: str) -> list[Region]:
        return [r for r in self.regions.values() if r.kind == kind]

    def distance(self, i: int, j: int) -> int:
        """Hex distance (hex boards) or fewest crossings (area boards)."""
        if self.grid is not None:
            return self.grid.distance(i, j)
        seen = {i: 0}
        frontier = [i]
        while frontier:
            nxt = []
            for a in frontier:
                if a == j:
                    return seen[a]
                for b in self.adj[a]:
                    if b not in seen:
                        seen[b] = seen[a] + 1
                        nxt.append(b)
            frontier = nxt
        return -1

    # -- geometry for drawing and hit-testing (model units; the UI scales) --------------------
    @cached_property
    def layout(self) -> Layout | None:
        if self.grid is None:
            return None
        lay = Layout(self.grid.orientation, 1.0)
        # Shift so the north-west hex's corner sits at the origin: the least corner of the
        # first two rows and columns (offset rows and columns shift by half a hex at most).
        g = self.grid
        edge = {g.index(c, r) for c in range(g.width) for r in range(min(2, g.height))}
        edge |= {g.index(c, r) for c in range(min(2, g.width)) for r in range(g.height)}
        xs, ys = zip(*(c for i in edge for c in lay.corners(g.axial[i])), strict=True)
        return Layout(self.grid.orientation, 1.0, (-min(xs), -min(ys)))

    def centre(self, i: int) -> tuple[float, float]:
        if self.grid is not None:
            return self.layout.to_pixel(self.grid.axial[i])
        return board_value(self, "centres", _area_centres, lambda v: [tuple(c) for c in v])[i]

    def polygon(self, i: int) -> Polygon:
        if self.grid is not None:
            return self.layout.polygon(self.grid.axial[i])
        from shapely.geometry import Polygon

        return Polygon(self.outlines[i])

    def place_at_point(self, x: float, y: float) -> int:
        """The place under a point (model units), or -1."""
        if self.grid is not None:
            col, row = self.grid.from_axial(self.layout.from_pixel(x, y))
            if 0 <= col < self.grid.width and 0 <= row < self.grid.height:
                return self.grid.index(col, row)
            return -1
        from shapely.geometry import Point

        pt = Point(x, y)
        for i in range(self.n):
            if self.polygon(i).contains(pt):
                return i
        return -1

    def side_segment(self, side_i: int, side_j: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """End points of the side shared by two adjacent hexes (for rivers and trails)."""
        d = self.grid.direction_between(side_i, side_j)
        return self.layout.edge(self.grid.axial[side_i], d)


def _area_centres(board: Board) -> list[tuple[float, float]]:
    """A point inside each drawn area (shapely's representative point)."""
    return [(c.x, c.y) for c in (board.polygon(i).representative_point() for i in range(board.n))]
