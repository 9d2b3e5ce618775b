"""What a Koenig window reads (pkd_view, preview) and every action in words (describe)."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction

from ddaydesk.engine import ELIMINATED, OVER, Game, legal_actions
from ddaydesk.rules.pkd import CloseCombat, FireAttack, describe, phase_label, pkd_view, preview
from ddaydesk.rules.pkd.view import declared_preview
from tests.conftest import ROOT
from tests.rules.pkd.conftest import SWORD, do, hex_, position, scenario
from tests.rules.pkd.play import choose


def test_the_view_shows_the_cup_the_activation_hits_support_and_the_battle():
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", hits={"g-inf1": 1}, cup=["g1", "a2"],
                  support={"allied": {"artillery": 2}, "german": {"artillery": 1}}, options={"leadership": True},
                  leader="german", dice=[6])
    v = pkd_view(st, "german")
    assert [c.formation for c in v.cup] == ["g1", "a2"] and v.drawn[-1].formation == "a1"
    assert v.activation.operation == "fire" and "a-inf1" in v.activation.units
    assert v.hits == {"g-inf1": 1} and v.support["allied"]["artillery"] == 2 and v.leader == "german"
    assert v.battle is None and v.day
    declared, _ = do(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))
    b = pkd_view(declared, "allied").battle
    assert (b.stage, b.waits_for, b.target, b.die) == ("answer", "german", hex_(st, "0603"), None)


def test_mp_left_follows_the_operation():
    st = position({"a-inf1": "0101", "a-tank": "0104"}, op="combined")
    left = pkd_view(st, "allied").activation.mp_left
    assert (left["a-inf1"], left["a-tank"]) == (3, 5)


def test_preview_of_a_close_combat_is_exact():
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", hits={"g-inf1": 2})
    p = preview(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))
    # 6 against 1 (its 2 Hits cost it a point, never below 1): +5, EX NE DR D1R D1R D2R
    assert (p.attack, p.defence, p.column) == (6, 1, "+4..+5")
    assert sum(q for _c, _t, q in p.results) == 1
    assert p.defender_eliminated == Fraction(4, 6)  # EX, D1R, D1R, D2R: the third Hit
    assert p.defender_retreats == Fraction(1, 6) and p.attacker_hit == Fraction(1, 6)
    refused = preview(st, CloseCombat("allied", ("a-inf1",), hex_(st, "0801")))
    assert not refused.legal and refused.refusal


def test_every_action_of_a_game_in_words_with_names_never_ids():
    sc = scenario(SWORD)
    ids = [u.id for u in sc.units]
    g = Game(sc, 4, {"leadership": True, "interdiction": True, "rest_refit": True, "indirect_fire": True,
                     "overruns": True})
    rng = random.Random(4)
    seen = set()
    while g.state.phase != OVER and g.state.turn <= 3:
        for a in legal_actions(g.state, g.state.active):
            text = describe(g.state, a)
            assert text and not any(uid in text for uid in ids), text
            seen.add(a.kind)
        g.do(choose(g.state, rng))
    assert {"operation", "move", "end_phase"} <= seen


def test_the_odds_command_judges_a_koenig_attack():
    out = subprocess.run([sys.executable, "-m", "ddaydesk", "odds", str(SWORD), "--attackers", "gb-13para,gb-8para",
                          "--target", "0911", "--json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    import json
    r = json.loads(out.stdout)
    assert r["system"] == "pkd" and r["legal"] and r["attack"]["total"] == 5 and r["defence"]["total"] == 1
    assert sum(Fraction(x["exact"]) for x in r["results"]) == 1
    bad = subprocess.run([sys.executable, "-m", "ddaydesk", "odds", str(SWORD), "--attackers", "gb-13para",
                          "--target", "0101"], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 1 and "not allowed" in bad.stdout


def test_an_indirect_fire_alone_reads_without_an_empty_list_before_it():
    st = position({"a-hvy": "0302", "g-inf1": "0603"}, op="fire")
    text = describe(st, FireAttack("allied", ("a-hvy",), hex_(st, "0603"), indirect=("a-hvy",)))
    assert text == "Indirect Fire at 0603: Test Heavy Company"  # (no empty list of direct fire before it)


def test_the_odds_of_a_declared_battle_follow_the_defenders_answer():
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire",
                  support={"allied": {"artillery": 1}, "german": {"artillery": 2}})
    declared, _ = do(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), support=1))
    before = preview(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), support=1))
    for n in (0, 1, 2):
        p = declared_preview(declared, n)
        again = preview(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603"), support=1), def_support=n)
        assert (p.attack, p.defence, p.column, p.results) == (again.attack, again.defence, again.column, again.results)
        assert p.defender_eliminated == again.defender_eliminated and p.attacker_hit == again.attacker_hit
    assert declared_preview(declared, 0).defence == before.defence
    refused = declared_preview(declared, 3)  # STD-PKD-SUP: at most 2 a battle
    assert not refused.legal and "at most 2" in refused.refusal
    assert declared_preview(st) is None  # nothing declared


def test_while_the_other_player_decides_the_phase_label_names_his_decision():
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, op="fire", support={"german": {"artillery": 1}})
    assert phase_label(st) == "activation: a1, Fire Operation"  # a test map: its formation by id
    declared, _ = do(st, FireAttack("allied", ("a-inf1",), hex_(st, "0603")))
    assert declared.active == "german"  # the window prints "German " before it
    assert phase_label(declared) == "answer to the a1's Full Fire at 0603"


def test_a_declared_battle_whose_defenders_are_gone_is_still_judged():
    st = position({"a-inf1": "0502", "a-inf2": "0602", "g-inf1": "0603"}, op="move", hits={"g-inf1": 2}, dice=[6])
    done, _ = do(st, CloseCombat("allied", ("a-inf1", "a-inf2"), hex_(st, "0603")))
    b = done.record("pkd")["battle"]
    assert b["stage"] == "occupy" and done.status[done.unit("g-inf1")] == ELIMINATED  # D2R: the third Hit
    p = declared_preview(done)
    assert p.legal and p.defender_eliminated == 1 and sum(q for _c, _t, q in p.results) == 1
