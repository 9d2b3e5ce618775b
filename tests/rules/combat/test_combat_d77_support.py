"""D-Day '77 strengths: terrain, fortress isolation, naval bombardment, tactical air (D77-NAV-*,
D77-AIR-*, D77-FORT-*)."""

from __future__ import annotations

import pytest

from ddaydesk.rules.combat import Declaration, Pools, Support, TurnInfo, assess
from ddaydesk.rules.combat import support as sup
from tests.rules.combat.conftest import D77_ROWS, Build, make_board, river_around

INVASION = TurnInfo(turn=1, invasion_turn=True)


def rules(a) -> set[str]:
    return {r.rule for r in a.refusals}


def sea_and_coast(b: Build) -> tuple[list[str], str]:
    """Coast hex 0203 and its all-sea neighbours."""
    sea = [b.board.label(j) for j in b.board.adj[b.board.index("0203")] if b.board.terrain_of(j) == "sea"]
    return sea, "0203"


# ---- terrain ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("hex_", "mult", "rule"), [
    ("0402", 2, "STD-TEC-CITY"), ("0502", 3, "D77-FORT-02"), ("0702", 2, "STD-TEC-MOUNTAIN"),
    ("0404", 1, None)])
def test_terrain_multiplies_the_defence(d77, hex_, mult, rule):
    d77.unit("g", "german", hex_, 4, 4)
    d77.unit("a", "allied", d77.nb(hex_, 0), 6, 6)
    a = assess(d77.sit(), Declaration(("a",), d77.board.index(hex_)))
    assert a.defence == 4 * mult
    assert [line.rule for line in a.defence_lines[1:]] == ([rule] if rule else [])


def test_fortified_zone_doubles_german_defenders_only(d77):
    d77.unit("g", "german", "0602", 4, 4)
    d77.unit("a", "allied", d77.nb("0602", 0), 6, 6)
    assert assess(d77.sit(), Declaration(("a",), d77.board.index("0602"))).defence == 8
    allied = Build(d77.board, "dday77")
    allied.unit("a", "allied", "0602", 4, 4)
    allied.unit("g", "german", d77.nb("0602", 0), 6, 6)
    assert assess(allied.sit(), Declaration(("g",), d77.board.index("0602"))).defence == 4


def test_river_doubles_only_when_every_attacker_crosses_it():
    b = Build(river_around("dday77", D77_ROWS, "0605"), "dday77")
    b.unit("g", "german", "0605", 3, 3)
    b.unit("a1", "allied", b.nb("0605", 0), 4, 4)
    b.unit("a2", "allied", b.nb("0605", 1), 4, 4)
    a = assess(b.sit(), Declaration(("a1", "a2"), b.board.index("0605")))
    assert a.defence == 6 and a.defence_lines[-1].rule == "STD-TEC-RIVER"


def test_air_factors_do_not_undouble_a_river_D77_AIR_07():
    b = Build(river_around("dday77", D77_ROWS, "0605"), "dday77")
    b.unit("hq", "allied", "0805", 0, 1, type="hq", zoc=False)
    b.unit("g", "german", "0605", 3, 3)
    b.unit("a1", "allied", b.nb("0605", 0), 4, 4)
    b.unit("a2", "allied", b.nb("0605", 1), 4, 4)
    a = assess(b.sit(), Declaration(("a1", "a2"), b.board.index("0605"), support=Support(cas=2)))
    assert a.legal and a.defence == 6 and a.attack == 10  # D77-AIR-07: still doubled


def test_fortress_isolated_against_its_will_defends_at_printed_strength_D77_FORT_01(d77):
    # D77-FORT-01 rests on base rules 16.2 and 24.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0502", 4, 4, isolated=True)
    d77.unit("a", "allied", d77.nb("0502", 0), 6, 6)
    a = assess(d77.sit(), Declaration(("a",), d77.board.index("0502")))
    assert a.defence == 4  # D77-FORT-01
    assert "D77-FORT-01" in [line.rule for line in a.defence_lines]


def test_fortress_unit_unsupplied_by_choice_is_tripled_D77_FORT_02(d77):
    # D77-FORT-02 rests on base rules 16.2 and 24.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0502", 4, 4, isolated=False)
    d77.unit("a", "allied", d77.nb("0502", 0), 6, 6)
    assert assess(d77.sit(), Declaration(("a",), d77.board.index("0502"))).defence == 12  # D77-FORT-02


# ---- naval bombardment -----------------------------------------------------------------------
def test_nbp_pool_D77_NAV_01_and_D77_NAV_10():
    assert sup.nbp_pool(TurnInfo(invasion_turn=True)) == 10  # D77-NAV-01
    assert sup.nbp_pool(TurnInfo(invasion_turn=False)) == 0  # D77-NAV-01
    assert sup.nbp_pool(TurnInfo(invasion_turn=True, invasion_number=2, brest_allied=True)) == 15  # D77-NAV-10
    assert sup.nbp_pool(TurnInfo(invasion_turn=True, invasion_number=2, brest_allied=False)) == 10
    assert sup.nbp_pool(TurnInfo(invasion_turn=True, invasion_number=1, brest_allied=True)) == 10


def _invasion(d77, values, nbp, target_def=4, turn=INVASION, pools=None):
    sea, coast = sea_and_coast(d77)
    d77.unit("g", "german", coast, target_def, target_def)
    ids = []
    for k, v in enumerate(values):
        d77.unit(f"a{k}", "allied", sea[k % len(sea)], v, v)
        ids.append(f"a{k}")
    return assess(d77.sit(turn=turn, pools=pools), Declaration(tuple(ids), d77.board.index(coast),
                                                                support=Support(nbp=nbp)))


@pytest.mark.parametrize(("values", "nbp", "ok"), [
    ((4, 4), 4, True), ((4, 4), 5, False),  # D77-NAV-07: two 4-4-4s -> at most 4 (total 12)
    ((5, 5), 4, True), ((5, 5), 5, False),  # D77-NAV-08: two 5-5-4s -> 4, the per-attack cap binds
    ((5,), 2, True), ((5,), 3, False),  # D77-NAV-09: one 5-5-4 -> 2 (half, rounded down)
], ids=["D77-NAV-07-4", "D77-NAV-07-5", "D77-NAV-08-4", "D77-NAV-08-5", "D77-NAV-09-2", "D77-NAV-09-3"])
def test_seed_worked_naval_bombardment_example(d77, values, nbp, ok):
    a = _invasion(d77, values, nbp)
    assert a.legal == ok, a.refusals
    if ok:
        assert a.attack == sum(values) + nbp


def test_seed_example_caps_as_numbers_D77_NAV_07_08_09():
    assert sup.nbp_cap(8) == 4 and sup.nbp_cap(10) == 4 and sup.nbp_cap(5) == 2
    assert 8 + sup.nbp_cap(8) == 12  # D77-NAV-07: at most 12 in all


def test_nbp_counts_as_attack_factors_D77_NAV_03(d77):
    a = _invasion(d77, (4, 4), 4)
    assert a.attack == 12 and a.defence == 4 and a.column().label == "3-1"  # D77-NAV-03
    assert a.attack_lines[-1].rule == "D77-NAV-03"


def test_more_than_4_nbp_refused_D77_NAV_05(d77):
    assert "D77-NAV-05" in rules(_invasion(d77, (6, 6), 5))


def test_nbp_over_half_ground_strength_refused_D77_NAV_06(d77):
    assert "D77-NAV-06" in rules(_invasion(d77, (3, 3), 4))  # ground 6 allows 3
    assert _invasion(Build(d77.board, "dday77"), (3, 3), 3).legal


def test_nbp_only_on_invasion_turns_D77_NAV_01(d77):
    assert "D77-NAV-01" in rules(_invasion(d77, (4, 4), 2, turn=TurnInfo(turn=3)))


def test_nbp_needs_an_attacker_in_an_all_sea_hex_D77_NAV_02(d77):
    sea, coast = sea_and_coast(d77)
    land = [d77.board.label(j) for j in d77.board.adj[d77.board.index(coast)]
            if d77.board.terrain_of(j) != "sea"]
    d77.unit("g", "german", coast, 4, 4)
    d77.unit("s", "allied", sea[0], 4, 4)
    d77.unit("l", "allied", land[0], 4, 4)
    sit = d77.sit(turn=INVASION)
    mixed = assess(sit, Declaration(("s", "l"), d77.board.index(coast), support=Support(nbp=4)))
    assert mixed.legal  # D77-NAV-02: one attacker at sea is enough
    only_land = assess(sit, Declaration(("l",), d77.board.index(coast), support=Support(nbp=2)))
    assert "D77-NAV-02" in rules(only_land)


def test_nbp_split_over_attacks_within_the_pool_D77_NAV_04(d77):
    a = _invasion(d77, (4, 4), 4, pools=Pools(nbp_left=2))
    assert "D77-NAV-04" in rules(a)  # only 2 left of the 10 after 4 + 4
    b = Build(d77.board, "dday77")
    assert _invasion(b, (4, 4), 2, pools=Pools(nbp_left=2)).legal  # 4 + 4 + 2 = 10 accepted


def test_nbp_and_cas_never_together_D77_AIR_12(d77):
    sea, coast = sea_and_coast(d77)
    d77.unit("hq", "allied", "0303", 0, 1, type="hq", zoc=False)
    d77.unit("g", "german", coast, 4, 4)
    d77.unit("s", "allied", sea[0], 8, 8)
    a = assess(d77.sit(turn=INVASION), Declaration(("s",), d77.board.index(coast), support=Support(nbp=2, cas=2)))
    assert "D77-AIR-12" in rules(a)


# ---- tactical air ----------------------------------------------------------------------------
def test_air_pool_D77_AIR_02_03_and_weather():
    # D77-AIR-02 rests on base rule 27.1, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert sup.air_pool(TurnInfo()) == 10  # D77-AIR-02
    assert sup.air_pool(TurnInfo(cities_held=frozenset({"Boulogne"}))) == 10
    assert sup.air_pool(TurnInfo(cities_held=frozenset({"Boulogne", "Rotterdam"}))) == 12  # D77-AIR-03
    assert sup.air_pool(TurnInfo(weather="rain")) == 6  # D77-WX-09
    assert sup.air_pool(TurnInfo(weather="mud")) == 4  # D77-WX-11
    assert sup.air_pool(TurnInfo(weather="snow")) == 0  # D77-WX-15


def _cas(d77, attack: int, cas: int, hq_at: str | None = "0304", pools=None, attacker_at="0403"):
    if hq_at:
        d77.unit("hq", "allied", hq_at, 0, 1, type="hq", zoc=False)
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("a", "allied", attacker_at, attack, attack)
    return assess(d77.sit(pools=pools), Declaration(("a",), d77.board.index("0404"), support=Support(cas=cas)))


def test_cas_needs_an_attacker_within_6_hexes_of_an_hq_D77_AIR_04(d77):
    # D77-AIR-04 rests on base rule 27.11, not in the seeds: proven against our default (docs/rules/dday77.md)
    board = d77.board
    attacker = board.index("0403")
    six, seven = (next(board.label(i) for i in range(board.n) if board.distance(i, attacker) == n
                       and board.terrain_of(i) != "sea") for n in (6, 7))
    assert "D77-AIR-04" in rules(_cas(d77, 8, 2, hq_at=seven))
    assert _cas(Build(board, "dday77"), 8, 2, hq_at=six).legal


def test_cas_at_most_4_D77_AIR_05(d77):
    assert "D77-AIR-05" in rules(_cas(d77, 12, 5))
    assert _cas(Build(d77.board, "dday77"), 12, 4).legal


def test_cas_at_most_half_the_ground_attack_D77_AIR_06(d77):
    assert "D77-AIR-06" in rules(_cas(d77, 5, 3))
    assert _cas(Build(d77.board, "dday77"), 5, 2).legal


def test_several_air_factors_on_one_attack_D77_AIR_15(d77):
    # D77-AIR-15 rests on base rule 27.4, not in the seeds: proven against our default (docs/rules/dday77.md)
    a = _cas(d77, 8, 3)
    assert a.legal and a.attack == 11 and a.attack_lines[-1].rule == "D77-AIR-15"


def test_no_cas_or_cds_without_an_allied_hq_D77_AIR_11(d77):
    assert "D77-AIR-11" in rules(_cas(d77, 8, 2, hq_at=None))
    b = Build(d77.board, "dday77")
    b.unit("a", "allied", "0404", 4, 4)
    b.unit("g", "german", "0403", 8, 8)
    a = assess(b.sit(), Declaration(("g",), b.board.index("0404"), support=Support(cds=True)))
    assert "D77-AIR-11" in rules(a)


def test_air_factors_are_a_running_total_per_turn_D77_AIR_09():
    left, refused = sup.spend_air(10, 4)
    assert (left, refused) == (6, [])
    left, refused = sup.spend_air(left, 6)
    assert left == 0 and not refused
    left, refused = sup.spend_air(left, 1)
    assert left == 0 and refused[0].rule == "D77-AIR-09"


def test_cas_beyond_the_turns_air_factors_refused_D77_AIR_09(d77):
    assert "D77-AIR-09" in rules(_cas(d77, 8, 3, pools=Pools(air_left=2)))


def test_cas_is_chosen_at_resolution_not_planned_D77_AIR_10(d77):
    # The same attack is legal with no CAS and with CAS decided just before the roll: nothing
    # has to be announced at the start of the combat phase (D77-AIR-10).
    plain = _cas(d77, 8, 0)
    with_air = _cas(Build(d77.board, "dday77"), 8, 2)
    assert plain.legal and with_air.legal and with_air.attack == plain.attack + 2


def test_air_factors_have_no_effect_on_retreats_D77_AIR_08(d77):
    from ddaydesk.rules.combat import plan_result
    a = _cas(d77, 8, 4)
    b = Build(d77.board, "dday77")
    plain = _cas(b, 8, 0)
    sit_a = d77.sit()
    sit_b = b.sit()
    assert plan_result(sit_a, a, "DB2").retreats == plan_result(sit_b, plain, "DB2").retreats  # D77-AIR-08


def _cds(b: Build, hq_at: str = "0305", pools=None):
    b.unit("hq", "allied", hq_at, 0, 1, type="hq", zoc=False)
    b.unit("a", "allied", "0404", 3, 3)
    b.unit("g", "german", "0403", 8, 8)
    return b.sit(pools=pools), Declaration(("g",), b.board.index("0404"), support=Support(cds=True))


def test_cds_adds_one_factor_D77_AIR_17(d77):
    sit, decl = _cds(d77)
    a = assess(sit, decl)
    assert a.legal and a.defence == 4 and a.cds_new  # D77-AIR-17
    # Later attacks on the same hex this phase keep the factor without a new one (D77-AIR-17).
    later = assess(_later(d77, sit), Declaration(("g",), d77.board.index("0404")))
    assert later.defence == 4 and not later.cds_new


def _later(d77, sit):
    from dataclasses import replace
    return replace(sit, pools=replace(sit.pools, cds_hexes=frozenset({d77.board.index("0404")})))


def test_cds_within_4_hexes_of_an_hq_D77_AIR_16(d77):
    # D77-AIR-16 rests on base rule 27.14, not in the seeds: proven against our default (docs/rules/dday77.md)
    board = d77.board
    target = board.index("0404")
    four = next(board.label(i) for i in range(board.n) if board.distance(i, target) == 4
                and board.terrain_of(i) != "sea")
    five = next(board.label(i) for i in range(board.n) if board.distance(i, target) == 5
                and board.terrain_of(i) != "sea")
    assert assess(*_cds(d77, four)).legal
    assert "D77-AIR-16" in rules(assess(*_cds(Build(board, "dday77"), five)))


def test_cds_never_doubled_by_terrain_D77_AIR_18(d77):
    d77.unit("hq", "allied", "0303", 0, 1, type="hq", zoc=False)
    d77.unit("a", "allied", "0402", 3, 3)  # city: doubled
    d77.unit("g", "german", d77.nb("0402", 0), 9, 9)
    a = assess(d77.sit(), Declaration(("g",), d77.board.index("0402"), support=Support(cds=True)))
    assert a.defence == 3 * 2 + 1  # D77-AIR-18


def test_one_cds_factor_per_hex_D77_AIR_19(d77):
    sit, _ = _cds(d77)
    refused = sup.check_cds(_later(d77, sit), d77.board.index("0404"), [sit.by_id["a"]])
    assert refused and refused[0].rule == "D77-AIR-19"
    # A hex entered by an advance after combat is simply an Allied-occupied hex: CDS is accepted.
    assert not sup.check_cds(sit, d77.board.index("0404"), [sit.by_id["a"]])


def test_cds_decided_per_announced_attack_D77_AIR_20(d77):
    # CDS is part of one announced attack's declaration, before its roll: attack 1 may have it
    # and the engine asks again for attack 2 (D77-AIR-20).
    sit, decl = _cds(d77)
    with_cds = assess(sit, decl)
    without = assess(sit, Declaration(decl.attackers, decl.target))
    assert with_cds.defence == without.defence + 1


def test_committed_cds_is_spent_D77_AIR_21():
    left, refused = sup.spend_air(3, 1)
    assert left == 2 and not refused  # D77-AIR-21: spent on commitment whatever the result


def test_cds_only_from_factors_left_over_D77_AIR_22(d77):
    sit, decl = _cds(d77, pools=Pools(air_left=0))
    assert "D77-AIR-22" in rules(assess(sit, decl))


def test_cas_only_for_allied_attacks(d77):
    # D77-AIR-04 rests on base rule 27.11, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("hq", "allied", "0303", 0, 1, type="hq", zoc=False)
    d77.unit("a", "allied", "0404", 3, 3)
    d77.unit("g", "german", "0403", 8, 8)
    a = assess(d77.sit(), Declaration(("g",), d77.board.index("0404"), support=Support(cas=2)))
    assert "D77-AIR-04" in rules(a)


def test_air_markers_are_not_counters_D77_AIR_01():
    # Air is a number in the pools (no marker counters); the D-Day '77 support data has no cups.
    # D77-AIR-01 rests on base rule 3.1, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert Pools(air_left=10).air_left == 10 and Pools().cups == {}
    assert "cups" not in sup.param("dday77", "air", field="")  # D77-AIR-01


def test_hex_interdiction_covers_every_unit_D77_AIR_13(d77):
    # D77-AIR-13 rests on base rules 27.12 and 27.13, not in the seeds: proven against our default (docs/rules/dday77.md)
    for k in range(3):
        d77.unit(f"g{k}", "german", "0505", 3, 3)
    d77.unit("other", "german", "0606", 3, 3)
    hit = sup.interdicted_units(d77.sit(), frozenset({d77.board.index("0505")}))
    assert hit == ["g0", "g1", "g2"]  # D77-AIR-13


def test_at_most_three_interdiction_missions_D77_AIR_14():
    # D77-AIR-14 rests on base rules 27.12, 27.13 and 27.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert sup.check_interdiction(2, 1) == []
    assert sup.check_interdiction(3, 1)[0].rule == "D77-AIR-14"
    assert sup.check_interdiction(0, 4)[0].rule == "D77-AIR-14"


def test_combat_kinds_belong_to_their_system(d77):
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("a", "allied", "0403", 4, 4)
    a = assess(d77.sit(), Declaration(("a",), d77.board.index("0404"), kind="beach_assault"))
    assert "a 'beach_assault' combat is not part of this system" in a.refusals[0].reason


@pytest.mark.parametrize(("kind", "mult"), [("city", 2), ("port", 2), ("fortress", 3)],
                         ids=["STD-TEC-CITY-place", "STD-TEC-CITY-port", "D77-FORT-02-place"])
def test_a_named_place_multiplies_the_defence_on_clear_terrain(kind, mult):
    # STD-TEC-CITY (our default: a city or port doubles) and D77-FORT-02 (a fortress triples),
    # read from the map's named places where the terrain itself is clear
    places = f'[{{name: "P", hex: "0404", kind: "{kind}"}}]'
    b = Build(make_board("dday77", D77_ROWS, places=places), "dday77")
    b.unit("g", "german", "0404", 4, 4)
    b.unit("a", "allied", b.nb("0404", 0), 6, 6)
    a = assess(b.sit(), Declaration(("a",), b.board.index("0404")))
    assert a.defence == 4 * mult
    plain = Build(make_board("dday77", D77_ROWS), "dday77")
    plain.unit("g", "german", "0404", 4, 4)
    plain.unit("a", "allied", plain.nb("0404", 0), 6, 6)
    assert assess(plain.sit(), Declaration(("a",), plain.board.index("0404"))).defence == 4
