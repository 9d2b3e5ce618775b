"""Random legal games of the Sword scenario through the engine's Game (hypothesis), as for
D-Day2 (tests/rules/dd2/test_dd2_properties.py): every listed action is accepted, an arbitrary
action is accepted only if it is listed (or, for a battle, a smaller group or less Support than
a listed one), replay is deterministic, save -> load gives the same hash, and undo goes back to
the last roll (a chit draw is one) and no further."""

from __future__ import annotations

import random

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
)
from ddaydesk.rules.pkd import (
    AnswerBattle,
    ChooseOperation,
    CloseCombat,
    FireAttack,
    Leadership,
    Occupy,
    Refit,
    TradeSupport,
    Withdraw,
)
from ddaydesk.rules.pkd.records import rec
from tests.engine.test_properties import check_properties
from tests.rules.pkd.conftest import SWORD, scenario
from tests.rules.pkd.play import choose

SC = scenario(SWORD)
ALL = {"leadership": True, "interdiction": True, "rest_refit": True, "indirect_fire": True, "overruns": True,
       "allied_preparation": True}
SETTINGS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(gs):
    r = rec(gs)
    for k in range(len(gs.scenario.units)):
        assert 0 <= gs.steps_lost[k] <= 2  # the third Hit eliminates
        assert (gs.place[k] >= 0) == (gs.status[k] == "on_map")
    for ks in gs.units_at().values():
        assert len(ks) <= 2 and len({gs.scenario.units[k].side for k in ks}) == 1  # stacking, no mixed hexes
    for pool in r["support"].values():
        assert all(0 <= v <= 3 for v in pool.values())
    if r["battle"] is None and r["act"]:
        assert gs.active == r["act"]["side"]
    assert len(set(r["drawn"])) == len(r["drawn"]) and not set(r["drawn"]) & set(r["cup"])


def random_action(data, gs):
    """Any Koenig action at all, legal or not."""
    sc = gs.scenario
    side = data.draw(st.sampled_from(sc.system.sides))
    uid = data.draw(st.sampled_from([u.id for u in sc.units]))
    p = data.draw(st.integers(-1, sc.board.n - 1))
    kind = data.draw(st.sampled_from(["end", "op", "move", "fire", "cc", "answer", "lead", "withdraw", "occupy",
                                      "refit", "trade"]))
    units = tuple(data.draw(st.lists(st.sampled_from([u.id for u in sc.units]), min_size=0, max_size=3)))
    return {"end": lambda: EndPhase(side),
            "op": lambda: ChooseOperation(side, data.draw(st.sampled_from(["move", "fire", "combined", "rest_refit",
                                                                            "pass"]))),
            "move": lambda: Move(side, uid, max(p, 0)),
            "fire": lambda: FireAttack(side, units, p, support=data.draw(st.integers(0, 3))),
            "cc": lambda: CloseCombat(side, units, p, support=data.draw(st.integers(0, 3))),
            "answer": lambda: AnswerBattle(side, data.draw(st.integers(0, 3)), data.draw(st.booleans())),
            "lead": lambda: Leadership(side, data.draw(st.sampled_from(["keep", "reroll", "stand", "x"]))),
            "withdraw": lambda: Withdraw(side, p), "occupy": lambda: Occupy(side, units),
            "refit": lambda: Refit(side, units),
            "trade": lambda: TradeSupport(side, data.draw(st.sampled_from(["artillery", "leadership", "gold"]))),
            }[kind]()


def near_legal(data, gs, legal):
    """A listed action altered a little, so probes land on both sides of the line."""
    a = data.draw(st.sampled_from(legal))
    board = gs.scenario.board
    if isinstance(a, Move):
        return Move(a.side, a.unit, data.draw(st.sampled_from(board.adj[a.to])))
    if isinstance(a, FireAttack | CloseCombat):
        keep = tuple(u for u in a.attackers if data.draw(st.booleans())) or a.attackers[:1]
        target = data.draw(st.sampled_from([a.target, *board.adj[a.target]]))
        extra = {"indirect": tuple(u for u in a.indirect if u in keep)} if isinstance(a, FireAttack) else {}
        return type(a)(a.side, keep, target, support=data.draw(st.integers(0, 3)), **extra)
    return random_action(data, gs)


def variant_of_listed(a, legal) -> bool:
    """A battle declaration the listing stands for: fewer attackers, less Support."""
    if not isinstance(a, FireAttack | CloseCombat):
        return False
    return any(type(b) is type(a) and b.side == a.side and b.target == a.target
               and set(a.attackers) <= set(b.attackers) and a.support <= max(
                   c.support for c in legal if type(c) is type(a) and c.target == a.target)
               and (not isinstance(a, FireAttack) or set(a.indirect) <= set(b.indirect)) for b in legal)


def play(data, max_actions):
    g = Game(SC, data.draw(st.integers(0, 2**32)), ALL)
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    n = data.draw(st.integers(60, max_actions))
    while len(g.log) < n and g.state.phase != OVER:
        gs = g.state
        before = gs.state_hash()
        legal = legal_actions(gs, gs.active)
        assert legal, f"no legal action in {gs.phase}"
        if data.draw(st.integers(0, 5)) == 0:  # probe: accepted iff listed (or a smaller battle)
            cand = near_legal(data, gs, legal) if data.draw(st.booleans()) else random_action(data, gs)
            listed = legal_actions(gs, cand.side)
            try:
                apply(gs, cand)
                accepted = True
            except IllegalAction as exc:
                assert exc.reason
                accepted = False
            if cand in listed:
                assert accepted, cand
            elif accepted:
                assert variant_of_listed(cand, listed), cand
            assert gs.state_hash() == before
        g.do(choose(gs, rng))
        assert gs.state_hash() == before  # the old state is untouched
        check_invariants(g.state)
    return g


@SETTINGS
@given(st.data())
def test_random_games_keep_every_property(data):
    g = play(data, 260)
    check_properties(g)  # replay, save -> load, undo to the last roll (tests/engine/test_properties.py)
    assert g.pos == 0 or "rolled dice" in g.undo_problem()


def test_every_listed_action_is_accepted_for_two_turns():
    g = Game(SC, 11, ALL)
    rng = random.Random(11)
    while g.state.turn <= 2:
        gs = g.state
        for a in legal_actions(gs, gs.active):
            apply(gs, a)  # never IllegalAction
        g.do(choose(gs, rng))
    assert len(g.log) > 30
