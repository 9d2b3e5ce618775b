"""Atlantikwall: the German's RWB bonuses, his Decorations and what his cards do to the
Allies (DDD-GER-18..26, -34..37, -39)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, legal_actions
from ddaydesk.rules.ddd import (
    ChooseLoss,
    DrawDecoration,
    OrderDecorations,
    PickDecoration,
    ScoreTally,
    UseCard,
    scoring,
)
from ddaydesk.rules.ddd.view import table
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player, put, rec

SPARE = [["red", "courage", 0], ["white", "skull", 0], ["black", "tool", 0]]  # no RWB, one Skull


def _german_tally(dice, seed=1, **opts):
    g = new_game("exercise-fabius", seed, atlantikwall=True, unit_british=True, **opts)
    land_all(g)
    play_to(g, "german_tally")
    arrange(g, lambda s, r: r["players"]["german"].update(dice=[list(d) for d in dice], kept=True, scored=None,
                                                          soldiers=10, courage=0, stars=0, tools=0))
    return g


def _options(g):
    return {(o.action.options, o.action.cancel): o for o in scoring.options(g.state, "german")}


@pytest.mark.parametrize("face,gain", [("soldiers", {"soldiers": 6 + 6 + 1, "courage": 1}),  # DDD-GER-18 Shrapnel
                                       ("soldier", {"soldiers": 3 + 6 + 1})])  # DDD-GER-19 Replacements
def test_shrapnel_and_replacements(face, gain):
    g = _german_tally([["red", face, 0], ["white", face, 0], ["black", face, 0], *SPARE])
    opts = [o for o in scoring.options(g.state, "german") if o.action.rwbs == (face,)]
    assert opts and all(o.gain.get("soldiers") == gain["soldiers"] for o in opts)  # faces + bonus + Unteroffizier
    o = next(o for o in opts if o.action.cancel == ("courage",))
    assert o.gain == {**gain, "tools": 1}
    g.do(o.action)
    assert player(g, "german")["soldiers"] == 10 + gain["soldiers"]


def test_fanatism_two_stars_or_every_allied_unit_loses_a_soldier():  # DDD-GER-20, DDD-GER-34
    dice = [["red", "star", 0], ["white", "star", 0], ["black", "star", 0], *SPARE]
    g = _german_tally(dice)
    before = {p: player(g, p)["soldiers"] for p in ("us", "british", "german")}
    g.do(ScoreTally("german", "german", ("star",), (1,), False, ("courage",)))
    assert player(g, "us")["soldiers"] == before["us"] - 1 and player(g, "british")["soldiers"] == before["british"] - 1
    assert player(g, "german")["soldiers"] == before["german"] + 1  # only his Unteroffizier: he is no Unit
    g = _german_tally(dice)
    g.do(ScoreTally("german", "german", ("star",), (0,), False, ("courage",)))
    assert player(g, "german")["stars"] == 3 + 2


def test_ingenuity_reorders_the_top_three_decorations_for_his_eyes_only():  # DDD-GER-21
    dice = [["red", "tool", 0], ["white", "tool", 0], ["black", "tool", 0], *SPARE]
    g = _german_tally(dice)
    assert ((1,), ("courage",)) in _options(g) and not [o for o in scoring.options(g.state, "german")
                                                     if o.action.pick]  # no used Item to find again
    g.do(ScoreTally("german", "german", ("tool",), (1,), False, ("courage",)))
    top = g.state.secrets["german"]["top"]
    assert len(top) == 3 and g.state.active == "german"
    orders = [a for a in legal_actions(g.state, "german") if isinstance(a, OrderDecorations)]
    assert len(orders) == 6 and not legal_actions(g.state, "allied")
    assert table(g.state, "german").deck_top and not table(g.state, "allied").deck_top
    want = tuple(reversed(top))
    g.do(OrderDecorations("german", want))
    assert tuple(g.state.secrets["german"]["top"]) == want
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(courage=5))
    ch = g.do(DrawDecoration("german"))
    assert not ch.dice  # the known top card, no draw at random
    assert want[0] in g.state.secrets["german"]["hand"] or want[0] in rec(g)["decorations"]["discard"]


def test_ingenuity_finds_a_used_item_again_for_its_cost():  # DDD-GER-21
    dice = [["red", "tool", 0], ["white", "tool", 0], ["black", "tool", 0], *SPARE]
    g = _german_tally(dice)
    arrange(g, lambda s, r: r["players"]["german"].update(used_items=["molotov_cocktail", "gas"], tools=3))
    picks = {o.action.pick for o in scoring.options(g.state, "german") if o.action.options == (0,)}
    assert picks == {"molotov_cocktail"}  # 3 + 3 + 1 Item Points: 5 for the Molotov, not 10 for the Gas
    g.do(ScoreTally("german", "german", ("tool",), (0,), False, ("courage",), "molotov_cocktail"))
    ger = player(g, "german")
    assert ger["items"] == ["molotov_cocktail"] and ger["tools"] == 3 + 4 - 5


def _german_supply(courage, seed=2, **opts):
    g = new_game("exercise-fabius", seed, atlantikwall=True, **opts)
    land_all(g)
    play_to(g, "german_supply")
    arrange(g, lambda s, r: (r["players"]["german"].update(courage=courage, soldiers=4),
                             s.secrets["german"].update(top=[])))
    return g


def test_decorations_cost_5_courage_each_without_limit():  # DDD-GER-22
    g = _german_supply(15)
    for _ in range(3):
        ch = g.do(DrawDecoration("german"))
        assert ch.dice and "draws a Decoration" in " ".join(ch.notes)
        if rec(g)["pending"]:  # a Wound Badge asks which loss: not his Courage
            g.do(next(a for a in legal_actions(g.state, "german") if "courage" not in a.choice))
    assert player(g, "german")["courage"] == 0
    assert not [a for a in legal_actions(g.state, "german") if a.kind == "draw_decoration"]
    g = _german_supply(4)
    with pytest.raises(IllegalAction, match="5 Courage"):
        g.do(DrawDecoration("german"))


def test_a_german_straight_takes_the_decoration_he_chooses_then_the_deck_is_shuffled():  # DDD-GER-23
    dice = [["red", "soldier", 0], ["white", "soldiers", 0], ["black", "star", 0], ["red", "courage", 0],
            ["white", "tool", 0], ["black", "skull", 0]]
    g = _german_tally(dice)
    arrange(g, lambda s, r: s.secrets["german"].update(top=["iron_cross"]))
    g.do(ScoreTally("german", "german", (), (), True, ()))
    picks = [a for a in legal_actions(g.state, "german") if isinstance(a, PickDecoration)]
    assert {a.card for a in picks} == set(g.state.secrets["german"]["deck"])
    g.do(PickDecoration("german", "knights_cross"))
    sec = g.state.secrets["german"]
    assert sec["hand"] == ["knights_cross"] and sec["top"] == [] and "knights_cross" not in sec["deck"]


def test_decorations_are_used_at_once_and_an_empty_deck_takes_the_discard_back():  # DDD-GER-24
    g = _german_supply(5)
    arrange(g, lambda s, r: (s.secrets["german"].update(deck=[]),
                             r["decorations"].update(discard=["german_cross"])))
    ch = g.do(DrawDecoration("german"))
    assert "shuffled into a new deck" in " ".join(ch.notes)
    assert g.state.secrets["german"]["hand"] == ["german_cross"] and rec(g)["decorations"]["discard"] == []
    g.do(UseCard("german", "german", "german_cross"))  # played the moment it is drawn
    assert rec(g)["decorations"]["discard"] == ["german_cross"] and player(g, "german")["soldiers"] == 4 + 5


def test_the_allies_see_his_cards_but_only_a_count_of_decorations():  # DDD-GER-25
    g = _german_supply(0)
    arrange(g, lambda s, r: (s.secrets["german"].update(hand=["iron_cross", "totenkopf"]),
                             r["decorations"].update(held=2), r["players"]["german"].update(items=["mg42"])))
    allies, him = table(g.state, "allied").german, table(g.state, "german").german
    assert allies.decorations == () and allies.decorations_held == 2
    assert [c.name for c in him.decorations] == ["Iron Cross", "Totenkopf"]
    assert [c.name for c in allies.items] == ["MG42"] and [c.name for c in allies.specialists] == ["Unteroffizier"]
    assert "iron_cross" not in repr(table(g.state, "allied"))


def test_a_black_decoration_is_played_the_moment_it_is_drawn():  # DDD-GER-26, DDD-GER-35
    g = _german_supply(5)
    arrange(g, lambda s, r: s.secrets["german"].update(deck=["silver_wound_badge"], top=[]))
    ch = g.do(DrawDecoration("german"))  # he has no Item: the 6 Soldiers it is
    assert ch.revealed and g.state.secrets["german"]["hand"] == []
    assert rec(g)["decorations"]["discard"] == ["silver_wound_badge"] and player(g, "german")["soldiers"] == 0
    assert "Silver Wound Badge" in " ".join(ch.revealed)
    # STD-DDD-GERMAN (the Wound Badges' losses: our documented default): with an Item too he
    # picks which of the two he pays
    g = _german_supply(5)
    arrange(g, lambda s, r: (s.secrets["german"].update(deck=["silver_wound_badge"], top=[]),
                             r["players"]["german"].update(items=["gas"], soldiers=8)))
    g.do(DrawDecoration("german"))
    assert g.state.active == "german" and {a.choice for a in legal_actions(g.state, "german")} == {"item", "6 soldiers"}
    g.do(ChooseLoss("german", "german", "6 soldiers"))
    assert player(g, "german")["soldiers"] == 2 and player(g, "german")["items"] == ["gas"]


def test_gold_wound_badge_example():  # DDD-GER-36, DDD-GER-35
    g = _german_supply(5)
    arrange(g, lambda s, r: (s.secrets["german"].update(deck=["gold_wound_badge"], top=[]),
                             r["players"]["german"].update(specialists=["unteroffizier", "pionier"])))
    g.do(DrawDecoration("german"))  # no Decoration in hand: 1 Specialist, his pick
    assert g.state.active == "german"
    assert {a.choice for a in legal_actions(g.state, "german")} == {"unteroffizier", "pionier"}
    g.do(ChooseLoss("german", "german", "pionier"))
    assert player(g, "german")["specialists"] == ["unteroffizier"]
    g = _german_supply(5)  # a Decoration in his hand as well: his pick of the two
    arrange(g, lambda s, r: (s.secrets["german"].update(deck=["gold_wound_badge"], top=[], hand=["german_cross"]),
                             r["decorations"].update(held=1),
                             r["players"]["german"].update(specialists=["unteroffizier"])))
    g.do(DrawDecoration("german"))
    assert {a.choice for a in legal_actions(g.state, "german")} == {"decoration", "specialist"}
    g = _german_supply(5)
    arrange(g, lambda s, r: (s.secrets["german"].update(deck=["gold_wound_badge"], top=[]),
                             r["players"]["german"].update(specialists=[])))
    ch = g.do(DrawDecoration("german"))  # nothing to lose: ignored
    assert "nothing to lose" in " ".join(ch.notes) and g.state.active == "german" and not rec(g)["pending"]


def test_the_allied_player_picks_what_a_german_card_takes():  # DDD-GER-37
    g = _german_supply(0)
    arrange(g, lambda s, r: (s.secrets["german"].update(hand=["gestapo_disk"]), r["decorations"].update(held=1),
                             r["players"]["us"].update(specialists=["corporal", "medic"])))
    g.do(UseCard("german", "german", "gestapo_disk", unit="us"))
    assert g.state.active == "allied" and not legal_actions(g.state, "german")
    assert {a.choice for a in legal_actions(g.state, "allied")} == {"corporal", "medic"}
    with pytest.raises(IllegalAction):
        g.do(ChooseLoss("german", "us", "medic"))
    g.do(ChooseLoss("allied", "us", "medic"))
    assert player(g, "us")["specialists"] == ["corporal"] and g.state.active == "german"


def test_unit_effects_spare_him_player_effects_do_not():  # DDD-GER-34, DDD-GER-39
    g = _german_supply(0)
    arrange(g, lambda s, r: (r["players"]["german"].update(items=["gas"]),
                             r["players"]["us"].update(soldiers=10)))
    g.do(UseCard("german", "german", "gas"))  # every Allied Unit loses 2 Soldiers
    assert player(g, "us")["soldiers"] == 8 and player(g, "german")["soldiers"] == 4
    play_to(g, "supply", turn=g.state.turn + 1)
    arrange(g, lambda s, r: r["players"]["us"].update(awards=["a_few_good_men"]))
    before = (player(g, "us")["soldiers"], player(g, "german")["soldiers"])
    g.do(UseCard("allied", "us", "a_few_good_men"))  # every player: the German too
    assert (player(g, "us")["soldiers"], player(g, "german")["soldiers"]) == (before[0] + 3, before[1] + 3)


def test_the_coastal_artillery_badge_hits_the_bottom_row_only():  # DDD-SOLO-16
    # STD-DDD-GERMAN (its effect: our documented default): every Allied Unit in row 1 loses 3
    # Soldiers; a Unit one row up, none
    g = _german_supply(5, unit_british=True)
    arrange(g, lambda s, r: (put(s, "us", "2"), put(s, "british", "4"),
                             r["players"]["us"].update(soldiers=10), r["players"]["british"].update(soldiers=10),
                             s.secrets["german"].update(hand=["coastal_artillery_badge"]),
                             r["decorations"].update(held=1)))
    g.do(UseCard("german", "german", "coastal_artillery_badge"))
    assert (player(g, "us")["soldiers"], player(g, "british")["soldiers"]) == (7, 10)
