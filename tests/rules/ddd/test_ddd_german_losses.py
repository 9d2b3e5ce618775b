"""Atlantikwall: the map's defences under the German's control and the Soldiers he loses to
the Allies' Sectors (DDD-GER-08..17, -38)."""

from __future__ import annotations

from ddaydesk.engine import Changes, EndPhase
from ddaydesk.rules.ddd import Rally, SectorMove, UseCard
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.german import lose_card, mines_active
from tests.rules.ddd.conftest import arrange, land_all, new_game, notes, play_to, player, put


def _fabius_move(seed=1, german_cards=(), **opts):
    """The American Unit in Fabius Sector 2, about to cross the mined line to Sector 5 (DEF 3,
    one machine gun)."""
    g = new_game("exercise-fabius", seed, atlantikwall=True, **opts)
    land_all(g)
    play_to(g, "move")

    def pos(s, r):
        put(s, "us", "2")
        r["players"]["us"].update(courage=5, soldiers=30)
        r["players"]["german"]["specialists"] += list(german_cards)
        r["players"]["german"]["soldiers"] = 40
    arrange(g, pos)
    return g


def _machine_gun_rolls(ch):
    return [r for r in ch.dice if r.purpose.startswith("machine guns")]


def test_mines_and_machine_guns_start_inactive():  # DDD-GER-08
    g = _fabius_move()
    ch = g.do(SectorMove("allied", "us", g.scenario.board.index("5")))
    assert not ch.dice and player(g, "us")["soldiers"] == 30  # the mined line cost nothing
    ch = g.do(EndPhase("allied"))  # combat: DEF only, no machine-gun dice
    assert not _machine_gun_rolls(ch) and player(g, "us")["soldiers"] == 27


def test_the_medic_saves_one_soldier_a_combat():
    # STD-DDD-CARDS, our default: the Medic's Unit loses 1 Soldier less in each combat phase
    g = _fabius_move()
    arrange(g, lambda s, r: r["players"]["us"].update(specialists=["medic"]))
    g.do(SectorMove("allied", "us", g.scenario.board.index("5")))
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 30 - (3 - 1)  # DEF 3, one less


def test_the_pionier_and_the_mg_schuetze_switch_them_on_and_off():  # DDD-GER-09
    g = _fabius_move(german_cards=("pionier", "mg_schuetze"))
    ch = g.do(SectorMove("allied", "us", g.scenario.board.index("5")))
    (mine,) = ch.dice
    assert player(g, "us")["soldiers"] == 30 - mine.value
    ch = g.do(EndPhase("allied"))
    (gun,) = _machine_gun_rolls(ch)
    assert player(g, "us")["soldiers"] == 30 - mine.value - 3 - gun.value
    # he loses the Pionier: mines off again; rallied again: on again
    arrange(g, lambda s, r: lose_card(s, "german", "specialist", "pionier", Changes()))
    assert not mines_active(g.state.record(m.EXTRA))
    play_to(g, "german_supply", turn=g.state.turn + 1)
    arrange(g, lambda s, r: r["players"]["german"].update(stars=10))
    g.do(Rally("german", "german", "pionier"))
    assert mines_active(g.state.record(m.EXTRA))


def _combat(name, units, german, seed=3, bazooka=False, **opts):
    """Units (pid -> Sector label) about to fight; the German with ``german`` Soldiers."""
    nations = {f"unit_{p}": True for p in units if p != "us"}
    g = new_game(name, seed, atlantikwall=True, **nations, **opts)
    land_all(g)
    play_to(g, "move")

    def pos(s, r):
        for pid, label in units.items():
            put(s, pid, label)
            r["players"][pid]["soldiers"] = 30
        r["players"]["german"]["soldiers"] = german
        if bazooka:
            r["players"]["us"]["items"].append("bazooka")
    arrange(g, pos)
    if bazooka:
        g.do(UseCard("allied", "us", "bazooka"))
    return g


def test_the_german_loses_the_highest_def_of_the_allied_sectors():  # DDD-GER-10
    g = _combat("omaha", {"us": "4", "british": "8"}, 30)  # DEF 4 and DEF 10
    g.do(EndPhase("allied"))
    assert player(g, "german")["soldiers"] == 20
    g = _combat("omaha", {"us": "4", "british": "5"}, 30)  # DEF 4 and DEF 5
    g.do(EndPhase("allied"))
    assert player(g, "german")["soldiers"] == 25


def test_the_german_ignores_machine_guns_mines_and_attributes():  # DDD-GER-11
    g = _combat("omaha", {"us": "8"}, 30)  # DEF 10, 2 machine guns (inactive), no Items here
    ch = g.do(EndPhase("allied"))
    assert not [r for r in ch.dice if "German" in r.purpose]
    assert player(g, "german")["soldiers"] == 20


def test_missing_soldiers_lower_the_allies_def():  # DDD-GER-12, DDD-GER-13
    g = _combat("omaha", {"us": "10"}, 4)  # DEF 12 against 4 Soldiers: 8 short
    ch = g.do(EndPhase("allied"))
    assert player(g, "german")["soldiers"] == 0 and g.state.phase != "over"  # he does not lose
    assert player(g, "us")["soldiers"] == 30 - 4 and "8 short" in notes(ch)
    g = _combat("omaha", {"us": "10"}, 12)  # exactly enough: the full DEF
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 30 - 12


def test_spare_soldiers_never_raise_the_def():  # DDD-GER-14
    g = _combat("omaha", {"us": "10"}, 20)
    g.do(EndPhase("allied"))
    assert (player(g, "us")["soldiers"], player(g, "german")["soldiers"]) == (18, 8)


def test_def_reductions_help_only_the_allies():  # DDD-GER-15
    g = _combat("omaha", {"us": "10"}, 20, bazooka=True)
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 30 - 5  # 12 - 7
    assert player(g, "german")["soldiers"] == 20 - 12  # he pays the full DEF


def test_below_zero_the_shortfall_becomes_soldiers_for_every_unit_there():  # DDD-GER-16
    # us and british in DEF 8 (Sector 7), canadian in DEF 10 (Sector 8); the German has none
    g = _combat("omaha", {"us": "7", "british": "7", "canadian": "8"}, 0)
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == player(g, "british")["soldiers"] == 32  # 8 - 10 = -2
    assert player(g, "canadian")["soldiers"] == 30  # 10 - 10 = 0: nothing either way


def test_the_bazooka_example():  # DDD-GER-17
    g = _combat("omaha", {"us": "10", "british": "10"}, 4, bazooka=True)
    g.do(EndPhase("allied"))
    assert player(g, "us")["soldiers"] == 33  # 12 - 7 = 5; 5 - 8 = -3: +3
    assert player(g, "british")["soldiers"] == 30 - 4  # no Bazooka: 12 - 8


def test_a_grenadiers_silenced_guns_stay_silent():  # DDD-GER-38
    g = _combat("omaha", {"us": "8"}, 40)
    arrange(g, lambda s, r: (r["players"]["us"]["specialists"].append("grenadier"),
                             r["players"]["german"]["specialists"].append("mg_schuetze")))
    g.do(UseCard("allied", "us", "grenadier"))
    assert m.rec(g.state)["silenced"] == ["8"]
    arrange(g, lambda s, r: r["turnfx"].update(mgf_plus=1))  # a Shooting Award played this turn
    ch = g.do(EndPhase("allied"))
    assert not [r for r in ch.dice if r.purpose.startswith("machine guns")]
    # elsewhere the German's guns fire
    g = _combat("omaha", {"us": "8"}, 40)
    arrange(g, lambda s, r: r["players"]["german"]["specialists"].append("mg_schuetze"))
    assert len([r for r in g.do(EndPhase("allied")).dice if r.purpose.startswith("machine guns")]) == 2
