"""Every broken file gives exactly one line ``file:line:col: message`` and exit 1."""

import os
from pathlib import Path

import pytest

from ddaydesk.cli import main
from tests.conftest import DATA, ROOT

BAD = sorted((DATA / "bad").glob("*.yaml"))


def expected(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name} must start with '# expect: LINE:COL: message'"
    return first.removeprefix("# expect: ")


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_broken_file_gives_one_positioned_line(path, capsys):
    rel = os.path.relpath(path, ROOT)
    assert main(["check", rel]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{rel}:{expected(path)}"]


def test_good_files_and_all_shipped_data_pass(capsys):
    assert main(["check", "tests/data/good", "maps", "scenarios"]) == 0
    assert capsys.readouterr().out == ""


def test_check_json_report(capsys):
    import json

    rel = "tests/data/bad/map_unknown_key.yaml"
    assert main(["check", "--json", rel, "tests/data/good/small.yaml"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    by_path = {f["path"]: f for f in report["files"]}
    assert by_path["tests/data/good/small.yaml"] == {"path": "tests/data/good/small.yaml", "kind": "map", "ok": True, "problems": []}
    bad = by_path[rel]
    assert bad["ok"] is False and bad["problems"][0]["line"] == 7 and bad["problems"][0]["col"] == 1


def test_every_problem_of_a_file_is_reported_at_once(tmp_path, capsys):
    f = tmp_path / "many.yaml"
    f.write_text(
        "format: 1\nid: m\ntitle: t\nsystem: dday77\n"
        "grid: {kind: hex, width: 2, height: 1, numbering: {}}\n"
        "terrain: {rows: ['. .']}\n"
        "places:\n  - {name: A, hex: '0909', kind: city}\n  - {name: B, hex: '0101', kind: castle}\n",
        encoding="utf-8",
    )
    assert main(["check", str(f)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{f}:8:20: places[0].hex: '0909' is not a place on map m",
        f"{f}:9:34: places[1].kind: 'castle' is not one of: city, town, port, inland_port, fortress, beach",
    ]


def test_unreadable_and_non_utf8_files(tmp_path, capsys):
    missing = tmp_path / "nope.yaml"
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"id: x\ntitle: caf\xe9\n")
    assert main(["check", str(missing), str(latin)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{missing}:1:1: cannot read")
    assert out[1] == f"{latin}:2:11: not UTF-8 text (byte 0xe9)"  # the line and column of the byte


@pytest.mark.parametrize("option,known", [("major_mcmoron", True), ("captain_ocrappy", True),
                                          ("major_mcmoronn", False)])
def test_a_scenario_sets_only_the_options_its_system_declares(tmp_path, option, known):
    # D-Day Dice's options (its system.yaml), the last listed (Major McMoron) too; a word
    # the system does not declare is refused at its line
    from ddaydesk.formats.errors import FormatError
    from ddaydesk.formats.scenariofile import load_scenario

    text = (ROOT / "scenarios" / "ddd-omaha.yaml").read_text()
    f = tmp_path / "s.yaml"
    f.write_text(text.replace("map: ddd-omaha", f"map: {ROOT / 'maps' / 'ddd-omaha.yaml'}")
                 .replace("victory: standard", f"victory: standard\noptions: {{{option}: true}}"))
    if known:
        assert load_scenario(f).options[option] is True
    else:
        with pytest.raises(FormatError) as err:
            load_scenario(f)
        assert all(p.line > 0 for p in err.value.problems)
