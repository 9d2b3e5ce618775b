"""What a supply line may cross, as one byte per place (../shared/research/perf.md §3, §8).

``PASS``: a line may run through. ``ENTER_ONLY``: a line may start or end here but not pass
through (an enemy-ZOC hex). ``NO_ENTER``: never (enemy units, sea, neutral countries...).
The zones of control are computed here from unit positions, in this one place, so the
engine's ZOC map can replace :func:`enemy_zoc` later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddaydesk.board import Board
from ddaydesk.rules.supply.model import SupplyUnit
from ddaydesk.rules.supply.params import Blocking

PASS, ENTER_ONLY, NO_ENTER = 0, 1, 2


@dataclass
class TraceMap:
    """Hex states for lines traced by ``side``, and the facts behind them (for explanations)."""

    side: str
    state: bytearray
    zoc: bytearray  # 1: in the ZOC of an enemy unit of ``side``
    enemy: bytearray  # 1: an enemy unit stands here
    friendly: bytearray  # 1: a unit of ``side`` stands here
    impassable: bytearray  # 1: terrain no line may enter


def enemy_zoc(board: Board, units: Sequence[SupplyUnit], side: str, rules: Blocking) -> bytearray:
    """1 on every place adjacent to a unit hostile to ``side`` that exerts a ZOC (default
    reading: every unit but the types in ``no_zoc_types``; SCs are markers and exert none).
    The one ZOC definition of the supply code: swap it for the engine's ZOC map."""
    zoc = bytearray(board.n)
    adj = board.adj
    exempt = rules.no_zoc_types
    for u in units:
        if u.side != side and u.type not in exempt:
            for j in adj[u.place]:
                zoc[j] = 1
    return zoc


def trace_map(board: Board, units: Sequence[SupplyUnit], side: str, rules: Blocking) -> TraceMap:
    n = board.n
    flag = bytearray(256)
    for k, name in enumerate(board.terrain_names):
        if name in rules.impassable_terrain:
            flag[k] = 1
    impassable = bytearray(board.terrain.translate(flag))
    state = bytearray(impassable.translate(bytes([PASS, NO_ENTER]) + bytes(254)))
    enemy = bytearray(n)
    friendly = bytearray(n)
    for u in units:
        if u.side == side:
            friendly[u.place] = 1
        else:
            enemy[u.place] = 1
    zoc = enemy_zoc(board, units, side, rules)
    if rules.enemy_units_block:
        for u in units:
            if u.side != side:
                state[u.place] = NO_ENTER
    if rules.enemy_zoc != "ignore":
        mark = ENTER_ONLY if rules.enemy_zoc == "enter_only" else NO_ENTER
        negate = rules.friendly_negates_zoc
        for i in range(n):
            if zoc[i] and state[i] == PASS and not (negate and friendly[i]):
                state[i] = mark
    return TraceMap(side, state, zoc, enemy, friendly, impassable)
