"""Invasions and airborne drops played through the engine (docs/rules/dday77.md §8)."""

from __future__ import annotations

import random

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, apply, legal_actions, new_state, zoc_map
from ddaydesk.engine.hidden_setup import ChooseArea
from ddaydesk.rules.dday77.landing import Drop, Invade, Land
from tests.rules.dday77.conftest import arrange, at_phase, do, start

FIRST_WAVE = ["us-1", "us-29", "us-4", "uk-50", "uk-3", "ca-3", "us-2"]  # turn-1 seaborne units


def lab(sc, label):
    return sc.board.index(label)


def test_the_allied_movement_of_turn_1_ends_only_after_the_invasion_std_inv_01(campaign):
    # proves STD-INV-01
    s = start(campaign)
    with pytest.raises(IllegalAction, match="first invasion first"):
        apply(s, EndPhase("allied"))
    assert EndPhase("allied") not in legal_actions(s, "allied")
    s = do(s, Invade("allied", "normandy"))
    assert EndPhase("allied") in legal_actions(s, "allied")
    assert s.game["invasions"] == [[1, "normandy"]]


def test_the_first_invasion_goes_to_the_secret_area_d77_set_03_d77_set_05(campaign):
    # proves D77-SET-03, D77-SET-05
    s = new_state(campaign, 7, {"withheld_setup": True})
    s = do(s, EndPhase("german"), ChooseArea("allied", "brittany"), EndPhase("allied"))
    assert s.phase == "allied.movement"
    assert s.game["secret_area"] == {"side": "allied", "region": "brittany"}  # revealed (D77-SET-05)
    with pytest.raises(IllegalAction, match="recorded area, brittany"):
        apply(s, Invade("allied", "normandy"))
    assert [a.region for a in legal_actions(s, "allied") if a.kind == "invade"] == ["brittany"]


def test_at_most_six_units_land_from_the_sea_std_inv_03(campaign):
    # proves STD-INV-03
    s = do(start(campaign), Invade("allied", "normandy"))
    coast = ["1620", "1820", "1621", "2121", "1622", "1623"]
    for uid, hexlabel in zip(FIRST_WAVE, coast, strict=False):
        s = do(s, Land("allied", uid, lab(campaign, hexlabel)))
    assert s.status[s.unit("us-1")] == "on_map" and s.scratch["invasion"]["sea"] == 6
    with pytest.raises(IllegalAction, match="at most 6 units land"):
        apply(s, Land("allied", "us-2", lab(campaign, "1623")))
    # a landed unit has ended its move (STD-INV-20)
    assert "us-1" not in {a.unit for a in legal_actions(s, "allied") if a.kind == "move"}


def test_only_turn_1_units_take_part_and_never_onto_enemy_units_std_inv_05(campaign):
    # proves STD-INV-05
    s = do(start(campaign), Invade("allied", "normandy"))
    with pytest.raises(IllegalAction, match="not a combat unit waiting"):
        apply(s, Land("allied", "us-3", lab(campaign, "1620")))  # arrives later (Third Army's)
    with pytest.raises(IllegalAction, match="holds enemy units"):
        apply(s, Land("allied", "us-1", lab(campaign, "1921")))  # 352nd Division there
    with pytest.raises(IllegalAction, match="neither a coastal hex"):
        apply(s, Land("allied", "us-1", lab(campaign, "2715")))  # Boulogne: another area


def test_units_left_at_sea_after_combat_are_lost_std_inv_22(campaign):
    # proves STD-INV-22, as the Allied supply phase's first hook (at_sea, STD-SEQ) runs
    s = do(start(campaign), Invade("allied", "normandy"))
    german_zoc = zoc_map(s, "german")  # out of reach: in an enemy ZOC it would have to attack
    sea = next(a.place for a in legal_actions(s, "allied") if a.kind == "land_from_sea" and a.unit == "us-1"
               and campaign.system.terrain[campaign.board.terrain_of(a.place)].sea and not german_zoc[a.place])
    ashore = next(a.place for a in legal_actions(s, "allied") if a.kind == "land_from_sea" and a.unit == "us-29"
                  and not campaign.system.terrain[campaign.board.terrain_of(a.place)].sea and not german_zoc[a.place])
    s = do(s, Land("allied", "us-1", sea), Land("allied", "us-29", ashore))
    assert s.place[s.unit("us-1")] == sea  # waiting at sea to attack from it
    s, ch = apply(s, EndPhase("allied"))  # to combat
    s, ch = apply(s, EndPhase("allied"))  # combat over: to supply
    assert s.status[s.unit("us-1")] == "eliminated" and "us-1" in ch.removed
    assert s.status[s.unit("us-29")] == "on_map"


@pytest.mark.parametrize("option, points", [(True, 10), (False, None)], ids=["D77-NAV-01", "no-option"])
def test_naval_bombardment_points_are_recorded_on_the_invasion_turn(campaign, option, points):
    s = do(start(campaign, naval_bombardment=option), Invade("allied", "normandy"))
    got = s.extra.get("naval")
    assert (got or {}).get("points") == points
    if option:
        assert got["turn"] == 1 and got["invasion"] == 1 and got["spent"] == 0


# -- drops ----------------------------------------------------------------------------------
def _dropping(campaign, weather="CLR", turn=3):
    """Turn ``turn``, 1st Infantry ashore at 1621, 1st Airborne waiting in England."""
    s = start(campaign, weather=True)
    s = arrange(s, {"us-1": "1621", "uk-1ab": None, "us-82": None})
    s = at_phase(s, "allied.movement", turn=turn, weather=weather)
    s.game["invasions"] = [[1, "normandy"]]
    return s


def _hex_at(s, frm, dist):
    """An empty clear or wooded hex ``dist`` hexes from ``frm``."""
    b = s.scenario.board
    return next(i for i in range(b.n) if b.distance(frm, i) == dist
                and b.terrain_of(i) in ("clear", "woods") and i not in s.units_at())


@pytest.mark.parametrize("weather, ok, too_far", [
    ("CLR", 5, 6), ("RAIN", 4, 5), ("MUD", 3, 4)], ids=["D77-WX-10-clear", "D77-WX-10", "D77-WX-12"])
def test_drop_distance_from_friendly_infantry_by_weather(campaign, weather, ok, too_far):
    # D77-WX-10 rests on base paratroop drop rule (5-hex limit, not in the seeds: proven against our default (docs/rules/dday77.md)
    # D77-WX-12 rests on base paratroop drop rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _dropping(campaign, weather)
    base = lab(campaign, "1621")
    s2 = do(s, Drop("allied", "uk-1ab", _hex_at(s, base, ok)))
    assert s2.status[s2.unit("uk-1ab")] == "on_map"
    assert s2.scratch["allotment_used"] == 4  # a drop uses the allotment (STD-REIN-05)
    with pytest.raises(IllegalAction, match="out of drop range"):
        apply(s, Drop("allied", "uk-1ab", _hex_at(s, base, too_far)))


def test_no_drop_is_listed_once_the_allotment_cannot_pay_for_it(campaign):
    # issue 22: legal_actions listed drops after the allotment was spent; do() refused each
    s = _dropping(campaign)
    s.scratch["allotment_used"] = 17  # 3 of the 20 factors left: the 4-factor airborne do not fit
    listed = {a.unit for a in legal_actions(s, "allied") if a.kind == "drop"}
    assert not listed & {"uk-1ab", "us-82"}
    assert all(campaign.units[campaign.unit_index[u]].attack <= 3 for u in listed)  # (a brigade fits)
    with pytest.raises(IllegalAction, match=r"needs 4 of the allotment; 3 of 20 left this turn \(STD-REIN-02\)"):
        apply(s, Drop("allied", "uk-1ab", _hex_at(s, lab(campaign, "1621"), 2)))
    s.scratch["allotment_used"] = 16  # 4 left: they fit again
    assert {"uk-1ab", "us-82"} <= {a.unit for a in legal_actions(s, "allied") if a.kind == "drop"}


def test_no_paratroop_drops_in_snow_d77_wx_16(campaign):
    s = _dropping(campaign, "SNOW")
    with pytest.raises(IllegalAction, match=r"no paratroop drops in SNOW \(D77-WX-16\)"):
        apply(s, Drop("allied", "uk-1ab", lab(campaign, "1722")))
    assert not [a for a in legal_actions(s, "allied") if a.kind == "drop"]


def test_three_drops_in_the_first_invasion_near_its_coast_std_inv_04(campaign):
    # proves STD-INV-04
    s = do(start(campaign), Invade("allied", "normandy"))
    # before anything landed: within 3 hexes of the area's coast (STD-AIRB-02)
    drops = [a for a in legal_actions(s, "allied") if a.kind == "drop"]
    b = campaign.board
    coast = sorted(b.regions["normandy"].places)
    reach = [min(b.distance(c, a.place) for c in coast) for a in drops]
    assert drops and max(reach) == 3  # the boundary: 3 hexes from the coast, never 4
    s = do(s, Drop("allied", "us-82", lab(campaign, "1721")), Drop("allied", "us-101", lab(campaign, "1722")),
           Drop("allied", "uk-6ab", lab(campaign, "1822")))
    assert "allotment_used" not in s.scratch  # turn 1: no allotment, invasion.yaml limits
    # STD-AIRB-03, our default: at most 3 drops a turn; the 4th is refused, by that rule (the
    # first invasion's own 3, STD-INV-04, would refuse it too)
    with pytest.raises(IllegalAction, match=r"at most 3 drops a turn \(STD-AIRB-03\)"):
        apply(s, Drop("allied", "uk-1ab", lab(campaign, "1723")))


def test_german_units_never_drop_std_airb_01(campaign):
    # proves STD-AIRB-01
    s = do(start(campaign), Invade("allied", "normandy"))
    with pytest.raises(IllegalAction):
        apply(s, Drop("german", "ge-2fj", lab(campaign, "1722")))


# -- the second invasion --------------------------------------------------------------------
def _ashore(campaign, turn, n=12):
    """``n`` Allied combat units in Normandy, the first invasion made on turn 1."""
    s = start(campaign)
    ids = [u.id for u in campaign.units if u.side == "allied" and u.type != "hq"][:n]
    hexes = ["1620", "1820", "1621", "2121", "1622", "1623", "1722", "1822", "1723", "1823", "1724", "1824"]
    s = arrange(s, {uid: hexes[i % len(hexes)] for i, uid in enumerate(ids)})
    s = at_phase(s, "allied.movement", turn=turn)
    s.game["invasions"] = [[1, "normandy"]]
    s.extra["control"] = {"allied": format(sum(1 << lab(campaign, h) for h in hexes), "x")}
    s._cache.clear()
    return s


def test_the_second_invasion_waits_six_turns_std_inv_11(campaign):
    # proves STD-INV-11
    with pytest.raises(IllegalAction, match="not come before turn 7"):
        apply(_ashore(campaign, 6), Invade("allied", "south_france"))
    s = do(_ashore(campaign, 7), Invade("allied", "south_france"))
    assert s.game["invasions"] == [[1, "normandy"], [7, "south_france"]]


def test_the_second_invasion_needs_twelve_units_ashore_std_inv_14(campaign):
    # proves STD-INV-14
    with pytest.raises(IllegalAction, match="needs 12 Allied combat units"):
        apply(_ashore(campaign, 9, n=11), Invade("allied", "south_france"))


def test_the_second_invasion_lands_from_the_pool_within_the_allotment_std_inv_17(campaign):
    # proves STD-INV-17
    s = do(_ashore(campaign, 9), Invade("allied", "south_france"))
    pool = [u.id for k, u in enumerate(campaign.units) if u.side == "allied" and u.type == "infantry"
            and s.status[k] == "pending" and (u.arrive_turn or 0) <= 9]
    coast = ["3446", "3646", "3746", "3846", "4046"]
    for uid, h in zip(pool[:4], coast, strict=False):
        s = do(s, Land("allied", uid, lab(campaign, h)))
    assert s.scratch["invasion"]["sea"] == 4
    assert s.scratch["allotment_used"] == sum(campaign.units[campaign.unit_index[u]].attack for u in pool[:4])
    with pytest.raises(IllegalAction, match="at most 4 units"):  # STD-INV-15
        apply(s, Land("allied", pool[4], lab(campaign, coast[4])))


def test_every_listed_landing_and_drop_is_accepted(campaign):
    """legal_actions and apply agree: each landing and drop offered on the invasion turn is
    accepted, and changes only the unit it names."""
    s = do(start(campaign), Invade("allied", "normandy"))
    offered = [a for a in legal_actions(s, "allied") if a.kind in ("land_from_sea", "drop")]
    assert {a.kind for a in offered} == {"land_from_sea", "drop"}
    for a in random.Random(6).sample(offered, 60):
        s2, ch = apply(s, a)
        assert [m[0] for m in ch.moved] == [a.unit] and s2.place[s2.unit(a.unit)] == a.place
        assert s.status[s.unit(a.unit)] == "pending"  # the state applied to is untouched


def test_three_units_to_a_sea_hex_and_no_fourth_std_inv_21(campaign):
    # proves STD-INV-21 (our default): at most 3 units in one all-sea hex while landing
    s = do(start(campaign), Invade("allied", "normandy"))
    terrain = campaign.system.terrain
    offers = [a for a in legal_actions(s, "allied") if a.kind == "land_from_sea"
              and terrain[campaign.board.terrain_of(a.place)].sea]
    sea = offers[0].place
    units = sorted({a.unit for a in offers if a.place == sea})
    assert len(units) >= 4
    for uid in units[:3]:
        s = do(s, Land("allied", uid, sea))
    with pytest.raises(IllegalAction, match=r"already holds 3 units at sea \(STD-INV-21\)"):
        apply(s, Land("allied", units[3], sea))
