"""D-Day '77 invasion limits and conditions (invasion.yaml) and victory (victory.yaml)."""

import dataclasses

import pytest

from ddaydesk.formats.mapfile import load_map
from ddaydesk.rules.invasion import InvasionFacts, invasion_refusal, invasion_rules, landing
from ddaydesk.rules.victory import Outcome, VictoryFacts, conditions, judge, target_region
from tests.conftest import DATA

RULES = invasion_rules("dday77")
BOARD = load_map(DATA / "dday77" / "standin.yaml")
NORMANDY = ((1, "normandy"),)


def second(**kw):
    base = dict(turn=11, area="south_france", made=NORMANDY, first_area_held=True, allied_units_on_map=30)
    return InvasionFacts(**{**base, **kw})


def test_the_invasion_areas_are_on_the_map():
    assert set(RULES.areas) <= {r.id for r in BOARD.regions_of_kind("invasion_area")}


def test_landing_limits_of_the_first_and_second_invasions():
    assert landing(RULES, 1) == RULES.first
    assert (RULES.first.seaborne, RULES.first.airborne) == (6, 3)
    assert (landing(RULES, 2).seaborne, landing(RULES, 2).airborne) == (4, 1)


@pytest.mark.parametrize("area", ["normandy", "pas_de_calais", "south_france"])
def test_the_first_invasion_anywhere_on_turn_1(area):
    assert invasion_refusal(RULES, InvasionFacts(1, area, (), False, 0)) is None


def test_the_first_invasion_only_on_turn_1():
    assert invasion_refusal(RULES, InvasionFacts(2, "normandy", (), False, 0)) == \
        "the first invasion is made on turn 1 (STD-INV-01)"


def test_no_invasion_outside_the_areas():
    assert "is not an invasion area" in invasion_refusal(RULES, InvasionFacts(1, "switzerland", (), False, 0))


def test_a_second_invasion_meeting_every_condition_is_allowed():
    assert invasion_refusal(RULES, second()) is None
    assert invasion_refusal(RULES, second(turn=7)) is None  # exactly 6 turns after turn 1


@pytest.mark.parametrize(("change", "reason"), [
    ({"turn": 6}, "a second invasion may not come before turn 7 (STD-INV-11)"),
    ({"area": "normandy"}, "a second invasion must be in another area than normandy (STD-INV-12)"),
    ({"first_area_held": False}, "the Allies must still hold a coastal hex or port of normandy (STD-INV-13)"),
    ({"allied_units_on_map": 11}, "a second invasion needs 12 Allied combat units on the map, not 11 (STD-INV-14)"),
    ({"made": ((1, "normandy"), (11, "south_france"))}, "only 1 second invasion is allowed per game (STD-INV-10)"),
])
def test_a_second_invasion_needs_its_conditions(change, reason):
    assert invasion_refusal(RULES, second(**change)) == reason


# -- victory ----------------------------------------------------------------------------------
def facts(**kw):
    base = dict(turn=20, last_turn=50, units_on_map={"allied": 40, "german": 50})
    return VictoryFacts(**{**base, **kw})


def test_the_campaign_target_falls_back_to_germany_when_the_map_has_no_east_of_rhine_region():
    assert target_region(conditions("campaign")["allied"], BOARD) == "germany"


def test_the_campaign_goes_on_while_nobody_has_won():
    assert judge("campaign", facts(supplied_in_region={"germany": 9}), BOARD) is None


def test_ten_supplied_units_in_germany_win_at_once():
    out = judge("campaign", facts(supplied_in_region={"germany": 10}), BOARD)
    assert out == Outcome("allied", "10 supplied units in Germany (needed 10)", "STD-VIC-01")


def test_the_invasion_thrown_back_into_the_sea_is_a_german_win():
    gone = facts(units_on_map={"allied": 0, "german": 50})
    assert judge("campaign", gone, BOARD).rule == "STD-VIC-02"
    assert judge("campaign", dataclasses.replace(gone, turn=1), BOARD) is None  # not on the first turn


def test_the_german_wins_the_campaign_at_the_end_otherwise():
    out = judge("campaign", facts(turn=50), BOARD)
    assert (out.winner, out.rule) == ("german", "STD-VIC-03")


BREAKOUT_CITIES = ["Avranches", "Rennes", "Le Mans", "Alençon", "Falaise", "Chartres", "Paris", "Rouen"]


@pytest.mark.parametrize(("held", "winner"), [(5, "allied"), (4, "german"), (8, "allied")])
def test_the_breakout_is_judged_on_cities_at_the_last_turn(held, winner):
    f = VictoryFacts(12, 12, {"allied": 30, "german": 25}, controlled={"allied": frozenset(BREAKOUT_CITIES[:held])})
    out = judge("breakout", f, BOARD)
    assert out.winner == winner
    assert out.rule == ("STD-VIC-10" if winner == "allied" else "STD-VIC-11")


def test_the_breakout_is_not_judged_before_the_last_turn():
    f = VictoryFacts(10, 12, {"allied": 30, "german": 25}, controlled={"allied": frozenset(BREAKOUT_CITIES)})
    assert judge("breakout", f, BOARD) is None


def test_unknown_victory_conditions_are_named():
    with pytest.raises(KeyError, match="no victory conditions 'standard' in dday77"):
        conditions("standard")
