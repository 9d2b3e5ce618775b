"""Overlord's Carry On! (DDD-OPT-03..10): a wiped-out Unit falls back 1 or 2 Sectors through
Advance lines, keeps 1 Specialist, everything else it holds, and comes back with twice the new
Sector's DEF in Soldiers and its number in Stars and Courage; the seed's Omaha Beach example."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, legal_actions
from ddaydesk.rules.ddd import Decide, SectorMove
from ddaydesk.rules.ddd.vp import sheet
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player, put, rec

CARRY_ON = {"carry_on": True}


def _falls(name, path, seed=1, before=None, **opts):
    """A Unit that came up ``path`` (labels, the last its Sector) is wiped out in this turn's
    combat, 1 Soldier facing the Sector's DEF."""
    g = new_game(name, seed, **{**CARRY_ON, **opts})
    land_all(g)
    play_to(g, "move")

    def fn(s, r):
        k = s.unit("us")
        s.place[k] = s.scenario.board.index(path[-1])
        r["players"]["us"].update(soldiers=1, visited=list(path), path=list(path), marker=1, entered=s.turn)
        if before:
            before(s, r)
    arrange(g, fn)
    g.do(EndPhase("allied"))
    return g


def answers(g):
    return {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"}


def test_the_omaha_example_falls_back_to_9_or_to_7_or_8():  # DDD-OPT-10
    g = _falls("omaha", ["2", "5", "8", "9", "B"])
    p = player(g, "us")
    assert p["status"] == "retreating" and rec(g)["winner"] is None and p["wipeouts"] == 1
    assert answers(g) == {"9", "7", "8"}  # 9 next to the Bunker; 7 and 8 two away
    g.do(Decide("allied", "us", "8"))  # no Specialist to keep: the split comes at once
    assert rec(g)["pending"][0]["kind"] == "split" and player(g, "us")["status"] == "retreating"
    assert answers(g) == {str(k) for k in range(9)}  # Sector 8: 8 Stars and Courage, split freely
    g.do(Decide("allied", "us", "3"))
    p = player(g, "us")
    assert (p["soldiers"], p["stars"], p["courage"]) == (20, 3, 5)  # DEF 10 twice; 3 Stars, 5 Courage
    assert p["status"] == "ashore" and g.state.place[g.state.unit("us")] == g.scenario.board.index("8")


def test_a_unit_falls_back_one_or_two_advance_lines_never_further():  # DDD-OPT-03
    g = _falls("omaha", ["2", "5", "8", "10"])
    assert answers(g) == {"8", "5", "6"}  # back through 8/10, then one line down from 8
    assert not answers(g) & {"10", "2", "1", "3", "9"}  # not where it fell, not 3 lines back
    g.do(Decide("allied", "us", "6"))  # ignoring requirements; its visited Sectors reset
    assert player(g, "us")["visited"] == ["6"]
    g = _falls("omaha", ["2", "5", "8", "9"], before=lambda s, r: r["players"]["us"].update(specialists=["scout"]))
    assert answers(g) == {"8", "5", "6"}  # 9 was reached from 8
    g = _falls("omaha", ["2", "5", "8", "9", "B"])
    g.do(Decide("allied", "us", "9"))  # 9 needs a Scout: Carry On! ignores it
    assert g.state.place[g.state.unit("us")] == g.scenario.board.index("9")


def _back_in(g, sector, keep="", stars="0"):
    g.do(Decide("allied", "us", sector))
    if rec(g)["pending"] and rec(g)["pending"][0]["kind"] == "keep":
        g.do(Decide("allied", "us", keep))
    if rec(g)["pending"] and rec(g)["pending"][0]["kind"] == "split":
        g.do(Decide("allied", "us", stars))


def test_a_unit_keeps_one_specialist_the_others_go_back():  # DDD-OPT-04
    g = _falls("omaha", ["2", "5", "8"], before=lambda s, r: (
        r["players"]["us"].update(specialists=["corporal", "medic", "chaplain", "captain"], lost=["scout"],
                                  hand=["engineer"]),
        r["pool"]["allied"].remove("chaplain"), r["pool"]["allied"].remove("captain")))
    g.do(Decide("allied", "us", "5"))
    assert answers(g) == {"corporal", "medic", "chaplain", "captain"}
    g.do(Decide("allied", "us", "medic"))
    p = player(g, "us")
    assert p["specialists"] == ["medic"] and p["lost"] == []
    assert {"corporal", "scout", "engineer"} <= set(p["hand"])  # Regular ones and the one lost earlier: the hand
    assert {"chaplain", "captain"} <= set(rec(g)["pool"]["allied"])  # Unique and Ranking: the pool


def test_nothing_else_is_lost_and_old_sectors_may_be_visited_again():  # DDD-OPT-05
    kit = dict(items=["flak_vest"], stars=4, courage=2, tools=7, awards=["bronze_star"], vehicles=["jeep"],
               badges=["ranger_tab"])
    g = _falls("omaha", ["2", "5", "8"], badges=True, before=lambda s, r: r["players"]["us"].update(**kit))
    _back_in(g, "5", stars="0")
    p = player(g, "us")
    assert {k: p[k] for k in ("items", "tools", "awards", "vehicles", "badges")} == \
        {k: kit[k] for k in ("items", "tools", "awards", "vehicles", "badges")}
    assert (p["stars"], p["courage"]) == (4, 2 + 5)  # kept, plus Sector 5's number
    assert p["visited"] == ["5"]
    play_to(g, "move", turn=2)
    arrange(g, lambda s, r: r["players"]["us"].update(courage=9, soldiers=30))
    dest = {g.scenario.board.labels[a.to] for a in legal_actions(g.state, "allied") if a.kind == "sector_move"}
    assert "8" in dest  # visited before the fall: open again


def test_twice_the_new_sectors_def_and_its_number_in_stars_and_courage():  # DDD-OPT-06
    g = _falls("omaha", ["2", "5", "8"])
    _back_in(g, "5", stars="2")
    p = player(g, "us")
    assert (p["soldiers"], p["stars"], p["courage"]) == (2 * 5, 2, 3)  # Sector 5: DEF 5
    g = _falls("omaha", ["2", "5", "8"])
    _back_in(g, "2", stars="2")
    p = player(g, "us")
    assert (p["soldiers"], p["stars"], p["courage"]) == (2 * 3, 2, 0)  # Sector 2: DEF 3, all Stars


@pytest.mark.parametrize("name,path,back,vehicles,gained", [
    ("gold", ["2", "6", "9", "11"], "9", [], 7),  # Fight once, DEF 7: once
    ("strongpoint-daimler", ["2", "5", "8", "11"], "8", [], 18),  # DEF 9/6: the higher, twice
    ("omaha", ["2", "5", "8", "10"], "8", ["tank"], 14),  # DEF 10 lowered to 7 by the Tank
    ("omaha", ["2", "5", "8", "10"], "8", [], 20)])  # and without it
def test_several_def_values_fight_once_and_a_lowered_def(name, path, back, vehicles, gained):  # DDD-OPT-07
    g = _falls(name, path, before=lambda s, r: r["players"]["us"].update(vehicles=list(vehicles)))
    _back_in(g, back)
    assert player(g, "us")["soldiers"] == gained


def test_no_first_visit_gift_on_reentry():  # DDD-OPT-08
    g = _falls("omaha", ["2", "4", "7", "9"])  # Omaha 7 gives a Scout on a first visit
    _back_in(g, "7")
    assert "scout" not in player(g, "us")["specialists"] and "scout" in player(g, "us")["hand"]
    g = new_game("omaha", 1, **CARRY_ON)  # walking in, the first time: the Scout joins
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (put(s, "us", "4"), r["players"]["us"].update(courage=5, soldiers=30)))
    g.do(SectorMove("allied", "us", g.scenario.board.index("7")))
    assert "scout" in player(g, "us")["specialists"]


def test_each_wipe_out_costs_forty_vp_and_the_recommended_limit_is_one():  # DDD-OPT-09
    g = _falls("omaha", ["2", "5", "8"], victory_points=True)
    _back_in(g, "5")
    arrange(g, lambda s, r: r["players"]["us"].update(wipeouts=1))
    lines = [x for x in sheet(g.state) if x.rule == "DDD-OPT-09"]
    assert [x.points for x in lines] == [-40]
    arrange(g, lambda s, r: r["players"]["us"].update(wipeouts=2))
    assert [x.points for x in sheet(g.state) if x.rule == "DDD-OPT-09"] == [-80]
    g = _falls("omaha", ["2", "5", "8"], carry_on_once=True, before=lambda s, r: r["players"]["us"].update(wipeouts=1))
    assert player(g, "us")["status"] == "wiped_out" and rec(g)["winner"] == "german"  # a second fall ends it
    g = _falls("omaha", ["2", "5", "8"], carry_on_once=True)
    assert player(g, "us")["status"] == "retreating"  # the first does not
    g = new_game("omaha", 1)  # without Carry On!, a wipe-out loses the game
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=1))
    g.do(EndPhase("allied"))
    assert rec(g)["winner"] == "german"


def test_a_unit_wiped_out_by_a_german_card_in_his_roll_phase_carries_on_there():  # DDD-OPT-03
    # DDD-GER-06: the German's roll phase (where he may play his cards) lets the Allied player
    # answer the Carry On! choices a card of his raises, before the phase goes on
    from ddaydesk.rules.ddd import UseCard

    g = new_game("omaha", 1, atlantikwall=True, **CARRY_ON)
    land_all(g)
    play_to(g, "german_roll")

    def fn(s, r):
        k = s.unit("us")
        s.place[k] = s.scenario.board.index("5")
        r["players"]["us"].update(soldiers=3, visited=["2", "5"], path=["2", "5"], marker=1, entered=s.turn)
        r["players"]["german"].update(items=["molotov_cocktail"])
    arrange(g, fn)
    g.do(UseCard("german", "german", "molotov_cocktail", unit="us"))  # 3 Soldiers: wiped out
    assert player(g, "us")["status"] == "retreating" and g.state.phase == "german_roll"
    # it falls back to Sector 2 (the only one), then splits Sector 2's Stars and Courage
    assert rec(g)["pending"][0]["kind"] == "split" and answers(g) == {"0", "1", "2"}
    g.do(Decide("allied", "us", "1"))
    assert player(g, "us")["status"] == "ashore" and g.state.place[g.state.unit("us")] == g.scenario.board.index("2")
