"""Overlord's bonus optional rules: Playing with Fire (DDD-OPT-01), Supply SNAFU (DDD-OPT-02),
Mulligans (DDD-OPT-11, -12) and Desperate Measures (DDD-OPT-13, -14)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, legal_actions
from ddaydesk.rules.ddd import (
    AddResult,
    FindItem,
    KeepDice,
    LockDie,
    Mulligan,
    Reroll,
    RollDice,
    scoring,
)
from ddaydesk.rules.ddd.scoring import TOKEN
from ddaydesk.rules.ddd.vp import sheet
from tests.rules.ddd.conftest import arrange, at, notes, play_to, player, rec


def _at(phase, name="exercise-tiger", seed=1, **opts):
    return at(phase, name, seed, **opts)


@pytest.mark.parametrize("items,lost", [(["bangalore", "bazooka", "tnt", "thermite_grenade"], 2),
                                        (["bangalore", "bazooka", "tnt"], 1), (["bangalore", "bazooka"], 0)])
def test_explosives_over_the_safe_limit_cost_a_soldier_each_in_phase_5(items, lost):  # DDD-OPT-01
    # STD-DDD-MOVE: paid by the movement phase's hook as Phase 5 begins, before any move
    g = _at("supply", playing_with_fire=True)
    arrange(g, lambda s, r: r["players"]["us"].update(items=list(items)))
    ch = g.do(EndPhase("allied"))  # into Phase 5
    assert g.state.phase == "move" and player(g, "us")["soldiers"] == 30 - lost
    assert ("Playing with Fire" in notes(ch)) == bool(lost)
    g = _at("supply")  # without the rule
    arrange(g, lambda s, r: r["players"]["us"].update(items=list(items)))
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 30


def test_supply_snafu_two_face_up_piles_only_their_tops_found():  # DDD-OPT-02
    g = _at("supply", "omaha", supply_snafu=True)
    piles = rec(g)["snafu"]
    pool = rec(g)["pool"]["allied"]
    from ddaydesk.rules.ddd.data import tables

    cards = tables().cards
    regular_special = [c for c in pool if cards[c].kind == "item" and cards[c].klass in ("regular", "special")]
    assert sorted(piles[0] + piles[1]) == sorted(regular_special) and abs(len(piles[0]) - len(piles[1])) <= 1
    arrange(g, lambda s, r: r["players"]["us"].update(tools=40))
    found = {a.card for a in legal_actions(g.state, "allied") if a.kind == "find_item"}
    tops = {piles[0][-1], piles[1][-1]}
    legendary = {c for c in pool if cards[c].klass == "legendary"}
    assert found & set(regular_special) == tops  # only the two top Items
    assert legendary <= found  # Legendary Items are found as usual
    under = piles[0][-2]
    assert under not in found
    g.do(FindItem("allied", "us", piles[0][-1]))
    assert rec(g)["snafu"][0][-1] == under  # the card beneath is now on top
    play_to(g, "supply", turn=2)
    arrange(g, lambda s, r: r["players"]["us"].update(tools=40))
    assert under in {a.card for a in legal_actions(g.state, "allied") if a.kind == "find_item"}


def test_a_mulligan_rerolls_a_first_roll_and_only_a_first_roll():  # DDD-OPT-11
    g = _at("roll", mulligans=True)
    assert player(g, "us")["tokens"] == 3
    assert Mulligan("allied", "us") not in legal_actions(g.state, "allied")  # nothing rolled yet
    g.do(RollDice("allied", "us"))
    ch = g.do(Mulligan("allied", "us"))
    assert len([r for r in ch.dice]) == 6 and player(g, "us")["tokens"] == 2 and player(g, "us")["rolls"] == 1
    g.do(LockDie("allied", "us", 0))
    g.do(LockDie("allied", "us", 1))
    g.do(Reroll("allied", "us"))
    assert Mulligan("allied", "us") not in legal_actions(g.state, "allied")  # after a re-roll: no
    with pytest.raises(IllegalAction, match="first roll"):
        g.do(Mulligan("allied", "us"))
    g = _at("roll")  # without the rule
    g.do(RollDice("allied", "us"))
    assert player(g, "us")["tokens"] == 0 and Mulligan("allied", "us") not in legal_actions(g.state, "allied")


@pytest.mark.parametrize("used,points", [(2, -10), (1, -5), (0, 0)])
def test_each_mulligan_costs_five_vp(used, points):  # DDD-OPT-12
    g = _at("roll", mulligans=True, victory_points=True)
    g.do(RollDice("allied", "us"))
    for _ in range(used):
        g.do(Mulligan("allied", "us"))
    assert sum(x.points for x in sheet(g.state) if x.rule == "DDD-OPT-12") == points


def test_desperate_measures_an_rwb_for_a_token_three_times_in_a_turn():  # DDD-OPT-13
    g = _at("tally", desperate_measures=True, unit_british=True)
    pool = rec(g)["tokens"]
    assert pool == 18 - 0 and player(g, "us")["tokens"] == 0  # every token in the pool
    dice = [["red", "soldier", 0], ["white", "soldier", 0], ["blue", "soldier", 0],
            ["red", "star", 0], ["white", "star", 0], ["blue", "star", 0],
            ["red", "tool", 0], ["white", "tool", 0], ["blue", "tool", 0]]
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[list(d) for d in dice], kept=True))
    three = [o for o in scoring.options(g.state, "us") if o.action.options.count(TOKEN) == 3]
    assert len(three) == 1 and three[0].effects.count("take_token") == 3
    g.do(three[0].action)
    assert player(g, "us")["tokens"] == 3 and rec(g)["tokens"] == pool - 3
    assert player(g, "us")["soldiers"] == 30 + 3  # the faces only: no bonus
    g = _at("tally", desperate_measures=True)
    arrange(g, lambda s, r: (r["players"]["us"].update(dice=[list(d) for d in dice], kept=True), r.update(tokens=2)))
    assert max(o.action.options.count(TOKEN) for o in scoring.options(g.state, "us")) == 2  # the pool's 2 at most
    g = _at("tally")  # without the rule: no token offered
    arrange(g, lambda s, r: r["players"]["us"].update(dice=[list(d) for d in dice], kept=True))
    assert not [o for o in scoring.options(g.state, "us") if TOKEN in o.action.options]


def test_tokens_add_results_of_any_colour_in_phase_1_only():  # DDD-OPT-14
    g = _at("roll", desperate_measures=True)
    arrange(g, lambda s, r: (r["players"]["us"].update(tokens=2), r.update(tokens=16)))
    assert not legal_actions(g.state, "allied", ("desperate_measure",))  # before the roll
    g.do(RollDice("allied", "us"))
    g.do(AddResult("allied", "us", "red", "star"))
    ch = g.do(AddResult("allied", "us", "white", "courage"))
    assert ch.notes == ["American Unit returns a token: a White Courage joins its Final Tally"]
    p = player(g, "us")
    assert p["dice"][-2:] == [["red", "star", 2], ["white", "courage", 2]] and p["tokens"] == 0
    assert rec(g)["tokens"] == 18
    assert not legal_actions(g.state, "allied", ("desperate_measure",))  # no token left
    g.do(KeepDice("allied", "us"))
    assert len(player(g, "us")["dice"]) == 8
    arrange(g, lambda s, r: r["players"]["us"].update(tokens=1))
    play_to(g, "supply")
    with pytest.raises(IllegalAction):
        g.do(AddResult("allied", "us", "blue", "star"))  # Phase 4 is not Phase 1
