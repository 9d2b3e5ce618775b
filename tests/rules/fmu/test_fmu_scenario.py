"""The scenario files and boundary (seed 002 10.0-11.1, 14.0)."""

import pytest

from ddaydesk.engine import ON_MAP, Game, reach
from ddaydesk.engine.movement import move_problem
from ddaydesk.rules.fmu.common import outside
from ddaydesk.rules.systems import load_system
from tests.rules.fmu.fmu_helpers import CAMPAIGN, at, scenario


def test_scenario_uses_the_landing_and_linkup_map_only_FMU_GEN_01():
    # FMU-GEN-01
    for path in (None, CAMPAIGN):
        sc = scenario(path) if path else scenario()
        assert sc.board.id == "utah" and sc.system.id == "fmu"


def test_seventeen_turns_allies_first_FMU_GEN_06_FMU_GEN_07():
    # FMU-GEN-06, FMU-GEN-07
    sc = scenario()
    assert (sc.first_turn, sc.last_turn, sc.first_player) == (1, 17, "allied")
    from ddaydesk.engine.sequence import load_sequence
    turn = [p for p in load_sequence("fmu").phases if not p.setup]
    movers = [p.side for p in turn if p.kind == "movement"]
    assert movers[0] == "allied"


def test_every_set_up_hex_is_west_of_the_vire_FMU_GEN_02():
    # FMU-GEN-02
    sc = scenario()
    out = outside(Game(sc, 1).state)
    starts = [u.hex for u in sc.units if u.hex >= 0]
    assert starts and not any(out[i] for i in starts)
    assert out[at(sc, "1224")] and not out[at(sc, "1709")]  # the Caen road edge is east of the Vire


def _gt5_state(path=None):
    s = Game(scenario(path) if path else scenario(), 1).state.copy()
    s.turn = 5
    s.phase = "allied.movement"
    return s


@pytest.mark.parametrize("side_unit", ["us-9-39", "ge-37-17ss"])
def test_no_unit_moves_east_of_the_vire_FMU_GEN_03(side_unit):
    # FMU-GEN-03
    s = _gt5_state()
    sc = s.scenario
    k = s.unit(side_unit)
    s.place[k], s.status[k] = at(sc, "1608"), ON_MAP  # on the Vire
    s._cache.clear()
    out = outside(s)
    dest = reach(s, k).dest
    assert dest and not any(out[i] for i in dest)
    east = [j for j in sc.board.adj[at(sc, "1608")] if out[j] and sc.board.terrain_of(j) != "sea"]
    assert east  # there is land across the river, and it is refused


def test_campaign_lifts_the_vire_boundary_FMU_CAMP_07():
    # FMU-CAMP-07
    s = _gt5_state(CAMPAIGN)
    assert s.options["campaign"] is True
    assert not any(outside(s))
    k = s.unit("ge-37-17ss")
    s.place[k], s.status[k] = at(s.scenario, "1608"), ON_MAP
    s._cache.clear()
    assert any(i not in s.scenario.board.regions["landing_and_linkup"].places for i in reach(s, k).dest)


def test_campaign_game_is_the_us_one_map_mode_FMU_CAMP_01():
    # FMU-CAMP-01
    sc = scenario(CAMPAIGN)
    assert sc.options["campaign"] and sc.last_turn == 25
    assert {u.nationality for u in sc.units if u.side == "allied"} == {"us"}  # U.S. forces on the west map


def test_campaign_assault_units_use_their_beach_later_ones_any_marked_beach_FMU_CAMP_08():
    # FMU-CAMP-08
    sc = scenario(CAMPAIGN)
    assault = [u for u in sc.units if u.arrive_turn == 1 and u.type == "infantry" and u.side == "allied"]
    assert {u.arrive_region for u in assault} == {"utah_beach"}
    later = [u for u in sc.units if u.side == "allied" and (u.arrive_turn or 0) >= 2]
    assert later and {u.arrive_region for u in later} == {"utah_beach"}  # the only beach area of this map


@pytest.mark.parametrize("turn,ids", [
    pytest.param(22, ["us-5-10", "us-5-11", "us-5-2"], id="FMU-CAMP-16"),
    pytest.param(25, ["us-6ad-cca", "us-6ad-ccb", "us-6ad-ccr"], id="FMU-CAMP-17"),
])
def test_campaign_extension_reinforcements(turn, ids):
    assert sorted(u.id for u in scenario(CAMPAIGN).units if u.arrive_turn == turn) == ids
    assert not [u for u in scenario().units if u.arrive_turn == turn]


def test_terrain_key_errata_trail_not_rail_FMU_GEN_05():
    # FMU-GEN-05
    system = load_system("fmu")
    assert "trail" in system.hexside_features and "rail" not in system.hexside_features
    sc = scenario()
    trails = [s for s in range(sc.board.n_sides) if "trail" in sc.board.side_features(s)]
    assert trails  # the map draws trails (Sainteny-Lessay reaches the edge at 1301)


def test_gt1_mobile_landed_units_barred_from_mobile_phases_FMU_AMPH_09():
    # FMU-AMPH-09
    s = Game(scenario(), 1).state.copy()
    from ddaydesk.rules.fmu.common import fx
    k = s.unit("us-4ad-cca")
    s.place[k], s.status[k] = at(s.scenario, "2806"), ON_MAP
    fx(s)["landed"] = {"us-4ad-cca": 1}
    s.phase = "allied.mobile_movement"
    assert "landed on GT 1" in move_problem(s, k, "normal", "mobile")


def test_river_between_two_city_hexes_is_bridged_FMU_GEN_04():
    # FMU-GEN-04
    # FMU-GEN-04 rests on system bridge/river movement costs, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.rules.fmu.fmu_helpers import ROOT

    sc = load_scenario(ROOT / "tests" / "data" / "fmu" / "bridge_scenario.yaml")
    s = Game(sc, 1).state
    r = reach(s, s.unit("a-leg"))
    assert r.cost(at(sc, "0201")) == 1  # city to city across the river: no river cost
    from ddaydesk.engine.positions import edge_table
    from ddaydesk.engine.tables import SCALE, load_move_rules

    edges, _ = edge_table(sc.board, load_move_rules("fmu"), 0)
    step = dict(edges[at(sc, "0301")])
    assert step[at(sc, "0401")] == (1 + 2) * SCALE  # clear to clear: the river's +2 (leg)
    assert dict(edges[at(sc, "0101")])[at(sc, "0201")] == 1 * SCALE
