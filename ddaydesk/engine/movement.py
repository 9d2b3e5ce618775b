"""Legal moves: reachable places with cheapest cost and path, and the ZOC map of each side.

Dial's bucket queue over flat lists (../shared/research/perf.md §2, §8): costs are small
integers (ticks of 1/SCALE MP), so a list of buckets replaces a heap. Per movement class an
edge table ``edges[i] = ((j, ticks), ...)`` folds terrain entry costs and hexside costs
together; it depends only on the board and the class, so it is built once and cached (never
per hover). Positions (ZOC, enemy-occupied hexes, interdiction) are per state and cached on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter, ne
from typing import NamedTuple

from ddaydesk.board import Board
from ddaydesk.engine.actions import IllegalAction
from ddaydesk.engine.state import MOVED, ON_MAP, PENDING, GameState
from ddaydesk.engine.systems import rules_module
from ddaydesk.engine.tables import SCALE, MoveRules, load_move_rules
from ddaydesk.rules.systems import load_system

INF = 1 << 30
MODES = ("normal", "strategic", "surprise")

def _board_cache(board: Board) -> dict:
    """Movement data derived from a board, kept on the board itself so it lives and dies with
    it (like Board's own cached properties)."""
    return board.__dict__.setdefault("_movement_cache", {})


def edge_table(board: Board, rules: MoveRules, cls: int) -> tuple[list[tuple[tuple[int, int], ...]], list[int | None]]:
    """``(edges, entry)``: per place the ``(neighbour, ticks)`` it may step to, and the cost of
    entering each place from off the map (None: may not). Cached per board and class."""
    cache = _board_cache(board)
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


_SIDE_CACHE_SIZE = 256  # per scenario: enough for a turn of hovering, bounded in memory


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
    cache = _board_cache(state.scenario.board)
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


def is_mobile(state: GameState, k: int) -> bool:
    rules = load_move_rules(state.scenario.system.id)
    return rules.classes[rules.class_of_type[state.scenario.units[k].type]] == "mobile"


def allowance(state: GameState, k: int, mode: str = "normal") -> int:
    """Movement allowance in ticks: printed (or reduced) MF, weather, strategic multiplier."""
    u = state.scenario.units[k]
    rules = load_move_rules(state.scenario.system.id)
    mf = u.reduced[2] if state.steps_lost[k] and u.reduced else u.movement
    w = rules.weather.get(state.weather)
    if w is not None:
        mf += w.mf_change[rules.class_of_type[u.type]]  # D77-WX-14, D77-WX-19
        if w.mf_half_up:
            mf = (mf + 1) // 2  # FMU-WX-02
    mf = max(mf, 0)
    if mode != "normal" and rules.strategic:
        mf *= rules.strategic.multiplier
    ticks = mf * SCALE
    for f in rules_module(state.scenario.system.id).allowance_filters:
        ticks = f(state, k, ticks)
    return ticks


def entry_places(state: GameState, k: int) -> list[int]:
    """Where a pending reinforcement may come on: its region, else its side's entry or supply
    source regions, as the system's entry filters narrow or replace them
    (``RulesModule.add_move_limit(entry=)``: D-Day '77 Allied units at the supply sources)."""
    u = state.scenario.units[k]
    board = state.scenario.board
    places: list[int] = []
    if u.arrive_region:
        places = sorted(board.regions[u.arrive_region].places)
    else:
        for kind in ("entry", "supply_source"):
            regs = [r for r in board.regions.values() if r.kind == kind and r.side == u.side]
            if regs:
                places = sorted({p for r in regs for p in r.places})
                break
    for f in rules_module(state.scenario.system.id).entry_filters:
        places = f(state, k, places)
    return places


@dataclass
class Reach:
    """Result of a movement search: ``dist[i]`` in ticks (INF: unreachable), ``prev[i]`` the
    place before ``i`` on the cheapest path (-1 at a start), ``dest`` the places the unit may
    end its move in (sorted; the start is not one)."""

    unit: int
    mode: str
    mp: int
    start: int  # -1 when entering from off the map
    dist: list[int]
    prev: list[int]
    dest: list[int]
    zoc_stops: list[int]  # reachable places where enemy ZOC ends the move

    def cost(self, i: int) -> float:
        return self.dist[i] / SCALE

    def path(self, i: int) -> tuple[int, ...]:
        if self.dist[i] >= INF:
            return ()
        out = [i]
        while self.prev[out[-1]] >= 0:
            out.append(self.prev[out[-1]])
        return tuple(reversed(out))


def mode_problem(state: GameState, k: int, mode: str) -> str | None:
    """Why unit ``k`` may not move in ``mode`` now, or None."""
    if mode not in MODES:
        return f"unknown movement mode {mode!r} (expected one of: {', '.join(MODES)})"
    if mode == "normal":
        return None
    rules = load_move_rules(state.scenario.system.id)
    u = state.scenario.units[k]
    if rules.strategic is None:
        return f"{state.scenario.system.id} has no strategic movement"
    if state.status[k] != ON_MAP:
        return f"{u.id} is not on the map and cannot use strategic movement"
    pos = positions(state)
    if pos.interdicted[state.place[k]]:
        return f"{u.id} is interdicted and may not use strategic movement (D77-SURP-05)"
    if mode == "surprise":
        s = rules.surprise
        if s is None or not state.options.get(s.option):
            return "the surprise attack rule is not in use"
        if state.scratch.get("surprise") != u.side:
            return f"{u.side} has not declared a surprise attack this turn (D77-SURP-01)"
        used = state.scratch.get("surprise_units", [])
        if len(used) >= s.max_units:
            return f"{s.max_units} units have already moved for the surprise attack (D77-SURP-02)"
        return None
    if not rules.strategic.may_start_adjacent_enemy and pos.near[enemy_of(state, u.side)][state.place[k]]:
        return f"{u.id} starts next to an enemy unit and may not use strategic movement"
    return None


@dataclass
class _Rules:
    """What one unit's move obeys in one state: the masks and costs both the search and the
    path check read, built in one place so they cannot disagree."""

    edges: list[tuple[tuple[int, int], ...]]
    entry: list[int | None]
    blocked: bytes  # enemy-occupied (and, strategic, next to an enemy)
    stop: bytes  # entering ends the move (enemy ZOC that applies to this unit)
    inter: bytes | None  # interdicted places, None when there are none
    ienter: int
    iexit: int
    leave: int
    no_zoc_to_zoc: bool
    mp: int
    start: int
    counts: list[int]
    room: int  # friendly stacking count a place may already hold for this unit to end there


def _unit_rules(state: GameState, k: int, mode: str) -> _Rules:
    sc = state.scenario
    rules = load_move_rules(sc.system.id)
    u = sc.units[k]
    cls = rules.class_of_type[u.type]
    edges, entry = edge_table(sc.board, rules, cls)
    it = rules.interdiction
    if it and it.river and state.scratch.get(RIVER_KEY):
        edges = _with_river_interdiction(sc.board, rules, cls, state.scratch[RIVER_KEY], it.river)
    pos = positions(state)
    enemy = enemy_of(state, u.side)
    n = sc.board.n
    blocked = pos.occupied[enemy]
    az = rules.armoured_zoc
    if not rules.zoc_stop:
        stop = bytes(n)
    elif az and state.options.get(az.option) and u.type in az.types:
        stop = pos.zoc_armour[enemy]  # D77-ZOC-01/02/03: only armoured ZOC stops armour
    else:
        stop = pos.zoc[enemy]  # D77-ZOC-05 and the standard stop on entering an enemy ZOC
    if mode == "strategic" and rules.strategic and not rules.strategic.may_move_next_to_enemy:
        # strategic movers keep away from enemy units: fold that into the blocked mask
        both = int.from_bytes(blocked, "little") | int.from_bytes(pos.near[enemy], "little")
        blocked = both.to_bytes(n, "little")
    for mask in rules_module(sc.system.id).move_masks:
        extra, zoc_stop = mask(state, k)
        if extra is not None:
            blocked = (int.from_bytes(blocked, "little") | int.from_bytes(extra, "little")).to_bytes(n, "little")
        if zoc_stop is not None:
            stop = zoc_stop
    return _Rules(
        edges, entry, blocked, stop, pos.interdicted if 1 in pos.interdicted else None,
        it.enter if it else 0, it.exit if it else 0, rules.zoc_leave_cost, not rules.zoc_to_zoc,
        allowance(state, k, mode), state.place[k] if state.status[k] == ON_MAP else -1,
        pos.count[u.side], rules.stack_limit - (0 if u.type in rules.stack_exempt else 1),
    )


RIVER_KEY = "river_interdictions"  # scratch: [[label, label], ...] interdicted river hexsides


def _with_river_interdiction(board: Board, rules: MoveRules, cls: int, sides, extra: int):
    """A copy of a class's edge table (only the touched places' rows rebuilt) where crossing
    each interdicted hexside costs ``extra`` ticks more (STD-AIR-RIV). The last few are kept
    with the board: the hexsides change a few times a turn, moves come by the dozen."""
    memo = _board_cache(board).setdefault("river_edges", {})
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


def reach(state: GameState, k: int, mode: str = "normal", target: int = -1) -> Reach:
    """Every place unit ``k`` may reach from where it stands (or, pending, from its entry
    places) with the cheapest cost and path. Independent of phase and of whether the unit has
    moved; :func:`move_problem` adds those checks. With ``target`` the search stops once that
    place's cost is final (costs and path are the same as the full search gives) and ``dest``
    holds only ``target``, if it is a legal end."""
    ur = _unit_rules(state, k, mode)
    n = state.scenario.board.n
    mp, start = ur.mp, ur.start
    dist = [INF] * n
    prev = [-1] * n
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    seen: list[int] = []  # places reached, so the result never scans the whole map
    if start >= 0:
        dist[start] = 0
        buckets[0].append(start)
        seen.append(start)
    elif state.status[k] == PENDING:
        for e in entry_places(state, k):
            c = _entry_cost(ur, e)
            if c is not None and c <= mp and c < dist[e]:
                if dist[e] == INF:
                    seen.append(e)
                dist[e] = c
                buckets[c].append(e)
    _dial(ur.edges, dist, prev, buckets, seen, start, mp, ur.blocked, ur.stop, ur.inter, ur.ienter,
          ur.iexit, ur.leave, ur.no_zoc_to_zoc, target)
    counts, room = ur.counts, ur.room
    if target >= 0:
        ok = dist[target] < INF and target != start and counts[target] <= room
        dest = [target] if ok else []
    else:
        dest = sorted(i for i in seen if i != start and counts[i] <= room)
    stops = [i for i in dest if ur.stop[i]]
    return Reach(k, mode, mp, start, dist, prev, dest, stops)


def _entry_cost(ur: _Rules, e: int) -> int | None:
    """Cost of coming onto the map at ``e`` (reinforcements), None if it may not."""
    c = ur.entry[e]
    if c is None or ur.blocked[e]:
        return None
    return c + ur.ienter if ur.inter is not None and ur.inter[e] else c


def path_problem(state: GameState, k: int, mode: str, path: tuple[int, ...]) -> str | None:
    """Why unit ``k`` may not move along ``path`` (its places, start first), or None. The same
    rules as the search, step by step: a given path is a certificate that its end is reachable,
    so replaying a saved move costs its length, not a search."""
    return _walk(state, k, mode, path)[0]


def path_cost(state: GameState, k: int, mode: str, path: tuple[int, ...]) -> int:
    """Ticks unit ``k`` pays to move along a lawful ``path`` (start first) from where it
    stands now; ValueError if the path is not lawful."""
    problem, spent = _walk(state, k, mode, path)
    if problem:
        raise ValueError(problem)
    return spent


def _walk(state: GameState, k: int, mode: str, path: tuple[int, ...]) -> tuple[str | None, int]:
    """``(problem, ticks spent)`` along ``path``; the problem is None when it is lawful."""
    ur = _unit_rules(state, k, mode)
    board = state.scenario.board
    if len(path) < 1 + (ur.start >= 0) or len(set(path)) != len(path):
        return "the path must list distinct places from the start to the destination", 0
    n = board.n
    if not all(isinstance(p, int) and 0 <= p < n for p in path):
        return "the path names a place that is not on the map", 0
    if ur.start >= 0:
        if path[0] != ur.start:
            return f"the path must start where the unit is ({board.labels[ur.start]})", 0
        spent = 0
    else:
        if path[0] not in entry_places(state, k):
            return f"{board.labels[path[0]]} is not an entry place for this unit", 0
        spent = _entry_cost(ur, path[0])
        if spent is None:
            return f"the unit may not enter the map at {board.labels[path[0]]}", 0
    for a, b in zip(path, path[1:], strict=False):
        if ur.stop[a] and a != ur.start:
            return f"the move must end at {board.labels[a]}: it is in an enemy zone of control", 0
        c = dict(ur.edges[a]).get(b)
        if c is None:
            return f"{board.labels[a]} to {board.labels[b]} is not a step this unit may take", 0
        if ur.blocked[b]:
            return f"{board.labels[b]} may not be entered (enemy units{' or next to them' if mode == 'strategic' else ''})", 0
        if a == ur.start and ur.stop[a]:
            if ur.no_zoc_to_zoc and ur.stop[b]:
                return f"{board.labels[a]} to {board.labels[b]} goes straight from one enemy zone of control into another", 0
            c += ur.leave
        if ur.inter is not None:
            c += (ur.iexit if ur.inter[a] else 0) + (ur.ienter if ur.inter[b] else 0)
        spent += c
    if spent > ur.mp:
        return f"the path costs {spent / SCALE:g} MP; the unit has {ur.mp / SCALE:g}", 0
    if ur.counts[path[-1]] > ur.room:
        return f"{board.labels[path[-1]]} would exceed the stacking limit", 0
    return None, spent


def _dial(edges, dist, prev, buckets, seen, start, mp, blocked, stop, inter, ienter, iexit, leave,
          no_zoc_to_zoc, target):
    """Dial's bucket queue: ``buckets[d]`` holds places first reached at cost ``d``; stale
    entries are skipped. The cheap tests come first in the inner loop (most neighbours are
    already settled). ``inter`` is None when no hex is interdicted."""
    for d in range(mp + 1):
        if target >= 0 and d > dist[target]:
            return
        for i in buckets[d]:
            if dist[i] != d:
                continue
            base = d
            zoc_start = False
            if stop[i]:
                if i != start:
                    continue  # entering an enemy ZOC ended the move
                base += leave
                zoc_start = no_zoc_to_zoc
            if inter is not None and inter[i]:
                base += iexit  # PKD-INT-05
            for j, c in edges[i]:
                nd = base + c
                if nd >= dist[j] or nd > mp or blocked[j]:
                    continue
                if inter is not None and inter[j]:
                    nd += ienter  # PKD-INT-04
                    if nd >= dist[j] or nd > mp:
                        continue
                if zoc_start and stop[j]:
                    continue  # no stepping from one enemy ZOC straight into another
                if dist[j] == INF:
                    seen.append(j)
                dist[j] = nd
                prev[j] = i
                buckets[nd].append(j)


def move_problem(state: GameState, k: int, mode: str, phase_units: str) -> str | None:
    """Why unit ``k`` may not move at all now (in the current movement phase), or None."""
    u = state.scenario.units[k]
    if state.status[k] not in (ON_MAP, PENDING):
        return f"{u.id} is {state.status[k].replace('_', ' ')} and cannot move"
    if state.status[k] == PENDING and (u.arrive_turn or 0) > state.turn:
        return f"{u.id} arrives on turn {u.arrive_turn}, not before"
    if state.flags[k] & MOVED:
        return f"{u.id} has already moved this phase"
    if phase_units == "mobile" and not is_mobile(state, k):
        return f"{u.id} is not a mobile unit: only mobile units move in this phase"
    if u.movement == 0:
        return f"{u.id} has no movement factor"
    for check in rules_module(state.scenario.system.id).move_checks:
        problem = check(state, k)
        if problem:
            return problem
    return mode_problem(state, k, mode)


def why_not(state: GameState, r: Reach, to: int) -> str:
    """A player-facing reason why ``to`` is not a legal end of this move."""
    sc = state.scenario
    board = sc.board
    u = sc.units[r.unit]
    label = board.labels[to]
    rules = load_move_rules(sc.system.id)
    pos = positions(state)
    enemy = enemy_of(state, u.side)
    t = board.terrain_of(to)
    if to == r.start:
        return f"{u.id} is already in {label}"
    if not sc.system.terrain[t].passable:
        return f"{label} is {t}: no unit may enter it"
    if rules.entry_cost.get(t, (None,))[rules.class_of_type[u.type]] is None:
        return f"{label} is {t}: {u.type} units may not enter it"
    if pos.occupied[enemy][to]:
        return f"{label} holds enemy units"
    if r.dist[to] < INF:
        return f"{label} would exceed the stacking limit of {rules.stack_limit}"
    if r.mode == "strategic" and pos.near[enemy][to]:
        return f"{label} is next to an enemy unit: strategic movement may not go there"
    return (f"{label} is out of reach: {u.id} has {r.mp / SCALE:g} MP this move and enemy zones of "
            "control, terrain and rivers leave no cheaper path")


def check_move(state: GameState, k: int, to: int, mode: str, phase_units: str,
               via: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The path of a legal move of unit ``k`` to ``to`` (``via`` if given and lawful, else the
    cheapest); IllegalAction with the reason."""
    problem = move_problem(state, k, mode, phase_units)
    if problem:
        raise IllegalAction(problem)
    if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < state.scenario.board.n:
        raise IllegalAction(f"{to!r} is not a place on the map")
    if via:
        if via[-1] != to:
            raise IllegalAction("the path must end at the destination")
        problem = path_problem(state, k, mode, via)
        if problem:
            raise IllegalAction(problem)
        return via
    r = reach(state, k, mode, target=to)
    if not r.dest:
        raise IllegalAction(why_not(state, r, to))
    return r.path(to)
