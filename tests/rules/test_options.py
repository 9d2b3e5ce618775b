"""The optional-rule listing the scenario picker reads."""

from ddaydesk.rules.options import option_listing
from ddaydesk.rules.systems import load_system


def test_every_dday77_option_is_listed_with_its_title_and_clauses():
    listing = option_listing("dday77")
    ids = [r.id for r in listing.rows]
    assert ids == list(load_system("dday77").options)
    assert len(ids) == 11  # the optional rules of seed 000 (issue 7 item 4)
    row = {r.id: r for r in listing.rows}
    assert row["withheld_setup"].rules == "D77-SET-01..05"
    assert row["weather"].title == "Weather chart from turn 6"
    assert (row["tactical_air"].first_rule, row["tactical_air"].last_rule) == ("D77-AIR-01", "D77-AIR-22")
    assert not any(r.on for r in listing.rows)
    assert listing.standard_rules == "standard rules: ddaydesk defaults"


def test_a_scenarios_options_start_on():
    rows = {r.id: r.on for r in option_listing("dday77", {"weather": True}).rows}
    assert rows["weather"] and not rows["tactical_air"]
