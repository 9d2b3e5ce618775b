"""The Final Tally as the rules count it (ddaydesk/rules/ddd/tally.py): Skulls cancel,
RWBs and Straights never share a die, and every way offered is a largest one."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.rules.ddd.data import FACES
from ddaydesk.rules.ddd.tally import die_roles, scorings

RWB = ("red", "white", "blue")
dice_st = st.lists(st.tuples(st.sampled_from(("red", "white", "blue", "black")), st.sampled_from(FACES)),
                   min_size=1, max_size=9).map(tuple)


def _check(dice, base, ignore):
    n = len(dice)
    in_rwb = [i for trio in base.rwb_dice for i in trio]
    assert len(in_rwb) == len(set(in_rwb))  # a die counts in one RWB at most
    for trio in base.rwb_dice:
        assert sorted(dice[i][0] for i in trio) == sorted(RWB)  # one die of each colour
        assert len({dice[i][1] for i in trio}) == 1  # showing the same face
    assert Counter(dice[t[0]][1] for t in base.rwb_dice) == Counter(base.rwbs)
    assert not set(in_rwb) & set(base.straight_dice)  # DDD-BADGE-05: never an RWB and a Straight
    if base.straight_dice:
        assert sorted(dice[i][1] for i in base.straight_dice) == sorted(FACES)
    rest = [i for i in range(n) if i not in in_rwb and i not in base.straight_dice]
    skulls = [i for i in rest if dice[i][1] == "skull"]
    others = [i for i in rest if dice[i][1] != "skull"]
    active = max(0, len(skulls) - ignore)
    # DDD-COND-06: the Active Skulls are those in no RWB or Straight and not ignored; each
    # cancels another die, as many as there are dice to cancel
    assert len(base.ignored_skulls) == min(ignore, len(skulls))
    assert len(base.active_skulls) == active
    assert len(base.cancelled) == min(active, len(others))
    assert set(base.cancelled) <= set(others)
    assert Counter(dice[i][1] for i in base.cancelled) == Counter(base.cancel)
    roles = die_roles(dice, base)
    assert roles.count("cancelled") == len(base.cancelled) and roles.count("rwb") == 3 * len(base.rwbs)


@settings(max_examples=300, deadline=None)
@given(dice_st, st.integers(0, 2))
def test_every_scoring_counts_as_the_rules_do(dice, ignore):  # DDD-BADGE-05, DDD-COND-06
    got = scorings(dice, RWB, ignore)
    assert got, "there is always a way to score"
    for base in got:
        _check(dice, base, ignore)
        if not base.straight_dice:  # a largest set: no RWB is left to take among the free dice
            used = {i for t in base.rwb_dice for i in t}
            free = Counter((dice[i][0], dice[i][1]) for i in range(len(dice)) if i not in used)
            assert not any(all(free[(c, f)] for c in RWB) for f in FACES)
    # the choice of cancelled dice is offered face by face, each way once
    keys = [(b.rwbs, b.straight, b.cancel) for b in got]
    assert len(keys) == len(set(keys))


@settings(max_examples=200, deadline=None)
@given(dice_st)
def test_black_stands_for_blue_only_for_the_german(dice):  # DDD-GER-07
    allied = scorings(dice, RWB)
    german = scorings(dice, ("red", "white", "black"))
    for base in german:
        for trio in base.rwb_dice:
            assert {dice[i][0] for i in trio} == {"red", "white", "black"}
    swapped = tuple(({"blue": "black", "black": "blue"}.get(c, c), f) for c, f in dice)
    assert [b.rwbs for b in scorings(swapped, ("red", "white", "black"))] == [b.rwbs for b in allied]


def test_three_skulls_in_an_rwb_cancel_nothing():  # DDD-COND-06
    dice = (("red", "skull"), ("white", "skull"), ("blue", "skull"), ("red", "star"), ("white", "tool"),
            ("blue", "courage"))
    (only,) = scorings(dice, RWB)
    assert only.rwbs == ("skull",) and only.active_skulls == () and only.cancelled == ()
    # two Skulls and no RWB: both active, each cancels a die of the player's choice
    dice = dice[:2] + (("blue", "soldier"),) + dice[3:]
    got = scorings(dice, RWB)
    assert {b.cancel for b in got} == {("courage", "soldier"), ("courage", "star"), ("courage", "tool"),
                                       ("soldier", "star"), ("soldier", "tool"), ("star", "tool")}
    assert all(len(b.active_skulls) == 2 for b in got)


def test_a_skull_the_sharpshooter_ignores_is_not_active():  # DDD-COND-06
    dice = (("red", "skull"), ("white", "star"), ("blue", "tool"), ("red", "soldier"), ("white", "courage"),
            ("blue", "soldiers"))
    with_none = scorings(dice, RWB, 0)
    assert with_none == (scorings(dice, RWB, 0)[0],) and with_none[0].straight  # the Skull is in the Straight
    dice = dice[:5] + (("blue", "star"),)  # no Straight now: the Skull is active...
    assert all(len(b.cancelled) == 1 for b in scorings(dice, RWB, 0))
    (ignored,) = scorings(dice, RWB, 1)  # ... unless ignored
    assert ignored.cancelled == () and ignored.ignored_skulls == (0,)


def test_an_rwb_and_a_straight_that_need_the_same_die_are_two_choices():  # DDD-BADGE-05
    # eight dice (two stolen): the Star RWB takes the only spare Star the Straight needs
    dice = (("red", "star"), ("white", "star"), ("blue", "star"), ("red", "soldier"), ("white", "soldiers"),
            ("blue", "courage"), ("blue", "tool"), ("red", "skull"))
    got = {(b.rwbs, b.straight) for b in scorings(dice, RWB)}
    assert got == {(("star",), False), ((), True)}
    with_rwb = next(b for b in scorings(dice, RWB) if b.rwbs)
    assert with_rwb.cancelled  # the Skull, no longer in a Straight, cancels a die
