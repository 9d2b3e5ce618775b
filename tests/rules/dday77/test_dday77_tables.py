"""D-Day '77 standard-rules tables owned here: stacking, invasion, reinforcements,
replacements, victory; the allotment procedure; the picker's rules-confidence line."""

import pytest

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.yamlmarks import load_file, load_text
from ddaydesk.rules import allotments, confidence
from ddaydesk.rules.allotments import (
    allied_reinforcement_allotment,
    replacement_cost,
    replacement_factors,
)
from ddaydesk.rules.confidence import DEFAULTS_LINE, PRINTED_LINE, rules_confidence, untagged
from ddaydesk.rules.systems import load_system

SYSTEM = load_system("dday77")
TABLES = ("stacking", "invasion", "reinforcements", "replacements", "victory")
WEATHER_ON = {"weather": True}


def table(name: str):
    return load_file(str(SYSTEM.folder / f"{name}.yaml"))


@pytest.mark.parametrize("name", TABLES)
def test_every_value_is_tagged_with_a_rule_and_a_confidence(name):
    doc = table(name)
    assert doc["system"] == "dday77"
    assert untagged(doc, name) == []


def test_untagged_values_are_reported_with_their_line():
    doc = load_text("system: dday77\nlimit: {value: 3, rule: STD-STACK-01}\nx:\n  y: {value: 1, confidence: seed}\n",
                    "t.yaml")
    problems = untagged(doc, "t.yaml")
    assert [(p.line, p.message) for p in problems] == [
        (2, "limit: confidence must be one of seed, default"),
        (4, "x.y: value without a rule id"),
    ]


def test_tables_cite_only_catalogue_or_standard_rule_ids():
    for name in TABLES:
        for _where, d in confidence._values(table(name), ""):
            rule = d["rule"]
            assert rule.startswith(("STD-", "D77-")), (name, rule)
            # a seed confidence needs a seed clause, a default one a reconstructed rule
            assert (d["confidence"] == "seed") == rule.startswith("D77-"), (name, rule)


# -- stacking ---------------------------------------------------------------------------------
def test_stacking_limit_and_what_does_not_count():
    doc = table("stacking")
    assert doc["limit"]["value"] == 3
    assert doc["not_counted"]["types"] == ["hq"]
    assert set(doc["not_counted"]["types"]) <= set(SYSTEM.unit_types)


def test_supply_centres_stack_as_hq_units_D77_ASUP_10():
    # D77-ASUP-10 rests on base stacking and city control rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    sc = table("stacking")["supply_centres"]
    assert (sc["stack_as"], sc["rule"], sc["confidence"]) == ("hq", "D77-ASUP-10", "seed")


# -- reinforcements ---------------------------------------------------------------------------
def test_no_allotment_on_the_invasion_turn():
    assert allied_reinforcement_allotment(1) is None


@pytest.mark.parametrize("turn", [2, 10, 24, 50])
def test_clear_weather_allotment_is_the_default_schedule(turn):
    a = allied_reinforcement_allotment(turn, "CLR", WEATHER_ON)
    assert (a.value, a.rule, a.confidence) == (20, "STD-REIN-02", "default")


@pytest.mark.parametrize("turn", [25, 32, 33, 40], ids=["D77-WX-05-first", "D77-WX-05-last", "D77-WX-06-first",
                                                         "D77-WX-06-last"])
def test_snow_reduces_the_allied_reinforcement_allotment_to_10_D77_WX_20(turn):
    # snow can be rolled on turns 25-40 only (D77-WX-05, D77-WX-06)
    # D77-WX-20 rests on base Allied reinforcement allotment rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    a = allied_reinforcement_allotment(turn, "SNOW", WEATHER_ON)
    assert (a.value, a.rule, a.confidence) == (10, "D77-WX-20", "seed")


def test_snow_has_no_effect_without_the_weather_option_D77_WX_20():
    # D77-WX-20 rests on base Allied reinforcement allotment rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    assert allied_reinforcement_allotment(30, "SNOW", {"weather": False}).value == 20
    assert allied_reinforcement_allotment(30, "SNOW").value == 20


@pytest.mark.parametrize("weather", ["CLR", "RAIN", "MUD"], ids=["D77-WX-08", "D77-WX-09", "D77-WX-11"])
def test_only_snow_touches_the_reinforcement_allotment(weather):
    assert allied_reinforcement_allotment(30, weather, WEATHER_ON).value == 20


def test_snow_never_raises_a_smaller_allotment_D77_WX_20(monkeypatch):
    # D77-WX-20 rests on base Allied reinforcement allotment rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    schedule, by_weather = allotments._reinforcements("dday77")
    small = [(2, 50, allotments.Allotment(6, "STD-TEST", "default"))]
    monkeypatch.setattr(allotments, "_reinforcements", lambda _s: (small, by_weather))
    assert allied_reinforcement_allotment(30, "SNOW", WEATHER_ON).value == 6


def test_reinforcement_entry_rules_are_stated():
    doc = table("reinforcements")
    assert doc["allied"]["measure"]["unit"] == "attack_factors"
    assert doc["allied"]["unused"]["carry_over"] is False
    assert "german" not in doc  # German entry is code (rules/dday77/arrivals.py), stated in comments


# -- replacements -----------------------------------------------------------------------------
@pytest.mark.parametrize(("side", "turn", "value"), [
    pytest.param("allied", 1, 0, id="STD-REPL-10-first"), pytest.param("allied", 2, 0, id="STD-REPL-10-last"),
    pytest.param("allied", 3, 4, id="STD-REPL-11-first"), pytest.param("allied", 50, 4, id="STD-REPL-11-last"),
    pytest.param("german", 1, 3, id="STD-REPL-20-first"), pytest.param("german", 12, 3, id="STD-REPL-20-last"),
    pytest.param("german", 13, 6, id="STD-REPL-21-first"), pytest.param("german", 28, 6, id="STD-REPL-21-last"),
    pytest.param("german", 29, 3, id="STD-REPL-22-first"), pytest.param("german", 50, 3, id="STD-REPL-22-last"),
])
def test_replacement_factors_by_turn(side, turn, value):
    # our defaults (the printed replacement rates are not public): each period at both ends
    assert replacement_factors(side, turn).value == value


def test_replacements_outside_every_schedule_are_zero():
    assert replacement_factors("german", 99).value == 0


def test_replacement_cost_is_the_attack_factor_with_a_minimum_of_one():
    assert replacement_cost("allied", "armour", 6).value == 6
    assert replacement_cost("allied", "hq", 0).value == 1
    assert replacement_cost("german", "static", 2) is None
    assert replacement_cost("allied", "parachute", 4) is None
    assert replacement_cost("german", "parachute", 4).value == 4


def test_a_users_corrected_table_is_read_first_and_checked(tmp_path, monkeypatch):
    folder = tmp_path / "rules" / "dday77"
    folder.mkdir(parents=True)
    (folder / "replacements.yaml").write_text(
        "system: dday77\nrule: STD-REPL\nconfidence: default\n"
        "cost: {per_unit: attack_factor, minimum: 1, rule: STD-REPL-01, confidence: default}\n"
        "allied:\n  factors:\n    - {turns: [5, 3], value: 4, rule: STD-X, confidence: default}\n",
        encoding="utf-8")
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    allotments._replacements.cache_clear()
    try:
        with pytest.raises(FormatError) as exc:
            replacement_factors("allied", 4)
        assert f"{folder / 'replacements.yaml'}:7:" in str(exc.value)
        assert "allied.factors[0].turns: give [first, last] turn numbers" in str(exc.value)
        (folder / "replacements.yaml").write_text(
            "system: dday77\nrule: STD-REPL\nconfidence: seed\n"
            "cost: {per_unit: attack_factor, minimum: 1, rule: STD-REPL-01, confidence: seed}\n"
            "allied:\n  factors:\n    - {turns: [1, 50], value: 7, rule: STD-REPL-11, confidence: seed}\n",
            encoding="utf-8")
        allotments._replacements.cache_clear()
        assert replacement_factors("allied", 4) == allotments.Allotment(7, "STD-REPL-11", "seed")
    finally:
        allotments._replacements.cache_clear()


# -- invasion ---------------------------------------------------------------------------------
def test_the_seven_invasion_areas():
    ids = [a["id"] for a in table("invasion")["areas"]]
    assert ids == ["north_sea", "pas_de_calais", "le_havre", "normandy", "brittany", "bay_of_biscay", "south_france"]


def test_the_second_invasion_needs_conditions():
    second = table("invasion")["second"]
    assert second["allowed"]["count"] == 1
    conditions = {c["id"]: c for c in second["conditions"]}
    assert set(conditions) == {"not_before", "other_area", "beachhead_held", "units_ashore"}
    assert conditions["not_before"]["turns_after_first"] > 0


def test_invasion_values_taken_from_the_seed():
    # D77-WX-10 rests on base paratroop drop rule (5-hex limit, not in the seeds: proven against our default (docs/rules/dday77.md)
    inv = table("invasion")
    assert inv["setup"]["withheld"]["max_units"] == 10  # D77-SET-02
    assert inv["second"]["brest_bonus"]["extra_nbp"] == 5  # D77-NAV-10
    assert inv["landing"]["naval_bombardment"]["points"] == 10  # D77-NAV-01
    assert inv["airborne"]["range"]["hexes"] == 5  # D77-WX-10 (normal drop distance)
    assert inv["landing"]["automatic_victory_from_sea"]["allowed"] is False  # D77-AUTO-18
    options = {inv["setup"]["withheld"]["option"], inv["second"]["brest_bonus"]["option"]}
    assert options <= set(SYSTEM.options)


# -- victory ----------------------------------------------------------------------------------
def test_victory_conditions_for_each_scenario_kind():
    conditions = table("victory")["conditions"]
    assert set(conditions) == {"campaign", "breakout"}
    assert conditions["campaign"]["allied"]["count"] == 10
    assert conditions["breakout"]["allied"]["count"] <= len(conditions["breakout"]["allied"]["places"])


# -- the scenario picker's line ---------------------------------------------------------------
def test_rules_confidence_says_the_standard_rules_are_defaults():
    rc = rules_confidence("dday77")
    assert rc.line == DEFAULTS_LINE == "standard rules: ddaydesk defaults"
    assert set(TABLES) <= set(rc.standard_defaults)
    assert rc.seed > 0 and rc.default > rc.seed


def test_rules_confidence_counts_the_users_corrected_tables(tmp_path, monkeypatch):
    # a user who has checked every table against the rulebook and marked it so
    folder = tmp_path / "rules" / "dday77"
    folder.mkdir(parents=True)
    for shipped in SYSTEM.folder.glob("*.yaml"):
        text = shipped.read_text(encoding="utf-8").replace("confidence: default", "confidence: seed")
        (folder / shipped.name).write_text(text, encoding="utf-8")
    shipped = confidence.rules_confidence.__wrapped__("dday77")
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    rc = confidence.rules_confidence.__wrapped__("dday77")
    assert (rc.default, rc.line, rc.all_printed) == (0, PRINTED_LINE, True)
    assert rc.seed == shipped.seed + shipped.default
