"""Hop-bounded breadth-first traces over a :class:`~ddaydesk.rules.supply.blocking.TraceMap`
(../shared/research/perf.md §3, §8).

A line counts hexes moved: the tracer's own hex is 0, the hex it reaches is the length.
An ``ENTER_ONLY`` hex is reached but not expanded unless it is a start, so it can only be
the first or last hex of a line; traces are symmetric, so tracing from the HQ or source
outwards gives the same lengths as tracing from each unit inwards.

Sets of places are Python ints used as bitsets (bit ``i`` = place ``i``). One step of a
search is a few shifts and masks over the whole map (``Board.shifts``: 8 on a hex grid),
run in C whatever the size of the frontier: three to four times faster here than a Python
loop over the frontier's neighbours. A trace keeps the places it reached at each length;
the lengths of the places a caller asks about (the side's units, HQs or SCs) are read from
them, any other place's only when a path is walked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

PASS = 0  # (blocking.PASS; imported there from here would be circular)
TO_FLAG = bytes(48) + b"\x00\x01" + bytes(206)  # "0"/"1" -> 0/1


def bits_at(places: Iterable[int]) -> int:
    out = 0
    for i in places:
        out |= 1 << i
    return out


def places_of(bits: int, base: int = 0) -> list[int]:
    """The places in a bitset (highest first); bit ``k`` is place ``base + k``."""
    s = bin(bits)
    top = len(s) - 1 + base
    out = []
    k = s.find("1", 2)
    while k >= 0:
        out.append(top - k)
        k = s.find("1", k + 1)
    return out


def flags(bits: int, n: int) -> bytearray:
    """One byte per place, 1 where the bitset holds it."""
    return bytearray(bin(bits)[2:].zfill(n)[::-1].encode().translate(TO_FLAG))


def dilate(board, bits: int) -> int:
    """Every neighbour of a place in ``bits`` (on a hex grid in one step of :func:`bfs`)."""
    steps = board.column_steps
    if steps is None:
        out = 0
        for off, mask in board.shifts:
            x = bits & mask
            if x:
                out |= x << off if off > 0 else x >> -off
        return out
    w, right, left, up, down = steps
    h = (bits & right) << 1 | (bits & left) >> 1
    return (h | (bits | h & up) >> w | (bits | h & down) << w) & (1 << board.n) - 1


class Trace:
    """One search: ``levels[d]`` holds the places first reached at length ``d``. ``hits``: the
    length of every target place reached; ``lengths(bits)`` that of the places of any bitset,
    read from the levels when asked (a caller asks for the few places it needs: a search does
    no work per place). Reads like a read-only mapping place -> length (``get``, ``[]``,
    ``in``) for any place, built from the levels on first need."""

    __slots__ = ("adj", "tm", "levels", "lo", "reached", "targets", "_hits", "_dist")

    def __init__(self, adj, tm, levels: list[int], lo: int, reached: int, targets: int):
        self.adj = adj
        self.tm = tm
        self.levels = levels  # bit k = place lo + k
        self.lo = lo
        self.reached = reached  # every level's places together (bit k = place lo + k)
        self.targets = targets
        self._hits: dict[int, int] | None = None
        self._dist: dict[int, int] | None = None

    @property
    def hits(self) -> dict[int, int]:
        if self._hits is None:
            self._hits = self.lengths(self.targets)
        return self._hits

    def lengths(self, bits: int) -> dict[int, int]:
        """The length to each place of ``bits`` the trace reached (nearest first, then the
        highest place first)."""
        lo = self.lo
        bits = bits >> lo & self.reached
        out = {}
        for d, level in enumerate(self.levels):
            if not bits:
                break
            got = level & bits
            bits ^= got
            while got:  # a few bits a level: cheaper one by one than through places_of()
                b = got.bit_length() - 1
                out[lo + b] = d
                got ^= 1 << b
        return out

    def within(self, limit: int) -> int:
        """The places reached at lengths up to ``limit``, as a bitset of places."""
        out = 0
        for level in self.levels[:limit + 1]:
            out |= level
        return out << self.lo

    @property
    def dist(self) -> dict[int, int]:
        if self._dist is None:
            lo = self.lo
            self._dist = {i: d for d, lv in enumerate(self.levels) for i in places_of(lv, lo)}
        return self._dist

    def get(self, place: int, default: int | None = None) -> int | None:
        return self.dist.get(place, default)

    def __getitem__(self, place: int) -> int:
        d = self.get(place)
        if d is None:
            raise KeyError(place)
        return d

    def __contains__(self, place: int) -> bool:
        return self.get(place) is not None

    def path(self, end: int) -> list[int]:
        """Places from ``end`` back to a start (see :func:`path_to_start`)."""
        return path_to_start(self.adj, self.tm.state, self.dist, end)


def rows_of(traces: Iterable[tuple[Any, Trace, int]], bits: int) -> list[list[tuple[Any, int, int]]]:
    """``rows[d]``: ``(tag, lo, got)`` for each trace (``(tag, trace, depth)``) that reached
    places of ``bits`` at length ``d`` (within its depth), in the traces' order: ``got`` those
    places (bit ``k`` = place ``lo + k``). Each trace is read only as far as the last of the
    places it reached: the rows then come in order of length, without a sort."""
    rows: list[list[tuple[Any, int, int]]] = []
    for tag, tr, depth in traces:
        rest, lo = tr.reached & bits >> tr.lo, tr.lo
        for d, level in enumerate(tr.levels):
            if not rest or d > depth:
                break
            got = level & rest
            if got:
                rest ^= got
                while len(rows) <= d:
                    rows.append([])
                rows[d].append((tag, lo, got))
    return rows


def reached_by(traces: Iterable[tuple[int, Trace, int]], at: dict[int, list[int]], bits: int,
               count: int) -> tuple[list[list[int]], list[int]]:
    """For each of ``count`` units (``at``: place -> the units there, ``bits`` those places), the
    tags of the traces (``(tag, trace, depth)``) that reached it within their depth, nearest
    first, then in the traces' order (:func:`rows_of`); and the same tags as a bitset."""
    tags: list[list[int]] = [[] for _ in range(count)]
    tag_bits = [0] * count
    for row in rows_of(traces, bits):
        for tag, lo, got in row:
            bit = 1 << tag
            while got:
                b = got.bit_length() - 1
                got ^= 1 << b
                for k in at[lo + b]:
                    tags[k].append(tag)
                    tag_bits[k] |= bit
    return tags, tag_bits


def steps_from(frontier: int, reach: int, passable: int, last: int, plain: bool,
               masks: tuple[int, int, int, int, int]) -> tuple[list[int], int]:
    """The levels of a search on a hex grid from ``frontier`` (within ``reach``), at most
    ``last`` steps, and the places reached; ``masks``: ``(width, right, left, up, down)`` of
    :attr:`Board.column_steps` (cut to a window, or laid out as lanes), ``plain`` whether the
    step sideways needs none (see :func:`bfs`)."""
    w, right, left, up, down = masks
    unseen = reach ^ frontier
    levels = [frontier]
    add = levels.append
    for _ in range(last):  # all neighbours in 12-14 operations (Board.column_steps)
        if plain:
            h = frontier << 1 | frontier >> 1
        else:
            h = (frontier & right) << 1 | (frontier & left) >> 1
        nxt = (h | (frontier | h & up) >> w | (frontier | h & down) << w) & unseen
        if not nxt:
            break
        unseen ^= nxt
        add(nxt)
        frontier = nxt & passable  # ENTER_ONLY places end a line
        if not frontier:
            break
    return levels, reach ^ unseen


def bfs(board, tm, starts: Iterable[int], limit: int | None, targets: int | None = None) -> Trace:
    """Every place within ``limit`` hexes (None: any length) of the nearest start; starts on
    ``NO_ENTER`` places are skipped. ``targets`` (a bitset; default: the side's units) are
    the places whose lengths ``hits`` gives."""
    if targets is None:
        targets = tm.friendly_bits
    starts = list(starts)
    reach, passable = tm.open_bits, tm.pass_bits
    steps = board.column_steps
    last = board.n if limit is None else limit
    frontier = lo = 0
    if steps is None:
        for s in starts:
            frontier |= 1 << s
        levels, reached = _levels_by_shifts(board.shifts, frontier & reach, reach, passable, last)
    else:
        w, right, left, up, down = steps
        if limit is not None and starts:
            top, bottom = (starts[0], starts[0]) if len(starts) == 1 else (min(starts), max(starts))
            win = _window(board, steps, top // w - limit, bottom // w + limit + 1)
            if win is not None:
                lo, mask, right, left, up, down = win
                reach, passable = reach >> lo & mask, passable >> lo & mask
        for s in starts:
            frontier |= 1 << (s - lo)
        frontier &= reach
        # With the first or the last column closed, a step sideways off one end of a row only
        # lands in a closed place (unseen drops it): no masks needed for the step sideways
        # (when they only cut the rows' ends: see _rows_only).
        plain = _rows_only(board, steps) and (reach & left == reach or reach & right == reach)
        levels, reached = steps_from(frontier, reach, passable, last, plain, (w, right, left, up, down))
    return Trace(board.adj, tm, levels, lo, reached, targets)


def _levels_by_shifts(shifts, frontier: int, reach: int, passable: int, last: int) -> tuple[list[int], int]:
    """The levels of a search on any board (one shift and mask per neighbour offset), and the
    places reached."""
    unseen = reach ^ frontier
    levels = [frontier]
    for _ in range(last):
        if not frontier:
            break
        nxt = 0
        for off, mask in shifts:
            x = frontier & mask
            if x:
                nxt |= x << off if off > 0 else x >> -off
        nxt &= unseen
        if not nxt:
            break
        unseen ^= nxt
        levels.append(nxt)
        frontier = nxt & passable
    return levels, reach ^ unseen


def _rows_only(board, steps: tuple[int, int, int, int, int]) -> bool:
    """Whether the grid's ``right``/``left`` masks hold every place but the last/first column
    (no row neighbours missing inside a row; kept on the board)."""
    got = board.__dict__.get("_supply_rows_only")
    if got is None:
        w, right, left, _, _ = steps
        first = sum(1 << i for i in range(0, board.n, w))
        full = (1 << board.n) - 1
        got = board.__dict__["_supply_rows_only"] = right == full ^ (first << w - 1 & full) and left == full ^ first
    return got


WINDOWS = 512  # windows kept per board (a few per row and limit are ever asked for)


def _window(board, steps: tuple[int, int, int, int, int], top: int, bottom: int) -> tuple[int, ...] | None:
    """``(lo, mask, right, left, up, down)`` for the rows ``top`` to ``bottom`` (excluded) of
    a hex grid, or None when they cover most of the map. A step moves at most one row, so a
    trace of ``limit`` hexes stays within that many rows of its starts, and every bitset
    shrinks to the window (the bit operations cost its size). The board's masks cut to each
    window are kept on the board: a recompute asks for the same few windows again."""
    memo = board.__dict__.get("_supply_windows")  # (not board.derived: this is read per search)
    if memo is None:
        memo = board.__dict__["_supply_windows"] = {}
    key = (top, bottom)
    got = memo.get(key)
    if got is None and key not in memo:
        w, right, left, up, down = steps
        n = board.n
        lo, hi = max(0, top * w), min(n, bottom * w)
        if hi - lo >= n * 3 // 4:
            got = None  # cutting out a window of most of the map costs more than it saves
        else:
            mask = (1 << (hi - lo)) - 1
            got = (lo, mask, *(b >> lo & mask for b in (right, left, up, down)))
        if len(memo) >= WINDOWS:
            memo.clear()
        memo[key] = got
    return got


def closed_of(state: bytearray) -> bytes:
    """1 where a trace may never go: the visited-mask a per-place search starts from."""
    return bytes(state.translate(bytes([0, 0, 1]) + bytes(253)))


def path_to_start(adj: Sequence[tuple[int, ...]], state: bytearray, dist, end: int) -> list[int]:
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
