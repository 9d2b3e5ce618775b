"""Pure-Python hex-grid geometry (no Qt): coordinates, numbering, layout and flat grids.

Coordinates follow Red Blob Games' hexagon guide: axial ``(q, r)`` with cube ``s = -q - r``;
offset ``(col, row)`` with row 0 at the north edge and col 0 at the west edge.
"""

from ddaydesk.hexgrid.coords import (
    DIRECTIONS,
    axial_add,
    axial_distance,
    axial_line,
    axial_neighbour,
    axial_range,
    axial_ring,
    axial_round,
    axial_to_cube,
    axial_to_offset,
    cube_to_axial,
    offset_to_axial,
)
from ddaydesk.hexgrid.grid import HexGrid
from ddaydesk.hexgrid.layout import Layout
from ddaydesk.hexgrid.numbering import HexNumbering

__all__ = [
    "DIRECTIONS",
    "HexGrid",
    "HexNumbering",
    "Layout",
    "axial_add",
    "axial_distance",
    "axial_line",
    "axial_neighbour",
    "axial_range",
    "axial_ring",
    "axial_round",
    "axial_to_cube",
    "axial_to_offset",
    "cube_to_axial",
    "offset_to_axial",
]
