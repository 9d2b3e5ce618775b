"""Automatic victory during the movement phase, through the action log (D77-AUTO-*)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, Move, apply, legal_actions, positions, reach
from ddaydesk.rules.combat.actions import AutomaticVictory, DeclareAttack, ResolveCombat, Respond
from tests.engine.conftest import at
from tests.rules.combat.conftest import first, game_at

AUTO = {"automatic_victory": True}
# a-inf and a-inf2 next to the German 1-1 in 0705 (8:1); a-inf3 free to move
ALLIED = {"a-inf": "0704", "a-inf2": "0604", "a-inf3": "0503", "g-weak": "0705"}


def test_automatic_victory_is_offered_in_the_movement_phase_only_D77_AUTO_01(d77sc):
    g = game_at(d77sc, ALLIED, phase="allied.movement", options=AUTO)
    offered = [a for a in legal_actions(g.state, "allied") if a.kind == "automatic_victory"]
    assert offered == [AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705"))]
    g = game_at(d77sc, ALLIED, phase="allied.combat", options=AUTO)
    with pytest.raises(IllegalAction, match="automatic_victory is not allowed in the allied.combat phase"):
        apply(g.state, AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705")))
    g = game_at(d77sc, ALLIED, phase="allied.movement")  # the option is off
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "automatic_victory"]


def test_below_seven_to_one_is_refused_D77_AUTO_02(d77sc):
    # D77-AUTO-02 rests on base CRT odds calculation, not in the seeds: proven against our default (docs/rules/dday77.md)
    g = game_at(d77sc, {"a-inf": "0704", "g-inf": "0705"}, phase="allied.movement", options=AUTO)
    with pytest.raises(IllegalAction, match=r"4:4 is below 7-1 \(D77-AUTO-02\)"):
        apply(g.state, AutomaticVictory("allied", ("a-inf",), at(d77sc, "0705")))


def test_defenders_removed_without_a_roll_and_movement_goes_on_D77_AUTO_03_04_07(d77sc):
    g = game_at(d77sc, ALLIED, phase="allied.movement", options=AUTO)
    ch = g.do(AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705")))
    assert ch.removed == ["g-weak"] and not ch.dice  # D77-AUTO-03
    assert g.state.extra["combat"]["pending"] is None and g.state.active == "allied"
    # D77-AUTO-04: participants stop; D77-AUTO-03: others still move
    with pytest.raises(IllegalAction, match="took part in an automatic victory and may not move further"):
        apply(g.state, Move("allied", "a-inf", at(d77sc, "0803")))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "move" and a.unit in ("a-inf", "a-inf2")]
    assert [a for a in legal_actions(g.state, "allied") if a.kind == "move" and a.unit == "a-inf3"]
    # D77-AUTO-07: no other friendly unit enters the emptied hex this phase
    k = g.state.unit("a-inf3")
    assert at(d77sc, "0705") not in reach(g.state, k).dest
    with pytest.raises(IllegalAction, match=r"emptied by an automatic victory.*\(D77-AUTO-07\)"):
        apply(g.state, Move("allied", "a-inf3", at(d77sc, "0705")))


def test_former_zoc_hexes_are_free_for_the_rest_of_the_phase_D77_AUTO_08(d77sc):
    g = game_at(d77sc, ALLIED, phase="allied.movement", options=AUTO)
    path = tuple(at(d77sc, h) for h in ("0503", "0603", "0704", "0804"))  # 0704 and 0804 touch 0705
    with pytest.raises(IllegalAction, match="enemy zone of control"):
        apply(g.state, Move("allied", "a-inf3", path[-1], via=path))
    g.do(AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705")))
    assert not any(positions(g.state).zoc["german"])
    ch = g.do(Move("allied", "a-inf3", path[-1], via=path))
    assert ch.moved[0][3] == path


def test_participants_make_no_other_attack_that_turn_D77_AUTO_05(d77sc):
    # D77-ZOC-04 rests on base attack/ZOC rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    g = game_at(d77sc, {**ALLIED, "g-inf": "0605"}, phase="allied.movement", options=AUTO)
    g.do(AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705")))
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.combat"
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "attack"]
    with pytest.raises(IllegalAction, match=r"automatic victory this turn \(D77-AUTO-05\)"):
        apply(g.state, DeclareAttack("allied", ("a-inf2",), at(d77sc, "0605")))
    # a-inf2 sits in g-inf's ZOC but may not attack: it does not hold up the phase (D77-ZOC-04)
    assert EndPhase("allied") in legal_actions(g.state, "allied")


@pytest.mark.parametrize("armour_option, offered", [(True, [(), ("a-arm",)]), (False, [])],
                         ids=["D77-AUTO-06-armour-advances", "D77-AUTO-06-no-advance-when-not-legal"])
def test_participants_may_advance_if_an_advance_would_be_legal(d77sc, armour_option, offered):
    # D77-AUTO-06 rests on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    units = {"a-inf": "0704", "a-arm": "0604", "g-weak": "0705"}
    g = game_at(d77sc, units, phase="allied.movement", options={**AUTO, "armoured_advance": armour_option})
    g.do(AutomaticVictory("allied", ("a-inf", "a-arm"), at(d77sc, "0705")))
    assert [a.units for a in legal_actions(g.state, "allied") if a.kind == "advance"] == offered


def test_no_automatic_victory_against_a_city_D77_AUTO_09(d77sc):
    units = {"a-inf": "0505", "a-inf2": "0506", "a-arm": "0604", "g-weak": "0605"}  # 0605 is a city
    g = game_at(d77sc, units, phase="allied.movement", options=AUTO)
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "automatic_victory"]
    with pytest.raises(IllegalAction, match="D77-AUTO-09"):
        apply(g.state, AutomaticVictory("allied", ("a-inf", "a-inf2", "a-arm"), at(d77sc, "0605")))


GERMAN = {"g-arm": "0604", "g-arm2": "0505", "a-weak": "0504", "a-hq": "0401"}  # 16 against 2


def test_cds_must_be_answered_before_any_other_german_move_D77_AUTO_13_14(d77sc):
    g = game_at(d77sc, {**GERMAN, "g-inf": "0707"}, phase="german.movement", options={**AUTO, "tactical_air": True})
    g.do(AutomaticVictory("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    assert g.state.active == "allied"  # D77-AUTO-13: CDS offered against the automatic victory
    assert legal_actions(g.state, "allied") == [Respond("allied", cds=False), Respond("allied", cds=True)]
    assert legal_actions(g.state, "german") == []  # D77-AUTO-14: nothing moves before the answer
    with pytest.raises(IllegalAction, match="answers the attack on 0504 first"):
        apply(g.state, Move("german", "g-inf", at(d77sc, "0706")))
    g.do(Respond("allied", cds=False))
    assert g.state.status[g.state.unit("a-weak")] == "eliminated"
    assert [a for a in legal_actions(g.state, "german") if a.kind == "move" and a.unit == "g-inf"]


def test_the_german_movement_phase_allows_the_advance_after_an_automatic_victory_STD_SEQ(d77sc):
    # STD-SEQ (our default order, rules/data/dday77/sequence.yaml): the German movement phase
    # holds the automatic victory's advance (D77-AUTO-06) as the Allied one does
    g = game_at(d77sc, GERMAN, phase="german.movement", options={**AUTO, "armoured_advance": True})
    g.do(AutomaticVictory("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    while g.state.active == "allied":  # no close defensive support without tactical air
        g.do(legal_actions(g.state, "allied")[0])
    assert g.state.status[g.state.unit("a-weak")] == "eliminated"
    advances = [a for a in legal_actions(g.state, "german") if a.kind == "advance"]
    assert advances and any(a.units for a in advances)
    g.do(next(a for a in advances if a.units))
    assert g.state.phase == "german.movement"
    assert any(g.state.place[g.state.unit(u)] == at(d77sc, "0504") for u in ("g-arm", "g-arm2"))


def test_cds_that_drops_the_odds_cancels_the_automatic_victory_D77_AUTO_15_16_17(d77sc):
    units = {**GERMAN, "g-inf": "0404", "g-inf2": "0403"}
    g = game_at(d77sc, units, phase="german.movement", options={**AUTO, "tactical_air": True})
    g.do(AutomaticVictory("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    ch = g.do(Respond("allied", cds=True))
    assert ch.barrier and not ch.removed  # 16:3 is below 7-1: cancelled
    assert g.state.extra["combat"]["air_left"] == 9  # D77-AUTO-15: spent at once
    with pytest.raises(IllegalAction, match="D77-AUTO-16"):
        apply(g.state, Move("german", "g-arm", at(d77sc, "0605")))
    # D77-AUTO-17: more units (24:3 would be 8:1) bring no automatic victory back
    with pytest.raises(IllegalAction, match="D77-AUTO-17"):
        apply(g.state, AutomaticVictory("german", ("g-arm", "g-arm2", "g-inf", "g-inf2"), at(d77sc, "0504")))
    g.do(EndPhase("german"))
    assert g.state.phase == "german.combat"
    # D77-AUTO-16: fought in the combat phase, still with the CDS factor
    g.do(DeclareAttack("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    assert g.state.extra["combat"]["pending"]["stage"] == "roll"  # the hex already has its factor
    ch = g.do(ResolveCombat("german"))
    assert "(16:3, die" in ch.notes[0]


def test_the_cancelled_attack_must_be_fought_D77_AUTO_16(d77sc):
    g = game_at(d77sc, GERMAN, phase="german.movement", options={**AUTO, "tactical_air": True})
    g.do(AutomaticVictory("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    g.do(Respond("allied", cds=True))
    g.do(EndPhase("german"))
    with pytest.raises(IllegalAction, match=r"must be fought \(D77-AUTO-16\)"):
        apply(g.state, EndPhase("german"))


def test_cds_that_leaves_seven_to_one_does_not_stop_it_D77_AUTO_16(d77sc):
    units = {"g-arm": "0604", "g-arm2": "0505", "a-weak1": "0504", "a-hq": "0401"}  # 16 against 1
    g = game_at(d77sc, units, phase="german.movement", options={**AUTO, "tactical_air": True})
    g.do(AutomaticVictory("german", ("g-arm", "g-arm2"), at(d77sc, "0504")))
    ch = g.do(Respond("allied", cds=True))
    assert ch.removed == ["a-weak1"]  # 16:2 is still 8:1
    assert g.state.extra["combat"]["air_left"] == 9


def test_automatic_victory_can_be_undone_until_answered(d77sc):
    g = game_at(d77sc, ALLIED, phase="allied.movement", options=AUTO)
    start = g.state.state_hash()
    g.do(AutomaticVictory("allied", ("a-inf", "a-inf2"), at(d77sc, "0705")))
    assert g.undo_problem() is None
    g.undo()
    assert g.state.state_hash() == start
    first(legal_actions(g.state, "allied"), "automatic_victory")
