"""What a supply line may cross (../shared/research/perf.md §3, §8).

Every place is in one of three states. ``PASS``: a line may run through. ``ENTER_ONLY``: a
line may start or end here but not pass through (an enemy-ZOC hex). ``NO_ENTER``: never
(enemy units, sea, neutral countries...). The searches read the states as bitsets (Python
ints, bit ``i`` = place ``i``; see trace.py); the per-place bytes the explanations read are
made from them only when asked for. The zones of control are computed here from unit
positions, in this one place, so the engine's ZOC map can replace :func:`zoc_bits` later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ddaydesk.board import Board
from ddaydesk.rules.supply.model import SupplyUnit
from ddaydesk.rules.supply.params import Blocking
from ddaydesk.rules.supply.trace import dilate, flags

PASS, ENTER_ONLY, NO_ENTER = 0, 1, 2


@dataclass
class TraceMap:
    """Places, as bitsets, for lines traced by ``side``, and the facts behind them."""

    side: str
    n: int
    closed_bits: int  # NO_ENTER
    stop_bits: int  # ENTER_ONLY
    zoc_bits: int  # in the ZOC of a unit hostile to ``side``
    enemy_bits: int  # an enemy unit stands here
    friendly_bits: int  # a unit of ``side`` stands here
    impassable_bits: int  # terrain no line may enter

    @cached_property
    def open_bits(self) -> int:
        """Places a line may reach (PASS or ENTER_ONLY)."""
        return ((1 << self.n) - 1) & ~self.closed_bits

    @cached_property
    def pass_bits(self) -> int:
        """Places a line may run through (PASS)."""
        return self.open_bits & ~self.stop_bits

    # Per-place bytes (1 = yes) for the explanations and the path walks.
    @cached_property
    def state(self) -> bytearray:
        n = self.n
        both = (2 * int.from_bytes(flags(self.closed_bits, n), "little")
                + int.from_bytes(flags(self.stop_bits, n), "little"))  # no carries: 0, 1 or 2 a byte
        return bytearray(both.to_bytes(n, "little"))

    @cached_property
    def zoc(self) -> bytearray:
        return flags(self.zoc_bits, self.n)

    @cached_property
    def enemy(self) -> bytearray:
        return flags(self.enemy_bits, self.n)

    @cached_property
    def friendly(self) -> bytearray:
        return flags(self.friendly_bits, self.n)

    @cached_property
    def impassable(self) -> bytearray:
        return flags(self.impassable_bits, self.n)


def unit_bits(units: Sequence[SupplyUnit], rules: Blocking, n: int) -> dict[str, tuple[int, int]]:
    """Per side: the places of its units, and of those that exert a ZOC (default reading:
    every unit but the types in ``no_zoc_types``; SCs are markers and exert none). ``n``:
    the board's size. Marked in bytes, one per place, and read as one bitset per side at the
    end (a third cheaper than growing map-sized integers unit by unit); the few places that
    hold only units without a ZOC (HQs) are then taken out of it for the ZOC's."""
    marks: dict[str, bytearray] = {}
    quiet: list[tuple[str, int]] = []  # (side, place) of the units that exert no ZOC
    exempt = rules.no_zoc_types
    for u in units:
        m = marks.get(u.side)
        if m is None:
            m = marks[u.side] = bytearray(n)
        if u.place < 0:  # a byte index would wrap to the last place: say so instead
            raise ValueError(f"{u.id} is not on the map (place {u.place})")
        if u.type in exempt:
            quiet.append((u.side, u.place))
            if not m[u.place]:
                m[u.place] = 1
        else:
            m[u.place] = 2
    out = {side: [_bitset(m), 0] for side, m in marks.items()}
    for side, place in quiet:
        if marks[side][place] == 1:  # no unit with a ZOC stands there
            out[side][1] |= 1 << place
    return {side: (bits, bits ^ alone) for side, (bits, alone) in out.items()}


def _bitset(flag: bytearray) -> int:
    """Flag bytes (0: no, 1 or 2: yes; one per place) as a bitset."""
    return int(flag[::-1].translate(DIGITS), 2) if flag else 0


def zoc_bits(board: Board, zoc_sources: int) -> int:
    """Every place adjacent to a place in ``zoc_sources``: the one ZOC definition of the
    supply code; swap it for the engine's ZOC map."""
    return dilate(board.shifts, zoc_sources)


def impassable_bits(board: Board, rules: Blocking) -> int:
    """Places whose terrain no line may enter (kept per board and reading)."""
    memo = board.__dict__.setdefault("_supply_impassable", {})
    got = memo.get(rules.impassable_terrain)
    if got is None:
        flag = bytearray(256)
        for k, name in enumerate(board.terrain_names):
            if name in rules.impassable_terrain:
                flag[k] = 1
        got = _bitset(board.terrain.translate(flag))
        memo[rules.impassable_terrain] = got
    return got


DIGITS = b"011" + bytes(253)  # flag bytes 0/1/2 -> "0"/"1"/"1"


def trace_map(board: Board, units: Sequence[SupplyUnit], side: str, rules: Blocking,
              per_side: dict[str, tuple[int, int]] | None = None) -> TraceMap:
    """``per_side``: :func:`unit_bits` of the units, when the caller has it already."""
    if per_side is None:
        per_side = unit_bits(units, rules, board.n)
    impassable = impassable_bits(board, rules)
    friendly = per_side.get(side, (0, 0))[0]
    enemy = zoc_from = 0
    for other, (places, exerting) in per_side.items():
        if other != side:
            enemy |= places
            zoc_from |= exerting
    zoc = zoc_bits(board, zoc_from)
    closed = impassable | enemy if rules.enemy_units_block else impassable
    stop = 0
    if rules.enemy_zoc != "ignore":
        held = zoc & ~closed
        if rules.friendly_negates_zoc:
            held &= ~friendly
        if rules.enemy_zoc == "enter_only":
            stop = held
        else:
            closed |= held
    return TraceMap(side, board.n, closed, stop, zoc, enemy, friendly, impassable)
