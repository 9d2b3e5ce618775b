"""Capacity-constrained assignment: units to capacity holders (HQ slots or SC hexes) so that
as many units as possible are supplied (../shared/research/perf.md §4: greedy is not enough).

Kuhn-style augmenting paths for a b-matching. Units are taken in input order and a unit,
once supplied, stays supplied while later units augment around it; so the supplied set is
the earliest units (in input order) that can all be supplied together — a maximum set,
and a well-defined one. Each unit tries its holders in the order given (nearest first).
"""

from __future__ import annotations

from collections.abc import Sequence


def b_matching(options: Sequence[Sequence[int]], capacity: Sequence[int]) -> list[int]:
    """``assign[u]``: the holder unit ``u`` gets, or -1. ``options[u]`` lists holder indices
    in order of preference; ``capacity[h]`` is how many units holder ``h`` takes. The number
    of assigned units is maximal."""
    assign = [-1] * len(options)
    members: list[list[int]] = [[] for _ in capacity]
    free = list(capacity)

    def augment(u: int, seen: set[int]) -> bool:
        for h in options[u]:
            if h in seen:
                continue
            seen.add(h)
            if free[h] > 0:
                free[h] -= 1
                members[h].append(u)
                assign[u] = h
                return True
            for v in members[h]:  # (a success changes members[h] and returns at once)
                if augment(v, seen):  # v moved to another holder: its slot in h is ours
                    members[h].remove(v)
                    members[h].append(u)
                    assign[u] = h
                    return True
        return False

    # Holders seen by a failed search cannot lead to a free slot until the assignment
    # changes, so the seen set is only cleared after a success (keeps hopeless units cheap).
    seen: set[int] = set()
    for u, opts in enumerate(options):
        if opts and augment(u, seen):
            seen = set()
    return assign
