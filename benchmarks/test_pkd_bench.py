"""Koenig's D-Day speed through the engine (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_pkd_bench.py --benchmark-only

Target (issue 18): a whole activation of the largest formation, <= 20 ms: every legal action
of the drawn formation in a Move Operation (each unit's every move, every Close Combat), then
the exact odds of one Fire attack as the Fire Operation would show them. The formation is
the 716th Infantry Division on turn 1 of the Sword scenario: ten units on the map, the most of
any formation, one of them (Ost-Bataillon 642) in contact. Also: a whole seeded game, and
save + load (replayed, verified) of it.
"""

from __future__ import annotations

import pytest

from ddaydesk.engine import Game, apply, legal_actions, load_game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.pkd import ChooseOperation, preview
from ddaydesk.rules.pkd.records import rec
from tests.conftest import ROOT
from tests.rules.pkd.play import play

OPTIONS = {"leadership": True, "interdiction": False, "rest_refit": True, "indirect_fire": True, "overruns": True}


@pytest.fixture(scope="module")
def sc():
    return load_scenario(ROOT / "scenarios" / "sword.yaml")


@pytest.fixture(scope="module")
def largest(sc):
    """The largest formation's activation on turn 1, in a Move and in a Fire Operation."""
    count = {f: sum(1 for u in sc.units if u.formation == f and u.hex >= 0) for f in {u.formation for u in sc.units}}
    big = max(count, key=count.get)
    assert (big, count[big]) == ("716id", 10)
    seed = next(s for s in range(500) if rec(Game(sc, s, OPTIONS).state)["act"]["formation"] == big)
    start = Game(sc, seed, OPTIONS).state
    moving = apply(start, ChooseOperation("german", "move"))[0]
    firing = apply(start, ChooseOperation("german", "fire"))[0]
    return moving, firing


def test_whole_activation_of_the_largest_formation(benchmark, largest):
    moving, firing = largest
    fire = next(a for a in legal_actions(firing, "german") if a.kind == "fire_attack")

    def activation():
        m, f = moving.copy(), firing.copy()  # a fresh state: no per-state cache to reuse
        acts = legal_actions(m, "german")
        odds = preview(f, fire)
        return acts, odds

    acts, odds = benchmark(activation)
    assert sum(a.kind == "move" for a in acts) > 100 and odds.legal


def test_whole_game(benchmark, sc):
    g = benchmark.pedantic(lambda: play(Game(sc, 7, OPTIONS), 7), rounds=2, iterations=1)
    assert g.state.phase == "over"


def test_save_and_load_a_whole_game(benchmark, sc, tmp_path):
    g = play(Game(sc, 7, OPTIONS), 7)
    path = tmp_path / "sword.json"

    def round_trip():
        save_game(g, path)
        return load_game(path, sc)

    back = benchmark.pedantic(round_trip, rounds=3, iterations=1)
    assert back.state.state_hash() == g.state.state_hash()
