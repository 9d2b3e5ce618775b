"""The Sword turn track and its Command Cup: our default (STD-PKD-TURNS, STD-PKD-CUP,
rules/data/pkd/beaches.yaml, docs/rules/koenig.md §7): twelve turns, three of them nights,
and the turn each formation's chit first goes into the cup."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase
from ddaydesk.rules.pkd import ChooseOperation
from ddaydesk.rules.pkd.data import beach
from tests.rules.pkd.conftest import SWORD, do, legal, position, scenario

NIGHTS = {5, 8, 11}


def test_twelve_turns_the_nights_and_their_labels():  # STD-PKD-TURNS
    b = beach(scenario(SWORD))
    assert sorted(b.turns) == list(range(1, 13))
    assert {t for t in b.turns if not b.day(t)} == NIGHTS
    assert b.label(1) == "6 June, 07:30" and b.label(5) == "night of 6-7 June" and b.label(12) == "9 June"


@pytest.mark.parametrize(("formation", "side", "first"), [
    ("8bde", "allied", 1), ("1ssbde", "allied", 1), ("6abn", "allied", 1), ("185bde", "allied", 1),
    ("9bde", "allied", 1), ("6alb", "allied", 1), ("716id", "german", 1), ("12ss", "german", 1),
    ("kgluck", "german", 2), ("kgoppeln", "german", 3)])
def test_each_formation_and_the_turn_its_chit_enters_the_cup(formation, side, first):  # STD-PKD-CUP
    f = beach(scenario(SWORD)).formations[formation]
    assert (f.side, f.first_turn) == (side, first)


def test_every_formation_of_sword_is_one_of_these():  # STD-PKD-CUP: no chit more, none less
    assert sorted(beach(scenario(SWORD)).formations) == sorted(
        ["8bde", "1ssbde", "6abn", "185bde", "9bde", "6alb", "716id", "12ss", "kgluck", "kgoppeln"])


@pytest.mark.parametrize(("formation", "side"), [("a1", "allied"), ("g1", "german")])
def test_a_drawn_formation_first_chooses_its_operation(formation, side):
    # STD-PKD-SEQ, our default: in its side's activation phase the formation drawn from the
    # cup chooses its Operation, and only then moves or fights
    st = position({"a-inf1": "0502", "g-inf1": "0603"}, formation=formation, op=None)
    assert st.phase == f"{side}.activation"
    assert {a.operation for a in legal(st, ["operation"])} == {"move", "fire", "combined"}
    after, _ = do(st, ChooseOperation(side, "move"))
    assert legal(after, ["move"]) and not legal(after, ["operation"])



def test_the_end_of_the_last_turn_decides_the_game():
    # STD-PKD-SEQ, our default: the end phase of the turn checks victory (STD-PKD-VIC); at the
    # end of the scenario's last turn the game is decided
    st = position()
    st.turn = st.scenario.last_turn
    st.own("pkd")["cup"] = []
    st.dice.default = 1
    after, _ = do(st, EndPhase("allied"))
    assert after.game["outcome"]["rule"] == "STD-PKD-VIC"
