"""Overlord campaigns (DDD-CAMPGN-01; the Campaign Book is not in our text, so the rules are
ours, STD-DDD-CAMPAIGN): three Battle Maps in turn on one board, a battle's end and its record,
what a Unit takes to the next map, a save between battles (the engine's own save), and
seeded campaigns played to their end with every module on, solo and with four Units."""

from __future__ import annotations

import pytest

from ddaydesk.engine import OVER, EndPhase, IllegalAction, legal_actions, load_game, save_game
from ddaydesk.rules.ddd import NextBattle
from ddaydesk.rules.ddd.view import table
from tests.engine.test_properties import check_properties
from tests.rules.ddd.conftest import (
    EVERY_MODULE,
    arrange,
    land_all,
    new_game,
    play_to,
    player,
    put,
    rec,
)
from tests.rules.ddd.play import choose

TITLES = ("Gold Beach (single Bunker)", "Omaha Beach", "Strongpoint Daimler")


def play_out(g, stop=lambda g: False, limit=4000):
    while g.state.phase != OVER and len(g.log) < limit and not stop(g):
        g.do(choose(g.state))
    return g


@pytest.mark.parametrize("units", [{}, {"unit_british": True, "unit_greek": True, "unit_norwegian": True},
                                   {"unit_british": True, "atlantikwall": True, "blind_start": True}],
                         ids=["solo", "four", "against_a_german"])
def test_a_seeded_three_battle_campaign_plays_to_its_end_with_every_module_on(units):  # DDD-CAMPGN-01
    g = play_out(new_game("campaign-overlord", 5, **EVERY_MODULE, **units))
    r = rec(g)
    assert g.state.phase == OVER and r["winner"] in ("allied", "german") and "the campaign is over" in r["end"]
    c = table(g.state, "allied").campaign
    assert [b.title for b in c.record] == list(TITLES) and [b.number for b in c.record] == [1, 2, 3]
    allied = sum(k.startswith("unit_") for k in units)
    assert all(b.turns > 0 and len(b.units) == 1 + allied for b in c.record)
    totals = dict(c.totals)
    for name, total in totals.items():
        assert total == sum(u.vp for b in c.record for u in b.units if u.unit_name == name)
        assert all(u.vp == sum(x.points for x in u.lines) for b in c.record for u in b.units)
    assert c.champion == max(totals, key=lambda n: (totals[n], -list(totals).index(n)))
    check_properties(g)  # replay, save and load, undo back to the last roll: across the battles


def _end_battle_one(seed=1, **opts):
    """Battle 1 (Gold Beach): the American Unit takes the Bunker, the British falls."""
    g = new_game("campaign-overlord", seed, unit_british=True, **opts)
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (put(s, "us", "1-B"), put(s, "british", "1-9"),
                             r["players"]["us"].update(soldiers=40, items=["flak_vest"], specialists=["medic"],
                                                       stars=3, courage=2),
                             r["players"]["british"].update(soldiers=1, items=["field_radio"], specialists=["scout"])))
    g.do(EndPhase("allied"))
    return g


def test_a_battle_ends_when_no_unit_fights_on_and_goes_on_the_record():  # DDD-CAMPGN-01
    g = _end_battle_one()
    r = rec(g)
    assert g.state.phase == "debrief" and r["campaign"]["between"] and r["winner"] is None
    (b,) = r["campaign"]["record"]
    assert (b["title"], b["winner"]) == (TITLES[0], "allied")
    assert b["units"]["us"]["result"] == "took the Bunker" and b["units"]["british"]["result"] == "wiped out"
    assert [a.kind for a in legal_actions(g.state, "allied")] == ["next_battle"]  # no phase of a battle now
    with pytest.raises(IllegalAction, match="next battle"):
        g.do(EndPhase("allied"))
    g = new_game("campaign-overlord", 1, unit_british=True)  # one Unit falls, the other fights on
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (r["players"]["british"].update(soldiers=1), r["players"]["us"].update(soldiers=40)))
    g.do(EndPhase("allied"))
    assert player(g, "british")["status"] == "wiped_out" and not rec(g)["campaign"]["record"]
    assert g.state.phase != "debrief"


def test_what_a_unit_takes_to_the_next_map():  # DDD-CAMPGN-01
    g = _end_battle_one()
    kept = {k: player(g, "us")[k] for k in ("soldiers", "items", "specialists", "stars", "courage", "tools", "awards")}
    assert kept["soldiers"] > 4 and kept["items"] == ["flak_vest"]
    g.do(NextBattle("allied"))
    us, gb = player(g, "us"), player(g, "british")
    assert rec(g)["campaign"]["battle"] == 1 and g.state.phase in ("landing", "roll")
    assert {k: us[k] for k in kept} == kept  # on its feet: everything goes along
    assert (us["status"], us["visited"], us["path"]) == ("landing", [], [])  # a new map, from the landing craft
    assert (us["dice"], us["rolls"], us["kept"]) == ([], 0, False)  # no dice rolled on it yet
    assert (gb["soldiers"], gb["items"], gb["specialists"]) == (4, [], []) and "scout" in gb["hand"]  # fresh
    assert "flak_vest" not in rec(g)["pool"]["allied"] and "field_radio" in rec(g)["pool"]["allied"]
    land_all(g)
    assert player(g, "us")["status"] == "ashore" and len(player(g, "us")["visited"]) == 1
    board = g.scenario.board
    assert board.labels[g.state.place[g.state.unit("us")]].startswith("2-")  # on Omaha Beach now
    assert table(g.state, "allied").campaign.battle == 2


def test_a_save_between_battles_is_the_engines_own(tmp_path):  # DDD-CAMPGN-01
    g = play_out(new_game("campaign-overlord", 3, unit_british=True, **EVERY_MODULE),
                 stop=lambda g: g.state.phase == "debrief")
    assert g.state.phase == "debrief"
    path = tmp_path / "campaign.ddaysave"
    save_game(g, path)
    again = load_game(path)
    assert again.state.state_hash() == g.state.state_hash() and again.state.phase == "debrief"
    assert table(again.state, "allied").campaign.record[0].title == TITLES[0]
    again.do(NextBattle("allied"))
    assert rec(again)["campaign"]["battle"] == 1 and table(again.state, "allied").campaign.battle == 2


def test_atlantikwall_solitaire_is_one_battle():  # DDD-CAMPGN-01
    with pytest.raises(IllegalAction, match="one Battle Map"):
        new_game("campaign-overlord", 1, solitaire=True)
