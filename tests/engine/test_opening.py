"""Opening a save at once from its checkpoint (engine/opening.py, save version 3): the
position shown is the one a full replay gives and plays on the same; the log is still
checked, and a save whose log and checkpoint disagree is refused; old saves still open."""

from __future__ import annotations

import hashlib
import json
import random
import shutil

import pytest

from ddaydesk.engine import OVER, Game, Move, SeededDice, legal_actions, load_game, save_game
from ddaydesk.engine.opening import open_save
from ddaydesk.engine.saveload import actions_digest, canonical
from ddaydesk.formats.errors import FormatError
from tests.conftest import DATA
from tests.ui.longgame import random_game

V1_SAVE = DATA / "engine" / "v1_save.ddaysave"  # format version 1 (a seed)
V2_SAVE = DATA / "engine" / "v2_save.ddaysave"  # format version 2 (rolls, no checkpoint)

GAMES = [  # every system with its own rules module, with dice rolled along the way
    ("tutorial.yaml", {"weather": True, "tactical_air": True, "surprise_attack": True}, 400),
    ("dday77-breakout.yaml", {"armoured_zoc": True, "german_supply": True, "allied_supply": True}, 200),
    ("sword.yaml", {}, 250),
    ("utah-landing.yaml", {}, 200),
    ("dday2.yaml", {}, 200),
    ("ddd-omaha.yaml", {}, 150),
]


def play_on(game: Game, n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    hashes = []
    for _ in range(n):
        if game.state.phase == OVER:
            break
        legal = legal_actions(game.state, game.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        game.do(rnd.choice(ends) if ends and rnd.random() < 0.15 else rnd.choice(legal))
        hashes.append(game.state.state_hash())
    return hashes


@pytest.mark.parametrize("name, options, n", GAMES, ids=[g[0] for g in GAMES])
def test_a_checkpoint_gives_the_positions_a_full_replay_gives(name, options, n, tmp_path):
    g = random_game(name, options, n)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    shown, check = open_save(path, dice=SeededDice.from_seed(99))
    full = load_game(path, dice=SeededDice.from_seed(99))
    assert shown.state.state_hash() == full.state.state_hash() == g.state.state_hash()
    assert legal_actions(shown.state, shown.state.active) == legal_actions(full.state, full.state.active)
    assert shown.undo_problem() == "the saved game is still being checked"
    check.run()  # the whole log, replayed: the shown game has its history now
    assert check.done == len(g.log) and shown.history_from == 0
    assert [s.state_hash() for s in shown.states] == [s.state_hash() for s in g.states]
    assert [(i, r.text) for i, r in shown.dice_log()] == [(i, r.text) for i, r in g.dice_log()]
    # and from there both play on alike, dice included
    assert play_on(shown, 40, 3) == play_on(full, 40, 3)


def test_the_game_shown_plays_on_before_its_log_is_checked(tmp_path):
    g = random_game("tutorial.yaml", {"weather": True}, 300)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    shown, _check = open_save(path, dice=SeededDice.from_seed(5))
    full = load_game(path, dice=SeededDice.from_seed(5))
    assert play_on(shown, 60, 8) == play_on(full, 60, 8)


def edit(path, change) -> None:
    """Rewrite a save's JSON with ``change(doc)`` applied, keeping its checksums consistent
    only where ``change`` says so (it returns True to recompute them)."""
    doc = json.loads(path.read_text())
    if change(doc):
        doc["actions_sha256"] = actions_digest(doc["actions"])
        position = doc["checkpoints"][-1]["position"]
        doc["final_state_hash"] = hashlib.sha256(canonical(position).encode()).hexdigest()
    path.write_text(json.dumps(doc, indent=1))


@pytest.fixture
def saved(tmp_path):
    g = random_game("tutorial.yaml", {"weather": True}, 300)
    path = tmp_path / "game.ddaysave"
    save_game(g, path)
    return g, path


def moved_unit(doc) -> str:
    units = doc["checkpoints"][-1]["position"]["units"]
    return next(uid for uid, u in units.items() if u["place"] is not None)


def test_a_checkpoint_edited_alone_is_refused_at_once(saved):
    g, path = saved

    def change(doc):
        doc["checkpoints"][-1]["position"]["units"][moved_unit(doc)]["place"] = "0101"
        return False

    edit(path, change)
    with pytest.raises(FormatError) as exc:
        open_save(path)
    (p,) = exc.value.problems
    said = f"checkpoints: the position saved after action {len(g.log)} is not the one the action log leads to"
    assert said in p.message
    with pytest.raises(FormatError, match=said):
        load_game(path)


def test_a_checkpoint_and_final_hash_edited_together_are_refused_by_the_check(saved):
    """The position shown at once cannot be trusted until the log has been replayed to it."""
    g, path = saved

    def change(doc):
        doc["checkpoints"][-1]["position"]["units"][moved_unit(doc)]["place"] = "0101"
        return True

    edit(path, change)
    shown, check = open_save(path)
    assert shown.state.state_hash() != g.state.state_hash()  # the edited position
    with pytest.raises(FormatError) as exc:
        check.run()
    assert any("is not the one the action log leads to" in p.message for p in exc.value.problems)
    assert shown.history_from == len(g.log)  # no history adopted
    with pytest.raises(FormatError):
        load_game(path)


def test_a_log_edited_with_its_checksum_is_refused_by_the_check(saved):
    g, path = saved
    k = next(i for i, a in enumerate(g.log) if isinstance(a, Move) and a.via and len(a.via) > 2)

    def change(doc):
        doc["actions"][k]["via"] = doc["actions"][k]["via"][::-1]  # backwards: not a lawful path
        return True

    edit(path, change)
    shown, check = open_save(path)
    with pytest.raises(FormatError) as exc:
        check.run()
    assert f"action {k + 1} (" in exc.value.problems[0].message


@pytest.mark.parametrize("checkpoints, message", [
    ([{"at": 9999, "position": {}}], "checkpoints[0]: expected"),
    ([{"at": 3}], "checkpoints[0]: expected"),
    ("nope", "checkpoints: expected a list"),
])
def test_a_malformed_checkpoint_is_refused_at_its_line(saved, checkpoints, message):
    g, path = saved

    def change(doc):
        doc["checkpoints"] = checkpoints
        return False

    edit(path, change)
    lines = path.read_text().splitlines()
    for opener in (open_save, load_game):
        with pytest.raises(FormatError) as exc:
            opener(path)
        (p,) = exc.value.problems
        assert message in p.message and '"checkpoints"' in lines[p.line - 1]


def test_a_position_naming_no_place_is_refused(saved):
    g, path = saved

    def change(doc):
        doc["checkpoints"][-1]["position"]["units"][moved_unit(doc)]["place"] = "9999"
        return True

    edit(path, change)
    with pytest.raises(FormatError, match=r"checkpoints\[0\]\.position\.units\..*place: '9999' is not a place"):
        open_save(path)


@pytest.mark.parametrize("old, version", [(V1_SAVE, 1), (V2_SAVE, 2)])
def test_an_old_save_without_checkpoints_still_opens(old, version, tmp_path):
    for name in (old.name, "small_scenario.yaml", "small.yaml"):
        shutil.copy(old.parent / name, tmp_path)
    path = tmp_path / old.name
    assert json.loads(path.read_text())["version"] == version
    shown, check = open_save(path)
    full = load_game(path)
    assert check is None and shown.history_from == 0  # replayed whole, as before
    assert shown.state.state_hash() == full.state.state_hash() and len(shown.log) > 100
    save_game(shown, tmp_path / "again.ddaysave")  # saved again, it has a checkpoint
    again, check = open_save(tmp_path / "again.ddaysave")
    assert again.state.state_hash() == full.state.state_hash() and check is not None
    check.run()
