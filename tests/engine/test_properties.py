"""Properties over random legal games on the shipped tutorial scenario (hypothesis).

Each example plays up to a few hundred actions drawn from ``legal_actions``, then checks:
undo returns the start hash (or the hash right after the last die roll), save -> load gives
the same hash, replaying the log is deterministic, no action outside ``legal_actions`` is
accepted, and no unit ever ends a move where the rules forbid (checked independently of the
search, from the tables).
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import (
    ON_MAP,
    OVER,
    DeclareSurprise,
    EndPhase,
    Game,
    IllegalAction,
    Interdict,
    Move,
    RollWeather,
    apply,
    legal_actions,
    load_game,
    save_game,
)
from ddaydesk.engine.hidden_setup import ChooseArea, PlaceWithheld, Withhold
from ddaydesk.engine.movement import allowance, entry_places, reach
from ddaydesk.engine.positions import RIVER_KEY, positions
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import ROOT
from tests.engine.conftest import TUTORIAL

# The tutorial runs 6 turns; stretched to 20 so games reach hundreds of actions and weather
# rolls (from turn 6) recur.
SC = dataclasses.replace(load_scenario(TUTORIAL), last_turn=20)
# The breakout (turns 8-12) on the real-geography map: 2,597 hexes, rivers, 81 units.
BREAKOUT = load_scenario(ROOT / "scenarios" / "dday77-breakout.yaml")
ALL_OPTIONS = {"weather": True, "surprise_attack": True, "tactical_air": True, "armoured_zoc": True,
               "withheld_setup": True, "automatic_victory": True, "armoured_advance": True,
               "naval_bombardment": True}
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step_cost(state, k, a, b):
    """Cost in ticks of one step a -> b for unit k, recomputed from the tables."""
    sc = state.scenario
    board = sc.board
    rules = load_move_rules(sc.system.id)
    cls = rules.class_of_type[sc.units[k].type]
    base = rules.entry_cost[board.terrain_of(b)][cls]
    side = board.side_between(a, b) if a >= 0 else -1
    mask = board.side_mask[side] if side >= 0 else 0
    repl = [h.cost[cls] for h in rules.hexsides if h.replace and mask & board.feature_bit(h.feature)]
    add = sum(h.cost[cls] for h in rules.hexsides if not h.replace and mask & board.feature_bit(h.feature))
    pos = positions(state)
    it = rules.interdiction
    extra = (it.enter if pos.interdicted[b] else 0) + (it.exit if a >= 0 and pos.interdicted[a] else 0)
    if it.river and a >= 0:  # an interdicted river hexside costs more to cross (our default)
        crossed = {board.labels[a], board.labels[b]}
        extra += it.river * any(set(x) == crossed for x in state.scratch.get(RIVER_KEY, ()))
    return (min(repl) if repl else base) + add + extra


def lawful(before, k, mode, path) -> bool:
    """May unit ``k`` end a move at ``path[-1]`` having taken ``path``? Rechecked here from the
    tables, independently of the engine's search and path check."""
    sc = before.scenario
    board = sc.board
    rules = load_move_rules(sc.system.id)
    u = sc.units[k]
    dest = path[-1]
    if not sc.system.terrain[board.terrain_of(dest)].passable or len(set(path)) != len(path):
        return False
    if rules.entry_cost[board.terrain_of(dest)][rules.class_of_type[u.type]] is None:
        return False
    enemy = next(s for s in sc.system.sides if s != u.side)
    occupants = [j for j, p in enumerate(before.place) if p == dest and before.status[j] == ON_MAP and j != k]
    if any(sc.units[j].side != u.side for j in occupants):
        return False  # into an enemy-held hex
    if sum(sc.units[j].type not in rules.stack_exempt for j in occupants) + (u.type not in rules.stack_exempt) \
            > rules.stack_limit:
        return False
    start = before.place[k] if before.status[k] == ON_MAP else -1
    if start >= 0 and (path[0] != start or len(path) < 2):
        return False
    if start < 0 and path[0] not in entry_places(before, k):
        return False
    steps = ([(-1, path[0])] if start < 0 else []) + list(zip(path, path[1:], strict=False))
    if not all(a < 0 or b in board.adj[a] for a, b in steps):
        return False
    if any(rules.entry_cost.get(board.terrain_of(b), (None, None))[rules.class_of_type[u.type]] is None
           or not sc.system.terrain[board.terrain_of(b)].passable for _, b in steps):
        return False
    cost = sum(step_cost(before, k, a, b) for a, b in steps)
    pos = positions(before)
    az = rules.armoured_zoc
    stop = pos.zoc_armour[enemy] if az and before.options.get(az.option) and u.type in az.types else pos.zoc[enemy]
    if start >= 0 and stop[start] and len(path) > 1:
        cost += rules.zoc_leave_cost
        if not rules.zoc_to_zoc and stop[path[1]]:
            return False  # straight from one enemy ZOC into another
    if cost > allowance(before, k, mode):
        return False
    if any(p != start and stop[p] for p in path[:-1]):
        return False  # moved on after entering an enemy ZOC
    if any(pos.occupied[enemy][p] for p in path):
        return False
    return not (mode == "strategic" and any(pos.near[enemy][p] for p in path if p != start))


def random_walk(data, state, k):
    board = state.scenario.board
    p = state.place[k]
    if p < 0:
        p = data.draw(st.integers(0, board.n - 1))
    walk = [p]
    for _ in range(data.draw(st.integers(1, 6))):
        walk.append(data.draw(st.sampled_from(board.adj[walk[-1]])))
    return tuple(walk)


def random_action(data, state):
    """Any action at all, legal or not."""
    board = state.scenario.board
    side = data.draw(st.sampled_from(state.scenario.system.sides))
    kind = data.draw(st.sampled_from(["move", "end_phase", "roll_weather", "declare_surprise", "interdict",
                                      "withhold", "choose_area", "place_withheld"]))
    if kind == "move":
        unit = data.draw(st.sampled_from([u.id for u in state.scenario.units]))
        mode = data.draw(st.sampled_from(["normal", "strategic", "surprise"]))
        if data.draw(st.booleans()):  # a player-drawn path
            via = random_walk(data, state, state.unit(unit))
            return Move(side, unit, via[-1], mode, via)
        return Move(side, unit, data.draw(st.integers(0, board.n - 1)), mode)
    if kind == "interdict":
        return Interdict(side, data.draw(st.integers(0, board.n - 1)))
    unit = data.draw(st.sampled_from([u.id for u in state.scenario.units]))
    if kind == "withhold":
        return Withhold(side, unit)
    if kind == "place_withheld":
        return PlaceWithheld(side, unit, data.draw(st.integers(0, board.n - 1)))
    if kind == "choose_area":
        return ChooseArea(side, data.draw(st.sampled_from(["normandy", "nowhere"])))
    return {"end_phase": EndPhase, "roll_weather": RollWeather, "declare_surprise": DeclareSurprise}[kind](side)


def near_legal_action(data, state, legal):
    """A legal move perturbed: its own cheapest path, a random walk of the same unit, a
    neighbouring destination or another mode, so probes land on both sides of the line."""
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return random_action(data, state)
    m = data.draw(st.sampled_from(moves))
    how = data.draw(st.sampled_from(["path", "walk", "neighbour", "mode"]))
    k = state.unit(m.unit)
    if how == "path":
        return Move(m.side, m.unit, m.to, m.mode, reach(state, k, m.mode).path(m.to))
    if how == "walk":
        via = random_walk(data, state, k)
        return Move(m.side, m.unit, via[-1], m.mode, via)
    if how == "neighbour":
        return Move(m.side, m.unit, data.draw(st.sampled_from(state.scenario.board.adj[m.to])), m.mode)
    return Move(m.side, m.unit, m.to, data.draw(st.sampled_from(["normal", "strategic", "surprise"])))


def play(data, options, max_actions, sc=SC, stop_at_barrier=False):
    """A random legal game; with ``stop_at_barrier`` it ends before the first action that
    would roll dice or reveal something (a combat's roll or the defender's answer)."""
    g = Game(sc, data.draw(st.integers(0, 2**32)), options)
    n = data.draw(st.integers(200, max_actions))
    while len(g.log) < n and g.state.phase != OVER:
        state = g.state
        if data.draw(st.integers(0, 9)) == 0:  # probe: an arbitrary action is accepted iff legal
            if data.draw(st.booleans()):
                cand = near_legal_action(data, state, legal_actions(state, state.active))
            else:
                cand = random_action(data, state)
            legal = set(legal_actions(state, cand.side))
            try:
                apply(state, cand)
                accepted = True
            except IllegalAction as exc:
                assert exc.reason
                accepted = False
            expected = cand in legal
            if isinstance(cand, Move) and cand.via:  # a given path must itself be lawful
                expected = expected and lawful(state, state.unit(cand.unit), cand.mode, cand.via)
            assert accepted == expected, cand
            if isinstance(cand, Move):
                event(f"probe: {'path ' if cand.via else ''}move {'accepted' if accepted else 'refused'}")
        legal = legal_actions(state, state.active)
        ends = [a for a in legal if a.kind != "move"]
        # asking for some kinds only (the UI's choices, without the costly moves) lists those
        assert legal_actions(state, state.active, {a.kind for a in ends}) == ends
        pick_end = ends and data.draw(st.integers(0, 99)) >= 95  # 0, the simplest draw, moves on
        action = data.draw(st.sampled_from(ends if pick_end else legal))
        if stop_at_barrier and apply(state, action)[1].barrier:
            break
        ch = g.do(action)
        if action.kind == "move":
            k = state.unit(action.unit)
            path = ch.moved[0][3]
            assert g.state.place[k] == path[-1] == action.to and g.state.status[k] == ON_MAP
            assert lawful(state, k, action.mode, path), action
    event(f"{len(g.log) // 100 * 100}+ actions, {len(g.dice_log())} rolls")
    combats = sum(a.kind == "resolve_combat" for a in g.log)
    event(f"{'no' if not combats else 'some'} combats resolved")
    return g


@SETTINGS
@given(st.data())
def test_random_games_keep_every_property(data):
    check_properties(play(data, ALL_OPTIONS, 400))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_games_on_the_real_map_keep_every_property(data):
    check_properties(play(data, ALL_OPTIONS, 250, BREAKOUT))


def check_properties(g):
    sc = g.scenario
    hashes = [s.state_hash() for s in g.states]
    # replay is deterministic: the same seed, options and log give the same states
    again = Game(sc, g.seed, g.options)
    for k, a in enumerate(g.log):
        ch = again.do(a)
        assert again.state.state_hash() == hashes[k + 1]
        assert ch.moved == g.changes[k].moved and ch.dice == g.changes[k].dice
    # save -> load gives the same hash
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        save_game(g, path)
        assert load_game(path, sc).state.state_hash() == hashes[-1]
    # undo goes back to the last die roll (or to the start when there was none)
    barrier = max((k + 1 for k, ch in enumerate(g.changes) if ch.barrier), default=0)
    while g.undo_problem() is None:
        g.undo()
    assert g.pos == barrier and g.state.state_hash() == hashes[barrier]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_without_dice_undo_of_everything_returns_the_start(data):
    # combat declarations (before their roll) are in the mix; the game stops at the first roll
    g = play(data, {"armoured_zoc": True, "tactical_air": True, "surprise_attack": True}, 250,
             stop_at_barrier=True)
    start = g.states[0].state_hash()
    assert not g.dice_log()
    while g.pos:
        g.undo()
    assert g.state.state_hash() == start
