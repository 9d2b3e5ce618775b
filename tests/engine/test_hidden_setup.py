"""Withheld set-up and the secret invasion area (D-Day '77 optional rule, D77-SET-01..05)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, Game, IllegalAction, legal_actions, view
from ddaydesk.engine.hidden_setup import ChooseArea, PlaceWithheld, Withhold
from ddaydesk.engine.view import visible_log
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import DATA
from tests.engine.conftest import at

OPT = {"withheld_setup": True}


def test_without_the_option_the_game_starts_at_turn_one(small):
    assert Game(small, 1).state.phase == "allied.movement"


def test_the_german_may_hold_back_units(small):
    # D77-SET-02; D77-SET-01: the others stand where the scenario sets them up.
    g = Game(small, 1, OPT)
    assert (g.state.phase, g.state.active) == ("setup.withhold", "german")
    g.do(Withhold("german", "g-arm"))
    s = g.state
    assert s.status[s.unit("g-arm")] == "withheld" and s.place[s.unit("g-arm")] == -1
    assert s.place[s.unit("g-inf")] == at(small, "0707")
    with pytest.raises(IllegalAction, match="not a german unit"):
        g.do(Withhold("german", "a-inf"))
    with pytest.raises(IllegalAction, match="not set up on the map"):
        g.do(Withhold("german", "g-arm"))


def test_holding_back_none_is_allowed(small):
    # D77-SET-02 note: any number from 0 to 10; with none there is nothing to place.
    g = Game(small, 1, OPT)
    g.do(EndPhase("german"))
    g.do(ChooseArea("allied", "north_beach"))
    ch = g.do(EndPhase("allied"))
    assert "setup.place_withheld" not in ch.phases and ch.revealed
    assert g.state.phase == "allied.movement"


def test_at_most_ten_units_are_withheld():
    # D77-SET-02: max_withheld_units 10; an 11th is refused.
    sc = load_scenario(DATA / "engine" / "withheld_scenario.yaml")
    g = Game(sc, 1)
    for n in range(1, 11):
        g.do(Withhold("german", f"g-{n:02d}"))
    with pytest.raises(IllegalAction, match="at most 10 units"):
        g.do(Withhold("german", "g-11"))
    assert not [a for a in legal_actions(g.state, "german") if a.kind == "withhold"]


def play_setup(small) -> Game:
    g = Game(small, 1, OPT)
    g.do(Withhold("german", "g-arm"))
    g.do(Withhold("german", "g-inf2"))
    g.do(EndPhase("german"))
    return g


def test_the_allied_choice_is_secret_from_the_german(small):
    # D77-SET-03: the German view shows no trace of the choice while withheld units remain.
    g = play_setup(small)
    assert g.state.phase == "setup.invasion_area" and g.state.active == "allied"
    with pytest.raises(IllegalAction, match="record the invasion area first"):
        g.do(EndPhase("allied"))
    assert {a.region for a in legal_actions(g.state, "allied")} == {"north_beach", "south_beach"}
    g.do(ChooseArea("allied", "south_beach"))
    g.do(EndPhase("allied"))
    german = view(g.state, "german")
    assert "south_beach" not in german.canonical_json()
    assert "south_beach" in view(g.state, "allied").canonical_json()
    assert {"kind": "choose_area", "side": "allied", "hidden": True} in visible_log(g, "german")
    assert {"kind": "choose_area", "side": "allied", "region": "south_beach"} in visible_log(g, "allied")


def test_withheld_units_are_placed_after_the_choice_then_the_area_is_revealed(small):
    # D77-SET-04 (placed only after the choice is locked), D77-SET-05 (revealed after the last one)
    g = play_setup(small)
    g.do(ChooseArea("allied", "north_beach"))
    g.do(EndPhase("allied"))
    assert g.state.phase == "setup.place_withheld"
    with pytest.raises(IllegalAction, match="place every withheld unit first"):
        g.do(EndPhase("german"))
    with pytest.raises(IllegalAction, match="enemy units"):
        g.do(PlaceWithheld("german", "g-arm", at(small, "0101")))
    g.do(PlaceWithheld("german", "g-arm", at(small, "0605")))
    assert "north_beach" not in view(g.state, "german").canonical_json()  # one still withheld
    g.do(PlaceWithheld("german", "g-inf2", at(small, "0606")))
    ch = g.do(EndPhase("german"))
    assert ch.revealed == ["allied invasion area: north_beach"]
    assert "north_beach" in view(g.state, "german").canonical_json()
    assert g.state.phase == "allied.movement" and g.state.turn == 1
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        g.undo()
