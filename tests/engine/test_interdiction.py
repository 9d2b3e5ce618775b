"""Placing interdiction markers (D-Day '77 hex interdiction with Koenig's movement costs)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, Game, IllegalAction, Interdict, Move, apply, legal_actions
from tests.engine.conftest import at

AIR = {"tactical_air": True}


def air_phase(small) -> Game:
    g = Game(small, 1, AIR)
    assert g.state.phase == "allied.air"  # the Allied air phase opens the turn with Tac Air on
    return g


def test_only_the_allies_interdict_in_their_air_phase(small):
    # STD-SEQ, our default for D-Day '77 (its base air rules are not in the seeds): only the
    # Allied player interdicts, in his air phase before movement. Koenig's own window (after
    # the Support rolls, before the first HQ draw) is PKD-INT-01, tests/rules/pkd.
    g = air_phase(small)
    assert legal_actions(g.state, "german") == []
    with pytest.raises(IllegalAction, match="german may not act"):
        g.do(Interdict("german", at(small, "0303")))
    g.do(EndPhase("allied"))
    with pytest.raises(IllegalAction, match="not allowed in the allied.movement phase"):
        g.do(Interdict("allied", at(small, "0303")))
    assert Game(small, 1).state.phase == "allied.movement"  # no air phase without the option


def test_one_marker_per_hex(small):
    # PKD-INT-03
    g = air_phase(small)
    g.do(Interdict("allied", at(small, "0303")))
    with pytest.raises(IllegalAction, match="PKD-INT-03"):
        g.do(Interdict("allied", at(small, "0303")))
    assert Interdict("allied", at(small, "0303")) not in legal_actions(g.state, "allied")
    with pytest.raises(IllegalAction, match="sea"):
        g.do(Interdict("allied", at(small, "0904")))


def test_at_most_three_missions_a_turn(small):
    # D77-AIR-14: at most 3 interdiction missions a game turn; the 3rd accepted, the 4th refused
    g = air_phase(small)
    for h in ("0303", "0304", "0305"):
        g.do(Interdict("allied", at(small, h)))
    with pytest.raises(IllegalAction, match="at most 3"):
        g.do(Interdict("allied", at(small, "0306")))
    assert [a.kind for a in legal_actions(g.state, "allied")] == ["end_phase"]


def test_markers_go_at_the_end_of_the_game_turn(small):
    # PKD-INT-06; the +2 applies to both sides while the marker is there (PKD-INT-04).
    # STD-SEQ: the turn's end phase removes them (its end_of_turn hook), after the German
    # phases: still there in German movement, gone when turn 2 begins
    g = air_phase(small)
    g.do(Interdict("allied", at(small, "0706")))
    g.do(EndPhase("allied"))
    while g.state.phase != "german.movement":
        g.do(EndPhase(g.state.active))
    assert g.state.markers and g.state.markers[0].place == at(small, "0706")
    # g-inf (3 MP) through 0706: 1 + 2 in, + 2 out (PKD-INT-05), + 1 = 6
    with pytest.raises(IllegalAction, match="the path costs 6 MP; the unit has 3"):
        g.do(Move("german", "g-inf", at(small, "0605"), via=(at(small, "0707"), at(small, "0706"),
                                                           at(small, "0605"))))
    while g.state.turn == 1:
        g.do(EndPhase(g.state.active))
    assert g.state.markers == ()


def test_hex_interdiction_applies_to_every_unit_in_the_hex(small):
    # D77-AIR-13: a stack in an interdicted hex is interdicted as a whole (no strategic move,
    # D77-SURP-05).
    g = air_phase(small)
    g.do(Interdict("allied", at(small, "0101")))
    s = g.state
    s2, _ = apply(s, EndPhase("allied"))
    s2.place[s2.unit("a-inf2")] = at(small, "0101")
    s2._cache.clear()
    for uid in ("a-inf", "a-inf2"):
        with pytest.raises(IllegalAction, match="interdicted"):
            apply(s2, Move("allied", uid, at(small, "0301"), "strategic"))
