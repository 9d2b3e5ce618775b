"""The window opens a saved game as well as a scenario (the installers associate save files
with the app, and the frozen-app smoke test opens one)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ddaydesk.engine import Game, legal_actions, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import SAVE_SUFFIX, scenarios_dir

ROOT = Path(__file__).resolve().parents[2]


def write_save(path: Path) -> Path:
    game = Game(load_scenario(scenarios_dir() / "tutorial.yaml"), seed=7)
    game.do(legal_actions(game.state, game.state.active)[-1])
    save_game(game, path)
    return path


def smoke(target: Path, shot: Path, home: Path) -> subprocess.CompletedProcess:
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "ddaydesk", "--smoke", "--screenshot", str(shot),
                           str(target)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_gui_opens_a_saved_game(tmp_path):
    save = write_save(tmp_path / f"game{SAVE_SUFFIX}")
    r = smoke(save, tmp_path / "shot.png", tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "shot.png").stat().st_size > 10_000


def test_gui_refuses_a_tampered_save_with_the_reason(tmp_path):
    save = write_save(tmp_path / f"game{SAVE_SUFFIX}")
    save.write_text(save.read_text().replace('"final_state_hash": "', '"final_state_hash": "0'))
    r = smoke(save, tmp_path / "shot.png", tmp_path)
    assert r.returncode == 1
    assert str(save) in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "shot.png").exists()
