"""A scenario ``check`` accepts is one the rules can start (issue 22)."""

from __future__ import annotations

import pytest

from ddaydesk.cli import main
from ddaydesk.engine import Game, IllegalAction, rules_module
from ddaydesk.engine.setupcheck import setup_problems
from ddaydesk.formats.detect import check_file
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir

DD2 = scenarios_dir() / "dday2.yaml"


def without_line(tmp_path, needle: str):
    lines = DD2.read_text(encoding="utf-8").splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if needle in line)
    path = tmp_path / "dd2.yaml"
    path.write_text("".join(lines[:k] + lines[k + 1:]), encoding="utf-8")
    return path, k + 1


def test_a_dd2_chart_box_short_of_units_is_refused_by_check_at_the_box_s_first_unit(tmp_path, capsys):
    # issue 22: it passed check, then the game failed to start (IllegalAction, dd2/game.py:78)
    path, gone = without_line(tmp_path, "id: usr-art,")
    with pytest.raises(IllegalAction, match="its chart needs"):
        Game(load_scenario(path))
    kind, problems = check_file(str(path))
    (p,) = problems
    assert kind == "invalid" and p.line == gone - 1  # the box's first unit, the line above
    assert "box us_chart: holds" in p.message and "artillery': 12" in p.message
    assert main(["check", str(path)]) == 1
    assert f"{path}:{gone - 1}:1: box us_chart" in capsys.readouterr().out


def test_every_shipped_scenario_passes_its_set_up_checks():
    for path in sorted(scenarios_dir().glob("*.yaml")):
        assert check_file(str(path)) == ("scenario", []), path


def test_a_set_up_step_that_refuses_the_scenario_is_reported_at_its_units(monkeypatch):
    sc = load_scenario(scenarios_dir() / "tutorial.yaml")
    rm = rules_module(sc.system.id)

    def refuse(state):
        raise IllegalAction("no German HQ to command the defence")

    monkeypatch.setattr(rm, "setup", [*rm.setup, refuse])
    (p,) = setup_problems(sc)
    assert p.line == sc.lines["scenario.units"] and p.message.endswith("no German HQ to command the defence")


def test_an_airborne_unit_whose_id_names_no_division_is_refused_by_check(tmp_path):
    # found by tools/fuzz_files.py: the Utah Beach drop finds a unit's division in its id, and a
    # scenario check accepted crashed at the first listing (ValueError in divisions_due)
    text = (scenarios_dir() / "utah-landing.yaml").read_text(encoding="utf-8")
    path = tmp_path / "utah.yaml"
    path.write_text(text.replace("{id: us-82-507,", "{id: paras,"), encoding="utf-8")
    line = text[: text.index("{id: us-82-507,")].count("\n") + 1
    (p,) = check_file(str(path))[1]
    assert p.line == line and "names its division in its id" in p.message and "FMU-AIRB-02" in p.message


@pytest.mark.parametrize("change, words", [
    (("name: Juno, hexes:", "name: Jno, hexes:"), "region fire-juno (blockhouse fire) is named 'Jno'"),
    (("{id: rouen,", "{id: ruen,"), "no entry region 'rouen'"),
])
def test_a_dd2_map_whose_regions_the_rules_cannot_find_is_refused_at_the_map_line(tmp_path, change, words):
    # found by tools/fuzz_files.py: KeyError in the D-Day2 map facts (rules/dd2/state.py)
    from ddaydesk.paths import maps_dir

    text = (maps_dir() / "dday2.yaml").read_text(encoding="utf-8")
    assert change[0] in text
    (tmp_path / "m.yaml").write_text(text.replace(*change), encoding="utf-8")
    scen = DD2.read_text(encoding="utf-8")
    (tmp_path / "s.yaml").write_text(scen.replace("\nmap: dday2\n", "\nmap: m.yaml\n"), encoding="utf-8")
    (p,) = check_file(str(tmp_path / "s.yaml"))[1]
    assert p.line == scen[: scen.index("\nmap: ")].count("\n") + 2 and words in p.message
