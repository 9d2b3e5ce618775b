"""Rest & Refit (optional rule 14.3): the Operation, the R&R Cup, Replacements and the
reconstituted unit's placement."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, Move
from ddaydesk.rules.pkd import ChooseOperation, CloseCombat, FireAttack, Reconstitute, Refit
from ddaydesk.rules.pkd.data import table
from ddaydesk.rules.pkd.records import rec
from ddaydesk.rules.pkd.refit import placements
from tests.rules.pkd.conftest import do, hex_, legal, position

RR = {"rest_refit": True}
CHIT = {c["chit"]: i + 1 for i, c in enumerate(table("refit")["cup"])}  # the die face that draws each chit


def refit(places, chit, hits=None, **kw):
    st = position(places, op=None, options=RR, hits=hits, dice=[CHIT[chit]], **kw)
    after, ch = do(st, ChooseOperation("allied", "rest_refit"))
    return after, ch


def test_rest_and_refit_is_a_fourth_operation():  # PKD-RR-01
    # PKD-RR-01 rests on Standard Rules Operations and Command Cup, not in the seeds: proven against our default (docs/rules/koenig.md)
    st = position(op=None, options=RR)
    assert {a.operation for a in legal(st, ["operation"])} == {"move", "fire", "combined", "rest_refit"}
    off = position(op=None)
    assert {a.operation for a in legal(off, ["operation"])} == {"move", "fire", "combined"}
    with pytest.raises(IllegalAction, match="not in use"):
        do(off, ChooseOperation("allied", "rest_refit"))


def test_the_whole_formation_rests():  # PKD-RR-02
    st, _ = refit({"a-inf1": "0502", "g-inf1": "0603"}, "1", hits={"a-inf1": 1})
    st, _ = do(st, Refit("allied", ("a-inf1",)))
    assert not legal(st, ["move", "fire_attack", "close_combat"])
    with pytest.raises(IllegalAction, match="Rest & Refit"):
        do(st, Move("allied", "a-inf2", hex_(st, "0202")))
    with pytest.raises(IllegalAction):
        do(st, CloseCombat("allied", ("a-inf1",), hex_(st, "0603")))
    with pytest.raises(IllegalAction):
        do(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))
    moving = position({"a-inf1": "0502"}, op="move", options=RR)
    assert legal(moving, ["move"])  # other Operations move


def test_the_cup_holds_four_chits_and_keeps_them():  # PKD-RR-03
    assert [c["chit"] for c in table("refit")["cup"]] == ["0", "1", "2", "2*"]
    st, ch = refit({}, "2")
    assert [(r.sides, r.purpose) for r in ch.dice] == [(4, "R&R Cup")]
    again, ch = refit({}, "2")  # the chit went back: the same chit can come again
    assert ch.dice[0].sides == 4


def test_each_chit_gives_its_number_of_replacements():  # PKD-RR-03
    # PKD-RR-03: the '1' and '2' chits' numbers are our default (the seed names '0' and '2*')
    got = [rec(refit({"a-inf1": "0502"}, c, hits={"a-inf1": 2})[0])["act"]["refit"]["left"] for c in ("1", "2")]
    assert got == [1, 2]


def test_the_zero_chit_wastes_the_turn():  # PKD-RR-04
    st, ch = refit({"a-inf1": "0502"}, "0", hits={"a-inf1": 1})
    assert rec(st)["act"]["refit"]["left"] == 0 and any("wasted" in n for n in ch.notes)
    assert not legal(st, ["refit"]) and [a.kind for a in legal(st)] == ["end_phase"]
    one, _ = refit({"a-inf1": "0502"}, "1", hits={"a-inf1": 1})
    assert legal(one, ["refit"]) == [Refit("allied", ("a-inf1",))]
    with pytest.raises(IllegalAction, match="Replacements first"):
        do(one, EndPhase("allied"))
    done, _ = do(one, Refit("allied", ("a-inf1",)))
    assert done.steps_lost[done.unit("a-inf1")] == 0


def test_two_star_gives_one_replacement_a_unit():  # PKD-RR-05
    # STD-PKD-REPL, our default: one Replacement removes one Hit
    st, _ = refit({"a-inf1": "0502", "a-inf2": "0602"}, "2*", hits={"a-inf1": 2, "a-inf2": 1})
    with pytest.raises(IllegalAction, match="at most 1"):
        do(st, Refit("allied", ("a-inf1", "a-inf1")))
    after, _ = do(st, Refit("allied", ("a-inf1", "a-inf2")))
    assert [after.steps_lost[after.unit(u)] for u in ("a-inf1", "a-inf2")] == [1, 0]
    plain, _ = refit({"a-inf1": "0502"}, "2", hits={"a-inf1": 2})  # PKD-RR-03: a '2' gives two, to any unit
    assert do(plain, Refit("allied", ("a-inf1", "a-inf1")))[0].steps_lost[plain.unit("a-inf1")] == 0


def test_two_star_may_reconstitute_a_unit_instead():  # PKD-RR-06
    st, _ = refit({"a-inf1": "0502", "a-inf2": None}, "2*", hits={"a-inf1": 1})
    offered = legal(st, ["reconstitute"])
    assert offered and {a.unit for a in offered} == {"a-inf2"}
    after, _ = do(st, offered[0])
    assert rec(after)["act"]["refit"]["left"] == 0 and after.steps_lost[after.unit("a-inf1")] == 1
    two, _ = refit({"a-inf1": "0502", "a-inf2": None}, "2")
    assert not legal(two, ["reconstitute"])  # the plain 2 chit does not
    with pytest.raises(IllegalAction, match="2\\* chit"):
        do(two, Reconstitute("allied", "a-inf2", hex_(two, "0503")))


def test_a_reconstituted_unit_has_two_hits():  # PKD-RR-07
    st, _ = refit({"a-inf1": "0502", "a-inf2": None}, "2*")
    after, ch = do(st, Reconstitute("allied", "a-inf2", hex_(st, "0502")))
    k = after.unit("a-inf2")
    assert after.status[k] == "on_map" and after.steps_lost[k] == 2 and "a-inf2" in [m[0] for m in ch.moved]


def test_a_reconstituted_unit_conducts_no_operation_that_turn():  # PKD-RR-08
    st, _ = refit({"a-inf1": "0502", "a-inf2": None}, "2*")
    back, _ = do(st, Reconstitute("allied", "a-inf2", hex_(st, "0502")))
    later = back.copy()
    r = later.own("pkd")
    r["act"] = {**r["act"], "op": "move", "refit": None}
    later._cache.clear()
    assert not [a for a in legal(later, ["move"]) if a.unit == "a-inf2"]
    assert [a for a in legal(later, ["move"]) if a.unit == "a-inf1"]
    with pytest.raises(IllegalAction, match="reconstituted this turn"):
        do(later, Move("allied", "a-inf2", hex_(st, "0402")))
    nxt = position({"a-inf2": "0502"}, op="move")  # next turn: the record of the turn is gone
    assert [a for a in legal(nxt, ["move"]) if a.unit == "a-inf2"]


def _spots(places, uid="a-inf2"):
    st = position({uid: None, **places})
    return {st.scenario.board.labels[p] for p in placements(st, st.unit(uid))}


def test_placement_with_one_unit_of_its_formation():  # PKD-RR-09
    spots = _spots({"a-inf1": "0303", "g-inf1": "0801"})
    assert "0303" in spots
    assert "0303" not in _spots({"a-inf1": "0303", "a-hvy": "0303", "g-inf1": "0801"})  # two there
    assert "0303" not in _spots({"a-inf1": "0303", "g-inf1": "0403"})  # next to an enemy
    assert "0303" not in _spots({"b-inf": "0303", "g-inf1": "0801"})  # another formation's unit


def test_placement_in_an_empty_hex_next_to_its_formation():  # PKD-RR-10
    spots = _spots({"a-inf1": "0303", "g-inf1": "0801"})
    assert {"0302", "0304", "0204"} <= spots and "0601" not in spots  # next to 0303 / far from it
    near_enemy = _spots({"a-inf1": "0303", "g-inf1": "0205"})
    assert "0204" not in near_enemy and "0302" in near_enemy


def test_placement_in_a_town_far_from_the_enemy():  # PKD-RR-11: 0202 is a town
    assert "0202" in _spots({"b-inf": "0202", "g-inf1": "0502"})  # 3 hexes to the enemy
    assert "0202" not in _spots({"b-inf": "0202", "g-inf1": "0402"})  # 2 hexes
    assert "0202" not in _spots({"b-inf": "0202", "a-hvy": "0202", "g-inf1": "0801"})  # two units there
    assert "0601" not in _spots({"b-inf": "0601", "g-inf1": "0801"})  # not a town


def test_no_hex_no_reconstitution():  # PKD-RR-12
    st, _ = refit({"a-inf2": None, "a-inf1": None, "a-hvy": None, "a-hvy2": None, "a-tank": None,
                   "a-tank9": None}, "2*")
    offered = legal(st, ["reconstitute"])
    assert offered and all(a.place == -1 for a in offered)  # no unit of a1 left to join: no hex
    after, ch = do(st, Reconstitute("allied", "a-inf2", -1))
    assert after.status[after.unit("a-inf2")] == "eliminated"
    assert rec(after)["act"]["refit"]["left"] == 0 and any("lost" in n for n in ch.notes)
    with_hex, _ = refit({"a-inf1": "0303", "a-inf2": None}, "2*")
    with pytest.raises(IllegalAction, match="has a hex"):
        do(with_hex, Reconstitute("allied", "a-inf2", -1))
