"""Fire and Close Combat: strengths, exact odds before the roll, Hits, retreats, and the
Indirect Fire optional rule (14.4). The test map's river runs on 0403/0503, 0404/0503 and
0404/0504; a cliff on 0303/0304."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ddaydesk.engine import IllegalAction
from ddaydesk.rules.pkd import AnswerBattle, CloseCombat, FireAttack, Occupy, Withdraw, preview
from ddaydesk.rules.pkd.combat import assess
from ddaydesk.rules.pkd.records import rec
from tests.rules.pkd.conftest import SWORD, battle, do, hex_, legal, position, where

IND = {"indirect_fire": True}


def fire(st, attackers, target, indirect=(), **kw):
    return FireAttack(st.active, tuple(attackers), hex_(st, target), tuple(indirect), **kw)


def lines(a):
    return {x.rule: x.value for x in a.attack_lines}


# -- Full Fire and its odds ---------------------------------------------------------------------
def test_full_fire_odds_are_exact_and_what_the_die_does():
    # STD-PKD-FIRE (our default Fire table, docs/rules/koenig.md §5): 6 against 0 is +5..+6
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="fire", dice=[6])
    a = fire(st, ["a-inf1", "a-inf2"], "0603")
    p = preview(st, a)
    assert (p.attack, p.defence, p.column) == (6, 0, "+5..+6")
    assert {c: q for c, _t, q in p.results} == {"NE": Fraction(1, 3), "EX": Fraction(1, 6), "H": Fraction(1, 3),
                                                 "2H": Fraction(1, 6)}
    assert p.defender_eliminated == 0 and p.attacker_hit == Fraction(1, 6)
    hurt = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="fire", hits={"g-inf1": 1})
    assert preview(hurt, a).defender_eliminated == Fraction(1, 6)  # 2 Hits more eliminate it
    after, ch = do(st, a)  # die 6: 2 Hits
    assert after.steps_lost[after.unit("g-inf1")] == 2 and battle(after) is None
    assert [r.value for r in ch.dice] == [6]


def test_terrain_and_strongpoint_defend():
    # STD-PKD-TEC, our default: a strongpoint +2 for German defenders, a town +1
    st = position({"a-inf1": "0604", "a-inf2": "0704", "g-inf1": "0705"}, op="fire")
    a = assess(st, fire(st, ["a-inf1", "a-inf2"], "0705"))
    assert {x.rule: x.value for x in a.defence_lines} == {"STD-PKD-TEC": 2}  # Test Point: a strongpoint
    town = position({"a-inf1": "0102", "g-inf1": "0202"}, op="fire")
    assert assess(town, fire(town, ["a-inf1"], "0202")).defence == 1


def test_exchange_hits_a_direct_firer():
    # STD-PKD-FIRE, STD-PKD-CBT, our defaults: EX is a Hit on each side, H one on the defender
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", dice=[5])
    after, _ = do(st, fire(st, ["a-inf1"], "0603"))  # 3 against 0: +3..+4, die 5 is H
    assert after.steps_lost[after.unit("g-inf1")] == 1
    ex = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", dice=[4])
    after, _ = do(ex, fire(ex, ["a-inf1"], "0603"))  # die 4: EX
    assert after.steps_lost[after.unit("a-inf1")] == 1 and after.steps_lost[after.unit("g-inf1")] == 1


def test_the_third_hit_eliminates():
    # STD-PKD-HITS, our default: the third Hit eliminates, the second does not
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="fire", hits={"g-inf1": 1}, dice=[6])
    after, ch = do(st, fire(st, ["a-inf1", "a-inf2"], "0603"))
    assert after.status[after.unit("g-inf1")] == "eliminated" and "g-inf1" in ch.removed
    st2 = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="fire", dice=[6])
    assert do(st2, fire(st2, ["a-inf1", "a-inf2"], "0603"))[0].status[st2.unit("g-inf1")] == "on_map"


def test_mobile_fire_is_half_strength_and_units_fire_once():
    # STD-PKD-FIRE, our default: Mobile Fire at half strength, rounded up (6 -> 3)
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="combined", dice=[1, 1])
    a = assess(st, fire(st, ["a-inf1", "a-inf2"], "0603"))
    assert a.mode == "mobile" and a.attack == 3
    after, _ = do(st, fire(st, ["a-inf1"], "0603"))
    with pytest.raises(IllegalAction, match="already attacked"):
        do(after, fire(after, ["a-inf1"], "0603"))


def test_support_points_and_their_cap():
    # STD-PKD-SUP, our default: each point adds 1, at most 2 a battle (3 refused)
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", support={"allied": {"artillery": 3}},
                  dice=[1])
    assert assess(st, fire(st, ["a-inf1"], "0603", support=2)).attack == 5
    with pytest.raises(IllegalAction, match="at most 2"):
        do(st, fire(st, ["a-inf1"], "0603", support=3))
    after, _ = do(st, fire(st, ["a-inf1"], "0603", support=2))
    assert rec(after)["support"]["allied"]["artillery"] == 1
    # every count from none to the cap is offered, 1 too (hypothesis found it accepted, not listed)
    offered = {a.support for a in legal(st, side="allied") if isinstance(a, FireAttack)}
    assert offered == {0, 1, 2}


def test_the_defender_answers_with_support_before_the_roll():
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", support={"german": {"artillery": 2}}, dice=[6])
    declared, ch = do(st, fire(st, ["a-inf1"], "0603"))
    assert battle(declared)["stage"] == "answer" and declared.active == "german" and not ch.dice
    assert {(a.support, a.corps) for a in legal(declared)} == {(0, False), (1, False), (2, False)}
    with pytest.raises(IllegalAction):
        do(declared, CloseCombat("allied", ("a-inf1",), hex_(st, "0603")))  # the battle holds everything else
    rolled, ch = do(declared, AnswerBattle("german", 2))
    assert rolled.active == "allied" and ch.dice and "3 against 2" in ch.notes[0]


def test_across_a_river_the_attack_loses_one():
    st = position({"a-inf1": "0403", "a-inf2": "0402", "g-inf1": "0503"}, op="fire")
    assert "PKD-IND-05" in lines(assess(st, fire(st, ["a-inf1"], "0503")))
    assert "PKD-IND-05" not in lines(assess(st, fire(st, ["a-inf1", "a-inf2"], "0503")))  # not all across


# -- Close Combat -----------------------------------------------------------------------------
def test_close_combat_sets_combat_values_against_each_other():
    # STD-PKD-CC, our default: combat values against each other, Heavy Weapons count 1 and
    # may not start one
    st = position({"a-inf1": "0502", "a-tank": "0602", "g-inf1": "0603", "g-hvy": "0603"}, op="move")
    a = assess(st, CloseCombat("allied", ("a-inf1", "a-tank"), hex_(st, "0603")))
    assert (a.attack, a.defence) == (7, 3)  # the Heavy Weapons defender counts 1
    hv = position({"a-hvy": "0502", "g-inf1": "0603"}, op="move")
    with pytest.raises(IllegalAction, match="does not start a Close Combat"):
        do(hv, CloseCombat("allied", ("a-hvy",), hex_(hv, "0603")))


def test_a_retreat_then_the_attackers_move_in():
    # STD-PKD-CC, STD-PKD-CBT, our defaults: D1R is a Hit and a retreat of one hex, then the
    # attackers may move in
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", dice=[5])
    after, _ = do(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))  # 6-2=+4: die 5 D1R
    b = battle(after)
    assert b["stage"] == "withdraw" and after.active == "german"
    options = {a.to for a in legal(after)}
    assert hex_(st, "0502") not in options and options  # never into an enemy hex
    assert {st.scenario.board.distance(hex_(st, "0603"), o) for o in options} == {1}  # one hex
    after, _ = do(after, Withdraw("german", min(options)))
    assert after.steps_lost[after.unit("g-inf1")] == 1 and where(after, "g-inf1") != "0603"
    assert battle(after)["stage"] == "occupy"
    after, _ = do(after, Occupy("allied", ("a-inf2",)))
    assert where(after, "a-inf2") == "0603" and battle(after) is None
    assert set(rec(after)["act"]["done"]) == {"a-inf1", "a-inf2"}  # their moves have ended


def test_dr_retreats_the_defender_one_hex_without_a_hit():
    # STD-PKD-CBT, our default: DR is a retreat of one hex and no Hit (D1R's contrast above)
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", dice=[3])
    after, _ = do(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))  # +4: die 3 is DR
    assert battle(after)["stage"] == "withdraw"
    options = {a.to for a in legal(after)}
    assert options and {st.scenario.board.distance(hex_(st, "0603"), o) for o in options} == {1}
    after, _ = do(after, Withdraw("german", min(options)))
    assert after.steps_lost[after.unit("g-inf1")] == 0 and where(after, "g-inf1") != "0603"


@pytest.mark.parametrize(("target", "added"), [("0101", 0), ("0603", 0), ("0502", 1), ("0202", 1), ("0403", 2)],
                         ids=["clear", "swamp", "bocage", "town", "city"])
def test_each_terrain_adds_to_the_close_combat_defence(target, added):
    # STD-PKD-TEC, our default (docs/rules/koenig.md §5): clear, beach and swamp add nothing,
    # bocage and town 1, city 2, to the defenders' combat values
    st = position({"g-inf1": target}, op="move")
    board = st.scenario.board
    frm = board.labels[board.adj[hex_(st, target)][0]]
    st = position({"g-inf1": target, "a-inf1": frm}, op="move")
    a = assess(st, CloseCombat("allied", ("a-inf1",), hex_(st, target)))
    base = st.scenario.units[st.unit("g-inf1")].attack
    assert a.defence == base + added
    assert [x.value for x in a.defence_lines if x.rule == "STD-PKD-TEC"] == ([added] if added else [])


def test_nowhere_to_retreat_eliminates():
    # STD-PKD-CC, our default: a unit that cannot retreat is eliminated
    places = {"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0801", "a-tank": "0702", "a-tank9": "0701",
              "a-hvy": "0802"}
    st = position({**places, "g-inf1": "0801"}, op="move", dice=[6])  # 0801: a corner, ringed by Allies
    st.place[st.unit("a-inf1")] = hex_(st, "0702")
    st.place[st.unit("a-inf2")] = hex_(st, "0802")
    st.place[st.unit("a-hvy")] = hex_(st, "0701")
    st.place[st.unit("a-tank")] = hex_(st, "0702")
    st.place[st.unit("a-tank9")] = hex_(st, "0802")
    st._cache.clear()
    after, ch = do(st, CloseCombat("allied", ("a-tank", "a-tank9"), hex_(st, "0801")))
    assert after.status[after.unit("g-inf1")] == "eliminated" and any("no hex to retreat" in n for n in ch.notes)


# -- Indirect Fire (14.4) ----------------------------------------------------------------------
def test_only_heavy_weapons_fire_indirectly():  # PKD-IND-01
    st = position({"a-hvy": "0303", "a-inf1": "0302", "g-inf1": "0503"}, op="fire", options=IND)
    listed = [a for a in legal(st, ["fire_attack"]) if a.target == hex_(st, "0503")]
    assert listed and all(a.indirect == ("a-hvy",) for a in listed)
    with pytest.raises(IllegalAction, match="only they fire indirectly"):
        do(st, fire(st, ["a-inf1"], "0503", ["a-inf1"]))
    off = position({"a-hvy": "0303", "g-inf1": "0503"}, op="fire")
    with pytest.raises(IllegalAction, match="not in use"):
        do(off, fire(off, ["a-hvy"], "0503", ["a-hvy"]))


def test_indirect_fire_reaches_two_hexes():  # PKD-IND-02
    two = position({"a-hvy": "0303", "g-inf1": "0503"}, op="fire", options=IND)
    assert assess(two, fire(two, ["a-hvy"], "0503", ["a-hvy"])).legal
    three = position({"a-hvy": "0301", "g-inf1": "0503"}, op="fire", options=IND)
    assert "reaches 2" in assess(three, fire(three, ["a-hvy"], "0503", ["a-hvy"])).refusal


def test_indirect_fire_is_never_mobile_fire():  # PKD-IND-03
    # PKD-IND-03 rests on Standard Rules Full Fire / Mobile Fire, not in the seeds: proven against our default (docs/rules/koenig.md)
    full = position({"a-hvy": "0303", "g-inf1": "0503"}, op="fire", options=IND)
    mobile = position({"a-hvy": "0303", "g-inf1": "0503"}, op="combined", options=IND)
    assert assess(full, fire(full, ["a-hvy"], "0503", ["a-hvy"])).legal
    assert "never Mobile Fire" in assess(mobile, fire(mobile, ["a-hvy"], "0503", ["a-hvy"])).refusal
    assert not [a for a in legal(mobile, ["fire_attack"]) if a.indirect]


@pytest.mark.parametrize("uid, value", [("a-hvy", 2), ("a-hvy2", 1)])
def test_indirect_fire_is_half_strength(uid, value):  # PKD-IND-04: 4 -> 2; 2 -> 1
    st = position({uid: "0502", "g-inf1": "0603"}, op="fire", options=IND)
    direct = assess(st, fire(st, [uid], "0603"))
    indirect = assess(st, fire(st, [uid], "0603", [uid]))
    assert direct.attack == 2 * value and indirect.attack == value
    assert lines(indirect) == {"PKD-IND-04": value}


def test_three_halved_rounds_up():  # PKD-IND-04 note: rounding is ours
    st = position({"a-hvy": "0303", "g-inf1": "0503"}, op="fire", options=IND, hits={"a-hvy": 1})
    assert assess(st, fire(st, ["a-hvy"], "0503", ["a-hvy"])).attack == 2  # 4 - 1 Hit = 3, halved: 2


def test_no_river_penalty_when_every_firer_is_indirect():  # PKD-IND-05
    both = position({"a-hvy": "0303", "a-hvy2": "0404", "a-inf1": "0403", "g-inf1": "0503"}, op="fire", options=IND)
    a = assess(both, fire(both, ["a-hvy", "a-hvy2"], "0503", ["a-hvy", "a-hvy2"]))
    assert "PKD-IND-05" not in lines(a) and a.attack == 3  # 2 + 1
    mixed = assess(both, fire(both, ["a-hvy", "a-inf1"], "0503", ["a-hvy"]))
    assert lines(mixed)["PKD-IND-05"] == -1 and mixed.attack == 3 + 2 - 1


def test_no_line_of_sight_rule_for_indirect_fire():  # PKD-IND-06
    st = position({"a-hvy": "0303", "a-inf1": "0303", "g-inf1": "0304"}, op="fire", options=IND)
    assert "cliff" in assess(st, fire(st, ["a-inf1"], "0304")).refusal
    assert "cliff" in assess(st, fire(st, ["a-hvy"], "0304")).refusal  # fired directly: blocked too
    assert assess(st, fire(st, ["a-hvy"], "0304", ["a-hvy"])).legal  # indirectly: over the cliff
    around = position({"a-hvy": "0404", "g-inf1": "0304"}, op="fire", options=IND)
    assert assess(around, fire(around, ["a-hvy"], "0304")).legal  # no cliff that way


@pytest.mark.parametrize("defender, support, hit", [
    ("g-inf1", 0, False),  # a plain rifle company, no Support: the firer is spared
    ("g-inf1", 1, True),   # one Support point allocated to the defence: the Exchange hits back
    ("g-hvy", 0, True),    # a Heavy Weapons defender: it hits back
])
def test_exchange_spares_indirect_firers_unless_the_defence_can_hit_back(defender, support, hit):  # PKD-IND-07
    st = position({"a-hvy": "0303", defender: "0503"}, op="fire", options=IND,
                  support={"german": {"artillery": support}}, dice=[5])
    s, _ = do(st, fire(st, ["a-hvy"], "0503", ["a-hvy"]))  # 2 against 0 (or 1): die 5 is EX
    if battle(s):
        s, _ = do(s, AnswerBattle("german", support))
    assert rec(s)["battle"] is None
    assert s.steps_lost[s.unit(defender)] == 1
    assert (s.steps_lost[s.unit("a-hvy")] == 1) is hit


# -- each result of the tables, played (STD-PKD-CBT, our default, docs/rules/koenig.md §5) ----
def _ring(target, ids, op, **kw):
    """``ids`` on hexes next to ``target`` (the first neighbours the test map lists)."""
    st = position({"g-inf1": target}, op=op)
    board = st.scenario.board
    near = [board.labels[n] for n in board.adj[hex_(st, target)]]
    return position({"g-inf1": target, **dict(zip(ids, near, strict=False))}, op=op, **kw)


def test_3h_puts_three_hits_on_the_defender():
    # STD-PKD-CBT, our default: 3H is three Hits, so a fresh unit is eliminated (STD-PKD-HITS);
    # 2H in test_full_fire_odds_are_exact_and_what_the_die_does leaves it on the map
    st = _ring("0603", ["a-inf1", "a-inf2", "a-tank"], "fire", support={"allied": {"artillery": 2}}, dice=[6])
    a = fire(st, ["a-inf1", "a-inf2", "a-tank"], "0603", support=2)
    assert (assess(st, a).attack, preview(st, a).column) == (12, "+11 or more")
    after, ch = do(st, a)  # 12 against 0, die 6: 3H
    assert after.status[after.unit("g-inf1")] == "eliminated" and "g-inf1" in ch.removed


def test_a1_puts_one_hit_on_the_attacker_only():
    # STD-PKD-CBT, our default: A1 is one Hit on the attacker and none on the defender
    st = _ring("0603", ["a-inf1"], "move", dice=[1])
    after, _ = do(st, CloseCombat("allied", ("a-inf1",), hex_(st, "0603")))  # 3 against 2: +1, die 1 is A1
    assert battle(after) is None  # no retreat: the battle is over
    assert after.steps_lost[after.unit("a-inf1")] == 1 and after.steps_lost[after.unit("g-inf1")] == 0
    assert where(after, "g-inf1") == "0603"


def test_d2r_puts_two_hits_and_a_retreat_on_the_defender():
    # STD-PKD-CBT, our default: D2R is two Hits (a fresh unit lives on with 2) and a retreat
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", dice=[6])
    after, _ = do(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))  # +4: die 6 is D2R
    assert after.status[after.unit("g-inf1")] == "on_map" and after.steps_lost[after.unit("g-inf1")] == 2
    assert battle(after)["stage"] == "withdraw"


def test_fire_at_night_loses_two():
    # STD-PKD-NIGHT, our default: Fire on a night turn is at -2 (Sword turn 5 is a night, turn 4 a day)
    places = {"gb-1slancs": "1009", "de-wn20": "1010"}
    for turn, night in ((5, [-2]), (4, [])):
        st = position(places, formation="8bde", op="fire", sc=SWORD, turn=turn)
        a = assess(st, FireAttack("allied", ("gb-1slancs",), hex_(st, "1010")))
        assert [x.value for x in a.attack_lines if x.rule == "STD-PKD-NIGHT"] == night


def test_a_beach_adds_nothing_to_the_defence():
    # STD-PKD-TEC, our default: a beach hex adds nothing (Sword 0704, a beach); the other
    # terrains in test_each_terrain_adds_to_the_close_combat_defence
    st = position({"gb-1slancs": "0704", "de-wn20": "0705"}, formation="716id", op="fire", sc=SWORD)
    assert st.scenario.board.terrain_of(hex_(st, "0704")) == "beach"
    a = assess(st, FireAttack("german", ("de-wn20",), hex_(st, "0704")))
    assert a.legal, a.refusal
    assert a.defence == 0  # Fire: the terrain alone defends, named as the terrain chart names it
    assert [(x.text, x.value, x.rule) for x in a.defence_lines] == [("beach in 0704", 0, "STD-PKD-TEC")]
