"""Result plans: eliminations, retreat choices, exchanges, step losses, stiff resistance and
advance after combat (D77-ADV-*, D77-NAV-11, FMU-AIRB-13/14/15)."""

from __future__ import annotations

import pytest

from ddaydesk.rules.combat import Declaration, Support, TurnInfo, assess, plan_result
from tests.rules.combat.conftest import Build


def attack(b: Build, ids, target: str, **kw):
    sit = b.sit(**{k: v for k, v in kw.items() if k in ("turn", "pools", "options", "stack_limit")})
    decl_kw = {k: v for k, v in kw.items() if k in ("kind", "support", "defenders")}
    a = assess(sit, Declaration(tuple(ids), b.board.index(target), **decl_kw))
    assert a.legal, a.refusals
    return sit, a


# ---- advance after combat (D-Day '77) --------------------------------------------------------
def test_armour_advances_after_vacating_a_clear_hex_D77_ADV_01(d77):
    # D77-ADV-01 rests on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("pz", "allied", d77.nb("0404", 0), 4, 4, type="armour")
    sit, a = attack(d77, ["pz"], "0404")
    plan = plan_result(sit, a, "DB2")
    assert plan.advance_units == ["pz"] and plan.advance_hex == d77.board.index("0404")  # D77-ADV-01


def test_undoubled_defender_no_advance_without_armour_rule_D77_ADV_02(d77):
    # D77-ADV-02 rests on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("pz", "allied", d77.nb("0404", 0), 8, 8, type="mechanised")
    d77.unit("inf", "allied", d77.nb("0404", 1), 8, 8, type="infantry")
    sit, a = attack(d77, ["pz", "inf"], "0404", options={"armoured_advance": False})
    assert plan_result(sit, a, "DE").advance_units == []  # base 11.5: defender was not doubled
    sit, a = attack(d77, ["pz", "inf"], "0404")
    plan = plan_result(sit, a, "DE")
    assert plan.advance_units == ["pz"]  # D77-ADV-02: armour needs no doubled defender
    assert "D77-ADV-02" in [n.rule for n in plan.notes]


def test_infantry_with_armour_may_not_advance_D77_ADV_03(d77):
    # D77-ADV-03 rests on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("pz", "allied", d77.nb("0404", 0), 6, 6, type="armour")
    d77.unit("inf", "allied", d77.nb("0404", 1), 4, 4, type="infantry")
    d77.unit("para", "allied", d77.nb("0404", 2), 3, 3, type="parachute")
    sit, a = attack(d77, ["pz", "inf", "para"], "0404")
    plan = plan_result(sit, a, "DB2")
    assert plan.advance_units == ["pz"]  # D77-ADV-03
    assert "D77-ADV-03" in [n.rule for n in plan.notes]


def test_everyone_may_advance_against_a_doubled_defender(d77):
    d77.unit("g", "german", "0402", 2, 2)  # city: doubled
    d77.unit("inf", "allied", d77.nb("0402", 0), 8, 8)
    sit, a = attack(d77, ["inf"], "0402")
    assert plan_result(sit, a, "DE").advance_units == ["inf"]


def test_no_advance_when_the_defender_stays(d77):
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("pz", "allied", d77.nb("0404", 0), 4, 4, type="armour")
    sit, a = attack(d77, ["pz"], "0404")
    assert plan_result(sit, a, "AB2").advance_units == []


# ---- eliminations and retreats ---------------------------------------------------------------
def test_eliminations(d77):
    d77.unit("g1", "german", "0404", 2, 2)
    d77.unit("g2", "german", "0404", 2, 2)
    d77.unit("a", "allied", d77.nb("0404", 0), 4, 4)
    sit, a = attack(d77, ["a"], "0404")
    assert plan_result(sit, a, "DE").eliminated == ["g1", "g2"]
    assert plan_result(sit, a, "AE").eliminated == ["a"]


def test_retreat_paths_are_listed_for_the_owner(d77):
    # STD-CRT-DB, our default (classic AH): DB2 retreats the defender two hexes
    d77.unit("g", "german", "0606", 4, 4)
    d77.unit("a", "allied", d77.nb("0606", 0), 4, 4)
    sit, a = attack(d77, ["a"], "0606")
    plan = plan_result(sit, a, "DB2")
    paths = plan.retreats["g"]
    assert plan.retreat_side == "german" and len(paths) > 1
    board, start = d77.board, d77.board.index("0606")
    ezoc = sit.zoc_of("allied")
    for p in paths:
        assert len(p) == 2 and board.distance(start, p[-1]) == 2
        assert not set(p) & ezoc  # never through the attacker's ZOC
    # every legal 2-hex path is offered: compare with a brute-force enumeration
    brute = {(x, y) for x in board.adj[start] for y in board.adj[x]
             if board.distance(start, x) == 1 and board.distance(start, y) == 2
             and x not in ezoc and y not in ezoc and board.terrain_of(x) != "sea" and board.terrain_of(y) != "sea"}
    assert set(paths) == brute


def test_ab2_retreats_the_attacker_two_hexes(d77):
    # STD-CRT-AB, our default (classic AH): AB2 sends every attacker back two hexes
    d77.unit("g", "german", "0606", 4, 4)
    d77.unit("a", "allied", d77.nb("0606", 0), 4, 4)
    sit, a = attack(d77, ["a"], "0606")
    plan = plan_result(sit, a, "AB2")
    board, start = d77.board, d77.board.index(d77.nb("0606", 0))
    assert plan.retreat_side == "allied" and plan.retreats["a"] and "g" not in plan.retreats
    assert {len(p) for p in plan.retreats["a"]} == {2}
    assert {board.distance(start, p[-1]) for p in plan.retreats["a"]} == {2}


def test_a_unit_that_cannot_retreat_is_eliminated(d77):
    d77.unit("g", "german", "0203", 4, 4)  # on the coast, Allied units all around
    board = d77.board
    for k, j in enumerate(board.adj[board.index("0203")]):
        if board.terrain_of(j) != "sea":
            d77.unit(f"a{k}", "allied", board.label(j), 4, 4)
    ids = [u.id for u in d77.units if u.side == "allied"]
    sit, a = attack(d77, ids, "0203")
    plan = plan_result(sit, a, "DB2")
    assert plan.eliminated == ["g"] and "g" not in plan.retreats
    assert "STD-RETREAT" in [n.rule for n in plan.notes]


def test_retreat_respects_the_stacking_limit(d77):
    d77.unit("g", "german", "0606", 4, 4)
    d77.unit("a", "allied", d77.nb("0606", 0), 4, 4)
    free = plan_result(*attack(d77, ["a"], "0606"), "DB2").retreats["g"]
    end = free[0][-1]
    d77.unit("g2", "german", d77.board.label(end), 4, 4)
    limited = plan_result(*attack(d77, ["a"], "0606", stack_limit=1), "DB2").retreats["g"]
    assert any(p[-1] == end for p in free) and all(p[-1] != end for p in limited)


# ---- exchanges (D-Day '77) -------------------------------------------------------------------
def test_exchange_by_printed_strength_naval_points_excluded_D77_NAV_11(d77):
    # D77-NAV-11 rests on base CRT exchange rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    sea = [d77.board.label(j) for j in d77.board.adj[d77.board.index("0203")]
           if d77.board.terrain_of(j) == "sea"]
    d77.unit("g", "german", "0203", 6, 6)
    d77.unit("a1", "allied", sea[0], 4, 4)
    d77.unit("a2", "allied", sea[1], 4, 4)
    sit, a = attack(d77, ["a1", "a2"], "0203", turn=TurnInfo(invasion_turn=True), support=Support(nbp=4))
    assert a.attack == 12
    plan = plan_result(sit, a, "EX")
    assert "g" in plan.eliminated
    assert plan.exchange_need == 6  # printed defence, not counting anything else
    # 8 ground factors must cover 6: both units go; the 4 NBPs cannot absorb any loss (D77-NAV-11)
    assert plan.exchange_options == [("a1", "a2")]
    assert [n.rule for n in plan.notes if "exchange" in n.text] == ["D77-NAV-11"]  # the note the log shows


def test_exchange_options_are_minimal_sets(d77):
    d77.unit("g", "german", "0404", 4, 4)
    for k, v in enumerate((5, 3, 2)):
        d77.unit(f"a{k}", "allied", d77.nb("0404", k), v, v)
    sit, a = attack(d77, ["a0", "a1", "a2"], "0404")
    plan = plan_result(sit, a, "EX")
    assert sorted(plan.exchange_options) == [("a0",), ("a1", "a2")]


def test_exchange_larger_than_the_attack_removes_every_attacker(d77):
    d77.unit("g", "german", "0402", 9, 9)
    d77.unit("a", "allied", d77.nb("0402", 0), 6, 6)
    sit, a = attack(d77, ["a"], "0402")
    assert set(plan_result(sit, a, "EX").eliminated) == {"g", "a"}


# ---- step losses and stiff resistance (Fire & Movement) -------------------------------------
def test_step_loss_reduces_then_eliminates(fmu):
    fmu.unit("g", "german", "0404", 4, 4, has_reduced_side=True)
    fmu.unit("r", "german", "0505", 2, 2, has_reduced_side=True, reduced=True)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 6, 6)
    fmu.unit("b", "allied", fmu.nb("0505", 0), 6, 6)
    sit, a = attack(fmu, ["a"], "0404")
    assert plan_result(sit, a, "D1").reduced == ["g"]
    sit, a = attack(fmu, ["b"], "0505")
    assert plan_result(sit, a, "D1").eliminated == ["r"]


def test_attacker_step_loss_is_the_owners_choice(fmu):
    # STD-FM-CRT, our default: A1 costs the attacker one step, EX one step each side
    fmu.unit("g", "german", "0404", 4, 4, has_reduced_side=True)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 6, 6, has_reduced_side=True)
    fmu.unit("b", "allied", fmu.nb("0404", 1), 6, 6, has_reduced_side=True)
    sit, a = attack(fmu, ["a", "b"], "0404")
    plan = plan_result(sit, a, "A1")
    assert [(c.side, c.steps, c.candidates) for c in plan.step_choices] == [("allied", 1, ("a", "b"))]
    ex = plan_result(sit, a, "EX")
    assert ex.reduced == ["g"] and ex.step_choices[0].candidates == ("a", "b")
    assert [(c.side, c.steps) for c in ex.step_choices] == [("allied", 1)]


def test_d1_reduces_the_defender_by_one_step(fmu):
    # STD-FM-CRT, our default (docs/rules/fire-and-movement.md): D1 costs the defender 1 step
    fmu.unit("g", "german", "0404", 4, 4, has_reduced_side=True)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 6, 6)
    sit, a = attack(fmu, ["a"], "0404")
    plan = plan_result(sit, a, "D1")
    assert plan.reduced == ["g"] and not plan.eliminated and not plan.retreats


def test_stiff_resistance_offered_on_retreat_results(fmu):
    # STD-FM-SR, our default (docs/rules/fire-and-movement.md): on a retreat result the defender may
    # hold the hex for 1 step instead; not on a result without a retreat
    fmu.unit("g", "german", "0404", 4, 4, has_reduced_side=True)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 6, 6)
    sit, a = attack(fmu, ["a"], "0404")
    plan = plan_result(sit, a, "D2")
    assert plan.stiff_resistance and plan.stiff_resistance_steps == 1 and plan.retreats["g"]
    assert not plan_result(sit, a, "D1").stiff_resistance
    assert plan.advance_units == ["a"]  # if the German retreats instead, the hex may be taken


# ---- the drop-hex attack (FMU-AIRB-12..15) ---------------------------------------------------
def drop(fmu: Build):
    fmu.unit("g", "german", "0404", 3, 3, has_reduced_side=True)
    fmu.unit("para", "allied", "0404", 3, 3, type="parachute", has_reduced_side=True)
    for k in range(2):
        fmu.unit(f"z{k}", "allied", fmu.nb("0404", k), 3, 3)  # Allied ZOC all around
    return attack(fmu, ["para"], "0404", kind="drop_hex", turn=TurnInfo(turn=1))


def test_drop_hex_attack_only_units_in_the_hex_FMU_AIRB_12(fmu):
    sit, a = drop(fmu)
    bad = assess(sit, Declaration(("para", "z0"), fmu.board.index("0404"), kind="drop_hex"))
    assert "FMU-AIRB-12" in {r.rule for r in bad.refusals}


def test_drop_hex_one_allied_marker_no_german_support_FMU_AIRB_13(fmu):
    # FMU-AIRB-13 rests on system stiff resistance rule, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    sit, a = drop(fmu)
    t = fmu.board.index("0404")
    one = assess(sit, Declaration(("para",), t, kind="drop_hex", support=Support(attacker_draws=("allied_ground",))))
    assert one.legal
    two = assess(sit, Declaration(("para",), t, kind="drop_hex",
                                  support=Support(attacker_draws=("allied_ground", "allied_air"))))
    assert "FMU-AIRB-13" in {r.rule for r in two.refusals}
    german = assess(sit, Declaration(("para",), t, kind="drop_hex", support=Support(defender_draws=("german",))))
    assert "FMU-AIRB-13" in {r.rule for r in german.refusals}
    assert not plan_result(sit, a, "D2").stiff_resistance  # FMU-AIRB-13: no stiff resistance


def test_drop_hex_retreats_may_ignore_ezoc_FMU_AIRB_14(fmu):
    sit, a = drop(fmu)
    plan = plan_result(sit, a, "D2")
    ezoc = sit.zoc_of("allied")
    assert any(set(p) & ezoc for p in plan.retreats["g"])  # FMU-AIRB-14


@pytest.mark.parametrize(("result", "dies"), [("NE", True), ("D1", True), ("D2", False), ("A1", True)],
                         ids=["FMU-AIRB-15-NE", "FMU-AIRB-15-D1", "FMU-AIRB-15-D2", "FMU-AIRB-15-A1"])
def test_drop_hex_attacker_dies_unless_the_german_goes(fmu, result, dies):
    sit, a = drop(fmu)
    plan = plan_result(sit, a, result)
    assert ("para" in plan.eliminated) == dies


def test_invading_units_with_a_retreat_result_are_eliminated(d77):
    sea = [d77.board.label(j) for j in d77.board.adj[d77.board.index("0203")]
           if d77.board.terrain_of(j) == "sea"]
    d77.unit("g", "german", "0203", 2, 2)
    d77.unit("s", "allied", sea[0], 4, 4)
    sit, a = attack(d77, ["s"], "0203")
    plan = plan_result(sit, a, "AB2")
    assert plan.eliminated == ["s"] and not plan.retreats
