"""The Support Phase: the Leadership roll-off (14.1), the Support rolls, Allied Preparation
(14.6), and the phase's place in the turn."""

from __future__ import annotations

import pytest

from ddaydesk.engine import Changes, EndPhase
from ddaydesk.rules.pkd.data import table
from ddaydesk.rules.pkd.records import rec
from ddaydesk.rules.pkd.support import points, roll_off, support_hook
from tests.rules.dd2.conftest import ScriptedDice
from tests.rules.pkd.conftest import SWORD, do, position

ALLIED_ARTILLERY = list(table("support")["rolls"][0]["results"])


def hooked(st, dice, turn=None, leader=None):
    st = st.copy()
    if turn is not None:
        st.turn = turn
    st.own("pkd")["leader"] = leader
    st.dice = ScriptedDice(dice)
    ch = Changes()
    support_hook(st, ch)
    return st, ch


def test_at_set_up_nobody_holds_the_leadership_marker():  # PKD-LEAD-01
    from ddaydesk.engine import Game

    sc = position(formation=None).scenario
    seen = set()
    for seed in range(40):
        g = Game(sc, seed, {"leadership": True})
        note = next(n for n in g.start_changes.notes if n.startswith("Leadership roll-off"))
        a, gr = (int(x) for x in note.split(": ")[1].replace("Allied ", "").replace("German ", "").split(", "))
        if abs(a - gr) < 2:  # no winner on turn 1: the marker is still where set-up put it
            assert rec(g.state)["leader"] is None and "stays in the stock" in note
            seen.add("tie")
        else:  # a winner takes it from the stock: nobody held it before
            assert "takes" in note and rec(g.state)["leader"] == ("allied" if a > gr else "german")
            seen.add("taken")
    assert seen == {"tie", "taken"}


def test_the_roll_off_comes_first_and_only_on_day_turns():  # PKD-LEAD-02
    # PKD-LEAD-02 rests on Standard Rules day/night turns and Support Phase, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = position(options={"leadership": True}, formation=None)
    _st, ch = hooked(st, [4, 2, 1, 1, 1])
    purposes = [r.purpose for r in ch.dice]
    assert purposes[:2] == ["Leadership roll-off, Allied", "Leadership roll-off, German"]
    assert purposes[2].startswith("Support:")  # Artillery after the roll-off
    # night turn (Sword turn 5): the Support Phase, roll-off included, is passed over
    night = position(options={"leadership": True}, formation=None, sc=SWORD, turn=4, dice=[1])
    night.phase, night.active = "german.activation", "german"
    night.own("pkd")["cup"], night.own("pkd")["act"] = [], {**rec(position())["act"], "side": "german",
                                                             "formation": "716id", "op": None}
    after, ch = do(night, EndPhase("german"))
    assert after.turn == 5 and not any("roll-off" in r.purpose for r in ch.dice)
    assert any("night turn" in n for n in ch.notes)


@pytest.mark.parametrize("allied, german, holder, expect", [
    (5, 3, None, "allied"),       # PKD-LEAD-03: two higher takes it from the stock
    (6, 2, "german", "allied"),   # PKD-LEAD-03: seized from the opponent
    (1, 3, "allied", "german"),   # PKD-LEAD-03: exactly 2 is enough
    (4, 3, None, None),           # PKD-LEAD-04: only 1 higher: stays in the stock
    (3, 4, "allied", "allied"),   # PKD-LEAD-04: 1 lower: the holder keeps it
    (4, 4, "german", "german"),   # PKD-LEAD-04: a tie: stays
])
def test_roll_off_margin(allied, german, holder, expect):
    assert roll_off(allied, german, holder, 2) == expect


def test_roll_off_through_the_phase():  # PKD-LEAD-03, PKD-LEAD-04
    st = position(options={"leadership": True}, formation=None)
    assert rec(hooked(st, [5, 3, 1, 1, 1])[0])["leader"] == "allied"
    assert rec(hooked(st, [4, 3, 1, 1, 1])[0])["leader"] is None
    assert rec(hooked(st, [2, 4, 1, 1, 1], leader="allied")[0])["leader"] == "german"
    assert rec(hooked(st, [3, 4, 1, 1, 1], leader="allied")[0])["leader"] == "allied"


def test_the_marker_carries_over_until_spent():  # PKD-LEAD-05
    st = position(options={"leadership": True}, formation=None, leader="german")
    after, _ = hooked(st, [3, 3, 1, 1, 1], leader="german")  # a tie: kept into the next day
    assert rec(after)["leader"] == "german"
    # spent on a feat (Corps Artillery here): back to the stock, and nobody holds it
    from ddaydesk.rules.pkd import FireAttack
    fire = position({"a-inf1": "0502", "g-inf1": "0503"}, op="fire", options={"leadership": True},
                    leader="allied", dice=[1])
    spent, _ = do(fire, FireAttack("allied", ("a-inf1",), fire.scenario.board.index("0503"), corps=True))
    assert rec(spent)["leader"] is None
    twice = spent.copy()
    twice.own("pkd")["battle"] = None
    twice.active = "allied"
    twice.own("pkd")["act"] = {**rec(twice)["act"], "fired": []}
    from ddaydesk.engine import IllegalAction
    with pytest.raises(IllegalAction, match="Leadership marker"):
        do(twice, FireAttack("allied", ("a-inf1",), fire.scenario.board.index("0503"), corps=True))


@pytest.mark.parametrize(("die", "allied", "german"), [
    (1, 0, 0), (2, 1, 0), (3, 1, 1), (4, 2, 1), (5, 2, 1), (6, 3, 2)])
def test_support_points_from_the_table(die, allied, german):
    # STD-PKD-SUP, our default Support table: each face of each of the three rolls, in order
    st = position(formation=None)
    after, ch = hooked(st, [die, die, die])
    sup = rec(after)["support"]
    assert sup["allied"] == {"artillery": allied, "allied_support": allied} and sup["german"] == {"artillery": german}
    assert [r.purpose for r in ch.dice] == ["Support: allied artillery", "Support: allied allied support",
                                          "Support: german artillery"]  # no roll-off without Leadership
    mixed = rec(hooked(st, [6, 1, 5])[0])["support"]
    assert mixed["allied"] == {"artillery": 3, "allied_support": 0} and mixed["german"] == {"artillery": 1}


def test_allied_preparation_adds_one_on_turn_one_only():  # PKD-PREP-01
    prep = {"allied_preparation": True}
    st = position(options=prep, formation=None)
    on_1 = rec(hooked(st, [4, 4, 4], turn=1)[0])["support"]
    on_2 = rec(hooked(st, [4, 4, 4], turn=2)[0])["support"]
    assert on_1["allied"]["artillery"] == ALLIED_ARTILLERY[4] == 2  # 4 counts as 5
    assert on_2["allied"]["artillery"] == ALLIED_ARTILLERY[3] == 2  # 4 stays 4
    assert on_1["allied"]["allied_support"] == points(ALLIED_ARTILLERY, 4, 1)
    assert on_1["german"] == on_2["german"]  # German rolls are never modified
    without = rec(hooked(position(formation=None), [2, 2, 2], turn=1)[0])["support"]
    with_prep = rec(hooked(st, [2, 2, 2], turn=1)[0])["support"]
    assert (without["allied"]["artillery"], with_prep["allied"]["artillery"]) == (1, 1)
    assert rec(hooked(st, [5, 1, 1], turn=1)[0])["support"]["allied"]["artillery"] == 3  # 5+1 = 6
    assert rec(hooked(st, [5, 1, 1], turn=2)[0])["support"]["allied"]["artillery"] == 2


def test_allied_preparation_counts_in_the_roll_off():  # PKD-PREP-02
    opts = {"allied_preparation": True, "leadership": True}
    st = position(options=opts, formation=None)
    assert rec(hooked(st, [3, 4, 1, 1, 1], turn=1)[0])["leader"] is None  # 3+1 = 4 against 4: a tie
    assert rec(hooked(st, [4, 3, 1, 1, 1], turn=1)[0])["leader"] == "allied"  # 5 against 3
    assert rec(hooked(st, [4, 3, 1, 1, 1], turn=2)[0])["leader"] is None  # no +1 after turn 1


def test_a_natural_one_counts_as_two():  # PKD-PREP-03
    st = position(options={"allied_preparation": True}, formation=None)
    sup = rec(hooked(st, [1, 1, 1], turn=1)[0])["support"]
    assert sup["allied"]["artillery"] == ALLIED_ARTILLERY[1] == 1  # read as a 2
    assert rec(hooked(position(formation=None), [1, 1, 1], turn=1)[0])["support"]["allied"]["artillery"] == 0
