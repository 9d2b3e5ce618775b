"""Allied air power played: factors by weather and cities, river interdiction, close
defensive support (docs/rules/dday77.md §12; D77-AIR-*, D77-WX-09/11/15)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import Changes, IllegalAction, Interdict, apply, legal_actions
from ddaydesk.engine.movement import reach
from ddaydesk.rules.dday77.air import DefensiveSupport, InterdictRiver, air_factors, record_air
from tests.rules.dday77.conftest import arrange, at_phase, do, start


def lab(sc, label):
    return sc.board.index(label)


def _sky(campaign, sky, **options):
    """The Allied air phase of turn 20 in ``sky`` weather, the air factors worked out."""
    s = at_phase(start(campaign, **options), "allied.air", turn=20, weather=sky)
    s.extra.pop("air", None)
    record_air(s, Changes())
    return s


@pytest.mark.parametrize("weather, factors, rule", [
    ("CLR", 10, "D77-AIR-02"), ("RAIN", 6, "D77-WX-09"), ("MUD", 4, "D77-WX-11"), ("SNOW", 0, "D77-WX-15"),
], ids=["D77-AIR-02", "D77-WX-09", "D77-WX-11", "D77-WX-15"])
def test_air_factors_by_weather(campaign, weather, factors, rule):
    # D77-AIR-02 rests on base rule 27.1, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert air_factors(_sky(campaign, weather, tactical_air=True, weather=True)) == (factors, rule)


def test_without_the_option_the_standard_six_factors_d77_air_02(campaign):
    # proves D77-AIR-02
    # D77-AIR-02 rests on base rule 27.1, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert air_factors(_sky(campaign, "CLR"))[0] == 6


def test_boulogne_and_rotterdam_give_twelve_factors_d77_air_03(campaign):
    # proves D77-AIR-03
    s = arrange(_sky(campaign, "CLR", tactical_air=True), {}, others="gone")
    s.extra["control"] = {"allied": format(1 << lab(campaign, "2715"), "x")}
    s._cache.clear()
    assert air_factors(s)[0] == 10  # Boulogne only
    s.extra["control"] = {"allied": format(1 << lab(campaign, "3609"), "x")}
    s._cache.clear()
    assert air_factors(s)[0] == 10  # Rotterdam only
    s.extra["control"] = {"allied": format(1 << lab(campaign, "2715") | 1 << lab(campaign, "3609"), "x")}
    s._cache.clear()
    assert air_factors(s) == (12, "D77-AIR-03")
    s.extra.pop("air")
    record_air(s, Changes())
    assert s.extra["air"] == {"turn": 20, "factors": 12, "rule": "D77-AIR-03", "spent": 0, "cds": {}}


# -- interdiction -------------------------------------------------------------------------------
RIVER = ("3433", "3533")  # a river hexside on the map


def test_two_hex_and_one_river_mission_then_no_more_d77_air_14(campaign):
    # proves D77-AIR-14
    # D77-AIR-14 rests on base rules 27.12, 27.13 and 27.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _sky(campaign, "CLR", tactical_air=True)
    a, b = (lab(campaign, x) for x in RIVER)
    s = do(s, Interdict("allied", lab(campaign, "3033")), Interdict("allied", lab(campaign, "3034")),
           InterdictRiver("allied", a, b))
    assert s.scratch["river_interdictions"] == [sorted(RIVER)]
    with pytest.raises(IllegalAction, match=r"at most 3 interdiction missions a turn, hex and river together \(D77-AIR-14\)"):
        apply(s, InterdictRiver("allied", lab(campaign, "3533"), lab(campaign, "3534")))
    with pytest.raises(IllegalAction, match="D77-AIR-14"):
        apply(s, Interdict("allied", lab(campaign, "3035")))


def test_river_missions_only_on_river_hexsides(campaign):
    s = _sky(campaign, "CLR", tactical_air=True)
    with pytest.raises(IllegalAction, match="no river between"):
        apply(s, InterdictRiver("allied", lab(campaign, "3033"), lab(campaign, "3034")))
    legal = [x for x in legal_actions(s, "allied") if x.kind == "interdict_river"]
    board = campaign.board
    assert legal and all(board.side_mask[board.side_between(x.place, x.to)] for x in legal)


def test_crossing_an_interdicted_river_costs_two_more(campaign):
    """STD-AIR-RIV (default reading of 27.13)."""
    a, b = (lab(campaign, x) for x in RIVER)
    s = arrange(start(campaign), {"ge-lehr": RIVER[0]}, others="gone")
    k = s.unit("ge-lehr")
    before = reach(s, k).cost(b)
    s2 = do(_sky(campaign, "CLR", tactical_air=True), InterdictRiver("allied", a, b))
    s2 = arrange(s2, {"ge-lehr": RIVER[0]}, others="gone")
    r = reach(s2, k)
    assert r.cost(b) > before  # straight across now costs 2 more; a detour may be cheaper
    assert r.cost(b) == before + 2 or tuple(r.path(b)) != (a, b)


def test_each_mission_spends_an_air_factor(campaign):
    """STD-AIR-INT (default): D77-AIR-22 has CDS draw on what interdiction left."""
    s = _sky(campaign, "MUD", tactical_air=True, weather=True)  # 4 factors (D77-WX-11)
    s.extra["air"]["spent"] = 3
    s = do(s, Interdict("allied", lab(campaign, "3033")))
    assert s.extra["air"]["spent"] == 4
    with pytest.raises(IllegalAction, match="needs 1 air factor; 0 left"):
        apply(s, Interdict("allied", lab(campaign, "3034")))


def test_no_interdiction_in_snow_d77_wx_15(campaign):
    # proves D77-WX-15
    s = _sky(campaign, "SNOW", tactical_air=True, weather=True)
    with pytest.raises(IllegalAction, match="snow"):
        apply(s, Interdict("allied", lab(campaign, "3033")))
    assert not [x for x in legal_actions(s, "allied") if x.kind in ("interdict", "interdict_river")]


# -- close defensive support --------------------------------------------------------------------
def _defending(campaign, hq="1722", **kw):
    s = start(campaign, tactical_air=True, **kw)
    units = {"us-1": "1621", "us-29": "1620", "us-4": "1623"}
    if hq:
        units["al-us1"] = hq
    s = arrange(s, units)
    s = at_phase(s, "german.combat", turn=3)
    s.extra["air"] = {"turn": 3, "factors": 2, "rule": "D77-AIR-02", "spent": 0, "cds": {}}
    return s


def test_close_defensive_support_within_four_hexes_of_an_hq_d77_air_16(campaign):
    # proves D77-AIR-16
    # D77-AIR-16 rests on base rule 27.14, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _defending(campaign, hq="1626")  # 5 from 1621, 3 from 1623
    b = campaign.board
    assert b.distance(lab(campaign, "1626"), lab(campaign, "1621")) > 4
    with pytest.raises(IllegalAction, match="more than 4 hexes from an Allied HQ"):
        apply(s, DefensiveSupport("allied", lab(campaign, "1621")))
    s2 = do(s, DefensiveSupport("allied", lab(campaign, "1623")))  # the Allies act in the German phase
    assert s2.extra["air"]["cds"] == {"1623": 1} and s2.extra["air"]["spent"] == 1  # D77-AIR-21


def test_one_cds_factor_a_hex_and_only_unspent_factors_d77_air_19_d77_air_22(campaign):
    # proves D77-AIR-22
    s = do(_defending(campaign), DefensiveSupport("allied", lab(campaign, "1621")))
    with pytest.raises(IllegalAction, match="D77-AIR-19"):
        apply(s, DefensiveSupport("allied", lab(campaign, "1621")))
    s = do(s, DefensiveSupport("allied", lab(campaign, "1620")))
    with pytest.raises(IllegalAction, match="D77-AIR-22"):
        apply(s, DefensiveSupport("allied", lab(campaign, "1623")))


def test_no_close_support_without_an_allied_hq_d77_air_11(campaign):
    s = _defending(campaign, hq=None)
    with pytest.raises(IllegalAction, match="D77-AIR-11"):
        apply(s, DefensiveSupport("allied", lab(campaign, "1621")))
    assert not [x for x in legal_actions(s, "allied") if x.kind == "defensive_support"]
