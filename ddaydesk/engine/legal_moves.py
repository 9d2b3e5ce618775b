"""Every move of a side's units, for ``legal_actions``, reusing searches across positions.

A unit's move depends on the state only through the places its search can reach: where it
stands, its allowance and edge table, and which of the places within its allowance (its
*ball*, the places a search that ignored every unit would reach) are blocked or end a move.
So a search is kept with the board, keyed by exactly that, and the next position answers
from it unless a unit came or went inside the ball: after one move, most units' moves are
what they were. The ball itself is a search too, made once per start, allowance and class.
The moves (immutable actions) are kept per unit, so a position whose moves did not change
costs a few lookups per unit. Pending units' searches (from their entry places) are made
afresh every time.
"""

from __future__ import annotations

from ddaydesk.engine.core import Move
from ddaydesk.engine.movement import reach, unit_rules
from ddaydesk.engine.positions import board_cache
from ddaydesk.engine.search import MoveLimits, dial, from_start
from ddaydesk.engine.state import GameState

# Searches (and balls) kept per board, the least recently used let go first: a position asks
# for one per unit and mode of a side (300 on the 3,000-hex benchmark board), and the next
# position for the same again less those of the units that moved. Each is up to 3 KiB (its
# masks as ints): at 1,024 the two tables held 4 MiB of a 2,000-action campaign window.
KEPT = 512


def unit_moves(state: GameState, k: int, mode: str) -> list[Move]:
    """Unit ``k``'s moves in ``mode`` (its move_problem already checked), shared with the
    positions that give the same search: never change the list."""
    lim = unit_rules(state, k, mode)
    u = state.scenario.units[k]
    if lim.start < 0:
        return [Move(u.side, u.id, to, mode) for to in reach(state, k, mode).dest]
    cache = board_cache(state.scenario.board)
    ball = _ball(cache, lim)
    # (The masks over the ball's span of places only: a search is kept by what lies inside
    # its ball, and a ball far along the board's numbering would keep all the zeros below it.)
    lo, hi = ball[3], ball[4]
    blocked = ball[1] & int.from_bytes(lim.blocked[lo:hi], "little")
    stop = ball[1] & int.from_bytes(lim.stop[lo:hi], "little")
    if not blocked and not stop:
        got = ball  # nothing in the way: the search is the ball's
    else:
        key = (id(lim.edges), lim.start, lim.mp, blocked, stop)
        searches = cache.setdefault("searches", {})
        got = _used(searches, key)
        if got is None or got[0] is not lim.edges:
            dest = list(from_start(lim))
            del dest[0]  # the start
            got = _keep(searches, key, (lim.edges, 0, dest))
    kept = cache.setdefault("unit_moves", {})
    mine = kept.get((k, mode))
    # (Known by its destinations' list, not the search: a search let go of is not kept alive
    # here, the moves made from it are still these.)
    if mine is None or mine[0] is not got[2]:
        mine = kept[(k, mode)] = (got[2], [Move(u.side, u.id, to, mode) for to in got[2]])
    moves = mine[1]
    if lim.full and not lim.full.isdisjoint(got[2]):
        return [m for m in moves if m.to not in lim.full]
    return moves


def _ball(cache: dict, lim: MoveLimits) -> tuple[list, int, list[int], int, int]:
    """``(edges, bits, dest, low, high)``: the places a search from ``lim.start`` with
    ``lim.mp`` over ``lim.edges`` reaches when no unit stands anywhere, as bits over the
    places from ``low`` to ``high`` (the first and past the last it reaches; 8 bits per place,
    as the masks' bytes), and as the search's destinations (all but the start; the stacking
    limit is applied by the caller: where the friendly stacks stand is not part of any key)."""
    balls = cache.setdefault("balls", {})
    key = (id(lim.edges), lim.start, lim.mp)
    got = _used(balls, key)
    if got is None or got[0] is not lim.edges:
        n = len(lim.edges)
        free = bytes(n)
        dist = {lim.start: 0}
        buckets: list[list[int]] = [[] for _ in range(lim.mp + 1)]
        buckets[0].append(lim.start)
        dial(lim.edges, lim.least, dist, buckets, lim.mp, free, free, -1)
        lo, hi = min(dist), max(dist) + 1
        marks = bytearray(hi - lo)
        for i in dist:
            marks[i - lo] = 1
        dest = list(dist)
        del dest[0]
        got = _keep(balls, key, (lim.edges, int.from_bytes(marks, "little"), dest, lo, hi))
    return got


def _used(table: dict, key):
    """``table[key]`` (or None), now the most recently used (a dict keeps insertion order)."""
    got = table.pop(key, None)
    if got is not None:
        table[key] = got
    return got


def _keep(table: dict, key, value):
    """``table[key] = value``, letting go of the least recently used past :data:`KEPT`."""
    table[key] = value
    while len(table) > KEPT:
        del table[next(iter(table))]
    return value

