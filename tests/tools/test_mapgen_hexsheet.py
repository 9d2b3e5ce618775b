"""The geometry the map builder relies on: area shares, hex chains, hexside chains."""

from __future__ import annotations

from shapely.geometry import Polygon, box

from ddaydesk.hexgrid import HexNumbering
from tools.mapgen.hexsheet import HexSheet


def sheet(orientation="flat", parity="odd", w=8, h=6) -> HexSheet:
    return HexSheet(w, h, orientation, parity, HexNumbering(width=w, height=h))


def test_fraction_of_a_hex_covered_by_itself_is_one_and_neighbours_zero():
    s = sheet()
    i = s.index_of["0403"]
    f = s.fractions(s.polygons[i])
    assert f[i] == 1.0
    assert all(f[j] == 0.0 for j in s.neighbours(i))


def test_fractions_sum_to_covered_area_in_hexes():
    s = sheet()
    geom = box(2.0, 2.0, 8.0, 6.0)
    assert abs(sum(s.fractions(geom)) - geom.area / s.polygons[0].area) < 1e-3


def test_hexes_along_a_line_form_a_chain_of_neighbours():
    s = sheet("pointy", "even")
    chain = s.hexes_along([s.centres[s.index_of["0101"]], s.centres[s.index_of["0806"]]])
    assert chain[0] == s.index_of["0101"] and chain[-1] == s.index_of["0806"]
    assert all(s.grid.direction_between(a, b) >= 0 for a, b in zip(chain, chain[1:], strict=False))


def test_hexsides_along_a_line_are_a_connected_run_of_inner_sides():
    s = sheet()
    sides = s.hexsides_along([(1.0, 3.0), (11.0, 6.0)])
    assert sides and all(b >= 0 for _, b in sides)
    # consecutive sides share a hex corner: the run has exactly two loose ends
    ends: dict = {}
    for a, b in sides:
        d = s.grid.direction_between(a, b)
        for p in s.layout.edge(s.grid.axial[a], d):
            key = (round(p[0], 3), round(p[1], 3))
            ends[key] = ends.get(key, 0) + 1
    assert sorted(ends.values()).count(1) == 2


def test_a_polygon_away_from_the_sheet_covers_nothing():
    s = sheet()
    assert sum(s.fractions(Polygon([(100, 100), (101, 100), (101, 101)]))) == 0.0
