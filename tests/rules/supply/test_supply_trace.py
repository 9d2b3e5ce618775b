"""The bitset traces (trace.py) against a plain per-place breadth-first search, on random
boards of every grid shape: same lengths for every place (and for any places asked about,
and the places within any length), ENTER_ONLY places reached but not
passed through unless a start, NO_ENTER never entered (the line-length and blocking
readings of D77-SUP-01 and FMU-SUP-04 rest on these traces)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from supply_helpers import grid_board as board
from supply_helpers import plain_search as reference
from supply_helpers import random_states

from ddaydesk.rules.supply.blocking import TraceMap
from ddaydesk.rules.supply.trace import bfs, bits_at, dilate


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 25), st.integers(1, 12), st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]),
       st.data())
def test_bitset_trace_equals_a_plain_search(w, h, orientation, parity, data):
    b = board(w, h, orientation, parity)
    assert (b.column_steps is not None) == (orientation == "flat")  # the fast step fits every flat grid
    n = b.n
    state, closed, stop = random_states(data, n, w)
    targets = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    tm = TraceMap("german", n, closed, stop, 0, 0, bits_at(targets), 0)
    starts = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    limit = data.draw(st.one_of(st.none(), st.integers(0, 6)))  # small limits: windowed traces
    want = reference(b.adj, state, starts, limit)
    got = bfs(b, tm, starts, limit)
    assert got.dist == want
    assert got.hits == {i: d for i, d in want.items() if i in set(targets)}
    asked = data.draw(st.lists(st.integers(0, n - 1), max_size=n))
    assert got.lengths(bits_at(asked)) == {i: d for i, d in want.items() if i in set(asked)}
    upto = data.draw(st.integers(0, 7))
    assert got.within(upto) == bits_at(i for i, d in want.items() if d <= upto)
    assert bytes(tm.state) == bytes(state)
    assert dilate(b, bits_at(starts)) == bits_at(j for s in starts for j in b.adj[s])  # (the ZOC's neighbours)
    for end in want:  # every walked-back path is a legal line of the right length
        path = got.path(end)
        assert len(path) == want[end] + 1 and path[-1] in starts
        assert all(state[i] == 0 for i in path[1:-1])
