"""Identities of Red Blob Games' hexagon guide, as properties."""

from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.hexgrid import (
    DIRECTIONS,
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

coord = st.integers(-60, 60)
axial = st.tuples(coord, coord)
orientation = st.sampled_from(["flat", "pointy"])
parity = st.sampled_from(["odd", "even"])


@given(axial)
def test_cube_round_trip_and_constraint(h):
    c = axial_to_cube(h)
    assert sum(c) == 0
    assert cube_to_axial(c) == h


@given(coord, coord, orientation, parity)
def test_offset_round_trip(col, row, o, p):
    assert axial_to_offset(offset_to_axial(col, row, o, p), o, p) == (col, row)


@given(axial, axial)
def test_distance_symmetric_and_zero_only_on_self(a, b):
    assert axial_distance(a, b) == axial_distance(b, a)
    assert (axial_distance(a, b) == 0) == (a == b)


@given(axial, axial, axial)
def test_triangle_inequality(a, b, c):
    assert axial_distance(a, c) <= axial_distance(a, b) + axial_distance(b, c)


@given(axial, st.integers(0, 5))
def test_neighbours_at_distance_one_and_opposites_cancel(h, d):
    n = axial_neighbour(h, d)
    assert axial_distance(h, n) == 1
    assert axial_neighbour(n, (d + 3) % 6) == h


@given(axial, axial)
def test_line_length_is_distance_plus_one_and_steps_are_adjacent(a, b):
    line = axial_line(a, b)
    assert len(line) == axial_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(axial_distance(p, q) == 1 for p, q in zip(line, line[1:], strict=False))


@given(axial, st.integers(0, 6))
def test_range_and_ring_sizes(h, r):
    hexes = list(axial_range(h, r))
    assert len(hexes) == len(set(hexes)) == 3 * r * (r + 1) + 1
    assert all(axial_distance(h, x) <= r for x in hexes)
    ring = axial_ring(h, r)
    assert len(ring) == len(set(ring)) == (6 * r if r else 1)
    assert all(axial_distance(h, x) == r for x in ring)


@given(st.floats(-50, 50), st.floats(-50, 50))
def test_round_is_nearest_hex(q, r):
    h = axial_round(q, r)
    # The rounded hex is within half a hex (cube distance 1 at most) of the point.
    fq, fr = q - h[0], r - h[1]
    assert (abs(fq) + abs(fr) + abs(fq + fr)) / 2 <= 1.0 + 1e-9


def test_six_distinct_directions():
    assert len(set(DIRECTIONS)) == 6
