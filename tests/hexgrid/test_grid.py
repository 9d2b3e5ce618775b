from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.hexgrid import HexGrid, HexNumbering, Layout, axial_distance

grids = st.builds(HexGrid, st.integers(1, 12), st.integers(1, 12),
                  st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]))


@given(grids)
def test_neighbour_table_is_symmetric_with_shared_side_ids(g):
    for i in range(g.n):
        for d in range(6):
            j = g.nbr[i * 6 + d]
            if j < 0:
                continue
            assert g.nbr[j * 6 + (d + 3) % 6] == i
            # a shared hexside has one id from either side
            assert g.side[i * 6 + d] == g.side[j * 6 + (d + 3) % 6]
            assert g.distance(i, j) == 1


@given(grids)
def test_side_ids_are_dense_and_distinct_per_hex(g):
    ids = set(g.side)
    assert ids == set(range(g.n_sides))
    for i in range(g.n):
        assert len(set(g.side[i * 6:i * 6 + 6])) == 6


def test_flat_odd_q_layout_matches_red_blob():
    g = HexGrid(4, 4, "flat", "odd")
    # odd-q: column 1 is shoved down, so (1,0) touches (0,0) and (0,1)
    i = g.index(1, 0)
    assert set(g.neighbours(i)) == {g.index(0, 0), g.index(0, 1), g.index(2, 0), g.index(2, 1), g.index(1, 1)}
    # corner hex of a flat grid has 2 (even column, top row) or 3 neighbours
    assert len(g.neighbours(g.index(0, 0))) == 2
    assert g.on_edge(g.index(0, 0)) and not g.on_edge(g.index(1, 1))


@given(grids, st.floats(1, 50))
def test_pixel_round_trip(g, size):
    lay = Layout(g.orientation, size, (3.0, -7.0))
    for i in range(g.n):
        h = g.axial[i]
        assert lay.from_pixel(*lay.to_pixel(h)) == h
        # a point inside the polygon maps back to the hex
        poly = lay.polygon(h)
        p = poly.representative_point()
        assert lay.from_pixel(p.x, p.y) == h
        assert abs(poly.area - 1.5 * 3 ** 0.5 * size * size) < 1e-6 * size * size


def test_shared_edge_geometry_is_the_same_segment_from_both_sides():
    for orientation in ("flat", "pointy"):
        g = HexGrid(5, 5, orientation, "odd")
        lay = Layout(orientation, 10.0)
        for i in range(g.n):
            for d in range(6):
                j = g.nbr[i * 6 + d]
                if j < 0:
                    continue
                a = {tuple(round(v, 6) for v in p) for p in lay.edge(g.axial[i], d)}
                b = {tuple(round(v, 6) for v in p) for p in lay.edge(g.axial[j], (d + 3) % 6)}
                assert a == b
                assert axial_distance(g.axial[i], g.axial[j]) == 1


def test_numbering_col_row_from_north_west():
    n = HexNumbering(width=20, height=14)
    assert n.label(0, 0) == "0101"
    assert n.label(4, 0) == "0501"
    assert n.parse("0501") == (4, 0)
    assert n.parse("2115") is None and n.parse("ab12") is None and n.parse("123") is None


def test_numbering_row_col_from_south_west():
    # Utah Beach style: the first pair counts rows from the south edge (seed 002).
    n = HexNumbering(order="row-col", col_from="west", row_from="south", width=34, height=36)
    assert n.label(0, 35) == "0101"  # south-west corner
    assert n.label(4, 6) == "3005"  # 30th row from the south, 5th column
    assert n.parse("3005") == (4, 6)


@given(st.integers(1, 40), st.integers(1, 40), st.sampled_from(["col-row", "row-col"]),
       st.sampled_from(["west", "east"]), st.sampled_from(["north", "south"]), st.integers(0, 1))
def test_numbering_round_trip(w, h, order, cf, rf, first):
    n = HexNumbering(order, 2, cf, rf, first, w, h)
    labels = {n.label(c, r) for c in range(w) for r in range(h)}
    assert len(labels) == w * h
    for c in range(w):
        for r in range(h):
            assert n.parse(n.label(c, r)) == (c, r)
