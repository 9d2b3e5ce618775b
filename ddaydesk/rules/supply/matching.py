"""Capacity-constrained assignment: units to capacity holders (HQ slots or SC hexes) so that
as many units as possible are supplied (../shared/research/perf.md §4: greedy is not enough).

Kuhn-style augmenting paths for a b-matching. Units are taken in input order and a unit,
once supplied, stays supplied while later units augment around it; so the supplied set is
the earliest units (in input order) that can all be supplied together — a maximum set,
and a well-defined one. Each unit tries its holders in the order given (nearest first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ddaydesk.rules.supply.trace import bits_at

T = TypeVar("T")


def b_matching(options: Sequence[Sequence[int]], capacity: Sequence[int],
               reach: Sequence[int] | None = None) -> list[int]:
    """``assign[u]``: the holder unit ``u`` gets, or -1. ``options[u]`` lists holder indices
    in order of preference; ``capacity[h]`` is how many units holder ``h`` takes. The number
    of assigned units is maximal. ``reach[u]``: ``options[u]`` as a bitset, when the caller
    has it."""
    assign = [-1] * len(options)
    members: list[list[int]] = [[] for _ in capacity]
    free = list(capacity)
    # Holders as bits: ``seen`` is the search's visited set, ``reach[u]`` unit u's holders.
    # A member whose holders are all seen cannot move, so it is passed over without the call.
    if reach is None:
        reach = [bits_at(opts) for opts in options]
    seen = 0

    def augment(u: int) -> bool:
        nonlocal seen
        for h in options[u]:
            if seen >> h & 1:
                continue
            seen |= 1 << h
            if free[h] > 0:
                free[h] -= 1
                members[h].append(u)
                assign[u] = h
                return True
            for v in members[h]:  # (a success changes members[h] and returns at once)
                if reach[v] & ~seen and augment(v):  # v moved to another holder: its slot is ours
                    members[h].remove(v)
                    members[h].append(u)
                    assign[u] = h
                    return True
        return False

    # Holders seen by a failed search cannot lead to a free slot until the assignment
    # changes, so the seen set is only cleared after a success (keeps hopeless units cheap).
    # (A unit whose holders are all seen is one such: it is passed over without the call.)
    for u, bits in enumerate(reach):
        if bits & ~seen:
            h = options[u][0]
            if free[h] > 0 and not seen >> h & 1:  # its first holder has room: what augment(u) does first
                free[h] -= 1
                members[h].append(u)
                assign[u] = h
                seen = 0
            elif augment(u):
                seen = 0
    return assign


def best_subset(candidates: Sequence[T], size: int, value: Callable[[list[T]], int]) -> list[T]:
    """The ``size`` candidates whose ``value`` is greatest, exactly; among equals, the first in
    the candidates' order (compared place by place, as :func:`itertools.combinations` lists
    them). ``value`` must never fall when a candidate is added (a maximum matching with one
    more holder open never matches fewer), which gives every partial choice a bound: its value
    with all the candidates still open added. Branch and bound, taking a candidate before
    leaving it out, so the first choice found at the best value is the one to keep; it stops
    as soon as a choice reaches the value of all candidates together."""
    if size >= len(candidates):
        return list(candidates)
    ceiling = value(list(candidates))
    best: list[T] = list(candidates[:size])
    best_value = value(best)

    def search(i: int, chosen: list[T]) -> bool:
        """True once a choice at the ceiling is found (nothing can beat it)."""
        nonlocal best, best_value
        need = size - len(chosen)
        if need == 0:
            v = value(chosen)
            if v > best_value:
                best, best_value = list(chosen), v
            return best_value == ceiling
        rest = candidates[i:]
        if len(rest) < need or value(chosen + list(rest)) <= best_value:
            return False
        return search(i + 1, [*chosen, candidates[i]]) or search(i + 1, chosen)

    if best_value < ceiling:
        search(0, [])
    return best
