"""Where units stand, as per-place masks, and what a step costs: the inputs of every movement
search (engine/movement.py) and of the ZOC overlay.

Per movement class an edge table ``edges[i] = ((j, ticks), ...)`` folds terrain entry costs
and hexside costs together; it depends only on the board and the class, so it is built once
and cached (never per hover). Positions (ZOC, enemy-occupied places, interdiction) are per
state and cached on it; a side's masks are kept per scenario by where its units stand, so a
move of one side reuses the other side's masks.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter, ne
from typing import TYPE_CHECKING, NamedTuple

from ddaydesk.board import Board
from ddaydesk.engine.search import INF
from ddaydesk.engine.state import ON_MAP, GameState
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.rules.systems import load_system

if TYPE_CHECKING:
    from ddaydesk.engine.movetables import MoveRules


def board_cache(board: Board) -> dict:
    """Movement data derived from a board, kept on the board itself so it lives and dies with
    it (like Board's own cached properties)."""
    return board.__dict__.setdefault("_movement_cache", {})


def edge_table(board: Board, rules: MoveRules, cls: int) -> tuple[list[tuple[tuple[int, int], ...]], list[int | None]]:
    """``(edges, entry)``: per place the ``(neighbour, ticks)`` it may step to, and the cost of
    entering each place from off the map (None: may not). Cached per board and class."""
    cache = board_cache(board)
    got = cache.get(("edges", rules.system, cls))
    if got is not None:
        return got
    system = load_system(board.system)
    names = board.terrain_names
    entry: list[int | None] = []
    for i in range(board.n):
        t = names[board.terrain[i]]
        cost = rules.entry_cost.get(t, (None,) * len(rules.classes))[cls] if system.terrain[t].passable else None
        entry.append(cost)
    feats = [(board.feature_bit(h.feature), h.replace, h.cost[cls], h.bridged_between) for h in rules.hexsides]
    feats = [f for f in feats if f[0]]
    edges: list[tuple[tuple[int, int], ...]] = []
    for i in range(board.n):
        out = []
        for j, s in zip(board.adj[i], board.adj_side[i], strict=True):
            base = entry[j]
            if base is None:
                continue
            mask = board.side_mask[s] if s >= 0 else 0
            add = 0
            replaced = None
            for bit, replace, c, bridged in feats:
                if bridged and names[board.terrain[i]] in bridged and names[board.terrain[j]] in bridged:
                    continue  # a bridge is assumed (FMU-GEN-04)
                if mask & bit:
                    if c is None:  # this class may not cross the hexside (Koenig: tracked units, rivers)
                        add = None
                        break
                    if replace:
                        replaced = c if replaced is None else min(replaced, c)
                    else:
                        add += c
            if add is not None:
                out.append((j, (base if replaced is None else replaced) + add))
        edges.append(tuple(out))
    cache[("edges", rules.system, cls)] = (edges, entry)
    return edges, entry


class Positions(NamedTuple):
    """Per-side masks over places (one byte per place, 1 = yes), derived from a state and
    cached on it. (A named tuple: one is made for nearly every state of a replay.)"""

    occupied: dict[str, bytes]  # places holding units of the side
    count: dict[str, bytearray]  # stacking count of the side per place (never changed)
    zoc: dict[str, bytes]  # places in the ZOC of the side's units
    zoc_armour: dict[str, bytes]  # same, ZOC of its armoured/mechanised units only
    near: dict[str, bytes]  # places adjacent to any unit of the side (HQs too)
    interdicted: bytes


_SIDE_CACHE_SIZE = 64  # per scenario: a turn of hovering (an entry: 15 KiB on the campaign)


def positions(state: GameState) -> Positions:
    got = state._cache.get("positions")
    if got is not None:
        return got
    sc = state.scenario
    rules = load_move_rules(sc.system.id)
    occupied, count, zoc, zoc_armour, near = {}, {}, {}, {}, {}
    for s in sc.system.sides:
        occupied[s], count[s], zoc[s], zoc_armour[s], near[s] = _side_masks(state, s, rules)
    got = Positions(occupied, count, zoc, zoc_armour, near, _interdicted(state, rules))
    state._cache["positions"] = got
    return got


def _interdicted(state: GameState, rules: MoveRules) -> bytes:
    """Interdicted places. The markers tuple is replaced only when a marker changes, so the
    mask of the last one asked is kept with the board (a state is made at every action)."""
    cache = board_cache(state.scenario.board)
    last = cache.get("interdicted")
    if last is not None and last[0] is state.markers and last[1] == rules.system:
        return last[2]
    inter = 0
    if rules.interdiction:
        for mk in state.markers:
            if mk.kind == rules.interdiction.marker:
                inter |= 1 << (8 * mk.place)
    got = inter.to_bytes(state.scenario.board.n, "little")
    cache["interdicted"] = (state.markers, rules.system, got)
    return got


def _side_masks(state: GameState, side: str, rules: MoveRules) -> tuple[bytes, bytearray, bytes, bytes, bytes]:
    """``(occupied, count, zoc, zoc_armour, near)`` of one side. Kept per scenario by where
    the side's units stand: while one side moves, the other side's masks are reused."""
    sc = state.scenario
    cache = sc.__dict__.setdefault("_positions_cache", {})
    got = cache.get(side)
    if got is None:
        got = cache[side] = _members(sc, side)
    members, of_members = got
    # Where the side's units stand, and their status (only those on the map count), read in C:
    # a new state asks this for every unit of the side.
    places, status = of_members(state.place), of_members(state.status)
    key = (side, places, status)
    got = cache.get(key)
    if got is not None:
        return got
    occ, cnt, zoc, zoca, near = _side_counts(sc, side, members, places, status, rules, cache)
    got = (bytes(occ.translate(_NONZERO)), cnt, bytes(zoc.translate(_NONZERO)),
           bytes(zoca.translate(_NONZERO)), bytes(near.translate(_NONZERO)))
    if len(cache) > _SIDE_CACHE_SIZE:
        for k in [k for k in cache if isinstance(k, tuple)]:
            del cache[k]
    cache[key] = got
    return got


def _members(sc, side: str) -> tuple[tuple[int, ...], Callable[[list], tuple]]:
    """The side's units (scenario indices) and a function reading their items of a per-unit list."""
    members = tuple(k for k, u in enumerate(sc.units) if u.side == side)
    if len(members) > 1:
        return members, itemgetter(*members)
    return members, lambda values: tuple(values[k] for k in members)


_NONZERO = bytes(1) + bytes([1]) * 255  # translate table: a count to a 0/1 mask byte


def _side_counts(sc, side: str, members: tuple[int, ...], places: tuple[int, ...], status: tuple[str, ...],
                 rules: MoveRules, cache: dict) -> list[bytearray]:
    """Per place, how many of the side's units stand there, count for stacking there, exert a
    ZOC on it, an armoured ZOC, stand next to it (one byte each). Worked out from the side's
    last counts when few of its units have moved since: a game moves one unit at a time, and
    on a big map the whole count is the costly part of a new state's masks."""
    last = cache.get(("counts", side))
    if last is not None:
        (before, was), old = last
        n = range(len(members))
        moved = set(compress(n, map(ne, before, places))).union(compress(n, map(ne, was, status)))
        if len(moved) <= 4:
            counts = [bytearray(c) for c in old]
            try:
                for i in moved:
                    _count(counts, sc, rules, members[i], before[i] if was[i] == ON_MAP else -1, -1)
                    _count(counts, sc, rules, members[i], places[i] if status[i] == ON_MAP else -1, 1)
            except ValueError:  # a count past 255 (a crowded hex): count afresh
                pass
            else:
                cache[("counts", side)] = ((places, status), counts)
                return counts
    on_map = [p if st == ON_MAP else -1 for p, st in zip(places, status, strict=True)]
    counts = [bytearray(sc.board.n) for _ in range(5)]
    try:
        for k, p in zip(members, on_map, strict=True):
            _count(counts, sc, rules, k, p, 1)
    except ValueError:  # more units than a byte counts: as full as 255, and no base for changes
        counts = [bytearray(sc.board.n) for _ in range(5)]
        for k, p in zip(members, on_map, strict=True):
            _count(counts, sc, rules, k, p, 0)
        return counts
    cache[("counts", side)] = ((places, status), counts)
    return counts


def _count(counts: list[bytearray], sc, rules: MoveRules, k: int, p: int, d: int) -> None:
    """Add unit ``k`` standing at ``p`` to the counts (``d`` = 1), take it away (-1), or
    (0) mark its places at least once, saturating at 255."""
    if p < 0:
        return
    occ, cnt, zoc, zoca, near = counts
    t = sc.units[k].type
    armour = rules.armoured_zoc.stopped_by if rules.armoured_zoc else ()
    if t in rules.no_zoc_types:
        rows: tuple[bytearray, ...] = (near,)
    else:
        rows = (near, zoc, zoca) if t in armour else (near, zoc)
    if d:
        occ[p] += d
        if t not in rules.stack_exempt:
            cnt[p] += d
        for j in sc.board.adj[p]:
            for m in rows:
                m[j] += d
        return
    occ[p] = min(occ[p] + 1, 255)
    if t not in rules.stack_exempt:
        cnt[p] = min(cnt[p] + 1, 255)
    for j in sc.board.adj[p]:
        for m in rows:
            m[j] = min(m[j] + 1, 255)


def enemy_of(state: GameState, side: str) -> str:
    return next(s for s in state.scenario.system.sides if s != side)


def zoc_map(state: GameState, side: str) -> bytes:
    """1 for every place in the zone of control of ``side``'s units (for the overlay)."""
    return positions(state).zoc[side]


RIVER_KEY = "river_interdictions"  # scratch: [[label, label], ...] interdicted river hexsides


def river_edges(board: Board, rules: MoveRules, cls: int, sides, extra: int):
    """A copy of a class's edge table (only the touched places' rows rebuilt) where crossing
    each interdicted hexside costs ``extra`` ticks more (STD-AIR-RIV). The last few are kept
    with the board: the hexsides change a few times a turn, moves come by the dozen."""
    memo = board_cache(board).setdefault("river_edges", {})
    key = (rules.system, cls, tuple(map(tuple, sides)), extra)
    got = memo.get(key)
    if got is not None:
        return got
    if len(memo) > 16:
        memo.clear()
    memo[key] = edges = list(edge_table(board, rules, cls)[0])
    index_of = board.index_of
    for a_lab, b_lab in sides:
        a, b = index_of[a_lab], index_of[b_lab]
        for x, y in ((a, b), (b, a)):
            edges[x] = tuple((j, c + extra if j == y else c) for j, c in edges[x])
    return edges



def interdicted_edges(board: Board, edges: list, inter: bytes, enter: int, leave: int) -> list:
    """A copy of an edge table where entering an interdicted place costs ``enter`` ticks
    more (PKD-INT-04) and leaving one ``leave`` more (PKD-INT-05), so a search over it has no
    test of its own for interdiction. Only the rows of the marked places and their
    neighbours are rebuilt; the last few are kept with the board (markers change a few times
    a turn)."""
    memo = board_cache(board).setdefault("interdicted_edges", {})
    key = (id(edges), inter, enter, leave)
    got = memo.get(key)
    if got is not None and got[0] is edges:
        return got[1]
    if len(memo) > 16:
        memo.clear()
    out = list(edges)
    marked = [i for i, m in enumerate(inter) if m]
    for i in {*marked, *(j for m in marked for j in board.adj[m])}:
        out[i] = tuple((j, c + (leave if inter[i] else 0) + (enter if inter[j] else 0)) for j, c in edges[i])
    memo[key] = (edges, out)
    return out


def least_steps(board: Board, edges: list) -> list[int]:
    """Per place, the cost of its cheapest step in ``edges`` (INF where there is none): the
    search does not go on from a place this would take past the allowance. Kept with the
    board for the last few tables (a class's own, and the river and interdiction copies)."""
    memo = board_cache(board).setdefault("least_steps", {})
    got = memo.get(id(edges))
    if got is not None and got[0] is edges:
        return got[1]
    if len(memo) > 32:
        memo.clear()
    least = [min([c for _j, c in row], default=INF) for row in edges]
    memo[id(edges)] = (edges, least)
    return least
