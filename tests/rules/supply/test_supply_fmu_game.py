"""Utah Beach supply read from a played game (rules/supply/adapter.py): the drop zone markers
on the map are the airborne units' other source (FMU-SUP-02), the beachheads the first."""

from __future__ import annotations

from ddaydesk.rules.supply.adapter import from_game_state
from tests.rules.fmu.fmu_helpers import at
from tests.rules.fmu.test_fmu_landing import landed_gt1


def test_the_drop_zone_markers_of_the_game_are_supply_sources_FMU_SUP_02():
    g = landed_gt1(dz=("2503", "2305"))
    inp = from_game_state(g.state)
    sc = g.scenario
    assert set(inp.drop_zones) == {at(sc, "2503"), at(sc, "2305")}
    assert set(inp.beachheads) == {at(sc, "2806"), at(sc, "2707")}
