"""The combat Situation and Pools built from a game state (state_adapter)."""

from __future__ import annotations

from ddaydesk.engine import STRATEGIC, Deferred
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat import Declaration, assess
from ddaydesk.rules.combat.state_adapter import pools, situation
from tests.conftest import DATA
from tests.engine.conftest import at, position


def test_units_carry_their_current_values_and_flags(fmusc):
    s = position(fmusc, {"a-mob": "0303", "g-leg": "0403"}, phase="allied.combat", turn=2)
    s.steps_lost[s.unit("a-mob")] = 1
    s.flags[s.unit("g-leg")] |= STRATEGIC
    sit = situation(s)
    mob, leg = sit.unit("a-mob"), sit.unit("g-leg")
    assert (mob.attack, mob.defence, mob.reduced, mob.steps) == (4, 3, True, 1)
    assert (leg.attack, leg.steps, leg.strategic) == (4, 2, True)
    assert set(sit.by_id) == {"a-mob", "g-leg"}  # only units on the map
    assert sit.beach_places == {fmusc.board.index("0203")}


def test_out_of_supply_units_in_a_fortress_count_as_isolated_D77_FORT_01(tmp_path):
    # the engine test map with a fortress at 0504 (isolation only matters there)
    # D77-FORT-01 rests on base rules 16.2 and 24.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    small = (DATA / "engine" / "small.yaml").read_text()
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "small.yaml").write_text(
        small.replace("attribution:", 'places:\n  - {name: Fort, hex: "0504", kind: fortress}\nattribution:', 1))
    (tmp_path / "combat").mkdir()
    (tmp_path / "combat" / "d77.yaml").write_text((DATA / "combat" / "d77_scenario.yaml").read_text())
    sc = load_scenario(tmp_path / "combat" / "d77.yaml")
    s = position(sc, {"a-inf": "0404", "a-inf2": "0704", "g-inf": "0504", "g-weak": "0705"},
                 phase="allied.combat", options={"fortress_isolation": True})
    traced = []

    def trace():  # the supply record, worked out when first read (Deferred)
        traced.append(1)
        return {"unsupplied": ["g-inf", "g-weak"], "supplied": []}

    s.extra["supply"] = Deferred(trace)
    sit = situation(s)
    weak = assess(sit, Declaration(("a-inf2",), at(sc, "0705")))
    assert not traced  # out of supply, but not in a fortress: the record is not even read
    fort = assess(sit, Declaration(("a-inf",), at(sc, "0504")))
    assert traced == [1] and sit.is_isolated(sit.unit("g-inf"))
    assert "D77-FORT-01" in [line.rule for line in fort.defence_lines]  # not tripled
    assert "D77-FORT-01" not in [line.rule for line in weak.defence_lines]


def test_invasion_turn_and_fresh_pools_D77_NAV_01_AIR_02(d77sc):
    opts = {"naval_bombardment": True, "tactical_air": True}
    at_sea = position(d77sc, {"a-inf": "0904", "g-inf": "0804"}, phase="allied.combat", options=opts)
    ashore = position(d77sc, {"a-inf": "0704", "g-inf": "0804"}, phase="allied.combat", options=opts)
    assert situation(at_sea).turn.invasion_turn and not situation(ashore).turn.invasion_turn
    assert (pools(at_sea).nbp_left, pools(at_sea).air_left) == (10, 10)
    assert (pools(ashore).nbp_left, pools(ashore).air_left) == (0, 10)
    ashore.game["invasions"] = [[1, "normandy"]]  # recorded by the invasion rules
    assert pools(ashore).nbp_left == 10
    ashore.weather = "MUD"  # D77-WX-11: 6 fewer air factors
    assert pools(ashore).air_left == 4
    held = position(d77sc, {"a-inf": "0704", "g-inf": "0804"}, phase="allied.combat", options=opts)
    held.game["control"] = {"Boulogne": "allied", "Rotterdam": "allied", "Brest": "german"}
    assert situation(held).turn.cities_held == {"Boulogne", "Rotterdam"}
    assert pools(held).air_left == 12  # D77-AIR-03: both cities held by the Allies


def test_fmu_cups_start_full_with_naval_gunfire_on_gt1_only_FMU_SFM_01_08_NGS_04(fmusc):
    gt1 = pools(position(fmusc, {"a-mob": "0303"}, phase="allied.combat", turn=1))
    gt2 = pools(position(fmusc, {"a-mob": "0303"}, phase="allied.combat", turn=2))
    assert {k: len(v) for k, v in gt1.cups.items()} == {"german": 12, "allied_air": 7, "allied_ground": 13}
    assert len(gt1.naval_left) == 6 and gt2.naval_left == ()
    lost = position(fmusc, {"a-mob": "0303"}, phase="allied.combat", turn=2)
    lost.extra["combat"] = {"lost_markers": ["german+4#1"]}  # FMU-SFM-06
    assert len(pools(lost).cups["german"]) == 11
