"""Listed means legal on every shipped scenario (issue 22): in random legal games, every
action ``legal_actions`` lists is accepted, every other action tried is refused with a
reason, and the side to act always has something to do. tools/soak_legal.py plays many
longer games the same way."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from tests.engine.listed_legal import Chooser, play

SCENARIOS = sorted(scenarios_dir().glob("*.yaml"))


class Drawn(Chooser):
    """Choices drawn by hypothesis (so a failure shrinks to a short game)."""

    def __init__(self, data):
        super().__init__(random.Random(0))
        self.data = data

    def int(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_listed_action_applies_and_every_other_is_refused(path, data):
    sc = load_scenario(path)
    game = Game(sc, data.draw(st.integers(0, 2**32)))
    play(game, Drawn(data), steps=40)
