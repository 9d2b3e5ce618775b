"""Fire & Movement combat through the action log: support fire draws from the cups in the
game state, naval gunfire on GT 1, beach assaults, step losses and stiff resistance."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, apply, legal_actions
from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat, Respond, StiffResistance
from ddaydesk.rules.combat.state_adapter import situation
from ddaydesk.rules.combat.strength import assess
from tests.engine.conftest import at
from tests.rules.combat.conftest import first, game_at, seeded_result

INLAND = {"a-mob": "0303", "g-leg": "0403"}


def cups(g):
    return {k: len(v) for k, v in g.state.extra["combat"]["cups"].items()}


def test_both_sides_draw_support_markers_from_the_cups_FMU_SFM_01_02_08_09(fmusc):
    # FMU-SFM-02 rests on system rules 8.1 and 8.2.1, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    g = game_at(fmusc, INLAND, phase="allied.combat", turn=2)
    g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403")))
    assert g.state.active == "german"  # the defender decides its draws (FMU-BEACH-02 / SFM-02)
    answers = legal_actions(g.state, "german")
    assert Respond("german", draws=("german", "german")) in answers
    assert not [a for a in answers if len(a.draws) > 2]
    g.do(Respond("german", draws=("german",)))
    rolls = [a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"]
    assert {a.draws for a in rolls} == {(), ("allied_air",), ("allied_ground",), ("allied_air", "allied_air"),
                                         ("allied_air", "allied_ground"), ("allied_ground", "allied_ground")}
    assert all(a.naval == 0 for a in rolls)  # FMU-NGS-02/04: no naval gunfire after GT 1
    with pytest.raises(IllegalAction, match="FMU-SFM-02"):
        apply(g.state, ResolveCombat("allied", draws=("allied_air", "allied_air", "allied_ground")))
    ch = g.do(ResolveCombat("allied", draws=("allied_air", "allied_ground")))
    purposes = [r.purpose for r in ch.dice]
    assert purposes[:3] == ["allied marker draw for the combat at 0403"] * 2 + [
        "german marker draw for the combat at 0403"]
    assert purposes[3].startswith("combat at 0403: ")
    assert ch.dice[0].sides == 7 and ch.dice[1].sides == 13 and ch.dice[2].sides == 12  # the cups' sizes
    assert cups(g) == {"allied_air": 6, "allied_ground": 12, "german": 11}
    assert "markers allied_air +" in ch.notes[0]


def test_cups_are_full_again_next_game_turn(fmusc):
    g = game_at(fmusc, INLAND, phase="allied.combat", turn=2)
    g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403")))
    g.do(Respond("german", draws=("german",)))
    g.do(ResolveCombat("allied", draws=("allied_air",)))
    assert {k: len(v) for k, v in situation(g.state).pools.cups.items()} == {
        "german": 11, "allied_air": 6, "allied_ground": 13}
    later = g.state.copy()
    later.turn = 3
    assert {k: len(v) for k, v in situation(later).pools.cups.items()} == {
        "german": 12, "allied_air": 7, "allied_ground": 13}


def test_stiff_resistance_holds_the_hex_for_a_step(fmusc):
    # STD-FM-SR, our default: the defender holds the hex and loses exactly 1 step
    def make(seed):
        return game_at(fmusc, INLAND, phase="allied.combat", turn=2, seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"))), "D2")
    assert g.state.active == "german"
    choices = legal_actions(g.state, "german")
    assert StiffResistance("german", "g-leg") in choices and [a for a in choices if a.kind == "retreat"]
    ch = g.do(StiffResistance("german", "g-leg"))
    k = g.state.unit("g-leg")
    assert g.state.steps_lost[k] == 1 and g.state.place[k] == at(fmusc, "0403") and ch.units == ["g-leg"]
    assert g.state.extra["combat"]["pending"] is None  # no advance: the hex is held


def test_a_retreat_lets_the_attacker_advance(fmusc):
    def make(seed):
        return game_at(fmusc, INLAND, phase="allied.combat", turn=2, seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"))), "D2")
    g.do(first(legal_actions(g.state, "german"), "retreat"))
    assert StiffResistance("german", "g-leg") not in legal_actions(g.state, "german")
    assert [a.units for a in legal_actions(g.state, "allied") if a.kind == "advance"] == [(), ("a-mob",)]


def test_the_owner_picks_which_unit_loses_the_step(fmusc):
    stack = {"a-mob": "0303", "g-leg": "0403", "g-leg2": "0403"}

    def make(seed):
        return game_at(fmusc, stack, phase="allied.combat", turn=2, seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"))), "D1")
    losses = [a.units for a in legal_actions(g.state, "german") if a.kind == "take_losses"]
    assert losses == [("g-leg",), ("g-leg2",)]
    g.do(first(legal_actions(g.state, "german"), "take_losses", units=("g-leg2",)))
    assert g.state.steps_lost[g.state.unit("g-leg2")] == 1 and g.state.steps_lost[g.state.unit("g-leg")] == 0


BEACH = {"a-leg": "0203", "g-leg": "0303"}
DUE = {"beach_assault_due": ["0203"]}


def test_a_due_beach_assault_is_declared_with_every_unit_in_the_hex_FMU_BEACH_01(fmusc):
    # (the Utah Beach rules module holds the landing phase until it is made)
    # FMU-BEACH-04 rests on system combat differential rule, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    g = game_at(fmusc, BEACH, phase="allied.combat", extra=dict(DUE))
    assault = first(legal_actions(g.state, "allied"), "attack", mode="beach_assault")
    assert assault.attackers == ("a-leg",) and assault.target == at(fmusc, "0203")
    g.do(assault)
    g.do(Respond("german"))
    navals = sorted({a.naval for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"})
    assert navals == [0, 1, 2]  # FMU-NGS-01/02: chosen, not drawn, on GT 1 beach assaults
    with pytest.raises(IllegalAction, match="FMU-NGS-03"):
        apply(g.state, ResolveCombat("allied", naval=2, draws=("allied_air",)))
    ch = g.do(ResolveCombat("allied", naval=1))
    assert "(13:0, die" in ch.notes[0]  # FMU-BEACH-04: 6 + naval gunfire 7 against a defence of 0
    assert len(g.state.extra["combat"]["naval_left"]) == 5
    assert g.state.extra["combat"]["beach_assault_due"] == []
    while g.state.extra["combat"]["pending"]:
        g.do(legal_actions(g.state, g.state.active)[0])
    assert EndPhase("allied") in legal_actions(g.state, "allied")


def test_no_naval_gunfire_for_an_inland_attack_FMU_NGS_02(fmusc):
    g = game_at(fmusc, INLAND, phase="allied.combat", turn=1)
    g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403")))
    g.do(Respond("german"))
    assert all(a.naval == 0 for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat")
    with pytest.raises(IllegalAction, match="FMU-NGS-02"):
        apply(g.state, ResolveCombat("allied", naval=1))


def test_the_allies_pick_the_defender_of_a_beach_stack_FMU_AREIN_09(fmusc):
    units = {"a-leg": "0203", "a-leg2": "0203", "g-leg": "0303"}
    g = game_at(fmusc, units, phase="german.combat", turn=2)
    g.do(DeclareAttack("german", ("g-leg",), at(fmusc, "0203")))
    assert {a.defender for a in legal_actions(g.state, "allied")} == {"a-leg", "a-leg2"}
    g.do(Respond("allied", defender="a-leg2"))
    p = g.state.extra["combat"]["pending"]
    assert p["defender"] == "a-leg2"
    from ddaydesk.rules.combat.flow import _decl
    from ddaydesk.rules.combat.model import Support

    sit = situation(g.state)
    assert assess(sit, _decl(g.state, p, sit, Support())).defenders == ("a-leg2",)


def test_a_drop_hex_attack_takes_one_allied_marker_and_no_german_ones_FMU_AIRB_12_13(fmusc):
    # FMU-AIRB-13 rests on system stiff resistance rule, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    g = game_at(fmusc, {"a-leg": "0403", "g-leg": "0403"}, phase="allied.combat", turn=2,
                extra={"drop_hex_due": ["0403"]})
    decl = first(legal_actions(g.state, "allied"), "attack", mode="drop_hex")
    assert decl.attackers == ("a-leg",) and decl.target == at(fmusc, "0403")
    g.do(decl)
    assert g.state.active == "allied"  # no German answer: no German markers (FMU-AIRB-13)
    assert {len(a.draws) for a in legal_actions(g.state, "allied")} == {0, 1}
    g.do(ResolveCombat("allied"))
    assert g.state.extra["combat"]["drop_hex_due"] == []


def test_d1_on_the_beach_line_within_ezoc_reduces_one_assaulting_unit_FMU_BEACH_03(fmusc):
    # FMU-BEACH-03 rests on the system's beach assault lines, not in the seeds: proven against
    # our default (docs/rules/fire-and-movement.md): within an enemy ZOC, D1 reduces one of the
    # assaulting units (1 step), the defender loses nothing
    def make(seed):
        return game_at(fmusc, BEACH, phase="allied.combat", extra=dict(DUE), seed=seed)

    def declare(g):
        g.do(first(legal_actions(g.state, "allied"), "attack", mode="beach_assault"))

    g = seeded_result(make, declare, "D1",
                      resolve=lambda acts: next(a for a in acts if a.kind == "resolve_combat" and a.naval == 0))
    while g.state.extra["combat"]["pending"]:
        g.do(legal_actions(g.state, g.state.active)[0])
    assert g.state.steps_lost[g.state.unit("a-leg")] == 1 and g.state.steps_lost[g.state.unit("g-leg")] == 0


def test_a_step_owed_by_a_unit_with_no_step_to_spare_is_taken_without_a_choice(fmusc):
    # a D1 against one reduced unit leaves no choice: it is eliminated at once
    def make(seed):
        g = game_at(fmusc, INLAND, phase="allied.combat", turn=2, seed=seed)
        g.state.steps_lost[g.state.unit("g-leg")] = 1
        return g

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"))), "D1")
    k = g.state.unit("g-leg")
    assert g.state.place[k] == -1 and "g-leg" in g.changes[-1].removed
    assert not [a for a in legal_actions(g.state, "german") if a.kind == "take_losses"]
