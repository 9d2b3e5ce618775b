"""Module 3, Badges (DDD-BADGE-01..11): drawn on a Battle Cry RWB instead of its bonus, used like
Items, one gained a turn, traded in one Sector, the German's Courage for each; Badge of Honor,
of Courage and of Assistance."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, legal_actions
from ddaydesk.rules.ddd import BuyBadge, GiveBadge, ScoreTally, UseCard, scoring
from ddaydesk.rules.ddd.scoring import BADGE
from ddaydesk.rules.ddd.vp import sheet
from tests.rules.ddd.conftest import arrange, at, land_all, new_game, play_to, player, put, rec

BATTLE_CRY = [["red", "courage", 0], ["white", "courage", 0], ["blue", "courage", 0], ["red", "soldier", 0],
              ["white", "tool", 0], ["blue", "star", 0]]


def _at(phase, name="exercise-fabius", **opts):
    return at(phase, name, 1, **{"badges": True, **opts})


def _tally(g, dice=BATTLE_CRY, pid="us"):
    arrange(g, lambda s, r: r["players"][pid].update(dice=[list(d) for d in dice], kept=True, scored=None))


def test_a_battle_cry_rwb_may_draw_a_badge_instead_of_its_bonus():  # DDD-BADGE-01
    g = _at("tally")
    _tally(g)
    opts = scoring.options(g.state, "us")
    badge = [o for o in opts if "draw_badge" in o.effects]
    assert len(badge) == 1 and "Battle Cry RWB (a Badge instead)" in badge[0].words()
    plain = [o for o in opts if o.base == badge[0].base and "draw_badge" not in o.effects]
    assert badge[0].gain == {"courage": 3, "soldiers": 1, "tools": 1, "stars": 1}  # the faces: no Battle Cry bonus
    assert len(plain) == 2 and all(sum(o.gain.values()) > 6 for o in plain)  # its two bonuses
    g.do(badge[0].action)
    assert len(player(g, "us")["badges"]) == 1 and len(rec(g)["badges"]["deck"]) == 8
    g = _at("tally")
    _tally(g, [["red", "star", 0], ["white", "star", 0], ["blue", "star", 0]])  # Leadership: no Badge
    assert not [o for o in scoring.options(g.state, "us") if "draw_badge" in o.effects]
    g = new_game("exercise-fabius", 1)  # without the module
    land_all(g)
    play_to(g, "tally")
    _tally(g)
    assert not [o for o in scoring.options(g.state, "us") if "draw_badge" in o.effects]


def test_a_used_badge_goes_to_the_discard_pile_which_becomes_the_deck():  # DDD-BADGE-02
    g = _at("supply")
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["combat_infantryman_badge"]))
    g.do(UseCard("allied", "us", "combat_infantryman_badge"))
    assert player(g, "us")["badges"] == [] and rec(g)["badges"]["discard"] == ["combat_infantryman_badge"]
    assert player(g, "us")["soldiers"] == 33
    play_to(g, "tally", turn=2)
    arrange(g, lambda s, r: r["badges"].update(deck=[], discard=["aviator_badge", "ranger_tab"]))
    _tally(g)
    g.do(next(o.action for o in scoring.options(g.state, "us") if "draw_badge" in o.effects))
    b = rec(g)["badges"]
    assert player(g, "us")["badges"][0] in ("aviator_badge", "ranger_tab") and len(b["deck"]) == 1 and not b["discard"]


def test_a_unit_gains_one_badge_a_turn_and_may_hold_more():  # DDD-BADGE-03
    g = _at("tally", badge_of_courage=True)
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["ranger_tab"], stars=5, courage=5))
    _tally(g)
    g.do(next(o.action for o in scoring.options(g.state, "us") if "draw_badge" in o.effects))
    assert len(player(g, "us")["badges"]) == 2  # more than one held
    play_to(g, "supply")
    assert BuyBadge("allied", "us") not in legal_actions(g.state, "allied")  # a second this turn: no
    with pytest.raises(IllegalAction, match="1 Badge a turn"):
        g.do(BuyBadge("allied", "us"))
    play_to(g, "supply", turn=2)
    arrange(g, lambda s, r: r["players"]["us"].update(stars=5, courage=5))
    assert BuyBadge("allied", "us") in legal_actions(g.state, "allied")  # next turn: yes


def test_badges_change_hands_in_one_sector_only():  # DDD-BADGE-04
    g = _at("supply", unit_british=True)
    arrange(g, lambda s, r: (put(s, "us", "4"), put(s, "british", "4"), r["players"]["us"].update(badges=["ranger_tab"])))
    g.do(GiveBadge("allied", "us", "british", "ranger_tab"))
    assert player(g, "british")["badges"] == ["ranger_tab"] and player(g, "us")["badges"] == []
    arrange(g, lambda s, r: put(s, "british", "5"))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "give_badge"]
    with pytest.raises(IllegalAction):
        g.do(GiveBadge("allied", "british", "us", "ranger_tab"))


@pytest.mark.parametrize("honor,courage", [(False, 1), (True, 3)])
def test_the_german_gains_courage_for_each_badge_drawn(honor, courage):  # DDD-BADGE-06, DDD-BADGE-09
    g = _at("tally", atlantikwall=True, badge_of_honor=honor)
    before = player(g, "german")["courage"]
    _tally(g)
    g.do(next(o.action for o in scoring.options(g.state, "us") if "draw_badge" in o.effects))
    assert player(g, "german")["courage"] == before + courage
    g = _at("tally", badge_of_honor=honor)  # no German: nobody gains
    _tally(g)
    g.do(next(o.action for o in scoring.options(g.state, "us") if "draw_badge" in o.effects))
    assert "german" not in rec(g)["players"]


SKULLS = [["red", "skull", 0], ["white", "skull", 0], ["blue", "skull", 0], ["red", "soldiers", 0],
          ["white", "star", 0], ["blue", "tool", 0]]


def test_badge_of_honor_keeps_a_badge_whose_use_is_never_forced():  # DDD-BADGE-07
    g = _at("tally", badge_of_honor=True)
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["combat_medical_badge"]))
    _tally(g, SKULLS)
    assert [o.base.rwbs for o in scoring.options(g.state, "us")] == [("skull",)]  # not used: the Skull RWB
    g.do(UseCard("allied", "us", "combat_medical_badge"))
    opts = scoring.options(g.state, "us")
    assert len(opts) == 3 and {o.base.cancel for o in opts} == {("soldiers",), ("star",), ("tool",)}
    assert all(o.base.rwbs == () and len(o.base.aside) == 2 for o in opts)  # the 3rd Skull cancels a die
    assert all(o.gain.get("soldiers", 0) >= 2 for o in opts)  # +1 Soldier for each Skull set aside
    assert player(g, "us")["badges"] == ["combat_medical_badge"]  # it stays
    assert UseCard("allied", "us", "combat_medical_badge") not in legal_actions(g.state, "allied")  # once a turn
    play_to(g, "tally", turn=2)
    _tally(g, SKULLS)
    assert UseCard("allied", "us", "combat_medical_badge") in legal_actions(g.state, "allied")
    g = _at("tally")  # without Honor the Badge is spent
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["combat_medical_badge"]))
    _tally(g, SKULLS)
    g.do(UseCard("allied", "us", "combat_medical_badge"))
    assert player(g, "us")["badges"] == []


@pytest.mark.parametrize("honor,drawn,points", [(True, 2, -20), (True, 0, 0), (False, 2, 0)])
def test_badge_of_honor_costs_ten_vp_a_badge_drawn(honor, drawn, points):  # DDD-BADGE-08
    g = _at("tally", badge_of_honor=honor, victory_points=True)
    arrange(g, lambda s, r: r["players"]["us"].update(badges_drawn=drawn))
    lines = [x for x in sheet(g.state) if x.rule == "DDD-BADGE-08"]
    assert sum(x.points for x in lines) == points


def test_badge_of_courage_buys_a_badge_for_a_star_and_a_courage_in_phase_4():  # DDD-BADGE-10
    g = _at("supply", badge_of_courage=True)
    arrange(g, lambda s, r: r["players"]["us"].update(stars=1, courage=0))
    assert BuyBadge("allied", "us") not in legal_actions(g.state, "allied")  # one short
    arrange(g, lambda s, r: r["players"]["us"].update(stars=1, courage=1))
    g.do(BuyBadge("allied", "us"))
    p = player(g, "us")
    assert (p["stars"], p["courage"], len(p["badges"])) == (0, 0, 1)
    g = _at("supply")  # without the option
    arrange(g, lambda s, r: r["players"]["us"].update(stars=5, courage=5))
    assert BuyBadge("allied", "us") not in legal_actions(g.state, "allied")
    g = _at("tally", badge_of_courage=True)  # not outside Phase 4
    arrange(g, lambda s, r: r["players"]["us"].update(stars=5, courage=5))
    with pytest.raises(IllegalAction):
        g.do(BuyBadge("allied", "us"))


@pytest.mark.parametrize("on,held", [(True, 1), (False, 0)])
def test_badge_of_assistance_gives_each_unit_a_badge_at_the_start(on, held):  # DDD-BADGE-11
    g = new_game("omaha", 1, badges=True, badge_of_assistance=on, unit_british=True)
    land_all(g)
    assert [len(player(g, u)["badges"]) for u in ("us", "british")] == [held, held]
    if on:  # a gift before the game: the first turn's Battle Cry may still draw one
        play_to(g, "tally")
        _tally(g)
        assert [o for o in scoring.options(g.state, "us") if "draw_badge" in o.effects]


def test_score_tally_badge_option_is_an_action_with_its_code():  # DDD-BADGE-01
    g = _at("tally")
    _tally(g)
    a = next(o.action for o in scoring.options(g.state, "us") if "draw_badge" in o.effects)
    assert isinstance(a, ScoreTally) and BADGE in a.options


def _used_at(badge, phase, where):
    g = at(phase, "exercise-tiger", 1, badges=True)
    arrange(g, lambda s, r: (put(s, "us", where), r["players"]["us"].update(badges=[badge], soldiers=30, courage=9)))
    g.do(UseCard("allied", "us", badge))
    return g


@pytest.mark.parametrize("badge,defence", [("parachutist_badge", 8), ("combat_infantryman_badge", 10)])
def test_the_parachutist_badge_lowers_the_def_by_2(badge, defence):
    # STD-DDD-BADGES, our documented default (the Badges' effects are ours): Exercise Tiger 9,
    # DEF 10 and 1 machine gun; the Combat Infantryman Badge (+3 Soldiers) changes no DEF
    from ddaydesk.engine import EndPhase

    g = _used_at(badge, "move", "9")
    before = player(g, "us")["soldiers"]
    ch = g.do(EndPhase("allied"))
    guns = sum(r.value for r in ch.dice if r.purpose.startswith("machine guns"))
    assert before - player(g, "us")["soldiers"] == defence + guns


def test_the_glider_badge_takes_1_courage_off_an_advance():
    # STD-DDD-BADGES, our documented default: the line 7/9 of Exercise Tiger costs 3 Courage
    from ddaydesk.rules.ddd import SectorMove

    g = _used_at("glider_badge", "move", "7")
    g.do(SectorMove("allied", "us", g.scenario.board.index("9")))
    assert 9 - player(g, "us")["courage"] == 2


def test_the_marksmanship_badge_makes_one_skull_cancel_nothing():
    # STD-DDD-BADGES, our documented default: of two Skulls, one is active
    dice = [["red", "skull", 0], ["white", "skull", 0], ["red", "soldier", 0], ["white", "soldier", 0],
            ["blue", "tool", 0], ["blue", "courage", 0]]
    g = at("roll", "exercise-tiger", 1, badges=True)
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["marksmanship_badge"], dice=[list(d) for d in dice],
                                                      kept=True, scored=None))
    plain = scoring.options(g.state, "us")
    assert all(len(o.base.active_skulls) == 2 for o in plain)
    g.do(UseCard("allied", "us", "marksmanship_badge"))
    assert all(len(o.base.active_skulls) == 1 for o in scoring.options(g.state, "us"))
