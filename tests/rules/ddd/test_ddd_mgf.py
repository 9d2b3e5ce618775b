"""Overlord's MGF dice (DDD-OPT-15..20): rolled instead of a d6 for each machine gun (and, with
its sub-option, for Land Mines), what each face costs, the Skull's Special Damage, the value
guide, and the Binoculars turning a machine-gun die."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, legal_actions
from ddaydesk.rules.ddd import Decide, SectorMove
from ddaydesk.rules.ddd.mgf import value
from ddaydesk.rules.options import option_listing
from tests.rules.ddd.conftest import arrange, land_all, new_game, notes, play_to, player, put, rec

MGF = {"mgf_dice": True}


def _fire(name="omaha", where="4", seed=1, **opts):
    """The combat phase has begun and the machine guns of ``where`` have fired at the Unit,
    which holds Binoculars to turn one die (the choice waits)."""
    g = new_game(name, seed, **opts)
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (put(s, "us", where), r["players"]["us"].update(soldiers=40, items=["binoculars"],
                                                                            entered=0)))
    ch = g.do(EndPhase("allied"))
    return g, ch


def _turn(g, face, k=0):
    g.do(Decide("allied", "us", f"binoculars:{k}:{face}"))


def test_mgf_dice_are_chosen_at_set_up_for_the_whole_game():  # DDD-OPT-15
    rows = {r.id: r for r in option_listing("ddd").rows}
    assert {"mgf_dice", "mgf_dice_german", "mgf_dice_mines"} <= set(rows)  # toggles of the set-up
    g, ch = _fire(**MGF)
    assert [r.purpose for r in ch.dice if "machine guns" in r.purpose] == ["MGF die: machine guns on American Unit"]
    assert rec(g)["pending"][0]["dice"][0][0] == "mgf"
    g, ch = _fire()
    assert [r.purpose for r in ch.dice if "machine guns" in r.purpose] == ["machine guns on American Unit"]
    assert g.state.options.get("mgf_dice") is None or g.state.options["mgf_dice"] is False
    assert not [k for k in g.state.options if k.startswith("mgf") and g.state.options[k]]  # nothing turned it on


@pytest.mark.parametrize("stars,soldiers_lost,stars_lost", [(0, 6, 0), (1, 0, 1)])
def test_an_mgf_die_costs_what_it_shows_or_six_soldiers(stars, soldiers_lost, stars_lost):  # DDD-OPT-16
    g, _ = _fire(**MGF)
    arrange(g, lambda s, r: r["players"]["us"].update(stars=stars))
    before = player(g, "us")["soldiers"]
    _turn(g, "star")  # the die shows "1 Star"
    p = player(g, "us")
    assert (before - p["soldiers"], stars - p["stars"]) == (soldiers_lost, stars_lost)


@pytest.mark.parametrize("where,lost,special", [("4", 6, True), ("5", 0, False)])
def test_a_skull_costs_six_and_sets_off_special_damage_where_the_sector_shows_it(where, lost, special):  # DDD-OPT-17
    g, _ = _fire(where=where, **MGF)  # Omaha 4 has the Special Damage symbol, 5 has no machine gun
    if where == "5":
        assert not rec(g)["pending"]  # no gun here: nothing to roll
        return
    arrange(g, lambda s, r: r["players"]["us"].update(specialists=["corporal", "medic"]))
    before = player(g, "us")["soldiers"]
    _turn(g, "skull")
    assert before - player(g, "us")["soldiers"] == lost
    waiting = rec(g)["pending"]
    assert bool(waiting and waiting[0]["why"] == "Special Damage") == special
    g, _ = _fire(where="6", **MGF)  # Omaha 6: a gun and the symbol
    before = player(g, "us")["soldiers"]
    _turn(g, "soldiers4")  # the worst face, no Skull: no Special Damage
    assert before - player(g, "us")["soldiers"] == 4 and not rec(g)["pending"]


def test_a_skull_away_from_the_symbol_costs_nothing():  # DDD-OPT-17
    g, _ = _fire("exercise-tiger", where="9", **MGF)  # Tiger 9: one gun, no Special Damage symbol
    before = player(g, "us")["soldiers"]
    _turn(g, "skull")
    assert player(g, "us")["soldiers"] == before and not rec(g)["pending"]


def test_binoculars_turn_an_mgf_die_nothing_aimed_at_coloured_dice_does():  # DDD-OPT-18
    g, _ = _fire(**MGF)
    # the MGF die is none of the Unit's Red, White and Blue dice (what takes or turns those cannot reach it)
    assert {d[0] for d in player(g, "us")["dice"]} <= {"red", "white", "blue"} and len(player(g, "us")["dice"]) == 6
    assert [d[0] for d in rec(g)["pending"][0]["dice"]] == ["mgf"]
    offered = {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"}
    assert "" in offered and "binoculars:0:skull" in offered  # the Binoculars can
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "use_card"]  # the choice comes first
    g, _ = _fire(**MGF)
    arrange(g, lambda s, r: r["players"]["us"].update(items=["field_radio"]))  # no die-turning card
    assert {a.choice for a in legal_actions(g.state, "allied") if a.kind == "decide"} == {""}


def test_the_value_guide_and_an_effect_that_reads_it():  # DDD-OPT-19
    # DDD-OPT-16: each face read by its icons (1 to 4: our documented default faces)
    assert [value(["mgf", f, False]) for f in ("star", "soldiers2", "soldiers3", "soldiers4")] == [2, 4, 5, 6]
    for face, special in (("soldiers3", True), ("soldiers2", False)):  # the Tracer Bullets: Special Damage on 5-6
        g, _ = _fire(**MGF)
        arrange(g, lambda s, r: (r["pending"][0].update(special_from=5),
                                 r["players"]["us"].update(specialists=["medic", "scout"])))
        _turn(g, face)
        waiting = rec(g)["pending"]
        assert bool(waiting and waiting[0]["why"] == "Special Damage") == special


@pytest.mark.parametrize("mines,purpose", [(True, "MGF die: Land Mines under American Unit"),
                                           (False, "Land Mines under American Unit")])
def test_land_mines_may_be_rolled_with_an_mgf_die(mines, purpose):  # DDD-OPT-20
    g = new_game("omaha", 1, mgf_dice=True, mgf_dice_mines=mines)
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (put(s, "us", "1"), r["players"]["us"].update(courage=5, soldiers=30)))
    ch = g.do(SectorMove("allied", "us", g.scenario.board.index("4")))  # the mined line 1/4
    assert [r.purpose for r in ch.dice] == [purpose]
    assert "Land Mines" in notes(ch)
