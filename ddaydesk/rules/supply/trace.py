"""Hop-bounded breadth-first traces over a :class:`~ddaydesk.rules.supply.blocking.TraceMap`
state (../shared/research/perf.md §3, §8).

A line counts hexes moved: the tracer's own hex is 0, the hex it reaches is the length.
An ``ENTER_ONLY`` hex is reached but not expanded unless it is a start, so it can only be
the first or last hex of a line; traces are symmetric, so tracing from the HQ or source
outwards gives the same lengths as tracing from each unit inwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ddaydesk.rules.supply.blocking import ENTER_ONLY, NO_ENTER


def bfs(adj: Sequence[tuple[int, ...]], state: bytearray, starts: Iterable[int],
        limit: int | None) -> tuple[dict[int, int], dict[int, int]]:
    """``(dist, parent)`` of every place within ``limit`` hexes (None: any length) of the
    nearest start. Starts on ``NO_ENTER`` places are skipped; ``parent`` of a start is -1."""
    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    frontier = []
    for s in starts:
        if s not in dist and state[s] != NO_ENTER:
            dist[s] = 0
            parent[s] = -1
            frontier.append(s)
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for i in frontier:
            if d > 1 and state[i] == ENTER_ONLY:
                continue
            for j in adj[i]:
                if j not in dist and state[j] != NO_ENTER:
                    dist[j] = d
                    parent[j] = i
                    nxt.append(j)
        frontier = nxt
    return dist, parent


def path_to_start(parent: dict[int, int], end: int) -> list[int]:
    """Places from ``end`` back to the start of the trace, both included."""
    out = [end]
    p = parent[end]
    while p >= 0:
        out.append(p)
        p = parent[p]
    return out
