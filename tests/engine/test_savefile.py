"""Saved games: atomic JSON, replayed and verified on load; tampering is refused by name."""

from __future__ import annotations

import json

import pytest

from ddaydesk.engine import EndPhase, Game, Move, RollWeather, load_game, save_game
from ddaydesk.engine.savefile import is_save, save_text
from ddaydesk.formats.detect import check_file
from ddaydesk.formats.errors import FormatError
from tests.engine.conftest import SMALL, at


def played(small) -> Game:
    g = Game(small, "seed-1", {"weather": True, "armoured_zoc": True})
    g.do(Move("allied", "a-inf", at(small, "0201")))
    g.do(Move("allied", "a-arm", at(small, "0304")))
    while g.state.phase != "weather":
        g.do(EndPhase(g.state.active))
    g.do(RollWeather("allied"))
    return g


def test_save_then_load_gives_the_same_game(small, tmp_path):
    g = played(small)
    path = tmp_path / "game.json"
    save_game(g, path)
    assert is_save(str(path)) and [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp left
    doc = json.loads(path.read_text())
    assert doc["format"] == "ddaydesk-save" and doc["version"] == 3
    assert doc["scenario"]["id"] == "engine_small" and "seed" not in doc
    assert doc["actions"][-1]["rolled"] == [g.dice_log()[-1][1].text]  # the weather roll, with its action
    assert doc["final_state_hash"] == g.state.state_hash()
    g2 = load_game(path)
    assert g2.state.state_hash() == g.state.state_hash()
    assert [a for a in g2.log] == g.log
    assert [r for _, r in g2.dice_log()] == [r for _, r in g.dice_log()]  # same rolls on replay
    assert check_file(str(path)) == ("save", [])


def test_a_save_after_undo_and_new_moves_is_the_save_a_fresh_game_writes(small):
    """Each save encodes only the actions no earlier save of the game encoded (autosave after
    every action); what it writes is what encoding the whole log writes, digest included."""
    from ddaydesk.engine.savefile import actions_digest

    g = Game(small, "seed-1")
    g.do(Move("allied", "a-inf", at(small, "0201")))
    save_text(g)
    g.do(Move("allied", "a-arm", at(small, "0304")))
    save_text(g)
    g.undo()  # the encoded move is dropped with the undone tail
    g.do(Move("allied", "a-arm", at(small, "0303")))
    fresh = Game(small, "seed-1")
    for a in g.log:
        fresh.do(a)
    text = save_text(g)
    assert text == save_text(fresh)
    doc = json.loads(text)
    assert doc["actions"][1]["to"] == "0303"
    assert doc["actions_sha256"] == actions_digest(doc["actions"])


def test_one_changed_byte_in_the_log_is_refused_naming_the_checksum(small, tmp_path):
    path = tmp_path / "game.json"
    save_game(played(small), path)
    text = path.read_text()
    path.write_text(text.replace('"to": "0201"', '"to": "0202"', 1))
    with pytest.raises(FormatError) as exc:
        load_game(path)
    msgs = [p.message for p in exc.value.problems]
    assert any("action log does not match its checksum" in m for m in msgs)
    assert any(m.startswith("action 1 ") and "refused on replay" in m for m in msgs)
    kind, problems = check_file(str(path))
    assert kind == "invalid" and problems


def test_an_illegal_action_in_the_log_is_refused_with_its_line(small, tmp_path):
    from ddaydesk.engine.savefile import actions_digest

    g = played(small)
    path = tmp_path / "game.json"
    text = save_text(g, path)
    doc = json.loads(text)
    bad = {"kind": "move", "side": "allied", "unit": "a-arm", "to": "0904", "mode": "normal"}  # sea
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if '"to": "0304"' in line)
    lines[n] = "    " + json.dumps(bad, sort_keys=True) + ","
    doc["actions"][1] = bad
    old_sum = doc["actions_sha256"]
    path.write_text("\n".join(lines).replace(old_sum, actions_digest(doc["actions"])) + "\n")
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert "action 2" in p.message and "sea" in p.message
    assert p.line == n + 1  # the line of that action


def test_a_changed_final_hash_is_refused(small, tmp_path):
    g = played(small)
    path = tmp_path / "game.json"
    save_game(g, path)
    h = g.state.state_hash()
    path.write_text(path.read_text().replace(h, "0" * 64))
    with pytest.raises(FormatError, match="final_state_hash: replaying the log gives state"):
        load_game(path)


def test_a_changed_scenario_is_refused(small, tmp_path):
    scen = tmp_path / "scen.yaml"
    scen.write_text(SMALL.read_text().replace("map: small.yaml", f"map: {SMALL.parent / 'small.yaml'}"))
    from ddaydesk.formats.scenariofile import load_scenario

    g = Game(load_scenario(scen), 1)
    g.do(EndPhase("allied"))
    path = tmp_path / "game.json"
    save_game(g, path)
    assert load_game(path).state.state_hash() == g.state.state_hash()
    scen.write_text(scen.read_text().replace("last: 40", "last: 39"))
    with pytest.raises(FormatError, match="has changed since this game was saved"):
        load_game(path)


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{\n  "format": "ddaydesk-save",\n  "version": 1,,\n}\n')
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert (p.line, "not valid JSON" in p.message) == (3, True)


def test_a_save_is_known_by_its_scenario_turn_and_actions_without_a_replay(small, tmp_path):
    from ddaydesk.engine.saveload import SaveSummary, save_summary

    g = played(small)
    path = tmp_path / "g.ddaysave"
    save_game(g, path)
    assert save_summary(path) == SaveSummary(small.title, len(g.log), g.state.turn)
    doc = json.loads(path.read_text())
    del doc["checkpoints"][-1]["position"]["turn"]  # read, not checked: no turn to tell
    path.write_text(json.dumps(doc))
    assert save_summary(path).turn is None
    path.write_text("{not json")
    with pytest.raises(FormatError):
        save_summary(path)
