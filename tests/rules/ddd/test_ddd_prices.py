"""What each card costs, at the boundary (STD-DDD-CARDS; the German's, STD-DDD-GERMAN). The printed cards are not public:
the prices are ddaydesk's documented default (rules/data/ddd/cards.yaml, `confidence:
default`), written out here so that a changed table fails: with its price a Unit may take
the card and pays exactly that; one less and the card is not offered."""

from __future__ import annotations

import pytest

from ddaydesk.engine import apply, legal_actions
from ddaydesk.rules.ddd import rookie, supply
from ddaydesk.rules.ddd.actions_later import FindItem, Rally, UseCard
from tests.rules.ddd.conftest import at, land_all, new_game, play_to

# Stars to rally each Specialist (STD-DDD-CARDS, our default)
STARS = {"corporal": 2, "scout": 3, "sharpshooter": 4, "medic": 4, "veterans": 5, "lieutenant": 5, "engineer": 6,
         "grenadier": 6, "rifleman": 3, "radioman": 4, "chaplain": 5, "ranger": 6, "captain": 7, "piat_gunner": 6,
         "sniper": 7, "soe_agent": 6, "war_correspondent": 3}
# Item Points to find each Item and Vehicle (STD-DDD-CARDS, our default)
POINTS = {"bangalore": 20, "binoculars": 10, "carrier_pigeon": 3, "command_jacket": 10, "dispatch_case": 12,
          "field_radio": 12, "flak_vest": 7, "bazooka": 15, "rangefinder": 8, "false_orders": 8, "sniper_scope": 10,
          "thermite_grenade": 8, "tnt": 12, "artillery_periscope": 9, "tinted_glasses": 6, "spyglass": 8,
          "pocket_telescope": 7, "rifle_scope": 9, "tank": 25, "jeep": 15, "mine_clearing_tank": 18, "tractor": 12}

# The German's (Atlantikwall), in Stars and Item Points (STD-DDD-GERMAN, our default)
GERMAN_STARS = {"unteroffizier": 3, "pionier": 4, "mg_schuetze": 5, "scharfschuetze": 5, "waffen_ss": 6,
                "beobachter": 4, "zwangsrekrut": 1}
GERMAN_POINTS = {"booby_traps": 8, "gas": 10, "goliath_mine": 8, "mg42": 10, "molotov_cocktail": 5,
                 "panzerfaust": 10, "tracer_bullets": 6, "dog": 6, "barbed_wire": 8, "bunker_periscope": 6}


@pytest.fixture(scope="module")
def supply_phase():
    return at("supply").state


@pytest.fixture(scope="module")
def german_supply():
    g = new_game("exercise-fabius", 1, atlantikwall=True)
    land_all(g)
    play_to(g, "german_supply")
    return g.state


def _with(base, card: str, pid="us", **have):
    s = base.copy()
    r = s.own("ddd")
    pool = "german" if pid == "german" else "allied"
    r["pool"][pool] = [*(c for c in r["pool"][pool] if c != card), card]
    r["players"][pid].update(hand=[], specialists=[], items=[], vehicles=[], **have)
    s._cache.clear()
    return s


@pytest.mark.parametrize("card", sorted(STARS))
def test_a_specialist_costs_its_stars(supply_phase, card):
    # STD-DDD-CARDS, our default price
    price = STARS[card]
    assert card not in supply.rally_options(_with(supply_phase, card, stars=price - 1), "us")
    s = _with(supply_phase, card, stars=price)
    assert card in supply.rally_options(s, "us")
    after, _ = apply(s, Rally("allied", "us", card))
    assert after.record("ddd")["players"]["us"]["stars"] == 0


@pytest.mark.parametrize("card", sorted(POINTS))
def test_an_item_or_vehicle_costs_its_item_points(supply_phase, card):
    # STD-DDD-CARDS, our default price
    price = POINTS[card]
    assert card not in supply.find_options(_with(supply_phase, card, tools=price - 1), "us")
    s = _with(supply_phase, card, tools=price)
    assert card in supply.find_options(s, "us")
    after, _ = apply(s, FindItem("allied", "us", card))
    assert after.record("ddd")["players"]["us"]["tools"] == 0


@pytest.mark.parametrize("card", sorted(GERMAN_STARS))
def test_a_german_specialist_costs_its_stars(german_supply, card):
    # STD-DDD-GERMAN, our default price
    price = GERMAN_STARS[card]
    assert card not in supply.rally_options(_with(german_supply, card, "german", stars=price - 1), "german")
    s = _with(german_supply, card, "german", stars=price)
    assert card in supply.rally_options(s, "german")
    after, _ = apply(s, Rally("german", "german", card))
    assert after.record("ddd")["players"]["german"]["stars"] == 0


@pytest.mark.parametrize("card", sorted(GERMAN_POINTS))
def test_a_german_item_costs_its_item_points(german_supply, card):
    # STD-DDD-GERMAN, our default price
    price = GERMAN_POINTS[card]
    assert card not in supply.find_options(_with(german_supply, card, "german", tools=price - 1), "german")
    s = _with(german_supply, card, "german", tools=price)
    assert card in supply.find_options(s, "german")
    after, _ = apply(s, FindItem("german", "german", card))
    assert after.record("ddd")["players"]["german"]["tools"] == 0


@pytest.mark.parametrize(("name", "specials"), [
    ("exercise-tiger", {"rangefinder"}), ("exercise-fabius", {"bazooka"}), ("omaha", {"bazooka", "rangefinder"}),
    ("gold", {"bazooka", "rangefinder"}), ("strongpoint-daimler", {"bazooka", "rangefinder"}),
    ("gold-single", {"rangefinder"})])
def test_each_map_puts_its_special_items_in_the_pool(name, specials):
    # STD-DDD-CARDS, our default (rules/data/ddd/battle_maps.yaml): a Battle Map's Special Items
    # are found there, and no other Special Item
    pool = set(new_game(name).state.record("ddd")["pool"]["allied"])
    assert pool & {"bazooka", "rangefinder"} == specials


ROOKIES = ("rookie_us", "rookie_british", "rookie_french", "rookie_canadian", "rookie_greek", "rookie_norwegian",
           "rookie_polish", "rookie_shaef")


@pytest.fixture(scope="module")
def captain_supply():
    return at("supply", "omaha", 1, captain_ocrappy=True).state


@pytest.mark.parametrize("card", ROOKIES)
def test_a_rookie_officer_is_bought_off_for_3_stars(captain_supply, card):
    # STD-DDD-CARDS, our default price of every Rookie Officer: 3 Stars (DDD-ROOKIE-04 buys
    # him off with it); 2 are not enough
    def having(stars):
        s = captain_supply.copy()
        s.own("ddd")["players"]["us"].update(specialists=[card, "medic"], stars=stars)
        s._cache.clear()
        return s
    assert UseCard("allied", "us", card) not in legal_actions(having(2), "allied")
    after, _ = apply(having(3), UseCard("allied", "us", card))
    assert after.record("ddd")["players"]["us"]["stars"] == 0
    assert after.record("ddd")["players"]["us"]["specialists"] == ["medic"]


@pytest.mark.parametrize(("card", "effect"), [
    ("rookie_us", "rookie_advance"), ("rookie_british", "rookie_def"), ("rookie_french", "rookie_dice"),
    ("rookie_canadian", "rookie_skull"), ("rookie_norwegian", "rookie_mgf"), ("rookie_polish", "rookie_rerolls")])
def test_a_rookie_officers_penalty_is_one(captain_supply, card, effect):
    # STD-DDD-CARDS, our default: each Rookie Officer's penalty (an Advance, the DEF, a die, a
    # Skull, an MGF, a re-roll) is 1, and nothing without him
    s = captain_supply.copy()
    s.own("ddd")["players"]["us"].update(specialists=[card])
    s._cache.clear()
    assert rookie.amount(s, "us", effect) == 1
    s.own("ddd")["players"]["us"].update(specialists=[])
    assert rookie.amount(s, "us", effect) == 0


def test_the_explosive_cards_carry_one_explosive_each():
    # STD-DDD-CARDS, our default: the Grenadier, the Bangalore, the Bazooka, the Thermite
    # Grenade and the TNT carry one Explosive each (counted by Playing with Fire, DDD-OPT-01);
    # no other card carries one
    from ddaydesk.rules.ddd.bonus import explosives
    from ddaydesk.rules.ddd.data import tables

    each = {c: explosives({"specialists": [c] if c == "grenadier" else [], "items": [] if c == "grenadier" else [c],
                           "vehicles": [], "badges": []}) for c in ("grenadier", "bangalore", "bazooka",
                                                                     "thermite_grenade", "tnt")}
    assert each == dict.fromkeys(each, 1)
    cards = tables().cards
    assert {c for c, card in cards.items() if card.explosive} == set(each)


def test_the_jeep_takes_one_courage_off_an_advance(supply_phase):
    # STD-DDD-CARDS, our default: the Jeep's Advance discount is 1 Courage (never below 0)
    from ddaydesk.rules.ddd import model as m
    from ddaydesk.rules.ddd.moves import cost

    sm = m.sectors(supply_phase)
    advances = [(a, b) for (a, b), line in sm.lines.items() if sm.advance(a, b) and line.courage >= 2]
    assert advances

    def costs(vehicles):
        s = supply_phase.copy()
        s.own("ddd")["players"]["us"].update(vehicles=vehicles, specialists=[])
        s._cache.clear()
        return [cost(s, "us", a, b) for a, b in advances]
    assert [x - y for x, y in zip(costs([]), costs(["jeep"]), strict=True)] == [1] * len(advances)
