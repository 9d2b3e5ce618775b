"""Carpet bombing: our default for the rule D77-WX-17 leans on (STD-AIR-CARPET)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import Changes, IllegalAction, Move, apply, legal_actions
from ddaydesk.engine.movement import move_problem
from ddaydesk.rules.dday77.air import record_air
from ddaydesk.rules.dday77.carpet import CarpetBomb
from tests.rules.dday77.conftest import arrange, at_phase, do, start

FRONT = {"us-1": "1621", "us-29": "1620", "ge-352": "1722", "ge-716": "1825"}  # 352nd next to the 1st


def _air_phase(campaign, sky="CLR", **options):
    s = arrange(start(campaign, tactical_air=True, **options), FRONT, others="gone")
    s = at_phase(s, "allied.air", turn=20, weather=sky)
    s.extra.pop("air", None)
    record_air(s, Changes())
    return s


def at(campaign, label):
    return campaign.board.index(label)


def test_carpet_bombing_pins_the_hex_for_the_german_movement_std_air_carpet(campaign):
    s = _air_phase(campaign)
    assert campaign.board.distance(at(campaign, "1621"), at(campaign, "1722")) == 1
    offered = [a for a in legal_actions(s, "allied") if a.kind == "carpet_bomb"]
    assert offered == [CarpetBomb("allied", at(campaign, "1722"))]  # not 1825: no Allied unit next to it
    s = do(s, offered[0])
    assert s.extra["air"]["spent"] == 4 and s.scratch["carpet"] == "1722"
    with pytest.raises(IllegalAction, match="one carpet bombing a turn"):
        apply(s, CarpetBomb("allied", at(campaign, "1722")))
    g = at_phase(s, "german.movement", turn=20)
    k = g.unit("ge-352")
    assert "pinned by carpet bombing on 1722" in move_problem(g, k, "normal", "all")
    assert move_problem(g, g.unit("ge-716"), "normal", "all") is None
    assert not [a for a in legal_actions(g, "german") if isinstance(a, Move) and a.unit == "ge-352"]


def test_no_carpet_bombing_in_snow_d77_wx_17(campaign):
    # proves D77-WX-17 (the snow column of the weather chart)
    # D77-WX-17 rests on base carpet bombing rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _air_phase(campaign, "SNOW", weather=True)
    assert not [a for a in legal_actions(s, "allied") if a.kind == "carpet_bomb"]
    with pytest.raises(IllegalAction, match=r"no (carpet bombing|Allied air operations) in snow"):
        apply(s, CarpetBomb("allied", at(campaign, "1722")))
    # the same hex in mud is bombed (mud leaves 4 factors, D77-WX-11)
    s = _air_phase(campaign, "MUD", weather=True)
    assert [a for a in legal_actions(s, "allied") if a.kind == "carpet_bomb"]


def test_carpet_bombing_needs_its_air_factors(campaign):
    s = _air_phase(campaign)
    s.extra["air"]["spent"] = s.extra["air"]["factors"] - 3
    with pytest.raises(IllegalAction, match="needs 4 air factors; 3 left"):
        apply(s, CarpetBomb("allied", at(campaign, "1722")))
