"""The base game's rules as ddaydesk plays them (wave2.md §1, our defaults in
docs/rules/ddd.md): moving up and across, Land Mines and Barriers, the Unit marker, DEF and
machine guns, rallying and finding, trading, winning and losing."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, legal_actions
from ddaydesk.rules.ddd import FindItem, Rally, ScoreTally, SectorMove, Trade, UseCard, scoring
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.moves import move_problem
from tests.rules.ddd.conftest import arrange, land_all, new_game, notes, play_to, player, put, rec


def _at(phase, name="exercise-tiger", seed=1, where=None, **opts):
    g = new_game(name, seed, **opts)
    land_all(g)
    play_to(g, phase)
    if where:
        arrange(g, lambda s, r: [put(s, p, x) for p, x in where.items()])
    return g


def _idx(g, label):
    return g.scenario.board.index(label)


def test_up_or_across_never_back_never_twice_with_the_lines_cost():
    g = _at("move", where={"us": "5"})
    arrange(g, lambda s, r: r["players"]["us"].update(courage=2, specialists=["corporal"], visited=["1", "3", "5"]))
    dest = {g.scenario.board.labels[a.to] for a in legal_actions(g.state, "allied") if a.kind == "sector_move"}
    assert dest == {"4", "6", "7", "8"}  # not 2 or 3 (back), not 5
    assert "never moves back" in move_problem(g.state, "us", _idx(g, "2"))
    g.do(SectorMove("allied", "us", _idx(g, "7")))  # 5/7: 2 Courage and Land Mines
    p = player(g, "us")
    assert p["courage"] == 0 and p["visited"][-1] == "7" and p["marker"] == 1


def test_requirements_and_barriers_close_sectors():
    g = _at("move", where={"us": "3"})
    arrange(g, lambda s, r: r["players"]["us"].update(courage=9))
    assert "needs the Corporal" in move_problem(g.state, "us", _idx(g, "5"))  # Tiger 5
    g = _at("move", "exercise-fabius", where={"us": "5"})
    arrange(g, lambda s, r: r["players"]["us"].update(courage=9))
    assert "Barrier" in move_problem(g.state, "us", _idx(g, "6"))
    arrange(g, lambda s, r: r["players"]["us"].update(vehicles=["tractor"]))
    assert move_problem(g.state, "us", _idx(g, "6")) is None  # the Tractor crosses


def test_land_mines_cost_a_d6_unless_the_unit_is_mine_proof():
    for vehicle, lost in ((None, True), ("mine_clearing_tank", False)):
        g = _at("move", where={"us": "2"})
        arrange(g, lambda s, r, v=vehicle: r["players"]["us"].update(courage=5, soldiers=20,
                                                                     vehicles=[v] if v else []))
        ch = g.do(SectorMove("allied", "us", _idx(g, "3")))  # the mined line 2/3
        assert bool(ch.dice) == lost
        # STD-DDD-MINES: a d6 of Soldiers (procedure.yaml mine_die)
        assert all(r.sides == 6 for r in ch.dice)
        assert player(g, "us")["soldiers"] == 20 - (ch.dice[0].value if lost else 0)


def test_the_marker_forces_a_move_after_three_turns():
    g = _at("move", where={"us": "2"})
    arrange(g, lambda s, r: r["players"]["us"].update(marker=3, courage=5))
    g.do(EndPhase("allied"))  # 3 turns: may stay
    g = _at("move", where={"us": "2"})
    arrange(g, lambda s, r: r["players"]["us"].update(marker=4, courage=5))
    with pytest.raises(IllegalAction, match="must leave"):
        g.do(EndPhase("allied"))
    g.do(SectorMove("allied", "us", _idx(g, "3")))
    g.do(EndPhase("allied"))


def test_a_unit_that_must_move_and_cannot_is_lost():
    g = _at("move", where={"us": "2"})
    arrange(g, lambda s, r: r["players"]["us"].update(marker=4, courage=0, visited=["1", "2", "3"]))
    ch = g.do(EndPhase("allied"))  # nowhere to go (no Courage, 3 visited): it cannot stay either
    assert rec(g)["winner"] == "german" and "wiped out" in rec(g)["end"]
    assert any(n.endswith("could not leave its Sector and is lost") for n in ch.notes)  # the log says why


def test_can_t_stay_here_means_one_turn():
    g = _at("move", where={"us": "4"})  # Tiger 4: can't stay here
    arrange(g, lambda s, r: r["players"]["us"].update(marker=2, courage=9, specialists=["corporal"]))
    with pytest.raises(IllegalAction, match="must leave"):
        g.do(EndPhase("allied"))


def test_def_and_machine_guns_each_turn():
    # STD-DDD-MGF, our documented default: one d6 of Soldiers lost per machine-gun symbol
    g = _at("move", where={"us": "9"})  # Tiger 9: DEF 10, one machine gun
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=30))
    ch = g.do(EndPhase("allied"))
    (gun,) = [r for r in ch.dice if r.purpose.startswith("machine guns")]
    assert gun.sides == 6
    assert player(g, "us")["soldiers"] == 30 - 10 - gun.value


@pytest.mark.parametrize("card,expect", [("flak_vest", 30 - 10), ("bangalore", None), ("bazooka", None)])
def test_items_that_shield_a_unit_this_turn(card, expect):
    g = _at("move", "exercise-tiger", where={"us": "9"})
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=30, items=[card]))
    g.do(UseCard("allied", "us", card))
    ch = g.do(EndPhase("allied"))
    gun = sum(r.value for r in ch.dice if r.purpose.startswith("machine guns"))
    want = {"flak_vest": 30 - 10, "bangalore": 30 - gun, "bazooka": 30 - 3 - gun}[card]
    assert player(g, "us")["soldiers"] == want


def test_the_bangalore_does_not_work_on_the_bunker():
    g = _at("move", where={"us": "B"})
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=40, items=["bangalore", "flak_vest"]))
    g.do(UseCard("allied", "us", "bangalore"))
    g.do(UseCard("allied", "us", "flak_vest"))
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 28  # the Bunker's full DEF 12


def test_special_damage_on_a_six_costs_a_specialist():
    for seed in range(40):
        g = _at("move", "omaha", seed, where={"us": "8"})  # Omaha 8: 2 machine guns, Special Damage
        arrange(g, lambda s, r: r["players"]["us"].update(soldiers=40, specialists=["corporal", "medic"]))
        ch = g.do(EndPhase("allied"))
        sixes = any(r.value == 6 for r in ch.dice if r.purpose.startswith("machine guns"))
        assert ("Special Damage" in notes(ch)) == sixes
        if sixes:
            assert g.state.active == "allied" and {a.choice for a in legal_actions(g.state, "allied")} == \
                {"corporal", "medic"}
            return
    pytest.fail("no six in 40 games")


def test_one_specialist_and_one_item_a_turn():
    # STD-DDD-SUPPLY: an Allied Unit rallies 1 Specialist and finds 1 Item a turn
    g = _at("supply")
    arrange(g, lambda s, r: r["players"]["us"].update(stars=20, tools=30))
    g.do(Rally("allied", "us", "corporal"))
    g.do(FindItem("allied", "us", "field_radio"))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind in ("rally_specialist", "find_item")]
    assert player(g, "us")["stars"] == 18 and player(g, "us")["tools"] == 18
    assert "field_radio" not in rec(g)["pool"]["allied"]  # one copy, shared
    with pytest.raises(IllegalAction):
        g.do(Rally("allied", "us", "scout"))


def test_a_trade_offers_1_2_3_5_or_10():
    # STD-DDD-TRADE, our documented default: the amounts one trade may give (a Unit keeps at
    # least 1 Soldier); 4 is not one of them, and 10 only to a Unit that has 10
    g = _at("supply", where={"us": "2", "british": "2"}, unit_british=True)
    for courage, amounts in ((11, [1, 2, 3, 5, 10]), (9, [1, 2, 3, 5])):
        arrange(g, lambda s, r, c=courage: r["players"]["us"].update(courage=c))
        offered = sorted(a.amount for a in legal_actions(g.state, "allied")
                         if a.kind == "trade_resources" and a.player == "us" and a.resource == "courage")
        assert offered == amounts
    with pytest.raises(IllegalAction):
        g.do(Trade("allied", "us", "british", "courage", 4))


def test_trading_between_units_in_one_sector():
    g = _at("supply", where={"us": "2", "british": "2"}, unit_british=True)
    arrange(g, lambda s, r: (r["players"]["us"].update(courage=3), r["players"]["british"].update(courage=1)))
    g.do(Trade("allied", "us", "british", "courage", 2))
    assert (player(g, "us")["courage"], player(g, "british")["courage"]) == (1, 3)
    g = _at("supply", where={"us": "2", "british": "3"}, unit_british=True)
    arrange(g, lambda s, r: r["players"]["us"].update(courage=3, items=["carrier_pigeon"]))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "trade_resources" and a.resource == "courage"]
    g.do(UseCard("allied", "us", "carrier_pigeon"))  # trade with a Unit anywhere this turn
    assert Trade("allied", "us", "british", "courage", 2) in legal_actions(g.state, "allied")


def test_rwb_bonuses_differ_by_nation():
    dice = [["red", "soldier", 0], ["white", "soldier", 0], ["blue", "soldier", 0], ["red", "tool", 0],
            ["white", "tool", 0], ["blue", "star", 0]]
    got = {}
    for nation in ("us", "british", "french"):
        g = _at("tally", **({f"unit_{nation}": True} if nation != "us" else {}))
        arrange(g, lambda s, r, n=nation: r["players"][n].update(dice=[list(d) for d in dice], kept=True))
        (o,) = scoring.options(g.state, nation)
        got[nation] = o.gain["soldiers"]
    table = tables().rwb["allied"]["soldier"].gains
    assert got == {n: 3 + table[n]["soldiers"] for n in got}
    assert len({table[n]["soldiers"] for n in ("us", "british", "french")}) > 1


def test_a_courage_rwb_offers_courage_or_soldiers():
    # STD-DDD-RWB, our documented default (the Allied RWB bonuses, rwb.yaml): a Battle Cry
    # gives the American Unit 4 Courage or 8 Soldiers, its player's pick, on top of the faces
    dice = [["red", "courage", 0], ["white", "courage", 0], ["blue", "courage", 0], ["red", "tool", 0],
            ["white", "tool", 0], ["red", "soldier", 0]]
    g = _at("tally")
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[list(d) for d in dice], kept=True))
    gains = sorted((o.gain["courage"], o.gain["soldiers"]) for o in scoring.options(g.state, "us"))
    assert gains == [(3, 1 + 8), (3 + 4, 1)]


def test_each_face_adds_its_amount_to_the_tally():
    # STD-DDD-DICE (wave2.md §1.3): outside an RWB a Soldier adds 1 Soldier, "2 Soldiers" 2,
    # a Star, a Courage and a Tool 1 each
    g = _at("tally")
    dice = [["red", "soldier", 0], ["red", "soldiers", 0], ["white", "star", 0], ["white", "courage", 0],
            ["blue", "tool", 0]]
    arrange(g, lambda s, r: r["players"]["us"].update(dice=dice, kept=True))
    (o,) = scoring.options(g.state, "us")
    assert {k: o.gain.get(k, 0) for k in ("soldiers", "stars", "courage", "tools")} == \
        {"soldiers": 3, "stars": 1, "courage": 1, "tools": 1}


def test_the_sharpshooter_ignores_one_skull():
    # DDD-COND-06: an ignored Skull cancels nothing; the Sharpshooter ignores exactly one
    dice = [["red", "skull", 0], ["white", "skull", 0], ["red", "soldier", 0], ["white", "soldiers", 0]]

    def soldiers(specialists):
        g = _at("tally")
        arrange(g, lambda s, r: r["players"]["us"].update(dice=dice, kept=True, specialists=specialists))
        return sorted(o.gain.get("soldiers", 0) for o in scoring.options(g.state, "us"))
    assert soldiers([]) == [0]  # two Active Skulls cancel both dice
    assert soldiers(["sharpshooter"]) == [1, 2]  # one Active Skull: either die is cancelled


def test_a_straight_draws_an_award():
    g = _at("tally")
    dice = [["red", "soldier", 0], ["white", "soldiers", 0], ["blue", "star", 0], ["red", "courage", 0],
            ["white", "tool", 0], ["blue", "skull", 0]]
    arrange(g, lambda s, r: r["players"]["us"].update(dice=dice, kept=True))
    ch = g.do(ScoreTally("allied", "us", (), (), True, ()))
    assert len(player(g, "us")["awards"]) == 1 and any("Award" in r.purpose for r in ch.dice)


def test_everyone_into_the_bunker_wins_one_wiped_out_loses():
    g = _at("move", where={"us": "B", "british": "B"}, unit_british=True)
    arrange(g, lambda s, r: [r["players"][p].update(soldiers=40) for p in ("us", "british")])
    g.do(EndPhase("allied"))
    assert rec(g)["winner"] == "allied" and g.state.phase == "over"
    g = _at("move", where={"us": "B", "british": "9"}, unit_british=True)
    arrange(g, lambda s, r: [r["players"][p].update(soldiers=40) for p in ("us", "british")])
    g.do(EndPhase("allied"))
    assert rec(g)["winner"] is None and player(g, "us")["status"] == "bunker"  # one still to go
    g = _at("move", where={"us": "9"})
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=5))
    g.do(EndPhase("allied"))
    assert rec(g)["winner"] == "german" and "wiped out" in rec(g)["end"]


@pytest.mark.parametrize("name", ["exercise-tiger", "omaha"])
def test_each_unit_comes_ashore_with_4_soldiers(name):
    # STD-DDD-SETUP: 4 Soldiers a Unit (printed for Exercise Tiger's Sector 1; on the other
    # maps our documented default), before any die is rolled
    g = new_game(name, 1, unit_british=True)
    assert {pid: player(g, pid)["soldiers"] for pid in ("us", "british")} == {"us": 4, "british": 4}
