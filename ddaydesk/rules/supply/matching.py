"""Capacity-constrained assignment: units to capacity holders (HQ slots or SC hexes) so that
as many units as possible are supplied (../shared/research/perf.md §4: greedy is not enough).

Kuhn-style augmenting paths for a b-matching, with a greedy warm start. Deterministic:
units are taken in input order, each tries its options in the order given (nearest first),
and an augmenting search visits holders and their members in a fixed order.
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
    for u, opts in enumerate(options):  # warm start: nearest holder with room
        for h in opts:
            if free[h] > 0:
                free[h] -= 1
                assign[u] = h
                members[h].append(u)
                break

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
            for v in list(members[h]):
                if augment(v, seen):  # v moved to another holder: its slot in h is ours
                    members[h].remove(v)
                    members[h].append(u)
                    assign[u] = h
                    return True
        return False

    for u, opts in enumerate(options):
        if assign[u] < 0 and opts:
            augment(u, set())
    return assign
