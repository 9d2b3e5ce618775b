"""Scripted games through the engine: seeded random legal actions from set-up to the end of
the 50-turn campaign, and a shorter game saved, loaded and replayed to the same state."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ddaydesk.engine import Game, load_game, save_game
from ddaydesk.engine.phases import OVER
from ddaydesk.rules.dday77.supply_centres import centres
from tests.rules.dday77.random_play import play

ALL_ON = "all-options"


def _options(sc, which):
    return {o: which == ALL_ON for o in sc.system.options}


def _check_position(state):
    """Invariants after every turn: never both sides in a hex, at most 3 combat units of a side
    in a land hex (STD-STACK-01), at most 13 supply centres (D77-ASUP-02)."""
    units = state.scenario.units
    sides: dict[int, set[str]] = {}
    count: Counter = Counter()
    for p, ks in state.units_at().items():
        for k in ks:
            sides.setdefault(p, set()).add(units[k].side)
            if units[k].type != "hq":
                count[(p, units[k].side)] += 1
    assert all(len(v) == 1 for v in sides.values())
    assert max(count.values(), default=0) <= 3
    assert len(centres(state)) <= 13


@pytest.mark.parametrize("which, seed", [(ALL_ON, 1945), ("no-options", 6)], ids=[ALL_ON, "no-options"])
def test_a_random_campaign_runs_from_set_up_to_its_end(campaign, which, seed):
    game = Game(campaign, seed=seed, options=_options(campaign, which))
    rng = random.Random(seed)
    for turn in range(campaign.first_turn, campaign.last_turn + 1):
        play(game, rng, until_turn=turn)
        _check_position(game.state)
        if game.state.phase == OVER:
            break
    s = game.state
    assert s.phase == OVER
    assert s.game["outcome"]["winner"] in ("allied", "german")
    assert s.game["invasions"][0][0] == 1  # the first invasion on turn 1 (STD-INV-01)
    if which == ALL_ON:
        assert s.game["secret_area"]["region"] == s.game["invasions"][0][1]  # D77-SET-03/05
        assert {r.purpose.split(" ")[0] for _i, r in game.dice_log()} >= {"weather"}  # D77-WX-01
    kinds = Counter(a.kind for a in game.log)
    assert kinds["land_from_sea"] >= 1 and kinds["move"] > 50
    assert kinds["end_phase"] >= 4 * s.game["outcome"]["turn"]  # every turn played through


def test_a_short_game_replays_from_its_save_to_the_same_state(campaign, tmp_path):
    game = Game(campaign, seed=77, options=_options(campaign, ALL_ON))
    play(game, random.Random(77), until_turn=8)
    assert game.state.turn == 9 and len(game.log) > 100
    path = tmp_path / "short.json"
    save_game(game, path)
    again = load_game(path, campaign)
    assert again.state.state_hash() == game.state.state_hash()
    assert [a.to_json(campaign.board) for a in again.log] == [a.to_json(campaign.board) for a in game.log]
