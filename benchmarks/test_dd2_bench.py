"""D-Day2 speed through the engine: legal actions in a busy move phase, apply + undo of a
move, save + load (replayed and verified) of a whole game, and one whole scripted game."""

from __future__ import annotations

import pytest

from ddaydesk.engine import Game, legal_actions, load_game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import ROOT
from tests.rules.dd2.play import choose, play


@pytest.fixture(scope="module")
def sc():
    return load_scenario(ROOT / "scenarios" / "dday2.yaml")


@pytest.fixture(scope="module")
def turn3(sc):
    g = Game(sc, seed=7)
    while (g.state.turn, g.state.phase) != (3, "allied_move"):
        g.do(choose(g.state))
    return g


def test_legal_actions_allied_move(benchmark, turn3):
    s = turn3.state
    acts = benchmark(legal_actions, s, s.active)
    assert any(a.kind == "move" for a in acts)


def test_apply_and_undo_a_move(benchmark, turn3):
    s = turn3.state
    move = next(a for a in legal_actions(s, s.active) if a.kind == "move")

    def do_undo():
        turn3.do(move)
        turn3.undo()

    benchmark(do_undo)
    assert turn3.state is s


def test_save_and_load_a_whole_game(benchmark, sc, tmp_path):
    g = play(Game(sc, seed=7))
    path = tmp_path / "dd2.json"

    def round_trip():
        save_game(g, path)
        return load_game(path, sc)

    back = benchmark.pedantic(round_trip, rounds=3, iterations=1)
    assert back.state.state_hash() == g.state.state_hash()


def test_whole_game(benchmark, sc):
    g = benchmark.pedantic(lambda: play(Game(sc, seed=7)), rounds=2, iterations=1)
    assert g.state.phase == "over"
