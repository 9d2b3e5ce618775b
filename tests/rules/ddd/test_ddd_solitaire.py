"""Atlantikwall solitaire: the German against an automated Allied Unit (DDD-SOLO-01..18)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, legal_actions
from ddaydesk.rules.ddd import ChooseLoss, KeepDice, PickTally, RollDice, UseCard, scoring, solo
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.sectors import SectorMap
from tests.rules.ddd.conftest import arrange, new_game, play_to, player, put, rec, step


def _solo(name="exercise-fabius", seed=1, **opts):
    return new_game(name, seed, solitaire=True, **opts)


def _where(g):
    return g.scenario.board.labels[g.state.place[g.state.unit("us")]]


def _trail(g, turns):
    """The automated Unit's Sector at each turn's combat, the German merely ending his phases
    (and keeping his Soldiers up)."""
    out = []
    for _ in range(400):
        s = g.state
        if s.turn > turns or s.phase == "over":
            return out
        if s.phase == "solo_combat" and (not out or out[-1][0] != s.turn):
            out.append((s.turn, _where(g)))
            arrange(g, lambda st, r: r["players"]["german"].update(soldiers=99))
        step(g)
    return out


def test_the_automated_unit_lands_in_a_random_beach_sector():  # DDD-SOLO-01
    starts = SectorMap.of(_solo().scenario.board).starts
    seen = set()
    for seed in range(12):
        g = _solo(seed=seed)
        (roll,) = [r for _i, r in g.dice_log() if r.purpose.startswith("landing Sector")]
        assert g.state.place[g.state.unit("us")] == starts[roll.value - 1]
        assert _where(_solo(seed=seed)) == _where(g)  # the same seed, the same Sector
        seen.add(_where(g))
    assert len(seen) > 1 and g.state.phase == "german_roll"  # no Allied phases: the program moves it
    assert len(rec(g)["order"]) == 2  # one automated Unit and the German


def _from(label, name="exercise-fabius", seed=3):
    g = _solo(name, seed)
    arrange(g, lambda s, r: (put(s, "us", label), r["players"]["us"].update(visited=[label])))
    return g


def test_two_turns_in_every_sector_and_across_to_the_edge_then_straight_ahead():  # DDD-SOLO-02, DDD-SOLO-03
    g = _from("2")
    trail = _trail(g, 7)
    assert [x for _t, x in trail] == ["2", "2", "1", "1", "4", "4", "5"]  # west to the edge, up, then east


def test_a_cant_stay_sector_holds_it_one_turn():  # DDD-SOLO-05
    g = _from("6")  # Fabius 6 -> 8 ("can't stay here") -> 7
    arrange(g, lambda s, r: r["solo"].update(dir=1))
    trail = [x for _t, x in _trail(g, 6)]
    assert trail[:2] == ["6", "6"] and trail.count("8") == 1


def test_it_keeps_out_of_the_bunker_while_it_can():  # DDD-SOLO-04
    sm = SectorMap.of(_solo().scenario.board)
    i = sm.board.index
    to, _d = solo.choose(sm, i("9"), {"1", "4", "7", "9"}, -1)
    assert to == i("10")  # across, not into the Bunker
    to, _d = solo.choose(sm, i("10"), {"1", "4", "7", "9", "10"}, 1)
    assert to == i("B")  # nowhere else left: it storms


def test_a_barrier_only_when_nothing_else_is_open():  # DDD-SOLO-06
    sm = SectorMap.of(_solo().scenario.board)
    i = sm.board.index
    assert solo.choose(sm, i("5"), {"2", "5", "4", "7"}, 1)[0] == i("8")
    assert solo.choose(sm, i("5"), {"2", "5", "4", "7", "8"}, 1)[0] == i("6")  # across the Barrier 5/6


def test_it_never_pays_courage():  # DDD-SOLO-07
    g = _from("1")
    arrange(g, lambda s, r: r["players"]["us"].update(courage=0))
    trail = [x for _t, x in _trail(g, 3)]
    assert trail == ["1", "1", "4"] and player(g, "us")["courage"] == 0  # the line 1/4 costs 1


def test_the_solo_german_loses_only_with_no_soldiers_and_no_specialists():  # DDD-SOLO-08
    g = _solo()
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(soldiers=0, specialists=["zwangsrekrut"]))
    g.do(EndPhase("german"))
    assert g.state.phase != "over"
    g = _solo()
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(soldiers=0, specialists=[]))
    g.do(EndPhase("german"))
    assert rec(g)["winner"] == "allied" and g.state.phase == "over"


def test_storming_the_bunker_is_no_assault_the_german_survives():  # DDD-SOLO-08
    g = _from("10")
    arrange(g, lambda s, r: r["players"]["us"].update(visited=["1", "4", "7", "9", "10"]))
    _trail(g, 4)
    assert _where(g) == "B" and rec(g)["winner"] == "german" and "storming the Bunker" in rec(g)["end"]
    assert "assault" not in [s.phase for s in g.states]


def test_inactive_machine_guns_hit_the_german():  # DDD-SOLO-09
    g = _from("8", "omaha", 5)  # Omaha 8: DEF 10, 2 machine guns
    play_to(g, "bot_move") if False else play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(soldiers=40, specialists=["unteroffizier"]))
    ch = g.do(EndPhase("german"))  # Phase 5 (it stays), then Phase 6
    guns = [r.value for r in ch.dice if "inactive" in r.purpose]
    assert len(guns) == 2 and player(g, "german")["soldiers"] == max(0, 40 - 10 - sum(guns))
    g = _from("8", "omaha", 5)
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(soldiers=40, specialists=["unteroffizier", "mg_schuetze"]))
    ch = g.do(EndPhase("german"))
    assert not [r for r in ch.dice if "inactive" in r.purpose] and player(g, "german")["soldiers"] == 30


def _sniper_game():
    g = _from("1")
    arrange(g, lambda s, r: r["players"]["german"].update(specialists=["unteroffizier", "zwangsrekrut", "pionier"]))
    return g


def test_the_sniper_comes_with_the_first_advance_and_fires_when_the_unit_stays():  # DDD-SOLO-10, DDD-SOLO-11
    # DDD-SOLO-09: the Sniper fires in the solitaire combat phase, where the German answers
    g = _sniper_game()
    fired = {}
    for _ in range(400):
        s = g.state
        if s.turn > 5 or s.phase == "over":
            break
        if s.phase == "solo_combat":
            arrange(g, lambda st, r: r["players"]["german"].update(soldiers=99))
        acts = legal_actions(g.state, s.active)
        if acts and acts[0].kind == "choose_loss":
            fired[s.turn] = {a.choice for a in acts}
            g.do(ChooseLoss("german", "german", "zwangsrekrut"))
            assert "zwangsrekrut" in rec(g)["pool"]["german"]  # back to his pool (DDD-SOLO-11)
            continue
        step(g)
    # turn 3 it advances 1 -> 4 and rallies the Sniper; turn 4 it stays: a shot; turn 5 it moves on
    assert rec(g)["solo"]["sniper_turn"] == 3
    assert 4 in fired and 3 not in fired and 5 not in fired
    assert fired[4] == {"unteroffizier", "zwangsrekrut", "pionier"}


def test_four_scharfschuetze_shots_find_the_sniper():  # DDD-SOLO-12
    g = _solo()
    play_to(g, "german_supply")
    # (a Sniper rallied "on turn 99" never fires here: the shots are the test)
    arrange(g, lambda s, r: (r["solo"].update(sniper="active", sniper_turn=99),
                             r["players"]["german"].update(specialists=["unteroffizier", "scharfschuetze"])))
    for shot in range(1, 5):
        assert rec(g)["solo"]["sniper"] == "active"  # after 3 shots the Sniper still lives
        g.do(UseCard("german", "german", "scharfschuetze"))
        assert rec(g)["solo"]["tokens"] == shot
        play_to(g, "german_supply", turn=g.state.turn + 1) if shot < 4 else None
    assert rec(g)["solo"]["sniper"] == "dead"
    assert "scharfschuetze" not in player(g, "german")["specialists"]  # sacrificed
    assert "scharfschuetze" in rec(g)["pool"]["german"]


@pytest.mark.parametrize("card", ["sniper_badge", "fallschirmjaeger_badge"])
def test_the_sniper_badge_and_the_fallschirmjaeger_badge_kill_the_sniper(card):  # DDD-SOLO-12, DDD-SOLO-18
    g = _solo(gott_mit_uns=True)
    play_to(g, "german_supply")
    arrange(g, lambda s, r: (r["solo"].update(sniper="active", sniper_turn=0),
                             s.secrets["german"].update(hand=[card]), r["decorations"].update(held=1)))
    g.do(UseCard("german", "german", card))
    assert rec(g)["solo"]["sniper"] == "dead"


def _solo_tally(dice, specs):
    g = _solo()
    play_to(g, "german_tally")
    arrange(g, lambda s, r: r["players"]["german"].update(dice=[list(d) for d in dice], kept=True, scored=None,
                                                          specialists=list(specs)))
    return g


def test_waffen_ss_ignores_a_skull_and_beobachter_pays_for_rwbs():  # DDD-SOLO-13
    # STD-DDD-GERMAN: the cards' solo amounts (1 Skull, 2 Item Points an RWB) are read from the
    # cards (cards.yaml), our documented default for their texts
    dice = [["red", "skull", 0], ["white", "skull", 0], ["red", "soldier", 0], ["white", "soldier", 0],
            ["black", "soldier", 0], ["black", "courage", 0]]
    plain = scoring.options(_solo_tally(dice, ["unteroffizier"]).state, "german")
    assert all(len(o.base.active_skulls) == 2 for o in plain)
    ss = scoring.options(_solo_tally(dice, ["unteroffizier", "waffen_ss"]).state, "german")
    assert all(len(o.base.active_skulls) == 1 for o in ss)
    beo = scoring.options(_solo_tally(dice, ["unteroffizier", "beobachter"]).state, "german")
    with_rwb = [o for o in beo if o.action.rwbs == ("soldier",)]
    assert with_rwb and all(o.gain.get("tools", 0) == 2 for o in with_rwb)


def test_close_combat_clasp_a_second_tally_to_choose_from():  # DDD-SOLO-14
    g = _solo()
    play_to(g, "german_roll")
    g.do(RollDice("german", "german"))
    g.do(KeepDice("german", "german"))
    first = [list(d) for d in player(g, "german")["dice"]]
    arrange(g, lambda s, r: (s.secrets["german"].update(hand=["close_combat_clasp"]), r["decorations"].update(held=1)))
    g.do(UseCard("german", "german", "close_combat_clasp"))
    assert "close_combat_clasp" in rec(g)["decorations"]["discard"] and player(g, "german")["dice"] == []
    g.do(RollDice("german", "german"))
    ch = g.do(KeepDice("german", "german"))
    assert not ch.dice and {a.original for a in legal_actions(g.state, "german")} == {True, False}
    g.do(PickTally("german", "german", True))
    assert player(g, "german")["dice"] == [[c, f, 0] for c, f, _lock in first]


def test_dog_and_barbed_wire_draw_on_a_trading_pool():  # DDD-SOLO-15
    g = _solo()
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"]["german"].update(tools=20))
    ch = g.do(next(a for a in legal_actions(g.state, "german") if a.kind == "find_item" and a.card == "dog"))
    assert len(rec(g)["solo"]["pool"]) == 6 and len([r for r in ch.dice if r.purpose.startswith("trading")]) == 6
    g.do(next(a for a in legal_actions(g.state, "german") if a.kind == "find_item" and a.card == "barbed_wire"))
    assert len(rec(g)["solo"]["pool"]) == 6  # rolled once only
    play_to(g, "german_roll", turn=g.state.turn + 1)
    g.do(RollDice("german", "german"))
    g.do(UseCard("german", "german", "dog", die=0, source="pool"))
    assert len(rec(g)["solo"]["pool"]) == 5 and len(player(g, "german")["dice"]) == 7
    for _ in range(2):
        g.do(UseCard("german", "german", "barbed_wire", die=0, source="pool"))
    assert len(rec(g)["solo"]["pool"]) == 3
    assert not [a for a in legal_actions(g.state, "german", ("use_card",)) if a.card in ("dog", "barbed_wire")]  # once a turn
    arrange(g, lambda s, r: (r["solo"].update(pool=r["solo"]["pool"][:1]), r["players"]["german"]["turn"].clear()))
    ch = g.do(UseCard("german", "german", "dog", die=0, source="pool"))
    assert len(rec(g)["solo"]["pool"]) == 6 and len(ch.dice) == 6  # emptied: rolled again


def test_the_cards_solitaire_removes():  # DDD-SOLO-16, DDD-SOLO-17
    t = tables()
    g = _solo(gott_mit_uns=True)
    deck = set(g.state.secrets["german"]["deck"])
    removed = {"coastal_artillery_badge", "flak_badge", "fritz_todt_award", "german_cross", "gestapo_disk",
               "gold_wound_badge", "police_badge", "rad_badge", "shooting_award", "ss_honor_ring", "totenkopf",
               "war_merit_cross", "west_wall_medal", "winter_campaign_badge"}
    assert len(removed) == 14 and not deck & removed and deck  # and the rest is there
    assert {"anti_partisan_badge", "fallschirmjaeger_badge", "sniper_badge"} <= deck
    items = {"booby_traps", "gas", "goliath_mine", "mg42", "molotov_cocktail", "panzerfaust", "tracer_bullets"}
    assert not set(rec(g)["pool"]["german"]) & items
    assert items <= {c.id for c in t.of_kind("german_item")} and items <= set(rec(new_game(atlantikwall=True))["pool"]["german"])


def test_anti_partisan_badge_solo_gives_an_allied_rwb_bonus():  # DDD-SOLO-18
    g = _solo(gott_mit_uns=True)
    play_to(g, "german_supply")
    arrange(g, lambda s, r: (s.secrets["german"].update(hand=["anti_partisan_badge"]), r["decorations"].update(held=1),
                             r["players"]["german"].update(soldiers=5)))
    offers = [a for a in legal_actions(g.state, "german", ("use_card",)) if a.card == "anti_partisan_badge"]
    assert {a.face for a in offers} == set(tables().rwb["allied"])  # every Allied RWB bonus
    g.do(next(a for a in offers if a.face == "soldier"))  # Reinforcements, with the American numbers
    assert player(g, "german")["soldiers"] == 5 + tables().rwb["allied"]["soldier"].gains["us"]["soldiers"]


def test_playing_with_fire_is_paid_before_the_automated_unit_moves():  # DDD-SOLO-03, DDD-OPT-01
    # the solitaire movement phase (Phase 5) runs Playing with Fire as it begins, then moves
    # the automated Unit (which keeps no count of its resources: the rule is only noted)
    g = _from("2")
    g.state.options["playing_with_fire"] = True
    for _ in range(6):
        play_to(g, "german_supply")
        arrange(g, lambda s, r: r["players"]["us"].update(items=["bangalore", "bazooka", "tnt"]))
        arrange(g, lambda s, r: r["players"]["german"].update(soldiers=99))
        said = g.do(EndPhase("german")).notes
        moved = [k for k, n in enumerate(said) if "advances to" in n or "moves across to" in n]
        if moved:
            fire = next(k for k, n in enumerate(said) if "Playing with Fire" in n)
            assert fire < moved[0]
            return
    pytest.fail("the automated Unit never moved")
