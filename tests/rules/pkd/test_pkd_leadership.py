"""The Leadership marker's five feats (optional rule 14.1)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, Move, reach
from ddaydesk.engine.tables import SCALE
from ddaydesk.rules.pkd import (
    AnswerBattle,
    Attach,
    ChooseOperation,
    CloseCombat,
    FireAttack,
    ForceMarch,
    Leadership,
    Recover,
)
from ddaydesk.rules.pkd.combat import assess
from ddaydesk.rules.pkd.records import rec
from tests.rules.pkd.conftest import battle, do, hex_, legal, position, where

LEAD = {"leadership": True}


def test_battlefield_leadership_rerolls_a_combat_die():  # PKD-LEAD-06
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", options=LEAD, leader="allied", dice=[1, 6])
    rolled, ch = do(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))
    b = battle(rolled)
    assert b["stage"] == "leadership" and rolled.active == "allied" and b["result"] == "NE"
    assert {a.feat for a in legal(rolled)} == {"keep", "reroll"}
    after, ch = do(rolled, Leadership("allied", "reroll"))
    assert [r.value for r in ch.dice] == [6] and rec(after)["leader"] is None
    assert after.steps_lost[after.unit("g-inf1")] == 1  # die 6 at +3: H, the second roll stands
    kept, _ = do(rolled, Leadership("allied", "keep"))
    assert kept.steps_lost[kept.unit("g-inf1")] == 0 and rec(kept)["leader"] == "allied"
    nobody = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", options=LEAD, dice=[1])
    assert battle(do(nobody, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))[0]) is None  # no holder: no pause


def test_the_defender_may_stand_against_a_close_combat_retreat():  # PKD-LEAD-07
    # PKD-LEAD-07 rests on Standard Rules Close Combat, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", options=LEAD,
                  leader="german", dice=[5])
    declared, _ = do(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))
    rolled, _ = do(declared, AnswerBattle("german", 0))  # D1R
    assert rolled.active == "german" and {a.feat for a in legal(rolled)} == {"keep", "reroll", "stand"}
    after, _ = do(rolled, Leadership("german", "stand"))
    assert where(after, "g-inf1") == "0603" and after.steps_lost[after.unit("g-inf1")] == 1
    assert battle(after) is None and rec(after)["leader"] is None
    fire = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", options=LEAD, leader="german", dice=[6])
    answer, _ = do(fire, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))
    assert battle(answer)["stage"] == "answer"  # the holder might spend it as Corps Artillery
    rolled, _ = do(answer, AnswerBattle("german", 0))
    assert {a.feat for a in legal(rolled)} == {"keep", "reroll"}  # no retreat in Fire: nothing to stand against


def test_force_march_doubles_the_movement():  # PKD-LEAD-08
    st = position({"a-inf1": "0101"}, op="move", options=LEAD, leader="allied")
    k = st.unit("a-inf1")
    assert reach(st, k).mp == 6 * SCALE
    fm, ch = do(st, ForceMarch("allied", "a-inf1"))
    assert reach(fm, k).mp == 12 * SCALE and rec(fm)["leader"] is None
    assert reach(fm, fm.unit("a-inf2")).mp == 6 * SCALE  # one unit only
    moved, _ = do(st, Move("allied", "a-inf1", hex_(st, "0201")))
    with pytest.raises(IllegalAction, match="already moved"):
        do(moved, ForceMarch("allied", "a-inf1"))


def test_force_march_in_a_combined_operation_gives_the_full_allowance():  # PKD-LEAD-09
    # PKD-LEAD-09 rests on Standard Rules Combined operation, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = position({"a-inf1": "0101"}, op="combined", options=LEAD, leader="allied")
    k = st.unit("a-inf1")
    assert reach(st, k).mp == 3 * SCALE  # half the MA in a Combined Operation
    fm, _ = do(st, ForceMarch("allied", "a-inf1"))
    assert reach(fm, k).mp == 6 * SCALE


def test_corps_artillery_is_one_more_support_point():  # PKD-LEAD-10
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", options=LEAD, leader="allied",
                  support={"allied": {"artillery": 2}})
    two = assess(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), support=2))
    three = assess(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), support=2, corps=True))
    assert three.attack == two.attack + 1 == 3 + 2 + 1  # beyond the 2-point cap
    without = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", options=LEAD, support={"allied": {"artillery": 2}})
    assert "Leadership marker" in assess(without, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), corps=True)).refusal


def test_temporary_attachment():  # PKD-LEAD-11
    # PKD-LEAD-11 rests on Standard Rules HQ activation / Command Cup, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = position({"b-inf": "0502", "g-inf1": "0603"}, op="move", options=LEAD, leader="allied", cup=["a2"],
                  dice=[1, 1])
    with pytest.raises(IllegalAction, match="not in the activated formation"):
        do(st, Move("allied", "b-inf", hex_(st, "0501")))
    att, _ = do(st, Attach("allied", "b-inf"))
    assert rec(att)["leader"] is None
    moved, _ = do(att, Move("allied", "b-inf", hex_(st, "0602")))  # it moves with a1 ...
    fought, _ = do(moved, CloseCombat("allied", ("b-inf",), hex_(st, "0603")))  # ... and attacks with it
    assert battle(fought) is None or battle(fought)["attackers"] == ["b-inf"]
    # its own formation, drawn later this turn, cannot use it
    later = fought.copy()
    r = later.own("pkd")
    r["battle"] = None
    r["act"] = {**r["act"], "formation": "a2", "op": "move", "attached": [], "done": [], "spent": {}}
    r["drawn"] = [*r["drawn"], "a2"]
    later.flags[later.unit("b-inf")] = 0
    later.active = "allied"
    later._cache.clear()
    assert "not in the activated formation" in _why_not(later, "b-inf")
    # a formation already activated this turn cannot lend a unit
    drawn = position({"b-inf": "0502"}, op="move", options=LEAD, leader="allied", drawn=["a2"])
    with pytest.raises(IllegalAction, match="already been activated"):
        do(drawn, Attach("allied", "b-inf"))
    # next turn it is back with its parent
    nxt = position({"b-inf": "0502"}, formation="a2", op="move", options=LEAD)
    assert _why_not(nxt, "b-inf") is None


def _why_not(st, uid):
    from ddaydesk.engine.movement import move_problem

    return move_problem(st, st.unit(uid), "normal", "all")


def test_unit_recovery_returns_an_eliminated_unit_of_the_activated_formation():  # PKD-LEAD-12
    st = position({"a-inf2": None, "a-inf1": "0303"}, op=None, options=LEAD, leader="allied")
    options = [a for a in legal(st, ["recover"])]
    assert options and {a.unit for a in options} == {"a-inf2"}
    back, ch = do(st, Recover("allied", "a-inf2", hex_(st, "0303")))  # with one unit of its formation
    k = back.unit("a-inf2")
    assert back.status[k] == "on_map" and back.steps_lost[k] == 2 and rec(back)["leader"] is None
    other = position({"b-inf": None}, op=None, options=LEAD, leader="allied")
    assert not legal(other, ["recover"])  # b-inf's formation (a2) is not the one activated
    with pytest.raises(IllegalAction):
        do(other, Recover("allied", "b-inf", hex_(st, "0303")))
    no_marker = position({"a-inf2": None, "a-inf1": "0303"}, op=None, options=LEAD)
    assert not legal(no_marker, ["recover"])


def test_feats_need_the_rule_in_use():
    st = position({"a-inf1": "0101"}, op="move", leader="allied")  # leadership off
    assert not legal(st, ["force_march", "attach", "recover"])
    with pytest.raises(IllegalAction):
        do(st, ForceMarch("allied", "a-inf1"))
    # and the operation choice comes first for the moves
    fresh = position({"a-inf1": "0101"}, op=None)
    with pytest.raises(IllegalAction, match="Operation first"):
        do(fresh, Move("allied", "a-inf1", hex_(fresh, "0201")))
    chosen, _ = do(fresh, ChooseOperation("allied", "move"))
    assert do(chosen, Move("allied", "a-inf1", hex_(fresh, "0201")))[0]
    assert EndPhase("allied") in legal(fresh)
