"""Reinforcements under the allotment and replacements, played (docs/rules/dday77.md §9-10)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, Marker, Move, apply, legal_actions
from ddaydesk.engine.movement import entry_places
from ddaydesk.rules.dday77.arrivals import Replace, allied_sources
from tests.rules.dday77.conftest import arrange, at_phase, do, start


def lab(sc, label):
    return sc.board.index(label)


def _normandy_held(campaign, turn=4, sky="CLR", **options):
    """Turn ``turn``, the Allies ashore at 1620 and 1621 and holding Cherbourg (1619)."""
    s = start(campaign, **options)
    s = arrange(s, {"us-1": "1621", "us-29": "1620", "ge-709": "x"})
    s = at_phase(s, "allied.movement", turn=turn, weather=sky)
    s.game["invasions"] = [[1, "normandy"]]
    s.extra["control"] = {"allied": format(sum(1 << lab(campaign, h) for h in ("1619", "1620", "1621")), "x")}
    s._cache.clear()
    return s


def test_allied_arrivals_come_on_at_controlled_ports_and_beaches_std_rein_04(campaign):
    # proves STD-REIN-04
    s = _normandy_held(campaign)
    labels = {campaign.board.labels[i] for i in allied_sources(s)}
    assert labels == {"1619", "1620", "1621"}  # Cherbourg (port) and two Normandy coastal hexes
    k = s.unit("us-4")  # arrived turn 1, still in England
    assert set(entry_places(s, k)) == set(allied_sources(s))
    s2 = do(s, Move("allied", "us-4", lab(campaign, "1619")))
    assert s2.status[k] == "on_map" and s2.scratch["allotment_used"] == campaign.units[k].attack


def test_on_the_invasion_turn_nothing_enters_but_by_the_invasion_std_inv_05(campaign):
    # proves STD-INV-05
    s = start(campaign)
    assert entry_places(s, s.unit("us-4")) == []


def test_the_allotment_is_twenty_attack_factors_std_rein_02(campaign):
    # proves STD-REIN-02
    s = _normandy_held(campaign)
    pool = [u for k, u in enumerate(campaign.units) if u.side == "allied" and u.type != "hq"
            and s.status[k] == "pending" and (u.arrive_turn or 0) <= 4]
    spent, moved = 0, []
    for u in pool:
        if spent + u.attack > 20:
            break
        spent += u.attack
        s = do(s, Move("allied", u.id, lab(campaign, "1619")))
        moved.append(u.id)
        s = arrange(s, {u.id: "1621"})  # out of the way: stacking
    over = next(u for u in pool if u.id not in moved and u.attack > 20 - spent)
    with pytest.raises(IllegalAction, match=r"left this turn \(STD-REIN-02\)"):
        apply(s, Move("allied", over.id, lab(campaign, "1619")))
    assert over.id not in {a.unit for a in legal_actions(s, "allied") if a.kind == "move"}


def test_snow_cuts_the_allotment_to_ten_d77_wx_20(campaign):
    # proves D77-WX-20
    # D77-WX-20 rests on base Allied reinforcement allotment rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _normandy_held(campaign, turn=30, sky="SNOW", weather=True)
    s = do(s, Move("allied", "us-1", lab(campaign, "1722")))  # room at the beach
    s = do(s, Move("allied", "us-4", lab(campaign, "1621")), Move("allied", "us-2", lab(campaign, "1619")))
    assert s.scratch["allotment_used"] == 8
    with pytest.raises(IllegalAction, match=r"2 of 10 left this turn \(D77-WX-20\)"):
        apply(s, Move("allied", "us-9", lab(campaign, "1620")))


def test_with_allied_supply_only_supply_centres_are_entry_hexes_d77_asup_11(campaign):
    # proves D77-ASUP-11
    s = _normandy_held(campaign, allied_supply=True)
    assert allied_sources(s) == []
    s.markers = (Marker("supply_centre", lab(campaign, "1620"), "allied"),)
    s._cache.clear()
    assert allied_sources(s) == [lab(campaign, "1620")]


def test_a_region_arrival_enters_only_there_std_rein_06(breakout):
    # proves STD-REIN-06
    from ddaydesk.engine import new_state

    s = new_state(breakout, 1)
    late = next(k for k, u in enumerate(breakout.units) if u.arrive_region and u.side == "allied")
    region = breakout.units[late].arrive_region
    assert set(entry_places(s, late)) == set(breakout.board.regions[region].places)


# -- replacements -----------------------------------------------------------------------------
def _german_losses(campaign, turn):
    s = start(campaign)
    s = arrange(s, {"ge-352": "x", "ge-346": "x", "ge-716": "x"})
    return at_phase(s, "german.movement", turn=turn)


def test_german_replacements_rebuild_for_attack_factors_std_repl_01_std_repl_20(campaign):
    # proves STD-REPL-01
    s = _german_losses(campaign, 2)  # 3 factors a turn (STD-REPL-20)
    with pytest.raises(IllegalAction, match=r"costs 4 replacement factors; 3 left"):
        apply(s, Replace("german", "ge-352"))
    s = do(s, Replace("german", "ge-346"))
    k = s.unit("ge-346")
    assert s.status[k] == "pending" and s.scratch["replacements_used"] == {"german": 3}
    # it comes back by the German entry hexes, the engine's default (STD-REPL-23)
    edge = set(campaign.board.regions["german_supply_sources"].places)
    assert set(entry_places(s, k)) == edge
    s = do(s, Move("german", "ge-346", sorted(edge)[0]))
    assert s.status[k] == "on_map" and "ge-346" not in s.game["rebuilt"]
    # at least 1 factor (our default): an HQ of attack 0 costs 1, a unit of attack 1 costs 1
    from ddaydesk.rules.allotments import replacement_cost

    assert [replacement_cost("german", t, a).value for t, a in (("hq", 0), ("infantry", 1), ("infantry", 2))] \
        == [1, 1, 2]


def test_autumn_rebuilding_doubles_german_replacements_std_repl_21(campaign):
    # proves STD-REPL-21
    s = do(_german_losses(campaign, 13), Replace("german", "ge-352"))
    assert s.scratch["replacements_used"] == {"german": 4}


def test_static_divisions_are_never_rebuilt_std_repl_24(campaign):
    # proves STD-REPL-24
    with pytest.raises(IllegalAction, match="static units are not rebuilt"):
        apply(_german_losses(campaign, 13), Replace("german", "ge-716"))


def test_a_rebuilt_allied_unit_enters_outside_the_allotment_std_repl_12(campaign):
    # proves STD-REPL-12
    s = _normandy_held(campaign, turn=5)
    s = arrange(s, {"us-29": "x"})
    s = do(s, Replace("allied", "us-29"))
    assert s.scratch["replacements_used"] == {"allied": 4}  # 4 a turn from turn 3 (STD-REPL-11)
    s = do(s, Move("allied", "us-29", lab(campaign, "1619")))
    assert s.scratch.get("allotment_used", 0) == 0


def test_airborne_divisions_are_never_rebuilt_std_repl_13(campaign):
    # proves STD-REPL-13
    s = arrange(_normandy_held(campaign, turn=5), {"us-82": "x"})
    assert not [a for a in legal_actions(s, "allied") if a.kind == "replace"]
