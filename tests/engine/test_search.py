"""The movement search (engine/search.py) against a plain Dijkstra over the same step rule.

The search skips work a plain one does (it does not go on from a place whose cheapest step
would overrun the allowance, nor from an enemy ZOC, and settles costs in buckets); whatever
it skips, the places it reaches and their costs must be a heap-based Dijkstra's over
:meth:`MoveLimits.step`, for every unit and mode of positions of random D-Day '77 games.
"""

from __future__ import annotations

import heapq
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import Game
from ddaydesk.engine.movement import mode_problem, reach, unit_rules
from ddaydesk.engine.phases import OVER
from ddaydesk.engine.search import MoveLimits
from ddaydesk.engine.state import ON_MAP
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import TUTORIAL
from tests.rules.dday77.random_play import play_phase

SC = load_scenario(TUTORIAL)


def dijkstra(lim: MoveLimits) -> dict[int, int]:
    """Cheapest ticks to every place within the allowance, one step at a time by the rule
    the search and the path check share."""
    dist = {lim.start: 0}
    heap = [(0, lim.start)]
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist[i]:
            continue
        for j, _ in lim.edges[i]:
            c = lim.step(i, j)
            if c is not None and d + c <= lim.mp and d + c < dist.get(j, 1 << 30):
                dist[j] = d + c
                heapq.heappush(heap, (d + c, j))
    return dist


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), phases=st.integers(0, 40))
def test_the_search_reaches_what_a_plain_dijkstra_reaches_at_the_same_costs(seed, phases):
    rng = random.Random(seed)
    g = Game(SC, seed)
    for _ in range(phases):
        if g.state.phase == OVER:
            break
        play_phase(g, rng)
    state = g.state
    searched = 0
    for k, u in enumerate(SC.units):
        if state.status[k] != ON_MAP or not u.movement:
            continue
        for mode in ("normal", "strategic"):
            if mode_problem(state, k, mode):
                continue
            lim = unit_rules(state, k, mode)
            r = reach(state, k, mode)
            assert r.dist == dijkstra(lim), (u.id, mode)
            assert set(r.dest) == set(r.dist) - {lim.start} - lim.full
            searched += 1
    assert searched
