"""Victory (DD2-VIC-01) and whole seeded games: to a decision, replayable from the action log."""

from __future__ import annotations

import json

import pytest

from ddaydesk.engine import (
    OVER,
    EndPhase,
    Game,
    IllegalAction,
    action_from_json,
    load_game,
    save_game,
)
from ddaydesk.rules.dd2 import active_side, holders, winner
from tests.rules.dd2.conftest import Action, apply, at_phase, clear_zone, legal_actions, out, put
from tests.rules.dd2.play import play


def end_turn(s):
    s = at_phase(s, "german_reinforce", default=6)
    s.game["rolled"] = True
    return apply(s, Action("end_placement"))


def take_cities(s):
    for label, unit in (("2", "usr-inf-1"), ("26", "usr-inf-2"), ("30", "ukr-inf-1")):
        clear_zone(s, label)
        put(s, unit, label, "A")


def test_cities_clear_at_two_turn_ends_win_for_the_allies(game):  # DD2-VIC-01
    s = game
    s.gs.turn = 8
    take_cities(s)
    s = end_turn(s)
    assert s.turn == 9 and s.game["winner"] is None and s.game["streak"] == 1
    s = end_turn(s)
    assert s.game["winner"] == "allied" and s.phase == "over"
    assert legal_actions(s) == []
    with pytest.raises(IllegalAction, match="game is over"):
        apply(s, Action("end_moves"))


def test_cities_cleared_only_in_turn_10_lose(game):  # DD2-VIC-01
    s = game
    s.gs.turn = 10
    take_cities(s)
    s = end_turn(s)
    assert s.game["winner"] == "german" and s.turn == 10


def test_a_city_lost_again_breaks_the_round(game):  # DD2-VIC-01
    s = game
    s.gs.turn = 7
    take_cities(s)
    s = end_turn(s)
    put(s, "rennes-inf-1", "26", "G")  # a German unit back in Saint-Lô
    s = end_turn(s)
    assert s.game["streak"] == 0 and s.game["winner"] is None
    out(s, s.k("rennes-inf-1"))
    s = end_turn(s)
    assert s.game["winner"] is None and s.game["streak"] == 1


def test_a_zone_is_held_by_the_side_whose_ground_units_alone_stand_there(game):  # DD2-TERR-01
    """A fighter on patrol holds nothing; a battle is nobody's; an emptied zone is nobody's."""
    s = game
    take_cities(s)
    z2, z26 = s.board.index("2"), s.board.index("26")
    assert holders(s.gs)[z2] == "allied" and holders(s.gs)[s.board.index("1")] == "german"
    clear_zone(s, "13")
    put(s, "ftr-1", "13", "P")
    assert s.board.index("13") not in holders(s.gs)
    put(s, "g1-inf", "26", "G")
    assert z26 not in holders(s.gs)  # both sides there: a battle


def test_illegal_action_changes_nothing_and_says_why(game):
    s = at_phase(game, "german_move", default=6)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="does not border"):
        apply(s, Action("move", unit="g1-inf", zone="30"))
    with pytest.raises(IllegalAction, match="not allowed in the german_move phase"):
        apply(s, Action("bombard", unit="g1-bh"))
    with pytest.raises(IllegalAction, match="german player.s german_move phase"):
        apply(s, Action("end_moves"), side="allied")
    assert s.state_hash() == before and active_side(s.gs) == "german"


@pytest.mark.parametrize("seed", [7])
def test_seeded_scripted_game_plays_10_turns_to_a_decision(scenario, seed, tmp_path):  # DD2-ORDER-01, DD2-VIC-01
    g = play(Game(scenario, seed=seed))  # every action through Game.do, every die in its log
    s = g.state
    assert s.phase == OVER and winner(s) in ("allied", "german")
    assert s.turn == 10 or winner(s) == "allied"
    kinds = {a.kind for a in g.log}
    assert {"para_drop", "bombard", "bomb", "patrol", "go_ashore", "move", "fight", "reinforce"} <= kinds
    notes = [n for ch in g.changes for n in ch.notes]
    assert any(n.startswith("battle in") for n in notes)
    assert any(n.startswith(f"game over: {winner(s)} victory") for n in notes)
    assert len(g.dice_log()) == s.dice.draws > 500  # every roll of the game is in the dice log
    # the action log, through its JSON form, replays to the very same game and dice
    board = scenario.board
    r = Game(scenario, seed=seed)
    for a in g.log:
        r.do(action_from_json(json.loads(json.dumps(a.to_json(board))), board))
    assert r.state.state_hash() == s.state_hash() and r.dice_log() == g.dice_log()
    # save -> load (replayed and verified) gives the same state; a finished game takes nothing
    save_game(g, tmp_path / "dd2.json")
    assert load_game(tmp_path / "dd2.json").state.state_hash() == s.state_hash()
    with pytest.raises(IllegalAction, match="game is over"):
        g.do(EndPhase("allied"))
