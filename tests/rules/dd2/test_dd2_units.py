"""D-Day2 unit table and the shipped set-up (DD2-UNIT-*, DD2-GEN-02)."""

from __future__ import annotations

from collections import Counter

import pytest

from ddaydesk.engine import IllegalAction
from ddaydesk.engine.actions import all_action_types
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.fire import battle_odds
from tests.rules.dd2.conftest import (
    Action,
    ScriptedDice,
    apply,
    at_phase,
    legal_actions,
    new_game,
    out,
    put,
)


@pytest.mark.parametrize("side, utype, att, dfn, move", [
    pytest.param("allied", "infantry", 1, 2, 1, id="DD2-UNIT-01"),
    pytest.param("allied", "artillery", 2, 2, 1, id="DD2-UNIT-02"),
    pytest.param("allied", "armour", 3, 2, 2, id="DD2-UNIT-03"),
    pytest.param("allied", "bomber", 3, 0, 30, id="DD2-UNIT-04"),
    pytest.param("allied", "fighter", 1, 0, 30, id="DD2-UNIT-05"),
    pytest.param("allied", "para_surprise", 1, 0, 0, id="DD2-UNIT-07"),
    pytest.param("german", "infantry", 1, 2, 1, id="DD2-UNIT-08"),
    pytest.param("german", "artillery", 2, 2, 1, id="DD2-UNIT-09"),
    pytest.param("german", "armour", 3, 3, 2, id="DD2-UNIT-10"),
    pytest.param("german", "blockhouse", 3, 1, 0, id="DD2-UNIT-11"),
])
def test_unit_table(side, utype, att, dfn, move):
    st = tables().stats(side, utype)
    assert (st.attack, st.defence, st.move) == (att, dfn, move)


def test_special_units_and_artillery_flags():
    t = tables()
    assert t.special["naval_bombardment"]["attack"] == 2 and t.special["naval_bombardment"]["suicide"]  # DD2-UNIT-06
    assert t.special["blockhouse_fire"]["attack"] == 3  # DD2-UNIT-11
    assert t.stats("german", "artillery").aa == 1  # DD2-UNIT-09: artillery is also AA
    assert t.stats("allied", "para_surprise").suicide  # DD2-UNIT-07


def test_artillery_gives_infantry_no_support(game):  # DD2-UNIT-02, DD2-UNIT-09
    s = game
    put(s, "usr-art-1", "10", "A")
    odds = battle_odds(s.gs, s.board.index("10"), "allied")
    # three airborne infantry still attack at 1 beside the artillery at 2
    assert sorted(odds["attack"]) == [1, 1, 1, 2]
    g = battle_odds(s.gs, s.board.index("10"), "german")
    assert sorted(g["attack"]) == [1, 2]  # German infantry 1, artillery 2: no support either


def test_german_armour_defends_at_3_allied_armour_at_2(game):  # DD2-UNIT-10, DD2-UNIT-03
    s = game
    put(s, "g12-arm", "10", "G")
    put(s, "gold-arm", "10", "A")
    assert sorted(battle_odds(s.gs, s.board.index("10"), "allied")["defence"]) == [2, 2, 3]
    assert sorted(battle_odds(s.gs, s.board.index("10"), "german")["defence"]) == [2, 2, 2, 2]


def test_bomber_hits_on_1_to_3(game):  # DD2-UNIT-04
    s = at_phase(game, "bombing", [3], default=6)
    s = apply(s, Action("bomb", unit="bomber-1", zone="12"))
    s = apply(s, Action("end_bombing"))
    assert s.part[s.k("g12-arm")] == "dead"
    s2 = at_phase(game, "bombing", [4], default=6)
    s2 = apply(apply(s2, Action("bomb", unit="bomber-1", zone="12")), Action("end_bombing"))
    assert s2.part[s2.k("g12-arm")] == "G"


def test_naval_unit_only_targets_blockhouses_and_is_used_up(game):  # DD2-UNIT-06
    s = at_phase(game, "naval", [6])
    s.game["shots_left"] = 6
    with pytest.raises(IllegalAction, match="only fire at a blockhouse"):
        apply(s, Action("bombard", unit="g14-inf-1"))
    s = apply(s, Action("bombard", unit="g14-bh-1"))
    assert s.game["naval_pool"] == 59 and s.game["shots_left"] == 5


def test_para_units_are_gone_after_the_turn_1_attack(game):  # DD2-UNIT-07
    game.dice = ScriptedDice(default=6)
    s = apply(game, Action("para_drop"))
    assert {s.part[s.k(f"para{z}-{i}")] for z in (10, 11, 17) for i in (1, 2, 3)} == {"spent"}


def test_setup_counts_match_the_transcription(scenario):
    on_map = Counter(u.type for u in scenario.units if u.side == "german" and u.part == "G")
    assert on_map == {"infantry": 23, "artillery": 13, "armour": 5, "blockhouse": 17}
    beaches = Counter((scenario.board.labels[u.hex], u.type) for u in scenario.units if u.part == "beach")
    assert sum(n for (z, _), n in beaches.items() if z == "11") == 4  # Utah full
    assert sum(n for (z, _), n in beaches.items() if z == "14") == 8  # Omaha full
    assert sum(1 for u in scenario.units if u.type == "para_surprise") == 9
    assert sum(1 for u in scenario.units if u.type == "fighter") == 8
    pools = Counter((u.box, u.type) for u in scenario.units if u.box and u.box.endswith(("chart", "chartres")))
    assert pools[("rennes_chartres", "infantry")] == 21 and pools[("rennes_chartres", "armour")] == 7
    assert pools[("rouen_chartres", "armour")] == 11 and pools[("rouen_chartres", "artillery")] == 9
    assert sum(n for (b, _), n in pools.items() if b == "us_chart") == 38
    assert sum(n for (b, _), n in pools.items() if b == "uk_chart") == 29


def test_scenario_values_must_match_the_unit_table(scenario):
    import dataclasses

    bad = dataclasses.replace(scenario, units=[dataclasses.replace(scenario.units[0], attack=4)] + scenario.units[1:])
    with pytest.raises(IllegalAction, match="in the unit table"):
        new_game(bad, ScriptedDice())


def test_no_purchase_only_chart_units_enter(game):  # DD2-GEN-02
    assert not any("buy" in k or "purchase" in k for k in all_action_types())
    s = at_phase(game, "allied_reinforce", [6, 6, 6, 6])
    for k in range(len(s.zone)):
        if s.part[k] == "beach":
            out(s, k)
    s = apply(s, Action("roll_reinforcements"))
    while True:
        places = [a for a in legal_actions(s) if a.kind == "place"]
        if not places:
            break
        s = apply(s, places[0])
    # every unit that came in came off a chart, in chart order, and no more than rolled
    us = [u.id for k, u in enumerate(s.units) if u.box == "us_chart" and s.part[k] == "beach"]
    uk = Counter(u.type for k, u in enumerate(s.units) if u.box == "uk_chart" and s.part[k] == "beach")
    assert us == ["usr-inf-1", "usr-inf-2", "usr-inf-3", "usr-inf-4"]  # Utah-only first row, Utah holds 4
    assert uk == {"artillery": 4, "infantry": 5, "armour": 3}  # the first 12 of the UK chart
    assert len(s.units) == 250  # the scenario holds every unit there will ever be
