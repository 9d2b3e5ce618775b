"""The movement search: Dial's bucket queue over small integer costs (ticks of 1/SCALE MP).

A search keeps only what it reaches: a dict of costs, no list over the whole map (allocating
two lists of the map per call was most of a small search's time on the campaign map), and
no predecessors: every step costs at least one tick (the tables refuse a free step), so a
path is found back from the costs when it is asked for (:attr:`Reach.prev`), and a search
that only lists destinations (``legal_actions``) never pays for them. The start is expanded
on its own (leaving an enemy ZOC may cost extra and may not step straight into another), so
the main loop has only the common tests; interdicted places' extra costs are in the edge
table it is given (positions.interdicted_edges). Compared with the floor kernels of
../shared/bench/floor by benchmarks/test_movement_floor_bench.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.tables import SCALE

INF = 1 << 30


@dataclass
class MoveLimits:
    """What one unit's move obeys in one state: the masks and costs the search, the path
    check and the path finder read, gathered in one place so they cannot disagree."""

    edges: list[tuple[tuple[int, int], ...]]  # (interdicted places' costs to enter and leave in them)
    least: list[int]  # per place, its cheapest step in ``edges`` (positions.least_steps)
    entry: list[int | None]
    blocked: bytes  # enemy-occupied (and, strategic, next to an enemy)
    stop: bytes  # entering ends the move (enemy ZOC that applies to this unit)
    inter: bytes | None  # interdicted places, None when there are none
    ienter: int  # (entering one from off the map costs this more)
    leave: int
    no_zoc_to_zoc: bool
    mp: int
    start: int  # -1: a pending unit, entering from off the map
    full: frozenset[int]  # places where this unit may not end: friendly stacks at the limit

    def step(self, a: int, b: int) -> int | None:
        """Ticks of the step from ``a`` (reached) to ``b``, or None if this move may not take it."""
        if self.stop[a] and a != self.start:
            return None  # entering an enemy ZOC ended the move
        c = next((c for j, c in self.edges[a] if j == b), None)
        if c is None or self.blocked[b]:
            return None
        if a == self.start and self.stop[a]:
            if self.no_zoc_to_zoc and self.stop[b]:
                return None
            c += self.leave
        return c


class Reach:
    """Result of a movement search: ``dist[i]`` the cheapest cost in ticks of each place
    reached, ``prev[i]`` the place before ``i`` on a cheapest path (-1 at a start; found
    when first asked), ``dest`` the places the unit may end its move in, in the order the
    search first reached them (the start is not one; :func:`sorted` them where an order
    matters for a reader)."""

    __slots__ = ("unit", "mode", "mp", "start", "dist", "dest", "_limits", "_seeds", "_prev", "_stops")

    def __init__(self, unit: int, mode: str, mp: int, start: int, dist: dict[int, int], dest: list[int],
                 limits: MoveLimits, seeds: dict[int, int] | None):
        self.unit = unit
        self.mode = mode
        self.mp = mp
        self.start = start
        self.dist = dist
        self.dest = dest
        self._limits = limits
        self._seeds = seeds  # where the search began, and at what cost (None: the start, at 0)
        self._prev: dict[int, int] | None = None
        self._stops: list[int] | None = None

    @property
    def zoc_stops(self) -> list[int]:
        """Places of ``dest`` where an enemy ZOC ends the move."""
        if self._stops is None:
            stop = self._limits.stop
            self._stops = [i for i in self.dest if stop[i]]
        return self._stops

    @property
    def prev(self) -> dict[int, int]:
        if self._prev is None:
            self._prev = predecessors(self._limits, self.dist, self._seeds or {self.start: 0})
        return self._prev

    def cost(self, i: int) -> float:
        return self.dist.get(i, INF) / SCALE

    def path(self, i: int) -> tuple[int, ...]:
        if i not in self.dist:
            return ()
        prev = self.prev
        out = [i]
        while prev[out[-1]] >= 0:
            out.append(prev[out[-1]])
        return tuple(reversed(out))


def predecessors(lim: MoveLimits, dist: dict[int, int], seeds: dict[int, int]) -> dict[int, int]:
    """A cheapest path's previous place for every place reached: the places in order of cost,
    each giving itself as the predecessor of the neighbours it reaches at exactly their cost
    (the first such in that order: the same answer every time)."""
    prev = {i: -1 for i, c in seeds.items() if dist.get(i) == c}
    for i in sorted(dist, key=dist.__getitem__):
        d = dist[i]
        for j, _ in lim.edges[i]:
            if j in prev or j not in dist:
                continue
            c = lim.step(i, j)
            if c is not None and d + c == dist[j]:
                prev[j] = i
    return prev


def from_start(lim: MoveLimits, target: int = -1) -> dict[int, int]:
    """Costs of the places reached from where the unit stands (:class:`Reach` ``dist``)."""
    dist = {lim.start: 0}
    buckets: list[list[int]] = [[] for _ in range(lim.mp + 1)]
    expand_start(lim, dist, buckets)
    dial(lim.edges, lim.least, dist, buckets, lim.mp, lim.blocked, lim.stop, target)
    return dist


def settle(lim: MoveLimits, dist: dict[int, int], buckets: list[list[int]], target: int = -1) -> None:
    dial(lim.edges, lim.least, dist, buckets, lim.mp, lim.blocked, lim.stop, target)


def expand_start(lim: MoveLimits, dist: dict[int, int], buckets: list[list[int]]) -> None:
    """The first steps from where the unit stands."""
    start, mp, blocked, stop = lim.start, lim.mp, lim.blocked, lim.stop
    in_zoc = stop[start]
    base = lim.leave if in_zoc else 0
    for j, c in lim.edges[start]:
        c += base
        if c <= mp and not blocked[j] and not (in_zoc and lim.no_zoc_to_zoc and stop[j]):
            dist[j] = c
            buckets[c].append(j)


def dial(edges, least, dist, buckets, mp, blocked, stop, target) -> None:
    """Settle places in order of cost: ``buckets[d]`` holds places first reached at cost
    ``d`` (stale entries are skipped); entering an enemy ZOC place ends the move there. With
    ``target`` >= 0, stop once its cost is final. A place whose cheapest step (``least``)
    would overrun the allowance is not gone on from: on a range search that is about a third
    of the places reached, those at its rim."""
    get = dist.get
    for d in range(mp + 1):
        here = buckets[d]
        if not here:
            continue
        if target >= 0 and d > get(target, INF):
            return
        for i in here:
            if dist[i] != d or stop[i] or d + least[i] > mp:
                continue
            for j, c in edges[i]:
                nd = d + c
                if nd <= mp and nd < get(j, INF) and not blocked[j]:
                    dist[j] = nd
                    buckets[nd].append(j)
