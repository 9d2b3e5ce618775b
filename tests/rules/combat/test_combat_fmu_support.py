"""Utah Beach support fire markers, naval gunfire, beach assaults and flak (FMU-SFM-*,
FMU-NGS-*, FMU-BEACH-*, FMU-FLAK-01, FMU-AREIN-08/09)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from ddaydesk.rules.combat import Declaration, Marker, Support, TurnInfo, assess, draw, plan_result
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.distribution import marker_totals, outcome_distribution
from tests.rules.combat.conftest import Build


def rules(a) -> set[str]:
    return {r.rule for r in a.refusals}


def values(cup) -> Counter:
    return Counter(m.value for m in cup if not m.mines)


# ---- cups ------------------------------------------------------------------------------------
def test_german_cup_FMU_SFM_01():
    cups = sup.initial_cups()
    assert values(cups["german"]) == Counter({1: 1, 2: 1, 3: 2, 4: 3, 5: 2, 6: 2})  # FMU-SFM-01
    assert sum(1 for m in cups["german"] if not m.mines) == 11


def test_allied_markers_FMU_SFM_08():
    # FMU-SFM-08 rests on system rules 7.0 and 8.0; which markers carry the aircraft icon is printed on the counters, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    cups = sup.initial_cups()
    both = values(cups["allied_air"]) + values(cups["allied_ground"])
    assert both == Counter({2: 3, 3: 4, 4: 1, 5: 1, 6: 5, 8: 4, 10: 2})  # FMU-SFM-08
    assert sum(both.values()) == 20


def test_allied_two_cups_by_aircraft_icon_FMU_SFM_09():
    cups = sup.initial_cups()
    assert all(m.aircraft for m in cups["allied_air"])  # FMU-SFM-09
    assert not any(m.aircraft for m in cups["allied_ground"])
    # which markers have the icon is printed only on the counters: our default split
    assert values(cups["allied_air"]) == Counter({5: 1, 8: 4, 10: 2})
    assert values(cups["allied_ground"]) == Counter({2: 3, 3: 4, 4: 1, 6: 5})
    assert sup.cup_side("allied_air") == sup.cup_side("allied_ground") == "allied"


def test_german_cup_holds_the_mines_marker_FMU_SFM_03():
    mines = [m for m in sup.initial_cups()["german"] if m.mines]
    assert len(mines) == 1 and mines[0].id == "mines"


def test_one_or_two_markers_per_side_FMU_SFM_02(fmu):
    # FMU-SFM-02 rests on system rules 8.1 and 8.2.1, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    sit = fmu.sit()
    t = fmu.board.index("0404")
    two = Support(attacker_draws=("allied_air", "allied_ground"), defender_draws=("german", "german"))
    assert assess(sit, Declaration(("a",), t, support=two)).legal
    three = Support(attacker_draws=("allied_air", "allied_ground", "allied_ground"))
    assert "FMU-SFM-02" in rules(assess(sit, Declaration(("a",), t, support=three)))
    assert "FMU-SFM-02" in rules(assess(sit, Declaration(("a",), t, support=Support(
        defender_draws=("german",) * 3))))


def test_side_draws_only_from_its_own_cups_FMU_SFM_09(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    a = assess(fmu.sit(), Declaration(("a",), fmu.board.index("0404"), support=Support(attacker_draws=("german",))))
    assert "FMU-SFM-09" in rules(a)


def test_mines_use_or_redraw_FMU_SFM_03():
    mines = Marker("mines", 2, "german", mines=True)
    four = Marker("g4", 4, "german")
    cups = {"german": (mines, four)}
    assert marker_totals(cups, ("german",), "use", False) == {2: Fraction(1, 2), 4: Fraction(1, 2)}
    # put aside and draw again: the +4 always comes out (FMU-SFM-03)
    assert marker_totals(cups, ("german",), "redraw", False) == {4: Fraction(1)}
    picks = iter([0, 0])
    d = draw(cups, ("german",), "redraw", lambda n: next(picks))
    assert d.markers == (four,) and d.set_aside == (mines,) and d.cups["german"] == ()


def test_mines_never_bombards_FMU_SFM_03(fmu):
    fmu.unit("g", "german", "0303", 3, 3)
    fmu.unit("a", "allied", "0404", 3, 3)
    mines = Marker("mines", 2, "german", mines=True)
    assert not sup.bombardment_in_range(fmu.sit(), mines, "german", fmu.board.index("0404"))


def test_set_aside_mines_played_in_addition_FMU_SFM_04(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    mines = Marker("mines", 2, "german", mines=True)
    sit = fmu.sit()
    aside = replace(sit, pools=replace(sit.pools, mines_aside=mines))
    t = fmu.board.index("0404")
    a = assess(aside, Declaration(("a",), t, support=Support(defender_draws=("german", "german"),
                                                             defender_mines=True)))
    assert a.legal and a.defence == 4 + 2  # FMU-SFM-04: on top of two drawn markers
    assert "FMU-SFM-04" in rules(assess(sit, Declaration(("a",), t, support=Support(defender_mines=True))))


def test_set_aside_mines_is_back_in_the_cup_next_gt_FMU_SFM_04():
    # A new GT starts from full cups: the Mines marker is in the German cup again.
    assert any(m.mines for m in sup.initial_cups()["german"])  # FMU-SFM-04


@pytest.mark.parametrize(("cup", "reach"), [("german", 2), ("allied_ground", 2), ("allied_air", None)],
                         ids=["FMU-SFM-05", "FMU-SFM-10", "FMU-SFM-11"])
def test_bombardment_ranges(fmu, cup, reach):
    side = sup.cup_side(cup)
    other = "allied" if side == "german" else "german"
    fmu.unit("own", side, "0106" if False else "0306", 3, 3)
    board = fmu.board
    own = board.index("0306")
    two = next(i for i in range(board.n) if board.distance(own, i) == 2)
    three = next(i for i in range(board.n) if board.distance(own, i) == 3)
    fmu.unit("t2", other, board.label(two), 3, 3)
    fmu.unit("t3", other, board.label(three), 3, 3)
    m = next(m for m in sup.initial_cups()[cup] if not m.mines)
    sit = fmu.sit()
    assert sup.bombardment_in_range(sit, m, side, two)
    assert sup.bombardment_in_range(sit, m, side, three) == (reach is None)


def test_german_markers_lost_for_captured_edge_hexes_FMU_SFM_06():
    assert sup.german_markers_lost({"2501": 4}, 5) == 1  # FMU-SFM-06: GT 4 capture, GT 5 cup 10
    assert sup.german_markers_lost({"2501": 4}, 4) == 0
    assert sup.german_markers_lost({"2501": 4, "0401": 2, "2901": 6}, 7) == 3
    lost = ("german+4#1",)
    assert sum(1 for m in sup.initial_cups(lost=lost)["german"] if not m.mines) == 10


def test_hex_2301_costs_nothing_and_recapture_restores_nothing_FMU_SFM_07():
    assert sup.german_markers_lost({"2301": 3}, 9) == 0  # FMU-SFM-07
    # a German recapture does not remove the first capture from the record: still lost
    assert sup.german_markers_lost({"2501": 4}, 9) == 1


def test_campaign_markers_support_their_own_nationality_FMU_SFM_12(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("br", "allied", fmu.nb("0404", 0), 4, 4, nationality="british")
    sit = fmu.sit(options={"campaign": True})
    us_cups = {"us_air": sup.initial_cups()["allied_air"]}
    sit = replace(sit, pools=replace(sit.pools, cups={**sit.pools.cups, **us_cups}))
    a = assess(sit, Declaration(("br",), fmu.board.index("0404"), support=Support(attacker_draws=("us_air",))))
    assert "FMU-SFM-12" in rules(a)  # FMU-SFM-12, FMU-CAMP-11: U.S. markers never back British units
    fmu.units[-1] = replace(fmu.units[-1], nationality="us")
    us = replace(fmu.sit(options={"campaign": True}), pools=sit.pools)
    assert assess(us, Declaration(("br",), fmu.board.index("0404"), support=Support(attacker_draws=("us_air",)))).legal
    assert sup.cup_side("german") == "german" and sup.cup_side("us_air") == "allied"


def test_the_campaign_german_keeps_one_cup_holding_every_german_marker_FMU_CAMP_10():
    # FMU-CAMP-10, in the campaign game as it starts: one German cup, all eleven markers and Mines
    from ddaydesk.engine import Game
    from ddaydesk.rules.fmu.support import combat_pools
    from tests.rules.fmu.fmu_helpers import CAMPAIGN, scenario

    g = Game(scenario(CAMPAIGN), 1)
    assert g.state.options["campaign"] is True
    cups = combat_pools(g.state)["cups"]
    assert [n for n in cups if sup.cup_side(n) == "german"] == ["german"]
    german = cups["german"]
    assert sorted(m["value"] for m in german if not m["mines"]) == [1, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    assert [m["id"] for m in german if m["mines"]] == ["mines"]
    assert all(m["id"].startswith("german") for m in german if not m["mines"])
    assert not any(m["id"].startswith("german") for n in cups if n != "german" for m in cups[n])


# ---- naval gunfire ---------------------------------------------------------------------------
def test_six_plus_7_naval_markers_chosen_not_drawn_FMU_NGS_01():
    naval = sup.naval_markers(1)
    assert [m.value for m in naval] == [7] * 6 and all(m.naval for m in naval)  # FMU-NGS-01
    assert not any(m.naval for cup in sup.initial_cups().values() for m in cup)
    assert sup.naval_markers(2) == ()  # the GT 1 markers, only on GT 1 (FMU-NGS-04)


def test_naval_markers_gone_after_gt1_FMU_NGS_04():
    assert sup.naval_markers(2) == ()  # FMU-NGS-04


def beach(fmu: Build, turn: int = 1, german_next: bool = True, n: int = 2):
    for k in range(n):
        fmu.unit(f"u{k}", "allied", "0203", 3, 3, has_reduced_side=True)
    if german_next:
        fmu.unit("g", "german", "0303", 4, 4)
    return fmu.sit(turn=TurnInfo(turn=turn), beach_places=frozenset(fmu.board.index(f"02{r:02d}")
                                                                     for r in range(1, 7)))


def test_naval_gunfire_on_gt1_beach_assaults_only_FMU_NGS_02(fmu):
    sit = beach(fmu)
    t = fmu.board.index("0203")
    ok = assess(sit, Declaration(("u0", "u1"), t, kind="beach_assault", support=Support(naval=2)))
    assert ok.legal and ok.attack == 6 + 14 and ok.attack_lines[-1].rule == "FMU-NGS-01"
    inland = assess(sit, Declaration(("u0",), fmu.board.index("0303"), support=Support(naval=1)))
    assert "FMU-NGS-02" in rules(inland)
    gt2 = Build(fmu.board, "fmu")
    sit2 = beach(gt2, turn=2)
    late = assess(sit2, Declaration(("u0", "u1"), t, kind="beach_assault", support=Support(naval=1)))
    assert "FMU-NGS-02" in rules(late)


def test_naval_gunfire_counts_toward_two_markers_FMU_NGS_03(fmu):
    sit = beach(fmu)
    t = fmu.board.index("0203")
    ok = assess(sit, Declaration(("u0", "u1"), t, kind="beach_assault",
                                 support=Support(naval=1, attacker_draws=("allied_ground",))))
    assert ok.legal
    third = assess(sit, Declaration(("u0", "u1"), t, kind="beach_assault",
                                    support=Support(naval=1, attacker_draws=("allied_ground", "allied_air"))))
    assert "FMU-NGS-03" in rules(third)


# ---- beach assault ---------------------------------------------------------------------------
def test_every_unit_in_the_beach_hex_assaults_FMU_BEACH_01(fmu):
    sit = beach(fmu)
    t = fmu.board.index("0203")
    assert assess(sit, Declaration(("u0", "u1"), t, kind="beach_assault")).legal
    assert "FMU-BEACH-01" in rules(assess(sit, Declaration(("u0",), t, kind="beach_assault")))
    inland = assess(sit, Declaration(("u0", "u1"), fmu.board.index("0404"), kind="beach_assault"))
    assert "FMU-BEACH-01" in rules(inland)


def test_both_sides_use_markers_in_a_beach_assault_FMU_BEACH_02(fmu):
    sit = beach(fmu)
    a = assess(sit, Declaration(("u0", "u1"), fmu.board.index("0203"), kind="beach_assault",
                                support=Support(attacker_draws=("allied_air",), defender_draws=("german",))))
    assert a.legal  # FMU-BEACH-02: the German is offered support markers
    dist = outcome_distribution(a, sit.pools.cups)
    assert dist.defender_markers and sum(dist.results.values()) == 1


def test_beach_line_by_ezoc_FMU_BEACH_03(fmu):
    # FMU-BEACH-03 rests on system CRT beach assault lines, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    sit = beach(fmu, german_next=True)
    a = assess(sit, Declaration(("u0", "u1"), fmu.board.index("0203"), kind="beach_assault"))
    assert a.table == "beach_within_ezoc"  # FMU-BEACH-03
    quiet = beach(Build(fmu.board, "fmu"), german_next=False)
    b = assess(quiet, Declaration(("u0", "u1"), fmu.board.index("0203"), kind="beach_assault"))
    assert b.table == "beach_not_in_ezoc"  # FMU-BEACH-03


def test_beach_differential_uses_defence_zero_FMU_BEACH_04(fmu):
    # FMU-BEACH-04 rests on system combat differential rule, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    fmu.unit("u0", "allied", "0203", 7, 7)
    sit = fmu.sit(beach_places=frozenset({fmu.board.index("0203")}))
    four = Marker("x", 4, "allied_ground")
    cups = {"allied_ground": (four,)}
    sit = replace(sit, pools=replace(sit.pools, cups=cups))
    a = assess(sit, Declaration(("u0",), fmu.board.index("0203"), kind="beach_assault",
                                support=Support(attacker_draws=("allied_ground",))))
    assert a.defence == 0 and a.defence_lines[0].rule == "FMU-BEACH-04"
    dist = outcome_distribution(a, cups)
    assert dist.columns == {"+10..+12": 1}  # 7 + 4 - 0 = 11 (FMU-BEACH-04)


def test_beach_retreat_results_reduce_every_assaulter_FMU_BEACH_05(fmu):
    sit = beach(fmu)
    a = assess(sit, Declaration(("u0", "u1"), fmu.board.index("0203"), kind="beach_assault"))
    for code in ("D2", "D3"):
        plan = plan_result(sit, a, code)
        assert plan.reduced == ["u0", "u1"] and not plan.retreats  # FMU-BEACH-05
    assert plan_result(sit, a, "NE").reduced == []


def test_off_the_beach_d2_and_d3_retreat_the_defender_2_and_3_hexes_FMU_BEACH_05(fmu):
    # FMU-BEACH-05's contrast: the same results in an ordinary attack retreat the defender
    # (our default for the F&M CRT: D2 two hexes, D3 three), and reduce nobody
    fmu.unit("g", "german", "0404", 4, 4, has_reduced_side=True)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 9, 6)
    sit = fmu.sit()
    a = assess(sit, Declaration(("a",), fmu.board.index("0404")))
    for code, hexes in (("D2", 2), ("D3", 3)):
        plan = plan_result(sit, a, code)
        assert plan.reduced == [] and plan.retreats["g"]
        assert {len(path) for path in plan.retreats["g"]} == {hexes}, code


def test_beachhead_marker_lost_when_all_assaulters_die_FMU_BEACH_06(fmu):
    fmu.unit("u0", "allied", "0203", 2, 2, has_reduced_side=True, reduced=True)
    fmu.unit("u1", "allied", "0203", 2, 2, has_reduced_side=True, reduced=True)
    sit = fmu.sit(beach_places=frozenset({fmu.board.index("0203")}))
    a = assess(sit, Declaration(("u0", "u1"), fmu.board.index("0203"), kind="beach_assault"))
    plan = plan_result(sit, a, "D2")
    assert plan.eliminated == ["u0", "u1"] and plan.beachhead_lost  # FMU-BEACH-06
    assert not plan_result(sit, a, "NE").beachhead_lost


def test_bombarding_a_beach_stack_targets_one_unit_FMU_BEACH_07(fmu):
    sit = beach(fmu, n=3)
    units, choose = sup.bombardment_targets(sit, fmu.board.index("0203"), "german")
    assert units == ["u0", "u1", "u2"] and choose  # FMU-BEACH-07
    _, single = sup.bombardment_targets(sit, fmu.board.index("0303"), "allied")
    assert not single


def test_one_unit_of_a_beach_stack_per_attacked_hex_FMU_AREIN_08(fmu):
    sit = beach(fmu)
    t = fmu.board.index("0303")
    assert "FMU-AREIN-08" in rules(assess(sit, Declaration(("u0", "u1"), t)))
    assert assess(sit, Declaration(("u0",), t)).legal


def test_stacked_beach_hex_defends_with_one_chosen_unit_FMU_AREIN_09(fmu):
    sit = beach(fmu)
    t = fmu.board.index("0203")
    assert "FMU-AREIN-09" in rules(assess(sit, Declaration(("g",), t)))
    a = assess(sit, Declaration(("g",), t, defenders=("u1",)))
    assert a.legal and a.defenders == ("u1",) and plan_result(sit, a, "D1").reduced == ["u1"]


# ---- flak ------------------------------------------------------------------------------------
def test_flak_halves_aircraft_markers_rounding_up_FMU_FLAK_01(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("aa", "german", fmu.nb("0404", 3), 1, 1, type="anti_aircraft")
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    sit = fmu.sit()
    assert sup.flak_applies(sit, fmu.board.index("0404"))
    five, ten = Marker("p5", 5, "allied_air", aircraft=True), Marker("p10", 10, "allied_air", aircraft=True)
    ground = Marker("g5", 5, "allied_ground")
    assert (sup.marker_value(five, True), sup.marker_value(ten, True)) == (3, 5)  # FMU-FLAK-01
    assert sup.marker_value(ground, True) == 5
    assert not sup.flak_applies(fmu.sit(options={"flak": False}), fmu.board.index("0404"))
    far = Build(fmu.board, "fmu")
    far.unit("g", "german", "0404", 4, 4)
    far.unit("aa", "german", "0606", 1, 1, type="anti_aircraft")
    assert not sup.flak_applies(far.sit(), far.board.index("0404"))
    cups = {"allied_air": (five,)}
    sit = replace(sit, pools=replace(sit.pools, cups=cups))
    a = assess(sit, Declaration(("a",), fmu.board.index("0404"), support=Support(attacker_draws=("allied_air",))))
    assert a.flak and outcome_distribution(a, cups).attacker_markers == {3: 1}


def test_campaign_naval_gunfire_backs_its_own_nationality_FMU_CAMP_11(fmu):
    fmu.unit("u0", "allied", "0203", 3, 3)
    sit = fmu.sit(options={"campaign": True}, turn=TurnInfo(turn=1),
                  beach_places=frozenset({fmu.board.index("0203")}))
    cw = replace(sit, pools=replace(sit.pools, naval_left=sup.naval_markers(1, nationality="commonwealth")))
    t = fmu.board.index("0203")
    a = assess(cw, Declaration(("u0",), t, kind="beach_assault", support=Support(naval=1)))
    assert "FMU-CAMP-11" in rules(a)  # a CW naval marker cannot back a U.S. beach assault
    us = replace(sit, pools=replace(sit.pools, naval_left=sup.naval_markers(1, nationality="us")))
    assert assess(us, Declaration(("u0",), t, kind="beach_assault", support=Support(naval=1))).legal


def test_a_commonwealth_cup_backs_british_and_canadian_units_alike_and_no_us_unit_FMU_CAMP_11_FMU_SFM_12():
    from types import SimpleNamespace as U

    from ddaydesk.rules.combat.support import _nationality_ok

    ca, gb, us = U(nationality="canadian"), U(nationality="british"), U(nationality="us")
    assert _nationality_ok("british_ground", [gb, ca]) and _nationality_ok("canadian_air", [gb, ca])
    assert not _nationality_ok("british_ground", [gb, us]) and not _nationality_ok("us_air", [ca])
    assert _nationality_ok("us_air", [us]) and _nationality_ok("german", [us, ca])  # the German cup: any
