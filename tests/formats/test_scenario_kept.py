"""A scenario read before comes back from the disk cache as it was parsed
(formats/scenariofile.py with ddaydesk.diskcache): every field the same as a fresh parse, with
its system and its map as they load now; a scenario whose map changed, an edited scenario or a
damaged kept file is parsed again."""

from __future__ import annotations

import dataclasses

import pytest

from ddaydesk.formats import scenariofile
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.systems import load_system
from tests.conftest import ROOT
from tests.formats.test_map_kept import _same as same_board

SCENARIOS = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(scenariofile, "_LOADED", {})  # (no scenario kept in this process)
    return tmp_path / "cache" / "scenario"


def _parses(monkeypatch) -> list[str]:
    """The paths parsed from now on."""
    seen: list[str] = []
    parse = scenariofile.parse_scenario

    def counted(doc, path):
        seen.append(path)
        return parse(doc, path)

    monkeypatch.setattr(scenariofile, "parse_scenario", counted)
    return seen


def _same(a, b) -> None:
    same_board(a.board, b.board)
    for f in dataclasses.fields(a):
        assert f.name == "board" or getattr(a, f.name) == getattr(b, f.name), f.name


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_kept_scenario_is_the_parsed_one(kept, name, monkeypatch):
    path = str(ROOT / "scenarios" / name)
    parsed = load_scenario(path)
    assert len(list(kept.glob("*.pickle"))) == 1
    scenariofile._LOADED.clear()  # (as a new process would)
    seen = _parses(monkeypatch)
    again = load_scenario(path)
    assert seen == [] and again is not parsed
    assert again.system is load_system(parsed.system.id)
    _same(parsed, again)


def test_a_changed_map_edited_scenario_or_damaged_file_is_parsed_again(kept, tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    map_text = (ROOT / "maps" / "tutorial.yaml").read_text(encoding="utf-8")
    (tmp_path / "maps" / "m.yaml").write_text(map_text, encoding="utf-8")
    text = (ROOT / "scenarios" / "tutorial.yaml").read_text(encoding="utf-8").replace(
        "\nmap: tutorial\n", "\nmap: ../maps/m.yaml\n", 1)
    path = tmp_path / "s" / "sc.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    seen = _parses(monkeypatch)
    first = load_scenario(path)
    scenariofile._LOADED.clear()
    assert load_scenario(path).board.title == first.board.title and len(seen) == 1  # (kept)
    (tmp_path / "maps" / "m.yaml").write_text(map_text.replace(f'title: "{first.board.title}"', "title: Edited", 1),
                                              encoding="utf-8")
    scenariofile._LOADED.clear()
    assert load_scenario(path).board.title == "Edited" and len(seen) == 2
    path.write_text(text.replace(f'title: "{first.title}"', "title: Renamed", 1), encoding="utf-8")
    scenariofile._LOADED.clear()
    assert load_scenario(path).title == "Renamed" and len(seen) == 3
    for f in kept.glob("*.pickle"):
        f.write_bytes(f.read_bytes()[:50])
    scenariofile._LOADED.clear()
    _same(load_scenario(path), load_scenario(path))
    assert len(seen) == 4
