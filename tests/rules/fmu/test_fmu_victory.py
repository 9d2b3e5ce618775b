"""Victory (13.0) and the campaign's length and victory (14.2, 14.3)."""

import pytest

from ddaydesk.engine import ON_MAP, OVER, Changes, Game
from ddaydesk.rules.fmu import supply
from ddaydesk.rules.fmu.common import fx, remove_markers
from ddaydesk.rules.fmu.victory import captured, city_hexes, judge, named_cities, sync
from tests.rules.fmu.fmu_helpers import CAMPAIGN, at, scenario

OBJECTIVES = ["1706", "1805", "2206", "2605", "2503", "2901", "2501"]


def state(path=None, turn=17):
    s = Game(scenario(path) if path else scenario(), 1).state.copy()
    s.turn = turn
    s.phase = "end"
    from ddaydesk.rules.fmu.common import add_marker
    add_marker(s, "beachhead", at(s.scenario, "2806"))
    return s


def occupy(s, hexes, side="allied"):
    units = [k for k, u in enumerate(s.scenario.units) if u.side == side]
    for k, h in zip(units, hexes, strict=False):
        s.place[k], s.status[k] = at(s.scenario, h), ON_MAP
    s._cache.clear()
    sync(s)


@pytest.fixture
def all_supplied(monkeypatch):
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: True for t in tr})


def test_no_beach_landing_hex_at_end_of_gt_is_german_strategic_victory_FMU_VIC_01():
    # FMU-VIC-01
    s = state(turn=6)
    remove_markers(s, "beachhead")
    judge(s, Changes())
    assert fx(s)["result"]["winner"] == "german" and fx(s)["result"]["level"] == "strategic"
    assert s.phase == OVER


def test_all_seven_locations_captured_and_supplied_allied_win_FMU_VIC_03(all_supplied):
    # FMU-VIC-03
    s = state()
    occupy(s, OBJECTIVES)
    judge(s, Changes())
    assert fx(s)["result"]["winner"] == "allied" and s.phase == OVER


def test_six_of_seven_german_operational_victory_FMU_VIC_02(all_supplied):
    # FMU-VIC-02
    s = state()
    occupy(s, OBJECTIVES[1:])  # Carentan 1706 missing: both Carentan hexes count (FMU-VIC-03 note)
    judge(s, Changes())
    assert fx(s)["result"] == {"winner": "german", "level": "operational", "rule": "FMU-VIC-02",
                               "reason": "locations not captured: 1706", "turn": 17}


def test_no_decision_before_the_last_turn_FMU_GEN_06(all_supplied):
    # FMU-GEN-06
    s = state(turn=16)
    occupy(s, OBJECTIVES)
    judge(s, Changes())
    assert "result" not in fx(s) and s.phase == "end"


def test_last_to_occupy_and_supply_make_a_capture_FMU_VIC_04(monkeypatch):
    # FMU-VIC-04
    s = state()
    occupy(s, ["2503"])
    k = next(k for k in range(len(s.place)) if s.place[k] == at(s.scenario, "2503"))
    s.place[k] = at(s.scenario, "2402")  # passed through and left: still the last to occupy
    s._cache.clear()
    sync(s)
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: True for t in tr})
    assert captured(s, ["2503"]) == {"2503"}
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: False for t in tr})
    assert captured(s, ["2503"]) == set()  # supply cut
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: True for t in tr})
    occupy(s, ["2503"], side="german")
    assert captured(s, ["2503"]) == set()  # the German was there last


def test_german_unit_on_a_beachhead_removes_the_marker_FMU_AMPH_04():
    # FMU-AMPH-04
    s = state(turn=5)
    occupy(s, ["2806"], side="german")
    assert s.markers_of("beachhead") == []


def test_campaign_ignores_the_scenario_objectives_FMU_CAMP_09(all_supplied):
    # FMU-CAMP-09
    s = state(CAMPAIGN)
    occupy(s, OBJECTIVES)  # 2 city hexes (Carentan) only
    judge(s, Changes())
    assert "result" not in fx(s)
    assert fx(s)["campaign_end"] > 17


def test_city_hexes_count_each_seven_win_FMU_VIC_06_FMU_VIC_07(all_supplied):
    # FMU-VIC-06, FMU-VIC-07
    s = state(CAMPAIGN)
    cities = city_hexes(s)
    assert {"1706", "1805"} <= set(cities) and "2503" not in cities  # towns do not count
    occupy(s, cities[:6])
    judge(s, Changes())
    assert "result" not in fx(s)
    s2 = state(CAMPAIGN)
    occupy(s2, cities[:7])
    judge(s2, Changes())
    assert fx(s2)["result"]["winner"] == "allied" and fx(s2)["result"]["rule"] == "FMU-VIC-07"


def test_extension_counts_named_cities_once_FMU_CAMP_13_FMU_CAMP_14(all_supplied):
    # FMU-CAMP-13, FMU-CAMP-14
    s = state(CAMPAIGN)
    named = named_cities(s)
    assert len(named) == 7 and sorted(named["Carentan"]) == ["1706", "1805"]
    occupy(s, ["1706", "1805"])  # Carentan: one named city
    judge(s, Changes())
    assert fx(s)["campaign_end"] == 17 + 7 - 1


def test_extension_with_supply_cut_counts_nothing_FMU_CAMP_14(monkeypatch):
    # FMU-CAMP-14
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: False for t in tr})
    s = state(CAMPAIGN)
    occupy(s, ["1706", "1805"])
    judge(s, Changes())
    assert fx(s)["campaign_end"] == 17 + 7


def test_campaign_never_beyond_gt25_FMU_CAMP_15(all_supplied):
    # FMU-CAMP-15
    s = state(CAMPAIGN)
    judge(s, Changes())
    assert fx(s)["campaign_end"] == 24  # 7 cities, none captured
    s.turn = 24
    judge(s, Changes())
    assert fx(s)["result"]["winner"] == "german" and s.phase == OVER
    from ddaydesk.rules.fmu.data import val
    assert val("victory.campaign_max_turn") == 25 == scenario(CAMPAIGN).last_turn


def test_campaign_sudden_death_too_FMU_VIC_05():
    # FMU-VIC-05
    s = state(CAMPAIGN, turn=9)
    remove_markers(s, "beachhead")
    judge(s, Changes())
    assert fx(s)["result"]["level"] == "strategic" and fx(s)["result"]["rule"] == "FMU-VIC-05"


def test_combined_campaign_needs_21_city_hexes_FMU_VIC_08():
    # FMU-VIC-08
    from ddaydesk.rules.fmu.data import entry
    assert entry("victory.campaign_city_hexes_combined")["value"] == 21
    assert entry("victory.campaign_city_hexes")["value"] == 7


def test_campaign_option_on_the_17_turn_scenario_still_decides_at_gt17(all_supplied):
    # FMU-CAMP-13: the extension cannot run past the scenario file's last turn; a decision is made there
    s = Game(scenario(), 1, {"campaign": True}).state.copy()
    s.turn, s.phase = 17, "end"
    from ddaydesk.rules.fmu.common import add_marker
    add_marker(s, "beachhead", at(s.scenario, "2806"))
    judge(s, Changes())
    assert fx(s)["result"]["winner"] == "german" and s.phase == OVER
