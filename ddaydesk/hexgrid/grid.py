"""A rectangular offset hex grid as flat arrays: the engine's fast special case of a board.

Cell index ``i = row * width + col``. ``nbr[i * 6 + d]`` is the neighbour in axial direction
``d`` or -1 off the map. ``side[i * 6 + d]`` is the id of that hexside, the same from
either hex (../shared/research/perf.md §8).
"""

from __future__ import annotations

from ddaydesk.hexgrid.coords import (
    DIRECTIONS,
    Axial,
    axial_distance,
    axial_to_offset,
    offset_to_axial,
)


class HexGrid:
    __slots__ = ("width", "height", "orientation", "parity", "n", "axial", "nbr", "side", "n_sides",
                 "_index_of_axial")

    def __init__(self, width: int, height: int, orientation: str = "flat", parity: str = "odd"):
        if width < 1 or height < 1:
            raise ValueError("a grid needs at least one column and one row")
        self.width = width
        self.height = height
        self.orientation = orientation
        self.parity = parity
        self.n = width * height
        self.axial: list[Axial] = [
            offset_to_axial(i % width, i // width, orientation, parity) for i in range(self.n)
        ]
        self._index_of_axial = {h: i for i, h in enumerate(self.axial)}
        nbr = [-1] * (self.n * 6)
        side = [-1] * (self.n * 6)
        next_side = 0
        for i, (q, r) in enumerate(self.axial):
            for d, (dq, dr) in enumerate(DIRECTIONS):
                j = self._index_of_axial.get((q + dq, r + dr), -1)
                nbr[i * 6 + d] = j
                if side[i * 6 + d] == -1:
                    side[i * 6 + d] = next_side
                    if j >= 0:
                        side[j * 6 + (d + 3) % 6] = next_side
                    next_side += 1
        self.nbr = nbr
        self.side = side
        self.n_sides = next_side

    def index(self, col: int, row: int) -> int:
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise IndexError(f"({col}, {row}) is off a {self.width}x{self.height} grid")
        return row * self.width + col

    def colrow(self, i: int) -> tuple[int, int]:
        return (i % self.width, i // self.width)

    def index_of_axial(self, h: Axial) -> int:
        """Cell index of an axial hex, or -1 off the map."""
        return self._index_of_axial.get(h, -1)

    def to_axial(self, i: int) -> Axial:
        return self.axial[i]

    def from_axial(self, h: Axial) -> tuple[int, int]:
        return axial_to_offset(h, self.orientation, self.parity)

    def neighbours(self, i: int) -> list[int]:
        base = i * 6
        return [j for j in self.nbr[base:base + 6] if j >= 0]

    def distance(self, i: int, j: int) -> int:
        return axial_distance(self.axial[i], self.axial[j])

    def direction_between(self, i: int, j: int) -> int:
        """Direction d with nbr[i*6+d] == j, or -1 when the hexes are not adjacent."""
        base = i * 6
        for d in range(6):
            if self.nbr[base + d] == j:
                return d
        return -1

    def side_between(self, i: int, j: int) -> int:
        d = self.direction_between(i, j)
        return -1 if d < 0 else self.side[i * 6 + d]

    def on_edge(self, i: int) -> bool:
        base = i * 6
        return any(self.nbr[base + d] < 0 for d in range(6))
