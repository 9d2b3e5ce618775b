"""The cards that change a turn's fire, played to the Allied combat phase on Omaha 8 (DEF 10,
two machine guns): each card's amount, one more and one fewer dice or DEF than without it
(STD-DDD-CARDS for the Allies' Items, STD-DDD-GERMAN for the German's cards: our documented
defaults where the seed prints only the names)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase
from ddaydesk.rules.ddd import DrawDecoration, UseCard
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player, put


def _fire(german_items=(), decoration=None, allied_items=()):
    """The machine-gun dice rolled at the Allied Unit in Omaha 8 this turn and the Soldiers it
    lost, the German holding the Maschinengewehr-Schütze (his machine guns are active)."""
    g = new_game("omaha", 1, atlantikwall=True)
    land_all(g)
    play_to(g, "german_supply")

    def setup(s, r):
        put(s, "us", "8")
        r["players"]["us"].update(soldiers=60, items=list(allied_items))
        r["players"]["german"].update(specialists=["unteroffizier", "mg_schuetze"], items=list(german_items),
                                      courage=5, soldiers=40)  # he pays the whole DEF (DDD-GER-10)
        if decoration:
            s.secrets["german"]["deck"] = [decoration]
    arrange(g, setup)
    for card in german_items:
        g.do(UseCard("german", "german", card))
    if decoration:
        g.do(DrawDecoration("german"))  # into his hidden hand, then played
        g.do(UseCard("german", "german", decoration))
    g.do(EndPhase("german"))
    for card in allied_items:
        g.do(UseCard("allied", "us", card))
    ch = g.do(EndPhase("allied"))
    guns = [r for r in ch.dice if r.purpose.startswith("machine guns")]
    return len(guns), 60 - player(g, "us")["soldiers"] - sum(r.value for r in guns)


def test_two_machine_guns_and_def_10_without_a_card():
    # STD-DDD-MGF: one die per machine-gun symbol (the step the cards below change)
    assert _fire() == (2, 10)


@pytest.mark.parametrize("cards,dice,defence", [
    pytest.param({"german_items": ["mg42"]}, 3, 10, id="STD-DDD-GERMAN-mg42"),
    pytest.param({"german_items": ["bunker_periscope"]}, 2, 11, id="STD-DDD-GERMAN-bunker_periscope"),
    pytest.param({"decoration": "shooting_award"}, 3, 10, id="STD-DDD-GERMAN-shooting_award"),
    pytest.param({"allied_items": ["rangefinder"]}, 1, 10, id="STD-DDD-CARDS-rangefinder"),
    pytest.param({"allied_items": ["artillery_periscope"]}, 1, 10, id="STD-DDD-CARDS-artillery_periscope"),
])
def test_a_card_changes_the_turns_fire_by_its_amount(cards, dice, defence):
    assert _fire(**cards) == (dice, defence)
