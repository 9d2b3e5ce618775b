"""Seeded whole games play to their end on every shipped Battle Map: a solo Unit, three
Units, two Units against the program's German, and Atlantikwall solitaire (the person is the
German against the automated Unit). Each end is a decided game."""

from __future__ import annotations

import pytest

from ddaydesk.engine import OVER
from tests.rules.ddd.conftest import MAPS, new_game, rec
from tests.rules.ddd.play import choose

MODES = {"solo": {}, "three": {"unit_british": True, "unit_french": True},
         "two_vs_program": {"auto_german": True, "unit_canadian": True}, "solitaire": {"solitaire": True}}


def play_out(g, limit=3000):
    while g.state.phase != OVER and len(g.log) < limit:
        g.do(choose(g.state))
    return g


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("name", MAPS)
def test_a_seeded_game_plays_to_its_end(name, mode):
    g = play_out(new_game(name, seed=11, **MODES[mode]))
    r = rec(g)
    assert g.state.phase == OVER and r["winner"] in ("allied", "german") and r["end"]
    if mode == "solitaire":
        assert "German" in r["end"] or "storming" in r["end"]
