"""Legal moves: reachable places with cheapest cost and path, and why a move is refused.

What one unit's move obeys in one state (its edge table, the places it may not enter, those
that end its move, its allowance) is gathered once per state and unit (:func:`unit_rules`),
and both the search (engine/search.py) and the check of a given path read it, so they cannot
disagree. The masks themselves come from engine/positions.py.
"""

from __future__ import annotations

from functools import cache

from ddaydesk.engine.actions import IllegalAction
from ddaydesk.engine.positions import (
    RIVER_KEY,
    edge_table,
    enemy_of,
    interdicted_edges,
    least_steps,
    positions,
    river_edges,
)
from ddaydesk.engine.search import INF, MoveLimits, Reach, from_start, settle
from ddaydesk.engine.state import MOVED, ON_MAP, PENDING, GameState
from ddaydesk.engine.systems import rules_module
from ddaydesk.engine.tables import SCALE, load_move_rules

MODES = ("normal", "strategic", "surprise")


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



def unit_rules(state: GameState, k: int, mode: str) -> MoveLimits:
    """The rules of unit ``k``'s move in ``mode`` now, kept with the state (a state is never
    changed once made; a handler that changes the state it works on clears its cache)."""
    cache = state._cache.get("unit_rules")
    if cache is None:
        cache = state._cache["unit_rules"] = {}
    got = cache.get((k, mode))
    if got is None:
        got = cache[(k, mode)] = _make_rules(state, k, mode)
    return got


def _make_rules(state: GameState, k: int, mode: str) -> MoveLimits:
    sc = state.scenario
    rules = load_move_rules(sc.system.id)
    u = sc.units[k]
    cls = rules.class_of_type[u.type]
    edges, entry = edge_table(sc.board, rules, cls)
    it = rules.interdiction
    if it and it.river and state.scratch.get(RIVER_KEY):
        edges = river_edges(sc.board, rules, cls, state.scratch[RIVER_KEY], it.river)
    pos = positions(state)
    inter = pos.interdicted if 1 in pos.interdicted else None
    if inter is not None:  # PKD-INT-04/05: the costs go into the edges the search reads
        edges = interdicted_edges(sc.board, edges, inter, it.enter, it.exit)
    enemy = enemy_of(state, u.side)
    az = rules.armoured_zoc
    armour = bool(az and state.options.get(az.option) and u.type in az.types)
    blocked, stop = _side_rules(state, enemy, mode, armour, rules)
    for mask in rules_module(sc.system.id).move_masks:
        extra, zoc_stop = mask(state, k)
        if extra is not None:
            blocked = _union(state, blocked, extra)
        if zoc_stop is not None:
            stop = zoc_stop
    room = rules.stack_limit - (0 if u.type in rules.stack_exempt else 1)
    return MoveLimits(
        edges, least_steps(sc.board, edges), entry, blocked, stop, inter, it.enter if it else 0, rules.zoc_leave_cost, not rules.zoc_to_zoc,
        allowance(state, k, mode), state.place[k] if state.status[k] == ON_MAP else -1,
        _full(state, u.side, room),
    )


def _side_rules(state: GameState, enemy: str, mode: str, armour: bool, rules) -> tuple[bytes, bytes]:
    """``(blocked, stop)`` for the units facing ``enemy``: shared by all of them."""
    pos = positions(state)
    n = state.scenario.board.n
    blocked = pos.occupied[enemy]
    if not rules.zoc_stop:
        stop = bytes(n)
    elif armour:
        stop = pos.zoc_armour[enemy]  # D77-ZOC-01/02/03: only armoured ZOC stops armour
    else:
        stop = pos.zoc[enemy]  # D77-ZOC-05 and the standard stop on entering an enemy ZOC
    if mode == "strategic" and rules.strategic and not rules.strategic.may_move_next_to_enemy:
        # strategic movers keep away from enemy units: fold that into the blocked mask
        blocked = _union(state, blocked, pos.near[enemy])
    return blocked, stop


def _union(state: GameState, a: bytes, b: bytes) -> bytes:
    """The places of either 0/1 mask, made once per state for each pair."""
    memo = state._cache.setdefault("mask_unions", {})
    key = (a, b)
    got = memo.get(key)
    if got is None:
        n = len(a)
        got = memo[key] = (int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(n, "little")
    return got


@cache
def _above(room: int) -> bytes:
    """Translate table: a stacking count to 1 when it is more than ``room``, else 0."""
    return bytes(1 if v > room else 0 for v in range(256))


def _full(state: GameState, side: str, room: int) -> frozenset[int]:
    """Places holding more of ``side``'s stacking count than ``room`` (few: found in C)."""
    memo = state._cache.setdefault("full", {})
    got = memo.get((side, room))
    if got is None:
        counts = positions(state).count[side]
        marks = bytes(counts).translate(_above(room))
        out, i = [], marks.find(1)
        while i >= 0:
            out.append(i)
            i = marks.find(1, i + 1)
        got = memo[(side, room)] = frozenset(out)
    return got


def reach(state: GameState, k: int, mode: str = "normal", target: int = -1) -> Reach:
    """Every place unit ``k`` may reach from where it stands (or, pending, from its entry
    places) with the cheapest cost and path. Independent of phase and of whether the unit has
    moved; :func:`move_problem` adds those checks. With ``target`` the search stops once that
    place's cost is final (costs and path are the same as the full search gives) and ``dest``
    holds only ``target``, if it is a legal end."""
    ur = unit_rules(state, k, mode)
    mp, start = ur.mp, ur.start
    if start >= 0:
        dist, seeds = from_start(ur, target), None
    else:
        dist, seeds = {}, {}
        buckets: list[list[int]] = [[] for _ in range(mp + 1)]
        if state.status[k] == PENDING:
            for e in entry_places(state, k):
                c = _entry_cost(ur, e)
                if c is not None and c <= mp and c < dist.get(e, INF):
                    dist[e] = seeds[e] = c
                    buckets[c].append(e)
        settle(ur, dist, buckets, target)
    full = ur.full
    if target >= 0:
        dest = [target] if target in dist and target != start and target not in full else []
    else:
        dest = list(dist)
        if start >= 0:
            del dest[0]  # the start, reached first
        if full and not full.isdisjoint(dest):
            dest = [i for i in dest if i not in full]
    return Reach(k, mode, mp, start, dist, dest, ur, seeds)



def _entry_cost(ur: MoveLimits, e: int) -> int | None:
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
    ur = unit_rules(state, k, mode)
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
        c = ur.step(a, b)
        if c is None:
            return _step_problem(ur, board, mode, a, b), 0
        spent += c
    if spent > ur.mp:
        return f"the path costs {spent / SCALE:g} MP; the unit has {ur.mp / SCALE:g}", 0
    if path[-1] in ur.full:
        return f"{board.labels[path[-1]]} would exceed the stacking limit", 0
    return None, spent


def _step_problem(ur: MoveLimits, board, mode: str, a: int, b: int) -> str:
    """Why :meth:`MoveLimits.step` refuses the step from ``a`` to ``b``, in words."""
    if ur.stop[a] and a != ur.start:
        return f"the move must end at {board.labels[a]}: it is in an enemy zone of control"
    if all(j != b for j, _ in ur.edges[a]):
        return f"{board.labels[a]} to {board.labels[b]} is not a step this unit may take"
    if ur.blocked[b]:
        return f"{board.labels[b]} may not be entered (enemy units{' or next to them' if mode == 'strategic' else ''})"
    return f"{board.labels[a]} to {board.labels[b]} goes straight from one enemy zone of control into another"


def move_problem(state: GameState, k: int, mode: str, phase_units: str) -> str | None:
    """Why unit ``k`` may not move at all now (in the current movement phase), or None."""
    u = state.scenario.units[k]
    if state.status[k] not in (ON_MAP, PENDING):
        return f"{u.id} is {state.status[k].replace('_', ' ')} and cannot move"
    if state.status[k] == PENDING and (u.arrive_turn or 0) > state.turn:
        return f"{u.id} arrives on turn {u.arrive_turn}, not before"
    if state.flags[k] & MOVED:
        words = rules_module(state.scenario.system.id).moved_words
        return words(state, k) if words else f"{u.id} has already moved this phase"
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
    if to in r.dist:
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
