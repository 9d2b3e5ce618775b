"""Every shipped scenario starts with every unit in supply, as on the historical day, whatever
optional rule is on (D-Day '77 German and Allied supply, D77-SUP-*, D77-ASUP-*; Utah Beach,
FMU-SUP-*); and ``ddaydesk supply SCENARIO --side S`` says so for each side."""

from __future__ import annotations

import json

import pytest

from ddaydesk.cli import main
from ddaydesk.engine import Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.supply import compute_supply
from ddaydesk.rules.supply.adapter import from_game_state

SUPPLY_SYSTEMS = ("dday77", "fmu")  # the systems with supply lines (the others have no supply table)
SHIPPED = [p for p in sorted(scenarios_dir().glob("*.yaml")) if load_scenario(p).system.id in SUPPLY_SYSTEMS]


def _cases():
    for path in SHIPPED:
        sc = load_scenario(path)
        yield pytest.param(path, None, id=f"{path.stem}-as-shipped")
        for opt in sc.system.options:
            yield pytest.param(path, opt, id=f"{path.stem}-{opt}")
        yield pytest.param(path, "*", id=f"{path.stem}-all-options")


def test_the_shipped_scenarios_with_supply_lines_are_all_checked():
    assert {p.stem for p in SHIPPED} >= {"tutorial", "dday77-campaign", "dday77-breakout", "utah-landing",
                                         "utah-campaign"}


@pytest.mark.parametrize(("path", "option"), list(_cases()))
def test_every_unit_is_in_supply_at_the_start(path, option):
    sc = load_scenario(path)
    opts = dict(sc.options)
    if option == "*":
        opts.update(dict.fromkeys(sc.system.options, True))
    elif option is not None:
        opts[option] = True
    state = Game(sc, seed=1, options=opts).state
    result = compute_supply(from_game_state(state))
    out = {u.id: u.why for u in result.units.values() if not u.supplied}
    assert out == {}
    on_map = {sc.units[k].id for k in range(len(sc.units)) if state.place[k] >= 0}
    assert set(result.units) == on_map  # every unit on the map was traced


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_supply_command_reports_no_unit_out_of_supply_for_either_side(path, capsys):
    sc = load_scenario(path)
    for side in sc.system.sides:
        capsys.readouterr()
        assert main(["supply", str(path), "--side", side, "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["summary"]["unsupplied"] == 0, [u["id"] for u in report["units"] if not u["supplied"]]
        assert all(c["supplied"] for c in report["capacity"])


def test_the_german_hqs_of_the_campaign_stand_where_their_divisions_are_supplied():
    """D77-SUP-10: the 7th Army (Le Mans) is out of reach of the source edge and in supply
    through OB West; D77-SUP-12/13: Army Group G supplies the Biscay coast."""
    sc = load_scenario(scenarios_dir() / "dday77-campaign.yaml")
    result = compute_supply(from_game_state(Game(sc, seed=1).state))
    chain = result.units["ge-7a"].chain
    assert [leg.to for leg in chain] == ["ge-obw", "source"]  # through OB West's radius
    assert result.units["ge-276"].draws_on == "ge-agg"  # Bayonne
    assert {"ge-7a", "ge-15a", "ge-19a"} <= {u.id for u in sc.units if u.hq == "german_army"}
