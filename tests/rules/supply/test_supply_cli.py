"""``ddaydesk supply`` and the scenario adapter on the small test scenarios."""

from __future__ import annotations

import json

import pytest
from supply_helpers import DATA

from ddaydesk.cli import main
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.rules.supply.adapter import from_scenario
from ddaydesk.rules.supply.params import load_params_file, parse_params


def run_json(capsys, *args):
    assert main(["supply", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_adapter_reads_sources_markers_and_fortresses():
    sc = load_scenario(DATA / "d77_small.yaml")
    inp = from_scenario(sc)
    b = sc.board
    assert [u.id for u in inp.units] == ["us-hq", "us-1", "us-far", "de-hq", "de-1", "de-fort"]  # not de-late
    assert inp.supply_centres == (b.index("0205"),)
    assert len(inp.german_sources) == 9 and all(b.labels[i].startswith("45") for i in inp.german_sources)
    assert next(u for u in inp.units if u.id == "de-fort").fortress  # D77-SUP-06: fortress place


def test_cli_json_d77(capsys):
    out = run_json(capsys, str(DATA / "d77_small.yaml"))
    units = {u["id"]: u for u in out["units"]}
    assert out["summary"] == {"units": 6, "supplied": 5, "unsupplied": 1}
    assert units["us-1"]["chain"][0]["hexes"][0] == "1405" and units["us-1"]["chain"][-1]["to"] == "sc:0205"
    assert units["de-1"]["chain"][0] == {"from": "de-1", "to": "de-hq", "to_kind": "hq",
                                        "hexes": units["de-1"]["chain"][0]["hexes"], "length": 8,
                                        "limit": 8, "rule": "D77-SUP-02"}
    assert units["us-far"]["why"]["reason"] == "too_far"
    assert units["us-far"]["why"]["nearest"]["over_by"] == 7
    assert units["de-fort"]["status"] == "fortress" and units["de-fort"]["defence_multiplier"] == 1  # 10 from its HQ
    cap = {c["id"]: c for c in out["capacity"]}
    assert cap["sc:0205"]["used"] == 1 and cap["sc:0205"]["available"] == 4
    assert cap["de-hq"]["units"] == ["de-1"]


def test_cli_side_filter_and_weather(capsys):
    out = run_json(capsys, str(DATA / "d77_small.yaml"), "--side", "german", "--turn", "7", "--weather", "mud")
    assert {u["side"] for u in out["units"]} == {"german"}
    assert out["range_reduction"] == 1
    assert not {u["id"]: u for u in out["units"]}["de-1"]["supplied"]  # 8 hexes > 7 in mud


def test_cli_fmu(capsys):
    out = run_json(capsys, str(DATA / "fmu_small.yaml"))
    units = {u["id"]: u for u in out["units"]}
    assert units["us-4"]["chain"][0]["to"] == "beachhead" and units["us-4"]["chain"][0]["limit"] is None
    assert units["de-1"]["status"] == "always"


def test_cli_text_and_bad_input(capsys, tmp_path):
    assert main(["supply", str(DATA / "d77_small.yaml")]) == 0
    text = capsys.readouterr().out
    assert "de-1" in text and "5 of 6 units in supply" in text
    assert main(["supply", str(DATA / "d77_small.yaml"), "--side", "axis"]) == 2
    assert "not a side" in capsys.readouterr().err
    missing = tmp_path / "none.yaml"
    assert main(["supply", str(missing)]) == 1
    assert "cannot read" in capsys.readouterr().out


def test_supply_table_errors_name_their_position(tmp_path):
    text = (DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml").read_text()
    bad = text.replace("unit_to_source: {value: 8, rule: D77-SUP-02", "unit_to_source: {value: -8, rule: D77-SUP-02")
    path = tmp_path / "supply.yaml"
    path.write_text(bad)
    with pytest.raises(FormatError) as exc:
        load_params_file(path, "dday77")
    (p,) = exc.value.problems
    assert p.line == bad.splitlines().index(next(x for x in bad.splitlines() if "value: -8" in x)) + 1
    assert "german.unit_to_source" in p.message
    with pytest.raises(FormatError, match="missing key 'confidence'"):
        parse_params(load_text("format: 1\nsystem: fmu\nblocking: {enemy_units: {value: block, rule: X}}\n",
                               "t.yaml"), "t.yaml", "fmu")


def test_supply_table_names_the_type_a_value_needs(tmp_path):
    text = (DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml").read_text()
    bad = text.replace("friendly_negates_zoc: {value: true,", "friendly_negates_zoc: {value: maybe,")
    assert bad != text
    path = tmp_path / "supply.yaml"
    path.write_text(bad)
    with pytest.raises(FormatError) as exc:
        load_params_file(path, "dday77")
    (p,) = exc.value.problems
    assert p.message == "blocking.friendly_negates_zoc: expected bool, found 'maybe'"


def test_supply_table_needs_its_format_system_and_blocking(tmp_path):
    text = (DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml").read_text()
    bad = text.replace("format: 1\n", "", 1)
    assert bad != text
    path = tmp_path / "supply.yaml"
    path.write_text(bad)
    with pytest.raises(FormatError, match="missing key 'format'"):
        load_params_file(path, "dday77")


def test_the_blocking_rules_are_read_from_the_table():
    p = load_params_file(DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml", "dday77")
    b = p.blocking
    assert (b.enemy_units_block, b.enemy_zoc, b.friendly_negates_zoc) == (True, "enter_only", True)
    assert b.no_zoc_types == {"hq"} and "sea" in b.impassable_terrain
    assert (b.rule_zoc, b.rule_enemy) == ("STD-SUP-BLOCK-EZOC", "STD-SUP-BLOCK-ENEMY")


def test_supply_table_needs_every_hq_kind_number(tmp_path):
    text = (DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml").read_text()
    bad = text.replace("      capacity:     {value: 8, rule: D77-SUP-17, confidence: seed}\n", "")
    path = tmp_path / "supply.yaml"
    path.write_text(bad)
    with pytest.raises(FormatError, match="german.hq_kinds.netherlands.capacity"):
        load_params_file(path, "dday77")


def test_json_keys_match_docs_cli(capsys):
    out = run_json(capsys, str(DATA / "d77_small.yaml"))
    assert set(out) == {"path", "scenario", "turn", "phase", "weather", "system", "range_reduction", "notes",
                        "summary", "units", "capacity"}
    assert {k for u in out["units"] for k in u} == {
        "id", "side", "supplied", "status", "draws_on", "rule", "chain", "why", "effect", "defence_multiplier"}
    assert {k for u in out["units"] for leg in u["chain"] for k in leg} == {
        "from", "to", "to_kind", "hexes", "length", "limit", "rule"}
    assert {k for c in out["capacity"] for k in c} == {
        "id", "kind", "side", "hex", "supplied", "capacity", "used", "available", "units", "rule"}


def test_cli_reads_a_save(capsys, tmp_path):
    from ddaydesk.engine import EndPhase, Game, save_game

    game = Game(load_scenario(DATA / "d77_small.yaml"), seed=5)
    game.do(EndPhase("allied"))
    path = tmp_path / "game.json"
    save_game(game, str(path))
    out = run_json(capsys, str(path))
    assert out["scenario"] == "supply-d77-small" and out["phase"] == "allied.combat"
    assert out["summary"] == {"units": 6, "supplied": 5, "unsupplied": 1}


def test_cli_refuses_a_system_without_supply_lines_and_notes_options_off(capsys):
    from ddaydesk.paths import scenarios_dir

    assert main(["supply", str(scenarios_dir() / "dday2.yaml")]) == 1
    assert "has no supply table" in capsys.readouterr().out
    out = run_json(capsys, str(scenarios_dir() / "dday77-breakout.yaml"))
    assert any("allied_supply is off" in n for n in out["notes"])


def test_a_supply_value_of_the_wrong_kind_is_named_with_what_was_expected(tmp_path):
    text = (DATA.parents[2] / "ddaydesk/rules/data/dday77/supply.yaml").read_text()
    bad = text.replace("unit_to_source: {value: 8, rule: D77-SUP-02", "unit_to_source: {value: eight, rule: D77-SUP-02")
    path = tmp_path / "supply.yaml"
    path.write_text(bad)
    with pytest.raises(FormatError, match=r"german.unit_to_source: expected int, found 'eight'"):
        load_params_file(path, "dday77")


def test_cli_words_for_a_unit_at_sea_and_for_no_sc_at_all():
    # the text output of `ddaydesk supply` for the two invasion-turn reasons (docs/cli.md)
    from ddaydesk.cli.supply_cmd import _why_text

    assert _why_text({"reason": "stands_on", "terrain": "sea", "rule": "STD-SUP-BLOCK-TERRAIN"}) == \
        "stands on sea: no line starts there (STD-SUP-BLOCK-TERRAIN)"
    assert _why_text({"reason": "no_source", "no_sc": "D77-ASUP-11"}) == \
        "no SC on the map: every Allied line ends at one (D77-ASUP-11)"
    assert _why_text({"reason": "no_source"}) == "no source or supplied HQ can be reached"
