"""D-Day '77 combat played through the action log: declare, answer, roll, choices."""

from __future__ import annotations

import pytest

from ddaydesk.engine import (
    STRATEGIC,
    SURPRISE,
    EndPhase,
    IllegalAction,
    Move,
    apply,
    current_phase,
    legal_actions,
)
from ddaydesk.rules.combat.actions import (
    Advance,
    DeclareAttack,
    ResolveCombat,
    Respond,
    Retreat,
    TakeLosses,
)
from ddaydesk.rules.combat.obligations import obligations
from tests.engine.conftest import at
from tests.rules.combat.conftest import first, game_at, seeded_result

BASIC = {"a-inf": "0403", "a-inf2": "0404", "a-arm": "0503", "g-inf": "0504", "a-hq": "0101"}


def pending(g):
    return g.state.extra["combat"]["pending"]


def test_attack_goes_through_the_log_and_undo_stops_at_the_roll(d77sc):
    g = game_at(d77sc, BASIC, phase="allied.combat")
    start = g.state.state_hash()
    decl = first(legal_actions(g.state, "allied"), "attack", target=at(d77sc, "0504"))
    assert decl.attackers == ("a-inf", "a-inf2", "a-arm")  # the largest group is listed
    g.do(decl)
    assert g.undo_problem() is None  # everything before the roll can be undone
    g.undo()
    assert g.state.state_hash() == start
    g.do(DeclareAttack("allied", ("a-inf",), at(d77sc, "0504")))  # any subset is accepted
    ch = g.do(first(legal_actions(g.state, "allied"), "resolve_combat"))
    assert [r.purpose for r in ch.dice] == ["combat at 0504: 1-1"]
    assert ch.notes[0].startswith("combat at 0504: 1-1 → ")
    assert g.undo_problem() == "the last action rolled dice: it cannot be undone"
    with pytest.raises(IllegalAction):
        g.undo()


def test_nothing_else_happens_while_a_combat_is_pending(d77sc):
    g = game_at(d77sc, BASIC, phase="allied.combat")
    g.do(DeclareAttack("allied", ("a-inf", "a-arm"), at(d77sc, "0504")))
    acts = legal_actions(g.state, "allied")
    assert {a.kind for a in acts} == {"resolve_combat"}  # no end_phase, no second declaration
    with pytest.raises(IllegalAction, match="roll it first"):
        apply(g.state, EndPhase("allied"))
    with pytest.raises(IllegalAction, match="roll it first"):
        apply(g.state, DeclareAttack("allied", ("a-inf2",), at(d77sc, "0504")))


def test_declarations_are_checked(d77sc):
    g = game_at(d77sc, {**BASIC, "g-inf2": "0705"}, phase="allied.combat")
    with pytest.raises(IllegalAction, match="not adjacent"):
        apply(g.state, DeclareAttack("allied", ("a-inf",), at(d77sc, "0705")))
    with pytest.raises(IllegalAction, match="not a allied unit"):
        apply(g.state, DeclareAttack("allied", ("g-inf",), at(d77sc, "0504")))
    with pytest.raises(IllegalAction, match="no unit 'nobody'"):
        apply(g.state, DeclareAttack("allied", ("nobody",), at(d77sc, "0504")))
    with pytest.raises(IllegalAction, match="no attack strength"):
        apply(g.state, DeclareAttack("allied", ("a-hq",), at(d77sc, "0504")))


def test_each_unit_attacks_once_and_each_hex_is_attacked_once_per_phase(d77sc):
    # both Allied units stand next to both German hexes; a-inf is thrown back (AB2)
    units = {"a-inf": "0404", "a-inf2": "0505", "g-inf": "0504", "g-inf2": "0405"}

    def make(seed):
        return game_at(d77sc, units, phase="allied.combat", seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-inf",), at(d77sc, "0405"))), "AB2")
    while pending(g):
        g.do(legal_actions(g.state, g.state.active)[0])
    assert g.state.place[g.state.unit("g-inf2")] == at(d77sc, "0405")
    decls = [a for a in legal_actions(g.state, "allied") if a.kind == "attack"]
    assert decls == [DeclareAttack("allied", ("a-inf2",), at(d77sc, "0504"))]
    with pytest.raises(IllegalAction, match="0405 has already been attacked this phase"):
        apply(g.state, DeclareAttack("allied", ("a-inf2",), at(d77sc, "0405")))
    with pytest.raises(IllegalAction, match="a-inf has already attacked this phase"):
        apply(g.state, DeclareAttack("allied", ("a-inf",), at(d77sc, "0504")))


def test_units_ending_in_enemy_zoc_must_attack_D77_ZOC_04(d77sc):
    # armour in an infantry ZOC under the armoured-ZOC option still has to attack
    # D77-ZOC-04 rests on base attack/ZOC rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    g = game_at(d77sc, {"a-arm": "0503", "g-inf": "0504"}, phase="allied.combat", options={"armoured_zoc": True})
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "end_phase"]
    owed = obligations(g.state, current_phase(g.state))  # the list the window shows, with the attack that settles it
    assert [(o.rule, o.units, o.attacks) for o in owed] == [
        ("D77-ZOC-04", ("a-arm",), ((at(d77sc, "0504"), ("a-arm",), "normal"),))]
    with pytest.raises(IllegalAction, match=r"a-arm is in an enemy zone of control and must attack \(D77-ZOC-04\)"):
        apply(g.state, EndPhase("allied"))
    g.do(DeclareAttack("allied", ("a-arm",), at(d77sc, "0504")))
    g.do(first(legal_actions(g.state, "allied"), "resolve_combat"))
    while pending(g):
        g.do(legal_actions(g.state, g.state.active)[0])
    assert EndPhase("allied") in legal_actions(g.state, "allied")


def test_exchange_the_attacker_picks_a_minimal_loss_set(d77sc):
    def make(seed):
        return game_at(d77sc, BASIC, phase="allied.combat", seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-inf", "a-inf2", "a-arm"), at(d77sc, "0504"))),
                      "EX")
    assert g.state.status[g.state.unit("g-inf")] == "eliminated"
    acts = legal_actions(g.state, "allied")
    assert [a.units for a in acts if a.kind == "take_losses"] == [("a-inf",), ("a-inf2",), ("a-arm",)]
    with pytest.raises(IllegalAction, match="at least 4 printed attack factors"):
        apply(g.state, TakeLosses("allied", ("a-inf", "a-inf2")))
    ch = g.do(TakeLosses("allied", ("a-inf2",)))
    assert ch.removed == ["a-inf2"]


def test_retreat_the_owner_picks_a_listed_path_then_armour_advances_D77_ADV_01_02_03(d77sc):
    # D77-ADV-01, D77-ADV-02, D77-ADV-03 rest on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    def make(seed):
        return game_at(d77sc, BASIC, phase="allied.combat", seed=seed, options={"armoured_advance": True})

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-inf", "a-inf2", "a-arm"), at(d77sc, "0504"))),
                      "DB2")
    assert g.state.active == "german"  # the owner chooses the retreat
    retreats = [a for a in legal_actions(g.state, "german") if a.kind == "retreat"]
    assert retreats and all(len(r.via) == 2 for r in retreats)
    board = d77sc.board
    assert all(board.distance(at(d77sc, "0504"), r.via[1]) == 2 for r in retreats)
    with pytest.raises(IllegalAction, match="must retreat 2 hexes"):
        apply(g.state, Retreat("german", "g-inf", (at(d77sc, "0505"),)))
    ch = g.do(retreats[0])
    assert ch.moved[0][2] == retreats[0].via[-1]
    # D77-ADV-02: the defender was not doubled, yet armour may advance; D77-ADV-03: infantry may not
    assert g.state.active == "allied"
    advances = [a.units for a in legal_actions(g.state, "allied") if a.kind == "advance"]
    assert advances == [(), ("a-arm",)]
    with pytest.raises(IllegalAction, match="only a-arm may advance"):
        apply(g.state, Advance("allied", ("a-inf",)))
    ch = g.do(Advance("allied", ("a-arm",)))  # D77-ADV-01
    assert g.state.place[g.state.unit("a-arm")] == at(d77sc, "0504")
    assert ch.notes == ["advance after combat into 0504: a-arm"]  # what the log says
    assert pending(g) is None


def test_without_the_option_nobody_advances_against_an_undoubled_defender(d77sc):
    def make(seed):
        return game_at(d77sc, BASIC, phase="allied.combat", seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-inf", "a-inf2", "a-arm"), at(d77sc, "0504"))),
                      "DB2")
    g.do(first(legal_actions(g.state, "german"), "retreat"))
    assert pending(g) is None and g.state.active == "allied"


def test_infantry_advances_against_a_doubled_defender(d77sc):
    units = {"a-inf": "0505", "a-inf2": "0506", "a-arm": "0604", "g-inf": "0605"}  # 0605 is a city

    def make(seed):
        return game_at(d77sc, units, phase="allied.combat", seed=seed)

    g = seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("a-inf", "a-inf2", "a-arm"), at(d77sc, "0605"))),
                      "DE")
    advances = [a.units for a in legal_actions(g.state, "allied") if a.kind == "advance"]
    assert ("a-inf", "a-inf2", "a-arm") in advances


def test_close_defensive_support_is_answered_per_announced_attack_D77_AIR_16_20_21(d77sc):
    # D77-AIR-16 rests on base rule 27.14, not in the seeds: proven against our default (docs/rules/dday77.md)
    units = {"a-inf": "0403", "a-hq": "0401", "g-arm": "0504"}
    g = game_at(d77sc, units, phase="german.combat", options={"tactical_air": True})
    g.do(DeclareAttack("german", ("g-arm",), at(d77sc, "0403")))
    assert g.state.active == "allied"  # D77-AIR-20: decided as the attack is announced
    assert legal_actions(g.state, "allied") == [Respond("allied", cds=False), Respond("allied", cds=True)]
    assert legal_actions(g.state, "german") == []
    with pytest.raises(IllegalAction, match="answers the attack on 0403 first"):
        apply(g.state, ResolveCombat("german"))
    g.do(Respond("allied", cds=True))
    assert g.state.extra["combat"]["air_left"] == 9  # D77-AIR-21: spent on commitment
    assert g.undo_problem()  # the other player's answer is not undone by the attacker
    ch = g.do(ResolveCombat("german"))
    assert "(8:5, die" in ch.notes[0]  # D77-AIR-17/18: +1, not doubled
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "respond"]


def test_no_cds_without_air_factors_left_from_the_allied_half_D77_AIR_22(d77sc):
    units = {"a-inf": "0403", "a-hq": "0401", "g-arm": "0504"}
    spent = {"turn": 1, "nbp_left": 0, "air_left": 0, "cups": {}, "naval_left": [], "mines_aside": None,
             "auto_blocked": []}
    g = game_at(d77sc, units, phase="german.combat", options={"tactical_air": True}, extra=spent)
    g.do(DeclareAttack("german", ("g-arm",), at(d77sc, "0403")))
    assert pending(g)["stage"] == "roll" and g.state.active == "german"


def test_close_attack_support_is_stated_at_the_roll_D77_AIR_10_and_needs_an_hq_D77_AIR_11(d77sc):
    g = game_at(d77sc, BASIC, phase="allied.combat", options={"tactical_air": True})
    g.do(DeclareAttack("allied", ("a-inf", "a-inf2"), at(d77sc, "0504")))
    cas = sorted(a.cas for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat")
    assert cas == [0, 1, 2, 3, 4]  # D77-AIR-05/06: 8 ground factors allow 4
    ch = g.do(ResolveCombat("allied", cas=3))
    assert "(11:4, die" in ch.notes[0]
    assert g.state.extra["combat"]["air_left"] == 7  # D77-AIR-09
    no_hq = {k: v for k, v in BASIC.items() if k != "a-hq"}
    g = game_at(d77sc, no_hq, phase="allied.combat", options={"tactical_air": True})
    g.do(DeclareAttack("allied", ("a-inf", "a-inf2"), at(d77sc, "0504")))
    assert [a for a in legal_actions(g.state, "allied")] == [ResolveCombat("allied")]
    with pytest.raises(IllegalAction, match="D77-AIR-11"):
        apply(g.state, ResolveCombat("allied", cas=1))


def test_naval_bombardment_on_an_invasion_turn_D77_NAV_01_02_04(d77sc):
    units = {"a-inf": "0904", "a-inf2": "0905", "g-inf": "0804", "g-inf2": "0806"}  # 09xx is sea
    g = game_at(d77sc, units, phase="allied.combat", options={"naval_bombardment": True})
    g.do(DeclareAttack("allied", ("a-inf", "a-inf2"), at(d77sc, "0804")))
    nbp = sorted(a.nbp for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat")
    assert nbp == [0, 1, 2, 3, 4]
    ch = g.do(ResolveCombat("allied", nbp=4))
    assert "(12:4, die" in ch.notes[0]  # D77-NAV-03
    assert g.state.extra["combat"]["nbp_left"] == 6  # D77-NAV-04: the rest for other attacks
    # a land attack may not use them (D77-NAV-02), and a non-invasion turn has none (D77-NAV-01)
    g = game_at(d77sc, BASIC, phase="allied.combat", options={"naval_bombardment": True})
    g.do(DeclareAttack("allied", ("a-inf", "a-inf2"), at(d77sc, "0504")))
    assert legal_actions(g.state, "allied") == [ResolveCombat("allied")]


def test_strategic_movers_attack_only_as_surprise_units_D77_SURP_02(d77sc):
    # D77-SURP-02 rests on base Strategic Movement rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    g = game_at(d77sc, {"a-inf": "0403", "a-arm": "0503", "g-inf": "0504"}, phase="allied.combat",
                options={"surprise_attack": True})
    s = g.state
    s.flags[s.unit("a-arm")] |= STRATEGIC
    s._cache.clear()
    assert first(legal_actions(s, "allied"), "attack").attackers == ("a-inf",)
    with pytest.raises(IllegalAction, match="D77-SURP-02"):
        apply(s, DeclareAttack("allied", ("a-inf", "a-arm"), at(d77sc, "0504")))
    s.flags[s.unit("a-arm")] |= SURPRISE
    s._cache.clear()
    assert first(legal_actions(s, "allied"), "attack").attackers == ("a-inf", "a-arm")


def test_the_defender_may_not_move_or_act_out_of_turn(d77sc):
    g = game_at(d77sc, BASIC, phase="allied.combat")
    with pytest.raises(IllegalAction):
        apply(g.state, DeclareAttack("german", ("g-inf",), at(d77sc, "0403")))
    with pytest.raises(IllegalAction):
        apply(g.state, Move("german", "g-inf", at(d77sc, "0605")))
