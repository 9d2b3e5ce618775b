"""Unit names in the shipped scenarios read as players write them: ordinals with their own
endings ("22nd Infantry Regiment", "501st Parachute Infantry Regiment"), never "22th"."""

from __future__ import annotations

import re

import pytest

from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.fmu.common import ordinal

ORDINAL = re.compile(r"\b(\d+)(st|nd|rd|th)\b")


@pytest.mark.parametrize("path", sorted(scenarios_dir().glob("*.yaml")), ids=lambda p: p.stem)
def test_every_ordinal_in_a_unit_name_has_its_own_ending(path):
    wrong = [u.name for u in load_scenario(path).units
             for m in ORDINAL.finditer(u.name) if ordinal(m.group(1)) != m.group(0)]
    assert wrong == []


@pytest.mark.parametrize(("n", "words"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                                          (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"), (82, "82nd"),
                                          (101, "101st"), (111, "111th"), (502, "502nd"), (921, "921st")])
def test_ordinals(n, words):
    assert ordinal(n) == words == ordinal(str(n))


def test_the_utah_regiments_named_in_the_issue_read_right():
    names = {u.id: u.name for u in load_scenario(scenarios_dir() / "utah-campaign.yaml").units}
    assert names["us-4-22"].startswith("22nd ") and names["us-101-501"].startswith("501st ")
    assert names["us-101-502"].startswith("502nd ") and names["ge-921-243"].startswith("921st ")
    assert names["us-8-121"].startswith("121st ")


def test_the_tutorials_units_are_named_as_the_campaign_names_them():
    """One game, one name: the tutorial said "352. Infanterie-Division" where the D-Day '77
    campaign (and Utah Beach) say "352nd Infantry Division"."""
    tutorial = load_scenario(scenarios_dir() / "tutorial.yaml")
    campaign = {u.name for u in load_scenario(scenarios_dir() / "dday77-campaign.yaml").units}
    assert tutorial.system.id == "dday77"
    assert [u.name for u in tutorial.units if u.name not in campaign] == []
