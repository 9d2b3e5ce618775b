"""Random legal D-Day2 games through the engine's Game (hypothesis): invariants hold at every
step, nothing outside legal_actions is accepted, replay is deterministic, save -> load gives
the same hash, and undo goes back exactly to the last die roll."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import (
    OVER,
    EndPhase,
    Game,
    IllegalAction,
    Move,
    apply,
    legal_actions,
    load_game,
    save_game,
)
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import (
    BlockhouseFire,
    Bomb,
    Bombard,
    Casualties,
    DD2State,
    Fight,
    GoAshore,
    ParaDrop,
    Patrol,
    Reinforce,
    RollReinforcements,
)
from ddaydesk.rules.dd2.moves import stack
from tests.rules.dd2.conftest import DD2

SC = load_scenario(DD2)
SETTINGS = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(gs):
    s = DD2State(gs)
    board = s.board
    for z in range(board.n):
        for side in ("allied", "german"):
            assert stack(s, z, side) <= 8  # DD2-TERR-04, at any time
        assert len(s.in_zone(z, "allied", ("fighter",))) <= 3  # DD2-AIR-05
    for z, beach in s.info.beaches.items():
        assert len(s.on_beach(z)) <= max(beach.capacity, 8)  # DD2-REIN-02 (the start fills Omaha to 8)
    assert sum(1 for k in range(len(s.zone)) if s.type(k) == "fighter" and s.alive(k)) <= 8
    for k in range(len(s.zone)):
        if s.part[k] in ("A", "G", "P", "beach", "drop"):
            assert s.zone[k] >= 0
        if s.type(k) == "para_surprise" and s.turn > 1:
            assert not s.alive(k)  # DD2-PARA-01: turn 1 only
    if s.pending:
        assert gs.active == s.pending[0]["chooser"]  # the chooser has the hot seat


def random_action(data, gs):
    """Any D-Day2 action at all, legal or not."""
    sc = gs.scenario
    side = data.draw(st.sampled_from(sc.system.sides))
    unit = data.draw(st.sampled_from([u.id for u in sc.units]))
    z = data.draw(st.integers(0, sc.board.n - 1))
    kind = data.draw(st.sampled_from(["end", "para", "bombard", "bomb", "patrol", "fire", "move", "land",
                                      "fight", "roll", "reinforce", "casualties"]))
    if kind == "casualties":
        units = data.draw(st.lists(st.sampled_from([u.id for u in sc.units]), min_size=1, max_size=3))
        return Casualties(side, tuple(units))
    return {"end": lambda: EndPhase(side), "para": lambda: ParaDrop(side), "bombard": lambda: Bombard(side, unit),
            "bomb": lambda: Bomb(side, unit, z), "patrol": lambda: Patrol(side, z, data.draw(st.integers(0, 4))),
            "fire": lambda: BlockhouseFire(side), "move": lambda: Move(side, unit, z), "land": lambda: GoAshore(side, unit),
            "fight": lambda: Fight(side), "roll": lambda: RollReinforcements(side),
            "reinforce": lambda: Reinforce(side, unit, z)}[kind]()


def near_legal(data, gs, legal):
    """A legal action with its unit or zone changed, so probes land on both sides of the line."""
    a = data.draw(st.sampled_from(legal))
    sc = gs.scenario
    if isinstance(a, Move):
        return Move(a.side, a.unit, data.draw(st.sampled_from(sc.board.adj[a.to])))
    if isinstance(a, Reinforce | Bomb):
        return random_action(data, gs)
    if isinstance(a, Casualties):
        pend = gs.extra["dd2"]["pending"][0]
        return Casualties(a.side, tuple(data.draw(st.permutations(pend["candidates"]))[:len(a.units)]))
    return a


def same_pick(gs, a, legal) -> bool:
    """Casualties are equivalent when they take the same mix of unit types from the units the
    pending hit may take (a unit of the same type elsewhere, or the enemy's, is no pick)."""
    s = DD2State(gs)
    pending = gs.extra.get("dd2", {}).get("pending") or [{}]
    if not set(a.units) <= set(pending[0].get("candidates", ())):
        return False

    def mix(c):
        return Counter(s.type(s.k(u)) for u in c.units if u in gs.scenario.unit_index)
    return any(isinstance(b, Casualties) and b.side == a.side and mix(b) == mix(a) and len(set(a.units)) ==
               len(a.units) == len(b.units) for b in legal)


def play(data, max_actions):
    g = Game(SC, data.draw(st.integers(0, 2**32)))
    n = data.draw(st.integers(100, max_actions))
    while len(g.log) < n and g.state.phase != OVER:
        gs = g.state
        before = gs.state_hash()
        if data.draw(st.integers(0, 4)) == 0:  # probe: an arbitrary action is accepted iff legal
            cand = near_legal(data, gs, legal_actions(gs, gs.active)) if data.draw(st.booleans()) \
                else random_action(data, gs)
            legal = legal_actions(gs, cand.side)
            try:
                apply(gs, cand)
                accepted = True
            except IllegalAction as exc:
                assert exc.reason
                accepted = False
            expected = cand in legal or (isinstance(cand, Casualties) and same_pick(gs, cand, legal))
            assert accepted == expected, cand
            assert gs.state_hash() == before  # a refused (or probed) action changed nothing
        legal = legal_actions(gs, gs.active)
        assert legal, f"no legal action in {gs.phase}"
        ends = [a for a in legal if a.kind not in ("move", "patrol", "bomb", "bombard")]
        pick_end = ends and data.draw(st.integers(0, 99)) >= 90
        g.do(data.draw(st.sampled_from(ends if pick_end else legal)))
        assert gs.state_hash() == before  # the old state is untouched (undo keeps it)
        check_invariants(g.state)
    return g


@SETTINGS
@given(st.data())
def test_random_games_keep_every_property(data):  # DD2-ORDER-01, DD2-TERR-04, DD2-AIR-05, DD2-PARA-01
    g = play(data, 300)
    hashes = [s.state_hash() for s in g.states]
    again = Game(g.scenario, g.seed)  # replay is deterministic
    for k, a in enumerate(g.log):
        ch = again.do(a)
        assert again.state.state_hash() == hashes[k + 1] and ch.dice == g.changes[k].dice
    with tempfile.TemporaryDirectory() as tmp:  # save -> load (verified) gives the same hash
        path = Path(tmp) / "g.json"
        save_game(g, path)
        assert load_game(path, g.scenario).state.state_hash() == hashes[-1]
    # undo goes back to the last die roll (or the start when there was none), no further
    barrier = max((k + 1 for k, ch in enumerate(g.changes) if ch.barrier), default=0)
    while g.undo_problem() is None:
        g.undo()
    assert g.pos == barrier and g.state.state_hash() == hashes[barrier]
    assert barrier == 0 or "rolled dice" in g.undo_problem()
