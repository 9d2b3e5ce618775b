"""The map as a graph of places (hexes or drawn areas): flat arrays and adjacency.

No Qt here. The engine's movement and supply code works on :class:`Board` only, so hex
grids and area maps share it.
"""

from ddaydesk.board.board import Board, NamedPlace, Region

__all__ = ["Board", "NamedPlace", "Region"]
