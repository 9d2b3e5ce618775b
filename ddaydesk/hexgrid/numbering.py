"""Printed hex numbers ("XXYY") as the boards print them.

A board's numbering says which pair comes first (column or row), from which edge each is
counted, from what number, and with how many digits. Internally col 0 is always the west
edge and row 0 the north edge.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HexNumbering:
    """How a map prints its hex numbers (which digits, counted from which edges)."""

    order: str = "col-row"  # "col-row": 0304 is column 03, row 04; "row-col" the reverse
    digits: int = 2
    col_from: str = "west"  # edge column numbers count from
    row_from: str = "north"  # edge row numbers count from
    first: int = 1  # number of the first column/row
    width: int = 0
    height: int = 0

    def _col_number(self, col: int) -> int:
        return (col if self.col_from == "west" else self.width - 1 - col) + self.first

    def _row_number(self, row: int) -> int:
        return (row if self.row_from == "north" else self.height - 1 - row) + self.first

    def label(self, col: int, row: int) -> str:
        c, r = self._col_number(col), self._row_number(row)
        a, b = (c, r) if self.order == "col-row" else (r, c)
        return f"{a:0{self.digits}d}{b:0{self.digits}d}"

    def parse(self, label: str) -> tuple[int, int] | None:
        """``(col, row)`` for a printed number, or None if it is not one on this board."""
        d = self.digits
        if len(label) != 2 * d or not label.isdigit():
            return None
        a, b = int(label[:d]), int(label[d:])
        cn, rn = (a, b) if self.order == "col-row" else (b, a)
        cn -= self.first
        rn -= self.first
        col = cn if self.col_from == "west" else self.width - 1 - cn
        row = rn if self.row_from == "north" else self.height - 1 - rn
        if 0 <= col < self.width and 0 <= row < self.height:
            return (col, row)
        return None
