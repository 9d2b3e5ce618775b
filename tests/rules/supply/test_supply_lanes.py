"""Searches run together as lanes of one bitset (lanes.py) against a plain per-place
breadth-first search from each start, on random boards of every grid shape: every start's
lengths the same as its own search's, and the units each search reached read from the lanes
nearest first, then in the starts' order (the SC lines of D77-ASUP-15 rest on these reads)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from supply_helpers import grid_board, plain_search, random_states

from ddaydesk.rules.supply.blocking import TraceMap
from ddaydesk.rules.supply.lanes import LANES, Searches
from ddaydesk.rules.supply.trace import bits_at


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 25), st.integers(1, 30), st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]),
       st.data())
def test_lanes_equal_a_plain_search_from_each_start(w, h, orientation, parity, data):
    b = grid_board(w, h, orientation, parity)
    n = b.n
    state, closed, stop = random_states(data, n, w)
    tm = TraceMap("allied", n, closed, stop, 0, 0, 0, 0)
    starts = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2 * LANES + 1))  # several runs
    limit = data.draw(st.integers(0, 8))
    searches = Searches(b, tm, starts, limit)
    want = [plain_search(b.adj, state, [s], limit) for s in starts]
    for i in range(len(starts)):
        assert searches.trace(i).dist == want[i]
    # units on random places (some stacked): which searches reached each, nearest first
    places = data.draw(st.lists(st.integers(0, n - 1), max_size=12))
    at: dict[int, list[int]] = {}
    for k, place in enumerate(places):
        at.setdefault(place, []).append(k)
    tags, tag_bits = searches.hits(at, bits_at(places), len(places))
    for k, place in enumerate(places):
        found = sorted((d[place], i) for i, d in enumerate(want) if place in d)
        assert tags[k] == [i for _, i in found]
        assert tag_bits[k] == bits_at(tags[k])
