"""Combat answers and rolls in the Actions dock's words: the support committed said plainly,
never a field dump ("draws ('german',)")."""

from __future__ import annotations

from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.actions import ResolveCombat, Respond
from ddaydesk.ui.action_text import describe

SC = load_scenario(default_scenario_path())


def words(action) -> str:
    return describe(SC, action, SC.board.labels.__getitem__)


def test_answers_and_rolls_say_their_support():
    assert words(Respond("german")) == "Answer the attack without support"
    assert words(Respond("allied", cds=True)) == "Answer the attack with close defensive support"
    assert words(Respond("german", draws=("german",), mines=True)) == \
        "Answer the attack drawing 1 support fire marker from the German cup, playing the Mines marker"
    assert words(Respond("german", draws=("german",), mines_policy="redraw")) == \
        "Answer the attack drawing 1 support fire marker from the German cup, setting a drawn Mines marker aside " \
        "to draw again"  # (FMU-SFM-03; was "a Mines marker drawn put back")
    assert words(Respond("german", defender="de-21-pz")) == \
        "Answer the attack 21st Panzer Division defending the beach stack"
    assert words(ResolveCombat("allied", nbp=4)) == "Roll the combat with 4 naval bombardment points"
    assert words(ResolveCombat("allied", cas=1)) == "Roll the combat with 1 air factor"
    assert words(ResolveCombat("allied", draws=("allied_air", "allied_air"), naval=2)) == \
        "Roll the combat with 2 naval gunfire markers, drawing 2 support fire markers from the Allied air cup"
    assert words(ResolveCombat("allied")) == "Roll the combat without support"


def test_an_attack_names_the_hex_first():
    from ddaydesk.rules.combat.actions import DeclareAttack

    assert words(DeclareAttack("allied", ("ca-3-inf", "br-7-arm"), SC.board.index("1308"))) == \
        "Attack 1308 with 3rd Canadian Infantry Division, 7th Armoured Division"



def test_losses_to_take_say_each_units_printed_factors():
    """An exchange costs printed attack factors: each unit offered says its factors (was: the
    names alone, each to be looked up)."""
    from ddaydesk.rules.combat.actions import TakeLosses

    assert words(TakeLosses("allied", ("us-1-inf",))) == "Take losses: 1st Infantry Division (4-4-4)"
    assert words(TakeLosses("allied", ("us-1-inf", "br-7-arm"))) == \
        "Take losses: 1st Infantry Division (4-4-4), 7th Armoured Division (5-5-6)"


def test_a_drop_zone_names_its_division_and_every_hex_even_the_first():
    """Utah Beach's drop zones read "Place drop zone division 82", and the one on the map's
    first hex (place 0) lost its "at ...": 0 was taken for an empty field."""
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.fmu.airborne import PlaceDropZone

    utah = load_scenario(scenarios_dir() / "utah-landing.yaml")
    assert describe(utah, PlaceDropZone("allied", "82", 0), utah.board.labels.__getitem__) == \
        f"Place drop zone for the 82nd Airborne at {utah.board.labels[0]}"
    assert describe(utah, PlaceDropZone("allied", "101", 5), utah.board.labels.__getitem__) == \
        f"Place drop zone for the 101st Airborne at {utah.board.labels[5]}"
