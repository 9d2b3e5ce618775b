"""The fast YAML path (libyaml) against the pure-Python loader: same values, same positions
for every key, value and item, same error messages; and the in-process scenario cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import MarkedDict, MarkedList, load_text

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*ROOT.glob("maps/*.yaml"), *ROOT.glob("scenarios/*.yaml"),
                *ROOT.glob("ddaydesk/rules/data/**/*.yaml"), *ROOT.glob("tests/data/**/*.yaml")])
needs_libyaml = pytest.mark.skipif(not getattr(yaml, "__with_libyaml__", False), reason="no libyaml")


def marks(v):
    """Everything the loader gives, positions included, as plain comparable data."""
    if isinstance(v, MarkedDict):
        return ("map", v.pos, [(k, v.key_pos[k], v.value_pos[k], marks(x)) for k, x in v.items()])
    if isinstance(v, MarkedList):
        return ("seq", v.pos, v.item_pos, [marks(x) for x in v])
    return (type(v).__name__, v)


def both(text: str):
    def one(fast):
        try:
            return marks(load_text(text, "t.yaml", fast=fast))
        except FormatError as exc:
            return [str(p) for p in exc.problems]
    return one(True), one(False)


@needs_libyaml
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_and_test_file_loads_the_same(path):
    fast, pure = both(path.read_text(encoding="utf-8"))
    assert fast == pure


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",                      # duplicate key (our constructor)
    "a: [1, 2\nb: 3\n",                  # unclosed flow sequence
    "a:\n\t- 1\n",                       # tab indentation
    "? [1, 2]\n: x\n",                   # unhashable key
    "a: !!python/object:os.system x\n",  # unsafe tag
    "- é: ü\n  ñ: [ø, 'å']\n",           # non-ASCII columns
    "a: *x\n",                           # unknown alias
    "[" * 3000,                          # nested too deeply
])
def test_errors_and_odd_texts_read_the_same(text):
    fast, pure = both(text)
    assert fast == pure


@needs_libyaml
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", ":", " ", "\n", "-", "[", "]", "{", "}", ",", "'", '"', "#", "1",
                                 "é", "&x", "*x", "!!int", "\t", "? "]), max_size=40))
def test_random_texts_read_the_same(parts):
    fast, pure = both("".join(parts))
    assert fast == pure


def test_an_unchanged_scenario_is_parsed_once_and_a_changed_one_again(tmp_path):
    shutil.copy(ROOT / "maps" / "tutorial.yaml", tmp_path / "tutorial_map.yaml")
    scen = tmp_path / "tutorial.yaml"
    text = (ROOT / "scenarios" / "tutorial.yaml").read_text()
    scen.write_text(text.replace("\nmap: tutorial\n", "\nmap: tutorial_map.yaml\n"))
    first = load_scenario(scen)
    assert first.board.source == str(tmp_path / "tutorial_map.yaml")
    assert load_scenario(scen) is first
    scen.write_text(scen.read_text() + "# edited\n")
    second = load_scenario(scen)
    assert second is not first and second.content_hash != first.content_hash
    (tmp_path / "tutorial_map.yaml").write_text((tmp_path / "tutorial_map.yaml").read_text() + "# edited\n")
    third = load_scenario(scen)
    assert third is not second and third.board.content_hash != second.board.content_hash
    assert load_scenario(scen) is third
