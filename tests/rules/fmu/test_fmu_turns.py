"""Support fire cups by GT, weather, replacements and supply attrition (11.1.4, 11.2.5-11.2.7,
12.0, 14.1)."""

import pytest

from ddaydesk.engine import ELIMINATED, ON_MAP, Changes, Game, IllegalAction
from ddaydesk.rules.fmu import supply
from ddaydesk.rules.fmu.common import fx
from ddaydesk.rules.fmu.data import entry
from ddaydesk.rules.fmu.replacements import Rebuild, points_for, schedule
from ddaydesk.rules.fmu.support import cup_ids, end_of_turn, fill_cups, support_phase
from ddaydesk.rules.fmu.victory import sync
from tests.rules.fmu.fmu_helpers import CAMPAIGN, at, scenario, script_dice
from tests.rules.fmu.test_fmu_landing import landed_gt1


def test_gt1_cups_and_naval_gunfire_ready_before_the_landing_FMU_NGS_04():
    # FMU-NGS-04
    s = Game(scenario(), 1).state
    pools = s.extra["combat"]
    assert pools["turn"] == 1 and len(pools["naval_left"]) == 6
    assert len(pools["cups"]["german"]) == 12  # 11 + Achtung Minen
    assert sorted(m["value"] for m in pools["cups"]["german"] if not m["mines"]) == [1, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    assert sum(len(v) for k, v in pools["cups"].items() if k.startswith("allied")) == 20
    s2 = s.copy()
    s2.turn = 2
    fill_cups(s2, Changes())
    assert s2.extra["combat"]["naval_left"] == []  # FMU-NGS-04: gone after GT 1
    end_of_turn(s, Changes())
    assert s.extra["combat"]["naval_left"] == []


def test_edge_hex_taken_costs_a_german_marker_next_gt_and_not_2301_FMU_SFM_06_FMU_SFM_07():
    # FMU-SFM-06, FMU-SFM-07
    s = Game(scenario(), 1).state.copy()
    sc = s.scenario
    s.turn = 4
    for uid, h in (("us-4-8", "2501"), ("us-4-12", "2301")):
        k = s.unit(uid)
        s.place[k], s.status[k] = at(sc, h), ON_MAP
    s._cache.clear()
    sync(s)
    assert fx(s)["edges_taken"] == {"2501": 4}
    s.turn = 5
    ch = Changes()
    fill_cups(s, ch)
    assert len(s.extra["combat"]["cups"]["german"]) == 11 and len(s.extra["combat"]["lost_markers"]) == 1
    assert "mines" in cup_ids(s, "german")  # the Minen marker is never the one lost
    g = s.unit("ge-919-709")
    k = s.unit("us-4-8")
    s.place[k], s.status[k] = -1, ELIMINATED
    s.place[g], s.status[g] = at(sc, "2501"), ON_MAP  # German retakes it
    s._cache.clear()
    sync(s)
    s.turn = 6
    fill_cups(s, Changes())
    assert len(s.extra["combat"]["cups"]["german"]) == 11  # not given back (FMU-SFM-07)


def test_inclement_weather_sets_aside_aircraft_and_a_die_of_markers_FMU_WX_03_FMU_WX_04(monkeypatch):
    # FMU-WX-03, FMU-WX-04
    s = Game(scenario(), 1, {"weather": True}).state.copy()
    s.turn = 3
    s.weather = "inclement"
    script_dice(monkeypatch, [2, 1, 1, 4, 1, 1, 1, 1])
    ch = Changes()
    fill_cups(s, ch)
    cups = s.extra["combat"]["cups"]
    assert cups["allied_air"] == []  # FMU-WX-03
    assert len(cups["allied_ground"]) == 13 - 2  # Allied rolled 2 (FMU-WX-04)
    assert len(cups["german"]) == 12 - 4  # German rolled 4
    assert len(s.extra["combat"]["set_aside"]) == 7 + 2 + 4


def test_weather_rolled_from_gt2_with_the_option_only_FMU_WX_01_FMU_WX_05():
    # FMU-WX-01, FMU-WX-05
    assert scenario().options["weather"] is False  # the scenario's toggle is off by default
    from ddaydesk.engine.core import _weather_due
    s = Game(scenario(), 1, {"weather": True}).state.copy()
    assert not _weather_due(s)  # GT 1
    s.turn = 2
    assert _weather_due(s)
    s2 = Game(scenario(), 1).state.copy()
    s2.turn = 2
    assert not _weather_due(s2)


@pytest.mark.parametrize("turn,leg,mobile", [
    pytest.param(1, 0, 0, id="FMU-REPL-03-gt1"),
    pytest.param(2, 1, 0, id="FMU-REPL-03"),
    pytest.param(3, 1, 0, id="FMU-REPL-04-gt3-note"),
    pytest.param(5, 1, 1, id="FMU-REPL-04"),
    pytest.param(6, 1, 0, id="FMU-REPL-04-even"),
    pytest.param(7, 1, 1, id="FMU-REPL-04-seven"),
])
def test_scenario_replacement_points(turn, leg, mobile):
    assert points_for(entry("replacements.scenario"), turn) == {"leg": leg, "mobile": mobile}


@pytest.mark.parametrize("table,turn,leg,mobile", [
    pytest.param("campaign_us", 2, 2, 0, id="FMU-CAMP-02"),
    pytest.param("campaign_us", 3, 2, 1, id="FMU-CAMP-03"),
    pytest.param("campaign_us", 5, 2, 2, id="FMU-CAMP-04"),
    pytest.param("campaign_us", 6, 2, 0, id="FMU-CAMP-04-even"),
    pytest.param("campaign_us", 7, 2, 2, id="FMU-CAMP-04-seven"),
    pytest.param("campaign_commonwealth", 2, 2, 0, id="FMU-CAMP-05"),
    pytest.param("campaign_commonwealth", 3, 0, 2, id="FMU-CAMP-06"),
    pytest.param("campaign_commonwealth", 4, 2, 0, id="FMU-CAMP-05-four"),
    pytest.param("campaign_commonwealth", 5, 0, 2, id="FMU-CAMP-06-five"),
])
def test_campaign_replacement_points(table, turn, leg, mobile):
    assert points_for(entry(f"replacements.{table}"), turn) == {"leg": leg, "mobile": mobile}


def test_campaign_list_replaces_the_scenario_list_and_german_gets_none_FMU_CAMP_12_FMU_REPL_01():
    # FMU-CAMP-12, FMU-REPL-01
    camp = Game(scenario(CAMPAIGN), 1).state
    assert points_for(schedule(camp), 3) == {"leg": 2, "mobile": 1}  # not 3 leg
    assert schedule(camp, "german") == [] and entry("replacements.german")["value"] == 0


def _reduced_on_map(monkeypatch, supplied: bool):
    g = landed_gt1()
    s = g.state.copy()
    s.turn = 2
    s.phase = "allied.movement"
    ch = Changes()
    support_phase(s, ch)
    k = s.unit("us-4-8")
    s.steps_lost[k] = 1
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: supplied for t in tr})
    g2 = Game(scenario(), 3)
    g2.states[-1] = s
    return g2, k


def test_rebuild_a_reduced_supplied_unit_even_in_ezoc_FMU_REPL_02_FMU_REPL_03(monkeypatch):
    # FMU-REPL-02, FMU-REPL-03
    g, k = _reduced_on_map(monkeypatch, True)
    assert g.state.scratch["replacements"] == {"leg": 1, "mobile": 0}
    g.do(Rebuild("allied", "us-4-8"))
    assert g.state.steps_lost[k] == 0
    k2 = g.state.unit("us-4-12")
    g.state.steps_lost[k2] = 1
    with pytest.raises(IllegalAction, match="no leg replacement point left"):
        g.do(Rebuild("allied", "us-4-12"))


def test_unsupplied_unit_cannot_be_rebuilt_FMU_REPL_02(monkeypatch):
    # FMU-REPL-02
    g, k = _reduced_on_map(monkeypatch, False)
    with pytest.raises(IllegalAction, match="out of supply"):
        g.do(Rebuild("allied", "us-4-8"))


def test_unused_points_are_lost_at_the_next_gt_FMU_REPL_05(monkeypatch):
    # FMU-REPL-05
    g, k = _reduced_on_map(monkeypatch, True)
    s = g.state
    from ddaydesk.engine.phases import _new_turn
    _new_turn(s, Changes())  # GT 3 starts: scratch is emptied before the support fire phase
    assert "replacements" not in s.scratch
    support_phase(s, Changes())
    assert s.scratch["replacements"] == {"leg": 1, "mobile": 0}  # this GT's only, not 2


def test_out_of_supply_units_reduced_then_eliminated_at_end_of_allied_turn_FMU_SUP_01_FMU_SUP_05(monkeypatch):
    # FMU-SUP-01, FMU-SUP-05
    g = landed_gt1()
    s = g.state.copy()
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: t != "us-4-8" and t != "us-4-12" for t in tr})
    s.steps_lost[s.unit("us-4-12")] = 1
    ch = Changes()
    supply.supply_phase(s, ch)
    assert s.steps_lost[s.unit("us-4-8")] == 1 and s.status[s.unit("us-4-8")] == ON_MAP
    assert s.status[s.unit("us-4-12")] == ELIMINATED
    assert s.steps_lost[s.unit("us-4-22")] == 0
    assert fx(s)["supplied"]["us-4-8"] is False
    from ddaydesk.engine.sequence import load_sequence
    seq = [p.id for p in load_sequence("fmu").phases]
    assert seq.index("supply") == seq.index("allied.mobile_combat") + 1  # end of the Allied player turn


def test_no_supply_calculator_means_no_attrition_and_a_note(monkeypatch):
    g = landed_gt1()
    s = g.state.copy()
    monkeypatch.setattr(supply, "provider", lambda st, tr: None)
    before = (list(s.steps_lost), list(s.status))
    ch = Changes()
    supply.supply_phase(s, ch)
    assert any("no supply calculator" in n for n in ch.notes)
    assert (list(s.steps_lost), list(s.status)) == before  # no attrition


def test_the_supply_calculator_is_asked_when_installed(monkeypatch):
    g = landed_gt1()
    s = g.state
    got = supply.calculator_provider(s, supply.allied_tracers(s))
    try:
        import ddaydesk.rules.supply  # noqa: F401
    except ModuleNotFoundError:
        assert got is None  # not installed: no answer, and the hook says so
        return
    assert got["us-4-8"] is True  # on a beachhead hex
    probe = supply.traceable(s, [at(s.scenario, "2806")])
    assert probe == {at(s.scenario, "2806")}


@pytest.mark.parametrize(("face", "weather"), [(1, "normal"), (2, "normal"), (3, "normal"), (4, "normal"),
                                               (5, "normal"), (6, "inclement")])
def test_each_face_of_the_weather_die_FMU_WX_01(monkeypatch, face, weather):
    # FMU-WX-01: on GT 2 the German rolls; only a 6 is inclement (5, the face before, is not)
    from ddaydesk.engine import EndPhase, RollWeather
    from tests.conftest import DATA

    g = Game(scenario(DATA / "engine" / "fmu_scenario.yaml"), 1, {"weather": True})
    while g.state.phase != "weather":
        g.do(EndPhase(g.state.active))
    assert g.state.turn == 2
    script_dice(monkeypatch, [face])
    g.do(RollWeather("german"))
    assert g.state.weather == weather
