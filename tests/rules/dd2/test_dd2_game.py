"""Victory (DD2-VIC-01) and whole seeded games: to a decision, replayable from the action log."""

from __future__ import annotations

import pytest

from ddaydesk.rules.dd2 import IllegalAction, apply, legal_actions, new_game
from ddaydesk.rules.dd2.actions import Action
from ddaydesk.rules.dd2.game import active_side
from tests.rules.dd2.conftest import SeededDice, at_phase, clear_zone, put
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
    s.turn = 8
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
    s.turn = 10
    take_cities(s)
    s = end_turn(s)
    assert s.game["winner"] == "german" and s.turn == 10


def test_a_city_lost_again_breaks_the_round(game):  # DD2-VIC-01
    s = game
    s.turn = 7
    take_cities(s)
    s = end_turn(s)
    put(s, "rennes-inf-1", "26", "G")  # a German unit back in Saint-Lô
    s = end_turn(s)
    assert s.game["streak"] == 0 and s.game["winner"] is None
    s.part[s.k("rennes-inf-1")] = "dead"
    s = end_turn(s)
    assert s.game["winner"] is None and s.game["streak"] == 1


def test_illegal_action_changes_nothing_and_says_why(game):
    s = at_phase(game, "german_move", default=6)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="does not border"):
        apply(s, Action("move", unit="g1-inf", zone="30"))
    with pytest.raises(IllegalAction, match="not an action of the german_move phase"):
        apply(s, Action("bombard", unit="g1-bh"))
    with pytest.raises(IllegalAction, match="german player's turn"):
        apply(s, Action("end_moves"), side="allied")
    assert s.state_hash() == before and active_side(s) == "german"


@pytest.mark.parametrize("seed", [7])
def test_seeded_scripted_game_plays_10_turns_to_a_decision(scenario, seed):  # DD2-ORDER-01, DD2-VIC-01
    s, log = play(new_game(scenario, SeededDice(seed)))
    assert s.phase == "over" and s.game["winner"] in ("allied", "german")
    assert s.turn == 10 or s.game["winner"] == "allied"
    kinds = {a.kind for a in log}
    assert {"para_drop", "bombard", "bomb", "patrol", "land", "move", "fight", "place"} <= kinds
    assert any(n.startswith("battle in") for n in s.notes)
    # the action log replays to the very same game
    r = new_game(scenario, SeededDice(seed))
    for a in log:
        r = apply(r, Action.from_dict(a.to_dict()))
    assert r.state_hash() == s.state_hash() and r.rolls == s.rolls
