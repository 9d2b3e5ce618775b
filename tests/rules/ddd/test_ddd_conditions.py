"""Module 2, Battle Conditions (DDD-COND-01..09): a card turned up before each turn's Phase 1,
what it does and to whom, the cards that win over a Sector's attributes, a Unit giving a card
up to ignore one, Persistent Weather and Forward Observation. The deck is arranged so the
next card is known; everything else goes through the engine."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, legal_actions
from ddaydesk.rules.ddd import Decide, LockDie, Observe, OrderConditions, UseCard
from ddaydesk.rules.ddd.combat import def_against
from ddaydesk.rules.ddd.view import table
from tests.rules.ddd.conftest import arrange, land_all, new_game, notes, play_to, player, put, rec

BC = {"battle_conditions": True}


def _game(name="exercise-tiger", seed=1, next_card=None, where=None, **opts):
    """A game at the start of turn 1's Phase 1, the next Battle Conditions card ``next_card``."""
    g = new_game(name, seed, **{**BC, **opts})
    land_all(g)
    arrange(g, lambda s, r: [p.update(soldiers=30) for p in r["players"].values()])
    if where:
        arrange(g, lambda s, r: [put(s, p, x) for p, x in where.items()])
    if next_card:
        stack(g, next_card)
    return g


def stack(g, *cards):
    """The next cards of the deck, in order (the order the Allies saw with Forward Observation)."""
    def fn(s, r):
        c = r["conditions"]
        for slot in ("regular", "weather"):
            if c[slot] in cards:
                c[slot] = None
        c["deck"] = sorted({*c["deck"], *cards})
        s.secrets = {**s.secrets, "allied": {**s.secrets.get("allied", {}), "conditions_top": list(cards)}}
    arrange(g, fn)


def next_turn(g) -> dict:
    """Through this turn's combat, everyone's Soldiers back to 30, then the next turn's draw;
    returns each player's Courage just before the draw."""
    play_to(g, "combat", turn=g.state.turn)
    arrange(g, lambda s, r: [p.update(soldiers=30) for p in r["players"].values()])
    before = {pid: p["courage"] for pid, p in rec(g)["players"].items()}
    play_to(g, "roll", turn=g.state.turn + 1)
    return before


def in_play(g):
    c = rec(g)["conditions"]
    return c["regular"], c["weather"]


def test_one_card_is_turned_up_before_each_phase_1():  # DDD-COND-01
    g = _game()
    for _ in range(3):
        c = rec(g)["conditions"]
        before = len(c["deck"])
        i = len(g.log)
        next_turn(g)
        shown = [x for ch in g.changes[i:] for x in ch.revealed if x.startswith("Battle Conditions")]
        assert len(shown) == 1 and g.state.phase == "roll"  # exactly one, and it is there when Phase 1 starts
        assert len(rec(g)["conditions"]["deck"]) == before - 1
        assert sum(x is not None for x in in_play(g)) == 1  # (without Persistent Weather: one card in play)
    g = new_game("exercise-tiger", 1)  # without the module, no card at all
    land_all(g)
    next_turn(g)
    assert rec(g)["conditions"]["regular"] is None and rec(g)["conditions"]["weather"] is None


def test_all_units_means_the_allies_all_players_the_german_too():  # DDD-COND-02
    g = _game("exercise-fabius", next_card="mortar_barrage", atlantikwall=True, unit_british=True)
    german = player(g, "german")["soldiers"]
    next_turn(g)
    assert [player(g, u)["soldiers"] for u in ("us", "british")] == [28, 28]  # "All Units lose 2 Soldiers"
    assert player(g, "german")["soldiers"] == german  # the German is no Unit
    stack(g, "rallying_cry")
    courage = next_turn(g)
    assert {p: player(g, p)["courage"] - courage[p] for p in courage} == {"us": 1, "british": 1, "german": 1}
    stack(g, "bunker_reinforced")
    soldiers = player(g, "german")["soldiers"]
    next_turn(g)
    assert player(g, "german")["soldiers"] == soldiers + 3  # a card that names him


def test_a_card_wins_over_the_sector_for_one_turn():  # DDD-COND-03
    # STD-DDD-COND: Covering Fire lets dice be locked in every Sector (our documented default)
    g = _game(where={"us": "7"})  # Exercise Tiger 7: no dice locked
    stack(g, "covering_fire", "overcast")
    next_turn(g)
    g.do(legal_actions(g.state, "allied", ("roll_dice",))[0])
    g.do(LockDie("allied", "us", 0))  # Covering Fire: dice may be locked in every Sector
    assert player(g, "us")["dice"][0][2] == 1
    arrange(g, lambda s, r: r["players"]["us"].update(marker=1, soldiers=30))
    next_turn(g)  # Overcast replaces it: the Sector's attribute is back
    assert in_play(g) == (None, "overcast")
    g.do(legal_actions(g.state, "allied", ("roll_dice",))[0])
    with pytest.raises(IllegalAction, match="no dice are locked"):
        g.do(LockDie("allied", "us", 0))


def test_the_lull_ignores_can_t_stay_here():  # DDD-COND-03
    for card, stays in (("lull", True), ("overcast", False)):
        g = _game(where={"us": "4"})  # Tiger 4: can't stay here
        play_to(g, "move")
        arrange(g, lambda s, r, c=card: (r["players"]["us"].update(marker=2, courage=9, specialists=["corporal"]),
                                         r["conditions"].update(regular=c)))
        if stays:
            g.do(EndPhase("allied"))  # may stay: the card wins over the Sector
        else:
            with pytest.raises(IllegalAction, match="must leave"):
                g.do(EndPhase("allied"))


def test_a_card_is_ignored_by_giving_up_a_card_when_it_is_turned_up():  # DDD-COND-04
    # STD-DDD-COND: the Mortar Barrage is ignored for an Item (our documented default)
    g = _game(next_card="mortar_barrage", unit_british=True)
    arrange(g, lambda s, r: (r["players"]["us"].update(items=["field_radio"], specialists=["grenadier"]),
                             r["players"]["british"].update(items=[])))
    next_turn(g)
    assert player(g, "british")["soldiers"] == 28  # nothing to give up: hit at once
    offered = {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"}
    assert offered == {"", "field_radio"}  # an Item (this card takes no Specialist)
    assert not legal_actions(g.state, "allied", ("use_card", "roll_dice"))  # the choice comes first
    with pytest.raises(IllegalAction):
        g.do(UseCard("allied", "us", "grenadier"))  # no ability used before the payment
    g.do(Decide("allied", "us", "field_radio"))
    p = player(g, "us")
    assert p["soldiers"] == 30 and "field_radio" in p["used_items"] and p["items"] == []  # given up: used
    assert "mortar_barrage" in p["turn"]["ignored"]
    play_to(g, "supply")
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "decide"]  # only at the draw


def test_a_card_s_specialist_price_is_paid_at_the_draw():  # DDD-COND-04
    # STD-DDD-COND: the Counter-Attack is ignored for a Specialist (our documented default)
    g = _game(next_card="counter_attack")
    arrange(g, lambda s, r: r["players"]["us"].update(specialists=["medic", "scout"], items=["field_radio"]))
    next_turn(g)
    assert {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"} == {"", "medic", "scout"}
    g.do(Decide("allied", "us", ""))  # take it: DEF +2 this turn
    assert player(g, "us")["specialists"] == ["medic", "scout"] and "ignored" not in player(g, "us")["turn"]
    assert def_against(g.state, "us", 3) == 3 + 2  # a Sector's DEF 3 fought with the card's +2


@pytest.mark.parametrize("items,lost", [([], None), (["field_radio"], "field_radio")])
def test_a_loss_the_unit_cannot_pay_is_ignored(items, lost):  # DDD-COND-05
    g = _game(next_card="lost_equipment")
    arrange(g, lambda s, r: r["players"]["us"].update(items=list(items)))
    i = len(g.log)
    next_turn(g)
    p = player(g, "us")
    assert p["items"] == [] and p["soldiers"] == 30
    said = "\n".join(notes(ch) for ch in g.changes[i:])
    assert ("nothing to lose" in said) == (lost is None) and ("loses the Field Radio" in said) == bool(lost)


@pytest.mark.parametrize("dice,lost", [
    ([["red", "skull", 0], ["white", "star", 0], ["blue", "tool", 0]], 1),  # one Active Skull
    ([["red", "skull", 0], ["white", "skull", 0], ["blue", "skull", 0]], 0)])  # an RWB: none active
def test_friendly_fire_costs_a_soldier_per_active_skull(dice, lost):  # DDD-COND-06
    g = _game(next_card="friendly_fire")
    next_turn(g)
    play_to(g, "tally")
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[list(d) for d in dice], kept=True, scored=None))
    before = player(g, "us")["soldiers"]
    o = max(legal_actions(g.state, "allied", ("score_tally",)), key=lambda a: len(a.rwbs))
    g.do(o)
    gained = player(g, "us")["scored"]["gain"].get("soldiers", 0)
    assert player(g, "us")["soldiers"] == before + gained - lost


def test_persistent_weather_stays_until_the_next_weather():  # DDD-COND-07
    g = _game(persistent_weather=True)
    stack(g, "fog", "naval_bombardment", "heavy_rain")
    next_turn(g)
    assert in_play(g) == (None, "fog")
    next_turn(g)
    assert in_play(g) == ("naval_bombardment", "fog")  # both apply
    next_turn(g)
    assert in_play(g) == (None, "heavy_rain") and "fog" in rec(g)["conditions"]["discard"]
    g = _game()  # without the option, a Weather card lasts a turn like any other
    stack(g, "fog", "naval_bombardment")
    next_turn(g)
    next_turn(g)
    assert in_play(g) == ("naval_bombardment", None)


def test_the_weather_is_applied_last_and_may_negate_the_regular_card():  # DDD-COND-08
    g = _game(persistent_weather=True, where={"us": "9"})  # Tiger 9: one machine gun
    stack(g, "fog", "heavy_guns")
    next_turn(g)
    next_turn(g)
    assert [c.name for c in table(g.state, "allied").modules.conditions] == ["Heavy Guns", "Fog"]  # regular first
    play_to(g, "move")
    arrange(g, lambda s, r: r["players"]["us"].update(soldiers=30, marker=1))
    ch = g.do(EndPhase("allied"))
    assert not [r for r in ch.dice if "machine guns" in r.purpose]  # +1 die, then Fog: none fire
    g = _game(where={"us": "9"}, next_card="heavy_guns")
    next_turn(g)
    play_to(g, "move")
    ch = g.do(EndPhase("allied"))
    assert len([r for r in ch.dice if "machine guns" in r.purpose]) == 2  # without the Fog: 1 + 1


def test_storm_locks_nothing_even_over_covering_fire():  # DDD-COND-08
    g = _game(persistent_weather=True)
    stack(g, "storm", "covering_fire")
    next_turn(g)
    next_turn(g)
    assert in_play(g) == ("covering_fire", "storm")
    g.do(legal_actions(g.state, "allied", ("roll_dice",))[0])
    with pytest.raises(IllegalAction, match="no dice are locked"):
        g.do(LockDie("allied", "us", 0))


def test_forward_observation_shows_the_next_two_to_one_side_and_they_come_in_its_order():  # DDD-COND-09
    g = _game("exercise-fabius", forward_observation=True, atlantikwall=True)
    arrange(g, lambda s, r: r["players"]["us"].update(items=["spyglass", "field_radio"]))
    looks = [a for a in legal_actions(g.state, "allied") if a.kind == "forward_observation"]
    assert looks == [Observe("allied", "us", "spyglass")]  # a glass: yes; a Field Radio: no
    g.do(looks[0])
    seen = g.state.secrets["allied"]["conditions_top"]
    assert len(seen) == 2 and "spyglass" in player(g, "us")["used_items"]
    assert not g.state.secrets["german"].get("conditions_top")
    names = table(g.state, "allied").modules.conditions_seen
    assert len(names) == 2 and table(g.state, "german").modules.conditions_seen == ()  # that side only
    g.do(OrderConditions("allied", (seen[1], seen[0])))
    next_turn(g)
    assert seen[1] in in_play(g)
    next_turn(g)
    assert seen[0] in in_play(g)


def test_forward_observation_needs_its_option_and_the_module():  # DDD-COND-09
    for opts in ({}, {"forward_observation": True}):
        g = new_game("exercise-tiger", 1, **opts)
        land_all(g)
        arrange(g, lambda s, r: r["players"]["us"].update(items=["binoculars"]))
        assert not [a for a in legal_actions(g.state, "allied") if a.kind == "forward_observation"]
    g = _game(forward_observation=True)
    arrange(g, lambda s, r: r["players"]["us"].update(items=["binoculars"]))
    assert [a.card for a in legal_actions(g.state, "allied") if a.kind == "forward_observation"] == ["binoculars"]


def _card_in_play(card, phase, where):
    from ddaydesk.rules.ddd.data import tables

    g = _game(where=where)
    play_to(g, phase)
    slot = "weather" if tables().conditions[card].weather else "regular"
    arrange(g, lambda s, r: (r["conditions"].update({"weather": None, "regular": None, slot: card}),
                             r["players"]["us"].update(soldiers=30, courage=9, marker=1, tools=30)))
    return g


@pytest.mark.parametrize("card,defence", [("overcast", 10), ("clear_skies", 9), ("naval_bombardment", 8)])
def test_the_cards_that_lower_the_def_STD_DDD_COND(card, defence):
    # STD-DDD-COND, our documented default (the cards' texts are ours): Clear Skies 1 lower,
    # Naval Bombardment 2 lower; Overcast does nothing (Exercise Tiger 9: DEF 10, 1 machine gun)
    g = _card_in_play(card, "move", {"us": "9"})
    ch = g.do(EndPhase("allied"))
    guns = sum(r.value for r in ch.dice if r.purpose.startswith("machine guns"))
    assert 30 - player(g, "us")["soldiers"] == defence + guns


@pytest.mark.parametrize("card,cost", [("overcast", 3), ("heavy_rain", 4)])
def test_heavy_rain_makes_an_advance_cost_1_courage_more_STD_DDD_COND(card, cost):
    # STD-DDD-COND, our documented default: the line 7/9 of Exercise Tiger costs 3 Courage
    from ddaydesk.rules.ddd import SectorMove

    g = _card_in_play(card, "move", {"us": "7"})
    g.do(SectorMove("allied", "us", g.scenario.board.index("9")))
    assert 9 - player(g, "us")["courage"] == cost


@pytest.mark.parametrize("card,finds", [("overcast", True), ("rough_seas", False)])
def test_rough_seas_no_items_found_STD_DDD_COND(card, finds):
    # STD-DDD-COND, our documented default: nothing comes ashore under Rough Seas
    g = _card_in_play(card, "supply", {"us": "2"})
    assert bool([a for a in legal_actions(g.state, "allied") if a.kind == "find_item"]) == finds
