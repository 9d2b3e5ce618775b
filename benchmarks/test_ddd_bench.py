"""D-Day Dice speed (target: scoring a tally and listing every legal choice <= 2 ms):

    .venv/bin/python -m pytest benchmarks/test_ddd_bench.py --benchmark-only

The tally's scorings are cached by dice (lru_cache): each round here starts cold, so the
figure is a first look at a new roll. The busiest positions: four Units scoring eight-die
tallies (two dice stolen), four Units in one Sector in the supply phase (every trade, rally
and find), and the window's whole table for one side.
"""

from __future__ import annotations

import pytest

from ddaydesk.engine import legal_actions
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.tally import scorings
from ddaydesk.rules.ddd.view import choices, table
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, put

FOUR = {"unit_british": True, "unit_french": True, "unit_canadian": True, "atlantikwall": True}
DICE = [["red", "skull", 0], ["red", "star", 0], ["white", "star", 0], ["white", "skull", 0], ["blue", "star", 0],
        ["blue", "courage", 0], ["blue", "soldier", 0], ["blue", "tool", 0]]


@pytest.fixture(scope="module")
def tally_phase():
    g = new_game("omaha", 3, **FOUR)
    land_all(g)
    play_to(g, "tally")
    arrange(g, lambda s, r: [r["players"][p].update(dice=[list(d) for d in DICE], kept=True, scored=None,
                                                    specialists=["sharpshooter"] if p == "us" else [])
                             for p in ("us", "british", "french", "canadian")])
    return g


@pytest.fixture(scope="module")
def supply_phase():
    g = new_game("omaha", 3, **FOUR)
    land_all(g)
    play_to(g, "supply")
    arrange(g, lambda s, r: [(put(s, p, "5"), r["players"][p].update(soldiers=20, courage=12, stars=12, tools=25))
                             for p in ("us", "british", "french", "canadian")])
    return g


def _cold():
    scorings.cache_clear()


def test_score_one_tally(benchmark, tally_phase):
    opts = benchmark.pedantic(scoring.options, (tally_phase.state, "us"), setup=_cold, rounds=300)
    assert opts and all(o.gain for o in opts)


def test_every_legal_choice_four_units_scoring(benchmark, tally_phase):
    s = tally_phase.state
    acts = benchmark.pedantic(legal_actions, (s, "allied"), setup=_cold, rounds=300)
    assert sum(a.kind == "score_tally" for a in acts) >= 4


def test_every_legal_choice_four_units_in_one_sector(benchmark, supply_phase):
    s = supply_phase.state
    acts = benchmark(legal_actions, s, "allied")
    assert sum(a.kind == "trade_resources" for a in acts) > 100


def test_every_choice_in_words(benchmark, supply_phase):
    got = benchmark(choices, supply_phase.state, "allied")
    assert got and all(c.words for c in got)


def test_the_windows_table_for_one_side(benchmark, tally_phase):
    t = benchmark.pedantic(table, (tally_phase.state, "allied"), setup=_cold, rounds=200)
    assert len(t.players) == 5 and t.german.decorations == ()


@pytest.fixture(scope="module")
def every_module_tally():
    """Four Units scoring eight-die tallies with every module on: Badges to draw, tokens to
    take, Battle Conditions in play, Rookie Officers and the Major in their Units."""
    from tests.rules.ddd.conftest import EVERY_MODULE

    g = new_game("omaha", 3, **FOUR, **EVERY_MODULE)
    land_all(g)
    play_to(g, "tally")
    arrange(g, lambda s, r: [r["players"][p].update(dice=[list(d) for d in DICE], kept=True, scored=None,
                                                    tokens=2, badges=["ranger_tab", "combat_medical_badge"])
                             for p in ("us", "british", "french", "canadian")])
    return g


def test_every_legal_choice_with_every_module(benchmark, every_module_tally):
    s = every_module_tally.state
    acts = benchmark.pedantic(legal_actions, (s, "allied"), setup=_cold, rounds=300)
    assert sum(a.kind == "score_tally" for a in acts) >= 4


def test_the_windows_table_with_every_module(benchmark, every_module_tally):
    t = benchmark.pedantic(table, (every_module_tally.state, "allied"), setup=_cold, rounds=200)
    assert t.modules.on and len(t.players) == 5
