"""Several single-start searches of one limit run together, as lanes of one bitset.

A search of ``limit`` hexes from one start on a hex grid stays within ``limit`` rows of it
(trace.py's windows). Here each start's window of ``2 * limit + 1`` rows is a lane, and the
lanes are laid one above the other in one int, a closed row between two: one step of the
search (the same dozen shifts and masks as :func:`~ddaydesk.rules.supply.trace.bfs`) moves
every lane at once, and a Python int operation costs about the same for one window as for
four (its fixed cost is most of it at these sizes). A step never carries a place from one
lane into another: the row between them is closed, and so are the places past the map.

The lanes are laid last start lowest, so that reading a level from its highest bit down
meets the starts in their order. Each start's own :class:`~ddaydesk.rules.supply.trace.Trace`
(for a chain's hexes) is cut out of the lanes when first asked for; what the recompute reads
(which units each search reached, and how far) is read from the lanes themselves.
"""

from __future__ import annotations

from ddaydesk.rules.supply.trace import Trace, _rows_only, bfs, reached_by, steps_from

LANES = 4  # starts a run of lanes takes at most (limit 8: a run's ints stay under 512 bytes, Python's small-object size)


class Lanes:
    """One run of lanes (see the module's text): ``levels[d]`` holds every lane's places first
    reached at length ``d``; lane ``k`` (the run's start ``k``) is bit ``off[k]`` onwards, its
    bit ``i`` place ``los[k] + i``."""

    __slots__ = ("levels", "los", "off", "size")

    def __init__(self, levels: list[int], los: list[int], off: list[int], size: int):
        self.levels = levels
        self.los = los
        self.off = off
        self.size = size  # bits of one lane, the closed row above it included

    def cut(self, k: int) -> tuple[list[int], int]:
        """Lane ``k``'s levels (as its own search would end them) and the places they hold."""
        off, mask = self.off[k], (1 << self.size) - 1
        levels = [lv >> off & mask for lv in self.levels]
        while len(levels) > 1 and not levels[-1]:
            levels.pop()
        reached = 0
        for lv in levels:
            reached |= lv
        return levels, reached


class Searches:
    """The searches of ``limit`` hexes from each of ``starts``, as :class:`Lanes` of at most
    :data:`LANES` starts, or one :func:`~ddaydesk.rules.supply.trace.bfs` each where lanes
    do not apply (not a hex grid whose masks are the same in every row, or one start)."""

    __slots__ = ("board", "tm", "starts", "limit", "runs", "_traces")

    def __init__(self, board, tm, starts: list[int], limit: int):
        self.board, self.tm, self.starts, self.limit = board, tm, starts, limit
        rows = 2 * limit + 1
        ok = board.column_steps is not None and len(starts) > 1 and _masks(board, rows, 1) is not None
        self.runs = [run(board, tm, starts[i:i + LANES], limit) for i in range(0, len(starts), LANES)] if ok else None
        self._traces: list[Trace | None] = [None] * len(starts) if ok else \
            [bfs(board, tm, [s], limit) for s in starts]

    def trace(self, i: int) -> Trace:
        """Start ``i``'s search, as :func:`~ddaydesk.rules.supply.trace.bfs` gives it."""
        got = self._traces[i]
        if got is None:
            levels, reached = self.runs[i // LANES].cut(i % LANES)
            lo = self.runs[i // LANES].los[i % LANES]
            got = self._traces[i] = Trace(self.board.adj, self.tm, levels, lo, reached, self.tm.friendly_bits)
        return got

    def hits(self, at: dict[int, list[int]], bits: int, count: int) -> tuple[list[list[int]], list[int]]:
        """For each of ``count`` units (``at``: place -> the units there, ``bits`` those
        places), the starts whose search reached it, nearest first, then in the starts' order;
        and the same as a bitset (what :func:`~ddaydesk.rules.supply.trace.reached_by` gives
        for the searches one by one)."""
        if self.runs is None:
            return reached_by(((i, tr, self.limit) for i, tr in enumerate(self._traces)), at, bits, count)
        tags: list[list[int]] = [[] for _ in range(count)]
        tag_bits = [0] * count
        read = []
        for r, lanes in enumerate(self.runs):
            rest, win = 0, (1 << lanes.size) - 1
            # per lane, by its number from the lowest bit up: its start's number, place - bit
            n = len(lanes.los)
            tag, delta = [0] * n, [0] * n
            for k in range(n):
                lo, off = lanes.los[k], lanes.off[k]
                rest |= (bits >> lo & win) << off
                tag[n - 1 - k], delta[n - 1 - k] = r * LANES + k, lo - off
            read.append([lanes.levels, rest, lanes.size, tag, delta])
        for d in range(self.limit + 1):  # every run's level d before any run's d + 1
            for one in read:
                levels, rest, size, tag, delta = one
                if rest and d < len(levels):
                    got = levels[d] & rest
                    if got:
                        one[1] = rest ^ got
                        while got:
                            b = got.bit_length() - 1
                            got ^= 1 << b
                            j = b // size
                            t = tag[j]
                            for k in at[b + delta[j]]:
                                tags[k].append(t)
                                tag_bits[k] |= 1 << t
        return tags, tag_bits


def _masks(board, rows: int, count: int) -> tuple[int, int, int, int] | None:
    """``(right, left, up, down)`` for ``count`` lanes of ``rows`` rows (kept per board); None
    when the grid's masks are not the same in every row."""
    memo = board.__dict__.setdefault("_supply_lane_masks", {})
    key = (rows, count)
    if key not in memo:
        memo[key] = _make_masks(board, rows, count)
    return memo[key]


def _make_masks(board, rows: int, count: int) -> tuple[int, int, int, int] | None:
    w, right, left, up, down = board.column_steps
    n = board.n
    height = n // w
    if height < 3 or height * w != n or not _rows_only(board, board.column_steps):
        return None
    row = (1 << w) - 1
    inner = ((1 << (w * (height - 1))) - 1) ^ row  # every row but the first and the last
    per_row = []
    for mask in (right, left, up, down):
        pattern = mask >> w & row  # (the second row's)
        every = sum(pattern << (r * w) for r in range(height))
        if every & inner != mask & inner or mask & ~every:
            return None  # (the first and last rows may lack some: past the map is closed)
        per_row.append(pattern)
    size = (rows + 1) * w
    lanes = sum(1 << (k * size) for k in range(count))
    rep = sum(1 << (r * w) for r in range(rows))
    right, left, up, down = (pattern * rep * lanes for pattern in per_row)
    return right, left, up, down


def run(board, tm, starts: list[int], limit: int) -> Lanes:
    """One run of lanes: the searches of ``limit`` hexes from ``starts`` (see the module's text)."""
    w = board.column_steps[0]
    count = len(starts)
    rows = 2 * limit + 1
    right, left, up, down = _masks(board, rows, count)
    size = (rows + 1) * w
    win = (1 << (rows * w)) - 1
    reach_all, pass_all = tm.open_bits, tm.pass_bits
    reach = passable = frontier = 0
    los, off = [], []
    for k, s in enumerate(starts):
        lo = max(0, s // w - limit) * w
        at = (count - 1 - k) * size
        los.append(lo)
        off.append(at)
        reach |= (reach_all >> lo & win) << at
        passable |= (pass_all >> lo & win) << at
        frontier |= 1 << (s - lo + at)
    frontier &= reach
    plain = reach & left == reach or reach & right == reach  # (as in trace.bfs: the masks only cut the rows' ends)
    levels, _ = steps_from(frontier, reach, passable, limit, plain, (w, right, left, up, down))
    return Lanes(levels, los, off, size)
