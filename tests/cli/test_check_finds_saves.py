"""``ddaydesk check FOLDER`` validates the saved games in it too (``.ddaysave``)."""

from __future__ import annotations

import json

from ddaydesk.cli import main
from ddaydesk.engine import Game, legal_actions, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import SAVE_SUFFIX, scenarios_dir


def test_check_folder_verifies_save_files(tmp_path, capsys):
    game = Game(load_scenario(scenarios_dir() / "tutorial.yaml"), seed=3)
    game.do(legal_actions(game.state, game.state.active)[-1])
    good, bad = tmp_path / f"good{SAVE_SUFFIX}", tmp_path / f"bad{SAVE_SUFFIX}"
    save_game(game, good)
    save_game(game, bad)
    bad.write_text(bad.read_text().replace('"final_state_hash": "', '"final_state_hash": "0'))
    assert main(["check", str(tmp_path), "--json"]) == 1
    report = {f["path"]: f for f in json.loads(capsys.readouterr().out)["files"]}
    assert report[str(good)]["kind"] == "save" and report[str(good)]["ok"]
    assert not report[str(bad)]["ok"]
