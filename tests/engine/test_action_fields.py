"""Saved actions are read field by field against their declared types, before any replay:
the rules never get a list where they count on a number (issue 22)."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.engine import Game, action_from_json, load_game, rules_module, save_game
from ddaydesk.engine.actions import all_action_types
from ddaydesk.engine.savefile import actions_digest
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.systems import system_ids

for _system in system_ids():
    rules_module(_system)  # every system's action types registered
ACTION_TYPES = all_action_types()  # (with those a rules package wires by name, imported now)
TUTORIAL = load_scenario(scenarios_dir() / "tutorial.yaml")
UTAH = load_scenario(scenarios_dir() / "utah-landing.yaml")


def save_with(sc, tmp_path, bad: dict) -> tuple:
    """A save of a new game of ``sc`` whose log is a valid end_phase, then ``bad``."""
    g = Game(sc, 1)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    doc = json.loads(path.read_text())
    first = {"kind": "end_phase", "side": g.state.active}
    actions = [first, bad]
    lines = path.read_text().splitlines()
    at = lines.index('  "actions": [],')
    lines[at:at + 1] = ['  "actions": [', "    " + json.dumps(first) + ",", "    " + json.dumps(bad), "  ],"]
    text = "\n".join(lines).replace(doc["actions_sha256"], actions_digest(actions))
    path.write_text(text)
    return path, at + 3  # the line of the bad action


@pytest.mark.parametrize("sc, bad, field", [
    # combat/attackers.py (normalise) TypeError
    (TUTORIAL, {"kind": "attack", "side": "allied", "attackers": 5, "target": "0405"}, "attack.attackers"),
    # combat/support.py:72
    (TUTORIAL, {"kind": "resolve_combat", "side": "allied", "nbp": "3"}, "resolve_combat.nbp"),
    # combat/support.py:246 (F&M naval gunfire)
    (UTAH, {"kind": "resolve_combat", "side": "allied", "naval": 1.5}, "resolve_combat.naval"),
    # dday77/arrivals.py:65
    (TUTORIAL, {"kind": "replace", "side": "allied", "unit": ["us-1-inf"]}, "replace.unit"),
    (TUTORIAL, {"kind": "move", "side": "allied", "unit": "x", "to": "0101", "via": "0101"}, "move.via"),
    (TUTORIAL, {"kind": "attack", "side": "allied", "attackers": ["a", 3], "target": "0405"}, "attack.attackers"),
    (TUTORIAL, {"kind": "respond", "side": "german", "cds": 1}, "respond.cds"),
    (TUTORIAL, {"kind": "end_phase", "side": None}, "end_phase.side"),
    (TUTORIAL, {"kind": "patrol", "side": "german", "place": "1", "n": 10**12}, "patrol.place"),
])
def test_a_field_of_the_wrong_type_is_refused_before_the_replay(tmp_path, sc, bad, field):
    path, line = save_with(sc, tmp_path, bad)
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert p.line == line and p.message.startswith(f"action 2: {field}: ")
    assert "refused on replay" not in p.message


@pytest.mark.parametrize("bad, why", [
    ({"kind": "patrol", "side": "german", "place": None, "n": 10**12}, "out of range"),
    ({"kind": "move", "side": "allied", "unit": "u" * 10_000, "to": "0101"}, "longer than 200"),
    ({"kind": "move", "side": "allied", "unit": "x", "to": "0101", "rolled": []}, "unknown field"),
    ({"kind": "move", "side": "allied", "unit": "x", "to": {"a": 1}}, "is not a place"),
    ({"kind": "no_such_kind", "side": "allied"}, "unknown action kind"),
])
def test_bounds_and_unknowns(bad, why):
    with pytest.raises(ValueError, match=why) as exc:
        action_from_json(bad, TUTORIAL.board)
    assert len(str(exc.value)) < 300


def test_every_action_type_of_every_system_can_be_read_from_a_save():
    from ddaydesk.engine.actions import _readers

    for cls in ACTION_TYPES.values():
        assert _readers(cls)  # TypeError for a field type a save cannot hold


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | st.floats(allow_nan=False)
                    | st.text(max_size=12) | st.sampled_from(["0405", "0101", "allied", "us-1-inf"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ACTION_TYPES)), st.data())
def test_any_json_gives_a_well_typed_action_or_a_value_error(kind, data):
    cls = ACTION_TYPES[kind]
    d = {"kind": kind}
    for f in dataclasses.fields(cls):
        if data.draw(st.integers(0, 9)):
            d[f.name] = data.draw(JSON)
    try:
        a = action_from_json(d, TUTORIAL.board)
    except ValueError as exc:
        assert str(exc)
        return
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        v = getattr(a, f.name)
        tp = hints[f.name]
        if typing.get_origin(tp) is tuple:
            assert isinstance(v, tuple)
        elif tp in (int, str, bool):
            assert type(v) is tp
    assert action_from_json(a.to_json(TUTORIAL.board), TUTORIAL.board) == a  # and it round-trips
