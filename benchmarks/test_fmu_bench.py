"""Utah Beach rules benchmarks (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_fmu_bench.py --benchmark-only

What the scenario rules add to the engine's hot paths: a movement range with the Vire
boundary and GT 1 ZOC masks, the legal actions of the landing's busiest phase, the
after-every-action record of who holds what, and a whole scripted GT.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.engine import EndPhase, Game, legal_actions, reach
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.fmu.landing import Land, PlaceBeachhead
from ddaydesk.rules.fmu.victory import sync

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sc():
    return load_scenario(ROOT / "scenarios" / "utah-landing.yaml")


def _gt5(sc):
    s = Game(sc, 1).state.copy()
    s.turn, s.phase = 5, "allied.movement"
    k = s.unit("us-4ad-cca")
    s.place[k], s.status[k] = sc.board.index("2504"), "on_map"
    s._cache.clear()
    return s, k


def test_reach_mechanised_unit_with_scenario_limits(benchmark, sc):
    s, k = _gt5(sc)

    def run():
        s._cache.clear()
        return reach(s, k)

    assert benchmark(run).dest


def test_legal_actions_drop_zone_phase(benchmark, sc):
    g = Game(sc, 1)
    g.do(PlaceBeachhead("allied", sc.board.index("2806")))
    g.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22"):
        g.do(Land("allied", uid, sc.board.index("2806")))
    g.do(EndPhase("allied"))
    assert benchmark(legal_actions, g.state, "allied")


def test_sync_after_an_action(benchmark, sc):
    s, _ = _gt5(sc)
    benchmark(sync, s)
