"""Properties of result plans on random positions: every retreat path offered is legal, no unit
is both eliminated and retreating, and every defender of a retreat result is accounted for."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.rules.combat import Declaration, assess, plan_result
from tests.rules.combat.conftest import D77_ROWS, Build, make_board


@cache
def board():
    return make_board("dday77", D77_ROWS)


@settings(max_examples=80, deadline=None)
@given(target=st.sampled_from(["0404", "0505", "0303", "0703", "0306"]),
       n_def=st.integers(1, 3), att_slots=st.sets(st.integers(0, 5), min_size=1, max_size=4),
       others=st.lists(st.integers(0, 12 * 6 - 1), max_size=6), code=st.sampled_from(["AE", "AB2", "EX", "DB2", "DE"]),
       stack=st.sampled_from([None, 1, 2, 3]))
def test_plans_are_consistent(target, n_def, att_slots, others, code, stack):
    b = Build(board(), "dday77")
    t = b.board.index(target)
    for k in range(n_def):
        b.unit(f"d{k}", "german", target, 2 + k, 2 + k)
    ids = []
    for k in sorted(att_slots):
        j = b.board.adj[t][k % len(b.board.adj[t])]
        if b.board.terrain_of(j) == "sea" or b.board.label(j) in {b.board.label(b.units[x].place) for x in range(n_def)}:
            continue
        b.unit(f"a{k}", "allied", b.board.label(j), 3, 3)
        ids.append(f"a{k}")
    if not ids:
        return
    occupied = {u.place for u in b.units}
    for k, p in enumerate(others):
        if p not in occupied and b.board.terrain_of(p) != "sea":
            b.unit(f"o{k}", "german" if k % 2 else "allied", b.board.label(p), 1, 1)
    sit = b.sit(stack_limit=stack)
    a = assess(sit, Declaration(tuple(ids), t))
    assert a.legal
    plan = plan_result(sit, a, code)
    assert not set(plan.eliminated) & set(plan.retreats)
    side = plan.retreat_side
    if side:
        enemy = "allied" if side == "german" else "german"
        ezoc = sit.zoc_of(enemy)
        movers = [u for u in sit.units if u.id in (a.defenders if side == "german" else a.attackers)]
        for u in movers:
            assert (u.id in plan.eliminated) != (u.id in plan.retreats)
            for path in plan.retreats.get(u.id, ()):
                assert len(path) == 2
                prev = u.place
                for step, p in enumerate(path, 1):
                    assert p in b.board.adj[prev] and b.board.distance(u.place, p) == step
                    assert p not in ezoc and not sit.occupied_by(p, enemy)
                    prev = p
                if stack is not None:
                    here = [x for x in sit.at.get(path[-1], ()) if x.side == side and x not in movers]
                    assert len(here) + 1 <= stack
