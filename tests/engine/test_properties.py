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
from ddaydesk.engine.movement import allowance, positions
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import TUTORIAL

# The tutorial runs 6 turns; stretched to 20 so games reach hundreds of actions and weather
# rolls (from turn 6) recur.
SC = dataclasses.replace(load_scenario(TUTORIAL), last_turn=20)
ALL_OPTIONS = {"weather": True, "surprise_attack": True, "tactical_air": True, "armoured_zoc": True}
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
    return (min(repl) if repl else base) + add + extra


def check_move_was_lawful(before, after, action, path):
    """No unit ends a move where the rules forbid; the path is a lawful one."""
    sc = before.scenario
    board = sc.board
    rules = load_move_rules(sc.system.id)
    k = before.unit(action.unit)
    u = sc.units[k]
    dest = path[-1]
    assert after.place[k] == dest == action.to and after.status[k] == ON_MAP
    assert sc.system.terrain[board.terrain_of(dest)].passable
    enemy = next(s for s in sc.system.sides if s != u.side)
    occupants = [j for j, p in enumerate(after.place) if p == dest and after.status[j] == ON_MAP]
    assert all(sc.units[j].side == u.side for j in occupants), "moved into an enemy-held hex"
    assert sum(sc.units[j].type not in rules.stack_exempt for j in occupants) <= rules.stack_limit
    start = before.place[k] if before.status[k] == ON_MAP else -1
    steps = list(zip([start, *path[:-1]], path, strict=True)) if start < 0 else list(zip(path, path[1:], strict=False))
    assert all(a < 0 or b in board.adj[a] for a, b in steps)
    assert sum(step_cost(before, k, a, b) for a, b in steps) <= allowance(before, k, action.mode)
    pos = positions(before)
    az = rules.armoured_zoc
    stop = pos.zoc_armour[enemy] if az and before.options.get(az.option) and u.type in az.types else pos.zoc[enemy]
    for p in path[:-1]:
        assert p == start or not stop[p], "moved on after entering an enemy ZOC"
        assert not pos.occupied[enemy][p]
    if action.mode == "strategic":
        assert not any(pos.near[enemy][p] for p in path if p != start)


def random_action(data, state):
    """Any action at all, legal or not."""
    board = state.scenario.board
    side = data.draw(st.sampled_from(state.scenario.system.sides))
    kind = data.draw(st.sampled_from(["move", "end_phase", "roll_weather", "declare_surprise", "interdict"]))
    if kind == "move":
        unit = data.draw(st.sampled_from([u.id for u in state.scenario.units]))
        return Move(side, unit, data.draw(st.integers(0, board.n - 1)),
                    data.draw(st.sampled_from(["normal", "strategic", "surprise"])))
    if kind == "interdict":
        return Interdict(side, data.draw(st.integers(0, board.n - 1)))
    return {"end_phase": EndPhase, "roll_weather": RollWeather, "declare_surprise": DeclareSurprise}[kind](side)


def play(data, options, max_actions):
    g = Game(SC, data.draw(st.integers(0, 2**32)), options)
    n = data.draw(st.integers(200, max_actions))
    while len(g.log) < n and g.state.phase != OVER:
        state = g.state
        if data.draw(st.integers(0, 9)) == 0:  # probe: an arbitrary action is accepted iff legal
            cand = random_action(data, state)
            legal = set(legal_actions(state, cand.side))
            try:
                apply(state, cand)
                accepted = True
            except IllegalAction as exc:
                assert exc.reason
                accepted = False
            assert accepted == (cand in legal), cand
        legal = legal_actions(state, state.active)
        ends = [a for a in legal if a.kind != "move"]
        pick_end = ends and data.draw(st.integers(0, 99)) >= 95  # 0, the simplest draw, moves on
        action = data.draw(st.sampled_from(ends if pick_end else legal))
        ch = g.do(action)
        if action.kind == "move":
            check_move_was_lawful(state, g.state, action, ch.moved[0][3])
    event(f"{len(g.log) // 100 * 100}+ actions, {len(g.dice_log())} rolls")
    return g


@SETTINGS
@given(st.data())
def test_random_games_keep_every_property(data):
    g = play(data, ALL_OPTIONS, 400)
    hashes = [s.state_hash() for s in g.states]
    # replay is deterministic: the same seed, options and log give the same states
    again = Game(SC, g.seed, g.options)
    for k, a in enumerate(g.log):
        again.do(a)
        assert again.state.state_hash() == hashes[k + 1]
    # save -> load gives the same hash
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        save_game(g, path)
        assert load_game(path, SC).state.state_hash() == hashes[-1]
    # undo goes back to the last die roll (or to the start when there was none)
    barrier = max((k + 1 for k, ch in enumerate(g.changes) if ch.barrier), default=0)
    while g.undo_problem() is None:
        g.undo()
    assert g.pos == barrier and g.state.state_hash() == hashes[barrier]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_without_dice_undo_of_everything_returns_the_start(data):
    g = play(data, {"armoured_zoc": True, "tactical_air": True, "surprise_attack": True}, 250)
    start = g.states[0].state_hash()
    assert not g.dice_log()
    while g.pos:
        g.undo()
    assert g.state.state_hash() == start
