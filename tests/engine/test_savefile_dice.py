"""Saves hold the rolls, never what would tell the next one; old saves with a seed still
load; saves are private and interrupted saves leave nothing behind (issue 22)."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from ddaydesk.engine import EndPhase, Game, RollWeather, SeededDice, load_game, save_game
from ddaydesk.engine.savefile import STALE_AFTER, save_text
from ddaydesk.formats.errors import FormatError
from tests.conftest import DATA
from tests.engine.conftest import at

V1_SAVE = DATA / "engine" / "v1_save.ddaysave"  # written by the seeded engine (format version 1)


def before_the_weather(small, seed=None) -> Game:
    g = Game(small, seed, {"weather": True})
    while g.state.phase != "weather":
        g.do(EndPhase(g.state.active))
    return g


def keys_and_values(doc):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield k
            yield from keys_and_values(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from keys_and_values(v)
    else:
        yield doc


@pytest.mark.parametrize("seed", [None, "a test's seed"], ids=["os-dice", "seeded"])
def test_no_save_lets_a_program_compute_the_next_roll(small, tmp_path, seed):
    g = before_the_weather(small, seed)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    doc = json.loads(path.read_text())
    assert "seed" not in doc and "seed" not in set(keys_and_values(doc))
    assert not {"state", "inc"} & set(keys_and_values(doc))  # no generator state either
    # The same save, loaded again and again: the next roll is not fixed by anything in it.
    nexts = [load_game(path).do(RollWeather("allied")).dice[0].value for _ in range(40)]
    assert len(set(nexts)) > 1  # (all 40 the same by chance: 6 ** -39)
    # ...whereas the game itself, replayed from its seed, would have rolled one known value
    if seed is not None:
        assert len({before_the_weather(small, seed).do(RollWeather("allied")).dice[0].value
                    for _ in range(3)}) == 1


def test_the_rolls_are_recorded_with_their_actions_and_replayed(small, tmp_path):
    g = before_the_weather(small)
    ch = g.do(RollWeather("allied"))
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    doc = json.loads(path.read_text())
    assert doc["version"] == 3 and doc["actions"][-1]["rolled"] == [f"d6={ch.dice[0].value}"]
    again = load_game(path)
    assert again.dice_log() == g.dice_log() and again.state.state_hash() == g.state.state_hash()


@pytest.mark.parametrize("change, message", [
    (lambda r: ["d10=3"], "recorded as a d10, the rules roll a d6"),
    (lambda r: [], "the rules roll a d6 the save does not record"),
    (lambda r: [*r, "d6=1"], "replaying it rolls d6="),
    (lambda r: ["d6=7"], "is not a roll such as"),
    (lambda r: "d6=1", "expected a list of rolls"),
])
def test_recorded_rolls_that_do_not_fit_the_rules_are_refused_at_their_line(small, tmp_path, change, message):
    from ddaydesk.engine.savefile import actions_digest

    g = before_the_weather(small)
    g.do(RollWeather("allied"))
    lines = save_text(g).splitlines()
    doc = json.loads("\n".join(lines))
    last = doc["actions"][-1]
    last["rolled"] = change(last["rolled"])
    n = next(i for i, line in enumerate(lines) if '"roll_weather"' in line)
    lines[n] = "    " + json.dumps(last, sort_keys=True)
    text = "\n".join(lines).replace(doc["actions_sha256"], actions_digest(doc["actions"]))
    path = tmp_path / "game.ddaysave"
    path.write_text(text)
    with pytest.raises(FormatError) as exc:
        load_game(path)
    assert [(p.line, message in p.message) for p in exc.value.problems] == [(n + 1, True)]


def test_an_old_save_with_a_seed_still_loads_and_replays(tmp_path):
    doc = json.loads(V1_SAVE.read_text())
    assert doc["version"] == 1 and doc["seed"] == "old-save-1944"
    g = load_game(V1_SAVE)
    assert len(g.log) == len(doc["actions"]) == 160
    # its rolls are the seed's stream, in order (15 of them: weather and two combats)
    stream = SeededDice.from_seed(doc["seed"])
    assert [(r.sides, r.value) for _, r in g.dice_log()] == [(6, stream.roll(6, "").value) for _ in range(15)]
    assert any("combat" in r.purpose for _, r in g.dice_log())
    # it goes on with dice nobody can read from the file, and saves as the current version
    shutil.copy(V1_SAVE.parent / "small_scenario.yaml", tmp_path)
    shutil.copy(V1_SAVE.parent / "small.yaml", tmp_path)
    path = tmp_path / "again.ddaysave"
    save_game(g, path)
    new = json.loads(path.read_text())
    assert new["version"] == 3 and "seed" not in new
    assert load_game(path).state.state_hash() == g.state.state_hash()


def test_a_seed_of_5000_digits_is_refused_at_its_line(tmp_path):
    text = V1_SAVE.read_text().replace('"seed": "old-save-1944"', '"seed": ' + "9" * 5000)
    path = tmp_path / "big.ddaysave"
    path.write_text(text)
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert p.line == 5 and "out of range" in p.message and len(p.message) < 200


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_save_is_readable_by_its_owner_only(small, tmp_path):
    path = tmp_path / "game.ddaysave"
    path.write_text("an older file, world-readable")
    os.chmod(path, 0o644)
    save_game(Game(small, 1), path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_temporary_files_of_interrupted_saves_are_removed(small, tmp_path):
    path = tmp_path / "game.ddaysave"
    # what a save killed between writing and renaming leaves (kill -9 runs no cleanup)
    old = [tmp_path / f".game.ddaysave.{name}.tmp" for name in ("k3j_x9q2", "a81b0c2d")]
    young = tmp_path / ".game.ddaysave.zz9sav1n.tmp"  # another save, still writing
    other = tmp_path / ".other.ddaysave.k3j_x9q2.tmp"  # another game's
    for p in (*old, young, other):
        p.write_text("{")
    long_ago = time.time() - STALE_AFTER - 5
    for p in (*old, other):
        os.utime(p, (long_ago, long_ago))
    save_game(Game(small, 1), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, young.name, other.name])
    assert load_game(path).pos == 0


def test_a_failed_write_leaves_the_old_save_and_no_temporary(small, tmp_path, monkeypatch):
    path = tmp_path / "game.ddaysave"
    g = Game(small, 1)
    save_game(g, path)
    before = path.read_bytes()
    g.do(EndPhase("allied"))

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save_game(g, path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_save_whose_scenario_is_missing_is_reported_against_the_save(small, tmp_path):
    g = Game(small, 1)
    path = tmp_path / "game.ddaysave"
    text = save_text(g, path)
    doc = json.loads(text)
    path.write_text(text.replace(json.dumps(doc["scenario"]["path"]), '"moved/small_scenario.yaml"'))
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert (p.path, p.line) == (str(path), 4) and "scenario: not found" in p.message


def test_a_save_that_is_not_utf8_names_the_line(small, tmp_path):
    path = tmp_path / "game.ddaysave"
    save_game(Game(small, 1), path)
    raw = path.read_bytes().replace(b'"options"', b'"opti\xe9ns"')
    path.write_bytes(raw)
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert (p.line, p.col) == (5, 8) and "not UTF-8" in p.message


def test_a_deeply_nested_save_is_refused_at_the_nesting(small, tmp_path):
    path = tmp_path / "game.ddaysave"
    save_game(Game(small, 1), path)
    text = path.read_text().replace('"options": {', '"options": {"x": ' + "[" * 100_000 + "]" * 100_000 + ", ")
    path.write_text(text)
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert p.line == 5 and "nested too deeply" in p.message


def test_the_game_goes_on_after_a_load_with_the_dice_given(small, tmp_path):
    g = before_the_weather(small)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    a = load_game(path, dice=SeededDice.from_seed(3)).do(RollWeather("allied")).dice
    b = load_game(path, dice=SeededDice.from_seed(3)).do(RollWeather("allied")).dice
    assert a == b and a[0].draw == g.state.dice.draws


def test_a_move_keeps_its_place_labels_in_a_save(small, tmp_path):
    from ddaydesk.engine import Move

    g = Game(small, 1)
    g.do(Move("allied", "a-inf", at(small, "0201")))
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    assert json.loads(path.read_text())["actions"][0]["to"] == "0201"


@pytest.mark.parametrize("version", ["[2]", "{}", "true", "2.0", "4"])
def test_a_version_that_is_not_one_we_read_is_refused_at_its_line(small, tmp_path, version):
    path = tmp_path / "game.ddaysave"
    save_game(Game(small, 1), path)
    path.write_text(path.read_text().replace('"version": 3', f'"version": {version}'))
    with pytest.raises(FormatError) as exc:
        load_game(path)
    (p,) = exc.value.problems
    assert p.line == 3 and "is not supported" in p.message


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_save_killed_before_its_rename_leaves_a_temporary_the_next_save_removes(small, tmp_path):
    import signal
    import subprocess
    import sys

    from tests.conftest import ROOT
    from tests.engine.conftest import SMALL

    path = tmp_path / "game.ddaysave"
    child = f"""
import os, sys
from ddaydesk.engine import Game, save_game
from ddaydesk.formats.scenariofile import load_scenario
def stuck(src, dst):  # the file is written and synced: wait here to be killed
    print("written", flush=True)
    sys.stdin.read()
os.replace = stuck
save_game(Game(load_scenario({str(SMALL)!r}), 1), {str(path)!r})
"""
    with subprocess.Popen([sys.executable, "-c", child], cwd=ROOT, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout.readline().strip() == "written"
        finally:
            os.kill(proc.pid, signal.SIGKILL)  # no cleanup runs: what issue 22 saw 9 times in 25
    (left,) = tmp_path.iterdir()
    assert left.name.startswith(".game.ddaysave.") and left.name.endswith(".tmp")
    long_ago = time.time() - STALE_AFTER - 5
    os.utime(left, (long_ago, long_ago))
    save_game(Game(small, 1), path)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
