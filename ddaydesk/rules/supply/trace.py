"""Hop-bounded breadth-first traces over a :class:`~ddaydesk.rules.supply.blocking.TraceMap`
state (../shared/research/perf.md §3, §8).

A line counts hexes moved: the tracer's own hex is 0, the hex it reaches is the length.
An ``ENTER_ONLY`` hex is reached but not expanded unless it is a start, so it can only be
the first or last hex of a line; traces are symmetric, so tracing from the HQ or source
outwards gives the same lengths as tracing from each unit inwards. Only distances are
stored; :func:`path_to_start` walks back down them when a line is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ddaydesk.rules.supply.blocking import ENTER_ONLY, PASS


def closed_of(state: bytearray) -> bytes:
    """1 where a trace may never go: the visited-mask every trace starts from."""
    return bytes(state.translate(bytes([0, 0, 1]) + bytes(253)))


def bfs(adj: Sequence[tuple[int, ...]], state: bytearray, starts: Iterable[int], limit: int | None,
        closed: bytes | None = None) -> dict[int, int]:
    """Distance of every place within ``limit`` hexes (None: any length) of the nearest
    start. Starts on ``NO_ENTER`` places are skipped. ``closed``: :func:`closed_of` of the
    state, when the caller traces many times over one state."""
    seen = bytearray(closed if closed is not None else closed_of(state))
    dist: dict[int, int] = {}
    frontier = []
    for s in starts:
        if not seen[s]:
            seen[s] = 1
            dist[s] = 0
            frontier.append(s)
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for i in frontier:
            if d > 1 and state[i] == ENTER_ONLY:
                continue
            for j in adj[i]:
                if not seen[j]:
                    seen[j] = 1
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def path_to_start(adj: Sequence[tuple[int, ...]], state: bytearray, dist: dict[int, int], end: int) -> list[int]:
    """Places from ``end`` back to a start of the trace, both included: each step goes to the
    first neighbour (in board order) one hex nearer that the trace could have come from."""
    out = [end]
    d = dist[end]
    i = end
    while d > 0:
        d -= 1
        for j in adj[i]:
            if dist.get(j) == d and (d == 0 or state[j] == PASS):
                i = j
                break
        out.append(i)
    return out

