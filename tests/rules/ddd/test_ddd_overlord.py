"""Overlord's components (DDD-COMP-03), Greece and Norway (DDD-NATION-01, -02), and the base
score sheet of Victory Points that the seed's adjustments lean on (ours, STD-DDD-VP)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.view import table
from ddaydesk.rules.ddd.vp import sheet, totals
from tests.rules.ddd.conftest import SCEN, arrange, land_all, new_game, play_to, player, rec


def test_overlord_components_four_awards_the_correspondent_two_maps():  # DDD-COMP-03
    t = tables()
    comp = t.overlord
    names = [t.cards[c].name for c in comp["awards"]["ids"]]
    assert names == ["Bronze Cross", "Voluntary Service Medal", "Cross of Valour", "Order of the Red Cross"]
    assert comp["awards"]["stated"] == 3 and len(names) == 4  # the text's "3": all 4 named are here
    assert [t.cards[c].name for c in comp["specialists"]["ids"]] == ["War Correspondent"]
    for mid in comp["battle_maps"]["ids"]:
        assert load_scenario(SCEN[mid.removeprefix("ddd-")]).board.id == mid
    single = load_scenario(SCEN["gold-single"]).board
    two = load_scenario(SCEN["gold"]).board
    from ddaydesk.rules.ddd.sectors import SectorMap

    assert len(SectorMap.of(single).final_bunkers) == 1 and len(SectorMap.of(two).final_bunkers) == 2
    # in every game's decks; the War Correspondent only with 2 Units or more
    r = rec(new_game("omaha"))
    assert set(comp["awards"]["ids"]) <= set(r["awards"]["deck"]) and "war_correspondent" not in r["pool"]["allied"]
    assert "war_correspondent" in rec(new_game("omaha", unit_british=True))["pool"]["allied"]


@pytest.mark.parametrize("nation", ["greek", "norwegian"])
def test_greece_and_norway_bring_their_deck_marker_card_and_rwbs(nation):  # DDD-NATION-01
    g = new_game("omaha", 1, **{f"unit_{nation}": True, "unit_us": False})
    land_all(g)
    p = player(g, nation)
    assert rec(g)["order"] == [nation] and p["nation"] == nation and p["hand"]  # its own Specialist deck
    view = next(x for x in table(g.state, "allied").players if x.id == nation)
    assert view.nation_name == {"greek": "Greek", "norwegian": "Norwegian"}[nation] and view.colour.startswith("#")
    play_to(g, "tally")
    face = {"greek": "courage", "norwegian": "tool"}[nation]  # its Battle Cry, its Supply Drop
    arrange(g, lambda s, r: r["players"][nation].update(dice=[[c, face, 0] for c in ("red", "white", "blue")],
                                                        kept=True))
    rwb = tables().rwb["allied"][face]
    own = rwb.options[0][1] if rwb.options else rwb.gains
    res = "courage" if face == "courage" else "tools"
    assert own[nation][res] != own["us"][res]  # its own numbers, not the American's
    got = max(o.gain.get(res, 0) for o in scoring.options(g.state, nation))
    assert got == 3 + own[nation][res]  # and the tally pays them


def test_a_fifth_and_sixth_player_set_up_as_four():  # DDD-NATION-02
    six = {f"unit_{n}": True for n in ("british", "french", "canadian", "greek", "norwegian")}
    four = {f"unit_{n}": True for n in ("british", "french", "canadian")}
    specials = set(tables().battle_map("ddd-omaha")["special_items"])
    for opts in (six, four):
        r = rec(new_game("omaha", 1, **opts))
        cards = tables().cards
        in_pool = {c for c in r["pool"]["allied"] if cards[c].klass == "special"}
        assert in_pool == specials  # never more than the map lists
    r6 = rec(new_game("exercise-fabius", 1, atlantikwall=True, **six))
    r4 = rec(new_game("exercise-fabius", 1, atlantikwall=True, **four))
    r3 = rec(new_game("exercise-fabius", 1, atlantikwall=True, unit_british=True, unit_french=True))
    assert len(r6["order"]) == 7  # six Units and the German
    assert r6["players"]["german"]["courage"] == r4["players"]["german"]["courage"] == 9  # as for 4
    assert r3["players"]["german"]["courage"] == 6
    g = new_game("exercise-fabius", 1, atlantikwall=True, blind_start=True, **six)
    while g.state.phase == "landing":
        g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "land_unit"))
    assert g.state.phase == "blind_start" and len(rec(g)["blind"]) == 4  # Blind start: a die a player, as for 4


def test_the_score_sheet_our_base_lines():  # STD-DDD-VP
    g = new_game("omaha", 1, victory_points=True, unit_british=True)
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (r["players"]["us"].update(status="bunker", path=["2", "5", "8", "9", "B"], soldiers=12,
                                                       specialists=["scout", "medic"]),
                             r["players"]["british"].update(path=["3"], soldiers=0, status="wiped_out")))
    lines = {(x.player, x.what): x.points for x in sheet(g.state)}
    assert lines == {("us", "took a final Bunker"): 50, ("us", "climbed 4 rows"): 20, ("us", "12 Soldiers left"): 12,
                     ("us", "2 Specialists with it"): 6}
    assert totals(g.state) == {"us": 88, "british": 0}
    assert [(x.unit_name, x.points) for x in table(g.state, "allied").modules.score_sheet][0] == ("American Unit", 50)
    g = new_game("omaha", 1)  # without the option, no sheet
    assert table(g.state, "allied").modules.score_sheet == ()
