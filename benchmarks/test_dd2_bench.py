"""D-Day2 rules speed: legal moves in a busy move phase, and one whole scripted game."""

from __future__ import annotations

from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import legal_actions, new_game
from tests.conftest import ROOT
from tests.rules.dd2.conftest import SeededDice, at_phase
from tests.rules.dd2.play import play


def test_legal_actions_allied_move(benchmark):
    s = at_phase(new_game(load_scenario(ROOT / "scenarios" / "dday2.yaml"), SeededDice(1)), "allied_move")
    acts = benchmark(legal_actions, s)
    assert acts


def test_whole_game(benchmark):
    sc = load_scenario(ROOT / "scenarios" / "dday2.yaml")
    s, _ = benchmark.pedantic(lambda: play(new_game(sc, SeededDice(7))), rounds=2, iterations=1)
    assert s.phase == "over"
