"""Atlantikwall: the German player's start, his dice and his place in the turn
(DDD-GER-01..07, -40, -44, -45)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, legal_actions, load_sequence, view
from ddaydesk.rules.ddd import BlindStart, UseCard
from ddaydesk.rules.ddd.data import tables
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player, rec, step

ATLANTIKWALL_CARDS = {"piat_gunner", "sniper", "soe_agent", "false_orders", "sniper_scope", "thermite_grenade", "tnt"}


def test_the_german_plays_each_phase_but_never_moves():  # DDD-GER-01
    g = new_game("exercise-fabius", 2, atlantikwall=True)
    land_all(g)
    seen = set()
    while g.state.turn < 3 and g.state.phase != "over":
        s = g.state
        if s.active == "german":
            seen.add(s.phase)
            assert not [a for a in legal_actions(s, "german") if a.kind == "sector_move"]
        step(g)
    assert seen >= {"german_roll", "german_tally", "german_supply"}
    assert "german" not in g.scenario.unit_index  # no Unit marker
    assert load_sequence("ddd").phase("move").side == "allied"


def test_the_german_pool_and_the_hidden_decoration_deck():  # DDD-GER-02
    g = new_game("exercise-fabius", atlantikwall=True)
    t = tables()
    german_cards = {c.id for c in (*t.of_kind("german_specialist"), *t.of_kind("german_item"))}
    assert set(rec(g)["pool"]["german"]) == german_cards - {"unteroffizier"}
    deck = g.state.secrets["german"]["deck"]
    assert sorted(deck) == sorted(c.id for c in t.of_kind("decoration") if c.expansion == "base")
    assert "german" not in view(g.state, "allied").secrets  # face down for the Allies
    assert "deck" not in rec(g)["decorations"]


def test_the_german_starts_with_4_soldiers_and_the_unteroffizier():  # DDD-GER-03
    for name in ("exercise-tiger", "omaha", "gold"):
        g = player(new_game(name, atlantikwall=True), "german")
        assert (g["soldiers"], g["specialists"]) == (4, ["unteroffizier"])


@pytest.mark.parametrize("units,courage", [(1, 0), (2, 3), (3, 6), (4, 9)])
def test_3_courage_for_each_allied_unit_after_the_first(units, courage):  # DDD-GER-04
    nations = dict(zip(("unit_british", "unit_french", "unit_canadian"), [True] * (units - 1), strict=False))
    assert player(new_game("omaha", atlantikwall=True, **nations), "german")["courage"] == courage


def test_the_atlantikwall_cards_only_against_a_german():  # DDD-GER-05
    assert set(rec(new_game("omaha", atlantikwall=True))["pool"]["allied"]) >= ATLANTIKWALL_CARDS
    assert not ATLANTIKWALL_CARDS & set(rec(new_game("omaha"))["pool"]["allied"])
    t = tables()
    assert {t.cards[c].klass for c in ("piat_gunner", "sniper", "soe_agent")} == {"ranking"}
    assert {t.cards[c].kind + t.cards[c].klass for c in ("false_orders", "sniper_scope", "thermite_grenade", "tnt")} \
        == {"itemregular"}


def test_the_german_rolls_red_white_and_black():  # DDD-GER-06
    g = new_game("exercise-fabius", 3, atlantikwall=True)
    land_all(g)
    play_to(g, "german_roll")
    step(g)  # his roll
    assert [d[0] for d in player(g, "german")["dice"]] == ["red", "red", "white", "white", "black", "black"]
    assert all("the German" in r.purpose for _i, r in g.dice_log()[-6:])


def _at_german_roll(**opts):
    g = new_game("exercise-fabius", 5, atlantikwall=True, **opts)
    land_all(g)
    play_to(g, "german_roll")
    return g


def test_a_stolen_black_die_turns_blue_and_a_taken_blue_die_black():  # DDD-GER-07, DDD-GER-40
    g = _at_german_roll()

    def german_dog(s, r):
        r["players"]["german"]["items"] = ["dog"]
        r["players"]["german"].update(dice=[["red", "star", 0] for _ in range(6)], rolls=1, kept=True)
        r["players"]["us"]["dice"] = [["blue", "tool", 0], ["red", "soldier", 0]]
    arrange(g, german_dog)
    # the German acts first: his phase comes before the Allies score (DDD-GER-40)
    seq = load_sequence("ddd")
    assert seq.index("german_roll") < seq.index("tally")
    g.do(UseCard("german", "german", "dog", die=0, source="us"))
    assert player(g, "german")["dice"][-1] == ["black", "tool", 0] and player(g, "us")["dice"] == [["red", "soldier", 0]]
    # STD-DDD-GERMAN: the Dog takes 1 die a turn (our documented default): not a second
    with pytest.raises(IllegalAction):
        g.do(UseCard("german", "german", "dog", die=0, source="us"))
    play_to(g, "tally")

    def soe(s, r):
        r["players"]["us"]["items"] = ["false_orders"]
        r["players"]["us"].update(dice=[["red", "star", 0] for _ in range(6)], kept=True, scored=None)
        r["players"]["german"].update(dice=[["black", "courage", 0], ["white", "skull", 0]], scored=None, kept=True)
    arrange(g, soe)
    g.do(UseCard("allied", "us", "false_orders", die=0, source="german"))
    assert player(g, "us")["dice"][-1] == ["blue", "courage", 0]
    assert player(g, "german")["dice"] == [["white", "skull", 0]]


def test_the_barbed_wire_takes_two_dice_a_turn_not_three():  # DDD-GER-07
    # STD-DDD-GERMAN: the Barbed Wire's 2 dice a turn (our documented default)
    g = _at_german_roll()
    arrange(g, lambda s, r: (r["players"]["german"].update(items=["barbed_wire"], rolls=1, kept=True,
                                                           dice=[["red", "star", 0] for _ in range(6)]),
                             r["players"]["us"].update(dice=[["red", "soldier", 0] for _ in range(4)])))
    for _ in range(2):
        g.do(UseCard("german", "german", "barbed_wire", die=0, source="us"))
    assert len(player(g, "us")["dice"]) == 2 and len(player(g, "german")["dice"]) == 8
    with pytest.raises(IllegalAction):
        g.do(UseCard("german", "german", "barbed_wire", die=0, source="us"))


def test_blind_start_one_die_per_allied_player():  # DDD-GER-44
    g = new_game("exercise-fabius", 7, atlantikwall=True, blind_start=True, unit_british=True, unit_french=True)
    land_all_units = [a for a in legal_actions(g.state, "allied") if a.kind == "land_unit"]
    assert land_all_units
    while g.state.phase == "landing":
        g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "land_unit"))
    assert g.state.phase == "blind_start" and g.state.active == "german"
    dice = rec(g)["blind"]
    assert len(dice) == 3
    g.do(BlindStart("german", 1))
    ger = player(g, "german")
    assert (ger["soldiers"], ger["courage"]) == (dice[1], dice[0] + dice[2])
    assert ger["specialists"] == ["unteroffizier"]  # the catalogue's reading: he keeps him


def test_blind_start_in_a_two_player_game_is_one_die_for_the_soldiers():  # DDD-GER-45
    # DDD-GER-03: the German's start phase (after the landings) gives the Blind start roll
    # instead of the 4 Soldiers when the option is on
    g = new_game("exercise-tiger", 3, atlantikwall=True, blind_start=True)
    ger = player(g, "german")
    (roll,) = [r for _i, r in g.dice_log() if r.purpose == "Blind start"]
    assert (ger["soldiers"], ger["courage"]) == (roll.value, 0)
    assert g.state.phase == "roll"  # no choice to make
