"""Overruns (optional rule 14.5)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, Move, reach
from ddaydesk.engine.tables import SCALE
from ddaydesk.rules.pkd import AnswerBattle, CloseCombat, HaltOverrun, Occupy, Withdraw
from ddaydesk.rules.pkd.data import val
from ddaydesk.rules.pkd.records import rec
from tests.rules.pkd.conftest import battle, do, hex_, legal, position, where

OVR = {"overruns": True}


def settle(st):
    """Let the defender retreat to the first hex offered and the attackers stay out."""
    while battle(st):
        b = battle(st)
        if b["stage"] == "withdraw":
            st, _ = do(st, Withdraw(st.active, legal(st)[0].to))
        elif b["stage"] == "occupy":
            st, _ = do(st, Occupy(st.active, ()))
        elif b["stage"] == "answer":
            st, _ = do(st, AnswerBattle(st.active, 0))
        else:
            raise AssertionError(b["stage"])
    return st


def test_ten_mp_units_go_on_after_a_close_combat_nine_stop():  # PKD-OVR-01
    # STD-PKD-OVR, our default: the overrunning unit pays 2 MP for the Close Combat and goes on
    # PKD-OVR-01 rests on Standard Rules Close Combat, not in the seeds: proven against our default (docs/rules/koenig.md)
    places = {"a-tank": "0602", "a-tank9": "0502", "g-inf1": "0603", "g-inf2": "0702"}
    st = position(places, op="move", options=OVR, dice=[3, 3])
    assert val("combat", "overrun.min_ma") == 10
    after = settle(do(st, CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])  # 4-2: die 3 is NE
    assert rec(after)["act"]["overrun"] == ["a-tank"]  # not hit: it goes on, 2 MP poorer
    assert reach(after, after.unit("a-tank")).mp == (10 - 2) * SCALE
    again, ch = do(after, CloseCombat("allied", ("a-tank",), hex_(st, "0702")))  # a second Close Combat
    assert ch.dice and "a-tank" in rec(settle(again))["act"]["cc"]
    assert len(rec(settle(again))["act"]["cc"]["a-tank"]) == 2
    slow = settle(do(st, CloseCombat("allied", ("a-tank9",), hex_(st, "0603")))[0])
    assert "a-tank9" in rec(slow)["act"]["done"] and "a-tank9" not in rec(slow)["act"]["overrun"]
    with pytest.raises(IllegalAction, match="ended its move"):
        do(slow, Move("allied", "a-tank9", hex_(st, "0501")))
    off = settle(do(position(places, op="move", dice=[2]), CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])
    assert "a-tank" in rec(off)["act"]["done"]  # without the optional rule, every move ends there


def _overrunning(dice=(6,)):
    """a-tank closes with g-inf1 at 0603 (die 6 at +2: D1R), the defender retreats, the tank stays."""
    st = position({"a-tank": "0602", "a-inf1": "0502", "g-inf1": "0603", "g-inf2": "0702"}, op="move",
                  options=OVR, dice=list(dice))
    st = settle(do(st, CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])
    return st


def test_the_overrun_unit_goes_on_and_attacks_again():  # PKD-OVR-01
    # PKD-OVR-01 rests on Standard Rules Close Combat, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = _overrunning([6, 2])
    assert rec(st)["act"]["overrun"] == ["a-tank"]
    moved, _ = do(st, Move("allied", "a-tank", hex_(st, "0703")))  # through the hex it emptied
    assert where(moved, "a-tank") == "0703"
    second, _ = do(moved, CloseCombat("allied", ("a-tank",), hex_(st, "0702")))
    assert battle(second) is None or battle(second)["attackers"] == ["a-tank"]
    held = position({"a-tank": "0602", "g-inf1": "0603"}, op="move", options=OVR, dice=[3])
    held = settle(do(held, CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])  # NE: the defender stays
    with pytest.raises(IllegalAction, match="already closed"):
        do(held, CloseCombat("allied", ("a-tank",), hex_(st, "0603")))  # not the same hex again


def test_no_other_unit_moves_while_an_overrun_is_on():  # PKD-OVR-02
    st = _overrunning()
    with pytest.raises(IllegalAction, match="must finish its overrun"):
        do(st, Move("allied", "a-inf1", hex_(st, "0501")))
    assert not [a for a in legal(st, ["move"]) if a.unit == "a-inf1"]
    halted, _ = do(st, HaltOverrun("allied", "a-tank"))
    assert do(halted, Move("allied", "a-inf1", hex_(st, "0501")))[0]
    with pytest.raises(IllegalAction, match="ended its move"):
        do(halted, Move("allied", "a-tank", hex_(st, "0601")))


def test_a_hit_in_its_close_combat_ends_the_overrun():  # PKD-OVR-03
    st = position({"a-tank": "0602", "g-inf1": "0603"}, op="move", options=OVR, dice=[1])
    after = settle(do(st, CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])  # die 1 at +2: A1
    act = rec(after)["act"]
    assert after.steps_lost[after.unit("a-tank")] == 1
    assert "a-tank" in act["done"] and "a-tank" not in act["overrun"]
    with pytest.raises(IllegalAction):
        do(after, Move("allied", "a-tank", hex_(st, "0601")))
    unhurt = settle(do(position({"a-tank": "0602", "g-inf1": "0603"}, op="move", options=OVR, dice=[3]),
                       CloseCombat("allied", ("a-tank",), hex_(st, "0603")))[0])  # die 3 at +2: NE
    assert "a-tank" in rec(unhurt)["act"]["overrun"]
