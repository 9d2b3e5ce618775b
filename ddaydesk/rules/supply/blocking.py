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
from typing import NamedTuple

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


class SideUnits(NamedTuple):
    """One side's units as the supply code reads them (input order kept in each list)."""

    hqs: list[SupplyUnit]
    others: list[SupplyUnit]  # every unit but the HQs
    bits: int  # the places of its units
    zoc: int  # the places of those that exert a ZOC


def split_units(units: Sequence[SupplyUnit], rules: Blocking) -> dict[str, SideUnits]:
    """Per side: its HQs, its other units, and the places of its units and of those that
    exert a ZOC (default reading: every unit but the types in ``no_zoc_types``; SCs are
    markers and exert none). One pass over the units for both sides: every later step
    reads these lists, not the whole input again."""
    exempt = rules.no_zoc_types
    groups: dict[str, tuple[list, list]] = {}
    for u in units:
        g = groups.get(u[1])
        if g is None:
            g = groups[u[1]] = ([], [])
        g[u[3] != "hq"].append(u)  # (HQs, others)
    out = {}
    for side, (hqs, others) in groups.items():
        zoc = quiet = 0
        try:
            for u in hqs + others:
                if u[3] in exempt:
                    quiet |= 1 << u[4]
                else:
                    zoc |= 1 << u[4]
        except ValueError:  # a negative shift: a unit off the map (place -1)
            u = next(u for u in units if u.place < 0)
            raise ValueError(f"{u.id} is not on the map (place {u.place})") from None
        bits = zoc | quiet
        out[side] = SideUnits(hqs, others, bits, zoc)
    return out


def _bitset(flag: bytearray) -> int:
    """Flag bytes (0: no, 1 or 2: yes; one per place) as a bitset."""
    return int(flag[::-1].translate(DIGITS), 2) if flag else 0


def zoc_bits(board: Board, zoc_sources: int) -> int:
    """Every place adjacent to a place in ``zoc_sources``: the one ZOC definition of the
    supply code; swap it for the engine's ZOC map."""
    return dilate(board, zoc_sources)


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
              per_side: dict[str, SideUnits] | None = None) -> TraceMap:
    """``per_side``: :func:`split_units` of the units, when the caller has it already."""
    if per_side is None:
        per_side = split_units(units, rules)
    impassable = impassable_bits(board, rules)
    mine = per_side.get(side)
    friendly = mine.bits if mine is not None else 0
    enemy = zoc_from = 0
    for other, g in per_side.items():
        if other != side:
            enemy |= g.bits
            zoc_from |= g.zoc
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
