"""Overlord's Rookie Officer (DDD-ROOKIE-01..13): eight nation versions, not in play without
their options, a penalty nothing overrides; Captain O'Crappy (each Unit starts with its own,
who leaves only to Special Damage, a card aimed at him or his price; an Award at Sector 9, no
machine-gun fire in the Bunker, Victory Points) and Major McMoron (multiplayer and solo)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, legal_actions
from ddaydesk.rules.ddd import Decide, RollDice, ScoreTally, SectorMove, UseCard, scoring
from ddaydesk.rules.ddd.combat import sector_def
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.moves import cost
from ddaydesk.rules.ddd.vp import sheet
from tests.rules.ddd.conftest import arrange, at, play_to, player, put, rec

CAPTAIN = {"captain_ocrappy": True}
LEADERSHIP = [["red", "star", 0], ["white", "star", 0], ["blue", "star", 0], ["red", "soldier", 0],
              ["white", "soldier", 0], ["blue", "tool", 0]]


def _at(phase, name="omaha", seed=1, **opts):
    return at(phase, name, seed, **opts)


def test_eight_rookie_officers_one_per_nation():  # DDD-ROOKIE-01
    rookies = tables().rookies()
    assert len(rookies) == 8 and len({c.nation for c in rookies}) == 8
    assert {c.nation for c in rookies} == {"us", "british", "french", "canadian", "greek", "norwegian", "polish", "shaef"}
    assert all(c.kind == "specialist" and c.klass == "regular" for c in rookies)


def test_without_their_options_rookies_are_never_in_play():  # DDD-ROOKIE-02
    g = _at("supply")
    arrange(g, lambda s, r: r["players"]["us"].update(stars=30))
    rookies = {c.id for c in tables().rookies()}
    assert not rookies & set(player(g, "us")["hand"]) and not rookies & set(rec(g)["pool"]["allied"])
    assert not rookies & {a.card for a in legal_actions(g.state, "allied") if a.kind == "rally_specialist"}
    g = _at("supply", **CAPTAIN)  # with O'Crappy: the Unit's own, from the start
    assert player(g, "us")["specialists"] == ["rookie_us"]


def test_the_rookie_beats_an_award_that_would_zero_the_def():  # DDD-ROOKIE-03
    for rookie, want in (([], 0), (["rookie_british"], 1)):
        g = _at("move", unit_british=True)
        arrange(g, lambda s, r, x=rookie: (put(s, "british", "5"), r["players"]["british"].update(
            awards=["bronze_cross"], specialists=list(x))))
        g.do(UseCard("allied", "british", "bronze_cross"))  # DEF 0 this turn
        assert sector_def(g.state, "british", 0) == want  # ... and still 1 with the Rookie
    g = _at("move", **CAPTAIN)  # his Advance penalty comes after every discount (the Jeep's)
    arrange(g, lambda s, r: (put(s, "us", "2"), r["players"]["us"].update(vehicles=["jeep"])))
    board = g.scenario.board
    assert cost(g.state, "us", board.index("2"), board.index("5")) == 1 - 1 + 1  # line 1, Jeep -1, Rookie +1
    arrange(g, lambda s, r: r["players"]["us"].update(specialists=[]))
    assert cost(g.state, "us", board.index("2"), board.index("5")) == 0


def test_his_penalty_is_always_on_the_skull_no_card_ignores():  # DDD-ROOKIE-03
    dice = [["red", "skull", 0], ["white", "soldier", 0], ["blue", "star", 0]]
    for rookie, active in (([], 0), (["rookie_canadian"], 1)):
        g = _at("tally", unit_canadian=True)
        arrange(g, lambda s, r, x=rookie: r["players"]["canadian"].update(
            dice=[list(d) for d in dice], kept=True, specialists=["sharpshooter", *x]))
        assert {len(o.base.active_skulls) for o in scoring.options(g.state, "canadian")} == {active}


def test_a_generic_loss_cannot_take_him_special_damage_his_price_or_a_purple_heart_can():  # DDD-ROOKIE-04
    from ddaydesk.engine import Changes
    from ddaydesk.rules.ddd.effects import lose_card_choice

    g = _at("supply", **CAPTAIN)
    arrange(g, lambda s, r: r["players"]["us"].update(specialists=["rookie_us", "medic"]))

    def loss(source):
        s = g.state.copy()
        lose_card_choice(s, "us", "specialist", Changes(), "test", source=source)
        return s.record("ddd")["players"]["us"]["specialists"]
    assert loss("") == ["rookie_us"]  # a "lose 1 Specialist": the Medic goes, never him
    from ddaydesk.rules.ddd.pending import answers
    assert answers(g.state, {"kind": "loss", "player": "us", "what": "specialist", "source": "special_damage"}) == \
        ["medic", "rookie_us"]
    arrange(g, lambda s, r: r["players"]["us"].update(stars=2))
    assert UseCard("allied", "us", "rookie_us") not in legal_actions(g.state, "allied")  # 3 Stars: one short
    arrange(g, lambda s, r: r["players"]["us"].update(stars=3))
    g.do(UseCard("allied", "us", "rookie_us"))
    assert player(g, "us")["specialists"] == ["medic"] and player(g, "us")["stars"] == 0
    g = _at("supply", **CAPTAIN)
    arrange(g, lambda s, r: r["players"]["us"].update(awards=["purple_heart"]))
    g.do(UseCard("allied", "us", "purple_heart", pick="rookie_us"))  # aimed at him: he goes
    assert player(g, "us")["specialists"] == []


@pytest.mark.parametrize("sector,offered", [("9", True), ("8", False)])
def test_an_award_of_choice_on_reaching_sector_9(sector, offered):  # DDD-ROOKIE-05
    g = _at("move", **CAPTAIN)
    arrange(g, lambda s, r: (put(s, "us", "7" if sector == "9" else "5"),
                             r["players"]["us"].update(courage=9, specialists=["rookie_us", "scout"])))
    g.do(SectorMove("allied", "us", g.scenario.board.index(sector)))
    waiting = rec(g)["pending"]
    assert bool(waiting and waiting[0]["kind"] == "rookie_award") == offered
    if offered:
        choices = {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"}
        assert choices == set(rec(g)["awards"]["deck"])  # any Award of the deck
        g.do(Decide("allied", "us", "silver_star"))
        assert player(g, "us")["awards"] == ["silver_star"] and "silver_star" not in rec(g)["awards"]["deck"]


@pytest.mark.parametrize("rookie,guns", [(["rookie_us"], 0), ([], 2)])
def test_no_machine_gun_fire_in_the_bunker_while_he_is_there(rookie, guns):  # DDD-ROOKIE-06
    g = _at("move", **CAPTAIN)
    arrange(g, lambda s, r: (put(s, "us", "B"), r["players"]["us"].update(soldiers=40, specialists=list(rookie))))
    ch = g.do(EndPhase("allied"))
    assert len([x for x in ch.dice if "machine guns" in x.purpose]) == guns


def test_starting_with_him_ten_vp_winning_with_him_twenty_more():  # DDD-ROOKIE-07
    g = _at("move", victory_points=True, **CAPTAIN)
    arrange(g, lambda s, r: (put(s, "us", "B"), r["players"]["us"].update(soldiers=40)))
    g.do(EndPhase("allied"))
    assert rec(g)["winner"] == "allied"
    rookie_lines = [x.points for x in sheet(g.state) if x.rule == "DDD-ROOKIE-07"]
    assert rookie_lines == [10, 20]
    g = _at("move", victory_points=True, **CAPTAIN)
    arrange(g, lambda s, r: (put(s, "us", "B"), r["players"]["us"].update(soldiers=40, specialists=[])))
    g.do(EndPhase("allied"))  # sent away before the win: only his 10
    assert [x.points for x in sheet(g.state) if x.rule == "DDD-ROOKIE-07"] == [10]


def test_the_major_goes_to_one_unit_at_random_and_no_loss_takes_him():  # DDD-ROOKIE-08
    g = _at("supply", major_mcmoron=True, unit_british=True, unit_french=True)
    major = rec(g)["major"]
    hosts = [u for u in ("us", "british", "french") if major["card"] in player(g, u)["specialists"]]
    assert hosts == [major["host"]] and major["active"]
    from ddaydesk.rules.ddd.pending import answers
    for source in ("", "special_damage"):
        assert major["card"] not in answers(g.state, {"kind": "loss", "player": major["host"], "what": "specialist",
                                                      "source": source})
    g = _at("supply", major_mcmoron=True)  # solo: nobody yet
    assert rec(g)["major"] is None


def _score_leadership(g, pid):
    arrange(g, lambda s, r: r["players"][pid].update(dice=[list(d) for d in LEADERSHIP], kept=True, scored=None))
    g.do(next(o.action for o in scoring.options(g.state, pid) if "star" in o.base.rwbs))


def test_a_leadership_rwb_lets_the_host_hand_the_major_on():  # DDD-ROOKIE-09
    g = _at("tally", major_mcmoron=True, unit_british=True)
    host = rec(g)["major"]["host"]
    other = "british" if host == "us" else "us"
    _score_leadership(g, host)
    assert {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"} == {"", other}
    g.do(Decide("allied", host, other))  # the other Unit is not asked
    assert rec(g)["major"]["host"] == other and not rec(g)["pending"]
    assert rec(g)["major"]["card"] in player(g, other)["specialists"]
    g = _at("tally", major_mcmoron=True, unit_british=True)  # a Supply Drop RWB: no hand-over
    host = rec(g)["major"]["host"]
    arrange(g, lambda s, r: r["players"][host].update(dice=[["red", "tool", 0], ["white", "tool", 0],
                                                            ["blue", "tool", 0]], kept=True))
    g.do(scoring.options(g.state, host)[0].action)
    assert not rec(g)["pending"]


def test_every_unit_that_hosted_the_major_scores_fifteen():  # DDD-ROOKIE-10
    g = _at("tally", major_mcmoron=True, victory_points=True, unit_british=True, unit_french=True)
    host = rec(g)["major"]["host"]
    other = next(u for u in ("us", "british", "french") if u != host)
    _score_leadership(g, host)
    g.do(Decide("allied", host, other))
    hosted = {x.player: x.points for x in sheet(g.state) if x.rule == "DDD-ROOKIE-10"}
    assert hosted == {host: 15, other: 15}  # the third never had him


def test_solo_the_major_joins_at_the_first_rwb_active():  # DDD-ROOKIE-11
    g = _at("tally", major_mcmoron=True)
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[["red", "soldier", 0], ["white", "star", 0],
                                                            ["blue", "tool", 0]], kept=True))
    g.do(scoring.options(g.state, "us")[0].action)  # no RWB: no Major
    assert rec(g)["major"] is None
    play_to(g, "tally", turn=2)
    _score_leadership(g, "us")  # the first RWB (a Leadership one: he joins active all the same)
    major = rec(g)["major"]
    assert major["host"] == "us" and major["active"] and player(g, "us")["silent"] == []


def test_solo_each_leadership_or_battle_cry_rwb_turns_him_over():  # DDD-ROOKIE-12
    g = _at("tally", major_mcmoron=True)
    _score_leadership(g, "us")
    card = rec(g)["major"]["card"]
    play_to(g, "tally", turn=2)
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[["red", "courage", 0], ["white", "courage", 0],
                                                            ["blue", "courage", 0]], kept=True))
    g.do(next(o.action for o in scoring.options(g.state, "us") if "courage" in o.base.rwbs))
    assert not rec(g)["major"]["active"] and player(g, "us")["silent"] == [card]  # Battle Cry: silenced
    play_to(g, "tally", turn=3)
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[["red", "tool", 0], ["white", "tool", 0],
                                                            ["blue", "tool", 0]], kept=True))
    g.do(scoring.options(g.state, "us")[0].action)
    assert not rec(g)["major"]["active"]  # a Supply Drop RWB changes nothing
    play_to(g, "tally", turn=4)
    _score_leadership(g, "us")
    assert rec(g)["major"]["active"] and player(g, "us")["silent"] == []  # Leadership: active again


@pytest.mark.parametrize("joined,points", [(True, 20), (False, 0)])
def test_solo_the_major_gives_twenty_vp(joined, points):  # DDD-ROOKIE-13
    g = _at("tally", major_mcmoron=True, victory_points=True)
    if joined:
        _score_leadership(g, "us")
    assert sum(x.points for x in sheet(g.state) if x.rule == "DDD-ROOKIE-13") == points


def test_roll_dice_with_the_french_rookie_is_one_blue_short():  # DDD-ROOKIE-03 (the French penalty)
    g = _at("roll", unit_french=True)
    arrange(g, lambda s, r: r["players"]["french"].update(specialists=["rookie_french"]))
    g.do(RollDice("allied", "french"))
    assert [d[0] for d in player(g, "french")["dice"]] == ["red", "red", "white", "white", "blue"]
    assert ScoreTally  # (imported for the module's other tests)
