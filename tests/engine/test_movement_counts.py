"""The per-side counts the movement procedure keeps from state to state (stacking, zones of
control, units next to a hex) are those of a count from scratch, at every state of a game:
the incremental update is an optimisation, never a rule of its own."""

from __future__ import annotations

import random

from ddaydesk.engine import Game
from ddaydesk.engine.movement import positions
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import TUTORIAL
from tests.rules.dday77.random_play import play


def _fresh(sc, states):
    out = []
    for s in states:
        s._cache.pop("positions", None)
        out.append(positions(s))
    return out


def test_counts_kept_move_by_move_equal_a_count_from_scratch():
    sc = load_scenario(TUTORIAL)
    g = Game(sc, 2)
    play(g, random.Random(2), until_turn=2, moves=6)
    sc.__dict__.pop("_positions_cache", None)
    kept = _fresh(sc, g.states)  # state after state: the counts are updated, not redone
    scratch = []
    for s in g.states:
        sc.__dict__.pop("_positions_cache", None)
        scratch.extend(_fresh(sc, [s]))
    assert len(g.states) > 20
    assert kept == scratch

