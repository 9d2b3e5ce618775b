"""D-Day '77 play benchmarks (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_dday77_play_bench.py --benchmark-only

A seeded random campaign (every option on) from set-up to its end, as the test suite plays
it, and replaying its ~900-action log; the legal actions of a first Allied movement phase
after the invasion (landings, drops, supply centres, moves).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ddaydesk.engine import EndPhase, Game, legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dday77.landing import Invade
from tests.rules.dday77.random_play import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def campaign():
    return load_scenario(ROOT / "scenarios" / "dday77-campaign.yaml")


def _options(sc):
    return {o: True for o in sc.system.options}


def test_random_campaign_to_the_end(benchmark, campaign):
    def run():
        game = Game(campaign, seed=1944, options=_options(campaign))
        play(game, random.Random(1944))
        return game

    game = benchmark.pedantic(run, rounds=2, iterations=1)
    assert game.state.game["outcome"]


def test_replay_of_a_campaign_log(benchmark, campaign):
    game = Game(campaign, seed=1944, options=_options(campaign))
    play(game, random.Random(1944))
    log = list(game.log)

    def replay():
        g = Game(campaign, seed=1944, options=_options(campaign))
        for a in log:
            g.do(a)
        return g

    again = benchmark.pedantic(replay, rounds=3, iterations=1)
    assert again.state.state_hash() == game.state.state_hash()


def test_legal_actions_on_the_invasion_turn(benchmark, campaign):
    game = Game(campaign, seed=1, options={**_options(campaign), "withheld_setup": False})
    game.do(EndPhase("allied"))  # the air phase
    game.do(Invade("allied", "normandy"))
    acts = benchmark(legal_actions, game.state, "allied")
    assert any(a.kind == "land_from_sea" for a in acts)
