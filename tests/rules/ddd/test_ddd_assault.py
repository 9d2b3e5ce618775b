"""Atlantikwall's Phase 7, the assault in the final Bunker, the end of the game, the Allied
trade limit and Gold Beach's two Bunkers (DDD-GER-27..33, -41)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, Game, IllegalAction, legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd import Assault, TradeDie
from tests.conftest import DATA
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player, put, rec


def _to_combat(g, units, german=(10, ["unteroffizier"]), forces=None):
    """Units (pid -> Sector) in place at the end of Phase 5; ``forces``: pid -> (Soldiers,
    Specialists). The German's machine guns and mines stay inactive."""
    land_all(g)
    play_to(g, "move")

    def pos(s, r):
        for pid, label in units.items():
            put(s, pid, label)
        for pid, (soldiers, specs) in (forces or {}).items():
            r["players"][pid].update(soldiers=soldiers, specialists=list(specs))
        r["players"]["german"].update(soldiers=german[0], specialists=list(german[1]))
    arrange(g, pos)
    g.do(EndPhase("allied"))  # Phase 6
    if g.state.phase == "combat":
        g.do(EndPhase("allied"))  # on to Phase 7, if it is due


def test_only_the_final_bunker_leads_to_an_assault():  # DDD-GER-27
    g = Game(load_scenario(DATA / "ddd" / "mid-bunker-scenario.yaml"), seed=1)
    _to_combat(g, {"us": "2", "british": "3"}, german=(40, ["unteroffizier"]), forces={"us": (30, []), "british": (30, [])})
    assert g.state.phase == "roll"  # the Battery is a mid-map Bunker: no Phase 7
    g = Game(load_scenario(DATA / "ddd" / "mid-bunker-scenario.yaml"), seed=1)
    _to_combat(g, {"us": "B", "british": "3"}, german=(40, ["unteroffizier"]), forces={"us": (30, []), "british": (30, [])})
    assert g.state.phase == "assault"  # after Phase 6 combat in the final Bunker (DEF 4 paid)
    assert player(g, "us")["soldiers"] == 26 and player(g, "german")["soldiers"] == 36


def _assault(us, german, other=None, seed=2):
    """The American Unit in Tiger's Bunker (DEF 12): ``us`` and ``german`` are (Soldiers,
    Specialists) after combat; ``other``: the British Unit's Sector, if it plays."""
    g = new_game("exercise-tiger", seed, atlantikwall=True, **({"unit_british": True} if other else {}))
    units = {"us": "B", **({"british": other} if other else {})}
    # Soldiers before combat: both pay the Bunker's DEF 12 in Phase 6
    forces = {"us": (us[0] + 12, us[1]), **({"british": (30, [])} if other else {})}
    _to_combat(g, units, german=(german[0] + 12, german[1]), forces=forces)
    assert g.state.phase == "assault"
    return g


def test_the_allies_win_with_the_larger_force():  # DDD-GER-28
    g = _assault((10, ["corporal", "medic"]), (8, ["unteroffizier", "pionier", "mg_schuetze"]))
    g.do(Assault("allied", "us"))  # 12 against 11
    assert g.state.phase == "over" and rec(g)["winner"] == "allied"


def test_the_german_destroys_a_weaker_unit_and_takes_a_trophy():  # DDD-GER-29, DDD-GER-33
    g = _assault((9, []), (12, []), other="5")
    held = len(g.state.secrets["german"]["hand"]) + len(rec(g)["decorations"]["discard"])
    ch = g.do(Assault("allied", "us"))
    assert player(g, "us")["status"] == "destroyed" and "us" in ch.removed
    assert g.state.phase != "over" and rec(g)["winner"] is None  # the British Unit plays on
    assert len(g.state.secrets["german"]["hand"]) + len(rec(g)["decorations"]["discard"]) == held + 1
    # the last Unit falling in the Bunker ends the game
    g = _assault((9, []), (12, []))
    g.do(Assault("allied", "us"))
    assert rec(g)["winner"] == "german"


def test_a_black_decoration_taken_as_a_trophy_waits_for_the_german_before_the_turn_goes_on():  # DDD-GER-29, DDD-GER-35
    """The trophy is a Wound Badge: the German pays it at once, choosing what he loses, and the
    game waits for his choice (found at the screen: the turn went on with his choice pending,
    the Allies to act, and nobody could)."""
    g = _assault((9, []), (12, ["unteroffizier", "pionier"]), other="5")
    arrange(g, lambda s, r: s.secrets["german"].update(top=["gold_wound_badge"]))
    g.do(Assault("allied", "us"))
    assert rec(g)["pending"] and rec(g)["pending"][0]["player"] == "german"  # which Specialist he loses
    assert g.state.phase == "assault" and g.state.active == "german"  # his choice, then the turn goes on
    g.do(legal_actions(g.state, "german")[0])
    assert not rec(g)["pending"] and legal_actions(g.state, g.state.active)


def test_the_allies_choose_who_assaults_first():  # DDD-GER-30
    g = new_game("exercise-tiger", 4, atlantikwall=True, unit_british=True)
    _to_combat(g, {"us": "B", "british": "B"}, german=(40, []), forces={"us": (30, []), "british": (30, [])})
    assert {a.player for a in legal_actions(g.state, "allied") if a.kind == "bunker_assault"} == {"us", "british"}
    with pytest.raises(IllegalAction, match="assaults first"):
        g.do(EndPhase("allied"))
    g.do(Assault("allied", "british"))  # 18 against 28: destroyed
    assert [a.player for a in legal_actions(g.state, "allied") if a.kind == "bunker_assault"] == ["us"]


@pytest.mark.parametrize("allied_specs,winner", [(3, "allied"), (2, "german")])
def test_a_tie_goes_to_more_specialists_then_to_the_german(allied_specs, winner):  # DDD-GER-31
    specs = ["corporal", "scout", "medic"][:allied_specs]
    g = _assault((11 - allied_specs, specs), (9, ["unteroffizier", "pionier"]))  # 11 against 11
    g.do(Assault("allied", "us"))
    assert rec(g)["winner"] == winner


def test_no_resource_trading_in_the_top_row_or_next_to_the_bunker():  # DDD-GER-32
    def trades(units, german=True):
        g = new_game("omaha", 5, atlantikwall=german, unit_british=True)
        land_all(g)
        play_to(g, "supply")
        arrange(g, lambda s, r: [put(s, p, x) for p, x in units.items()])
        return [a for a in legal_actions(g.state, "allied") if a.kind == "trade_resources"]
    assert trades({"us": "9", "british": "9"}) == []  # the top row
    assert trades({"us": "10", "british": "10"}) == []
    assert trades({"us": "7", "british": "7"})  # two rows down: allowed
    assert trades({"us": "9", "british": "9"}, german=False)  # no German: no limit
    # the Lieutenant's dice trade is not a resource trade: allowed in the top row
    g = new_game("omaha", 5, atlantikwall=True, unit_british=True)
    land_all(g)
    play_to(g, "tally")
    arrange(g, lambda s, r: ([put(s, p, "9") for p in ("us", "british")],
                             r["players"]["us"]["specialists"].append("lieutenant")))
    assert TradeDie("allied", "us", "british", 0) in legal_actions(g.state, "allied")


def test_a_unit_wiped_out_outside_the_bunker_loses_the_game():  # DDD-GER-33
    g = new_game("exercise-tiger", 6, atlantikwall=True, unit_british=True)
    _to_combat(g, {"us": "7", "british": "5"}, german=(40, []), forces={"us": (3, []), "british": (30, [])})
    assert g.state.phase == "over" and rec(g)["winner"] == "german" and "wiped out" in rec(g)["end"]


def test_gold_beach_two_bunkers_one_assault_at_a_time():  # DDD-GER-41
    g = new_game("gold", 7, atlantikwall=True, unit_british=True)
    _to_combat(g, {"us": "B1", "british": "B2"}, german=(40, []), forces={"us": (30, []), "british": (30, [])})
    assert {a.player for a in legal_actions(g.state, "allied") if a.kind == "bunker_assault"} == {"us", "british"}
    g.do(Assault("allied", "british"))  # one at a time, in the Allies' order
    assert player(g, "british")["status"] == "destroyed" and player(g, "us")["status"] == "assaulting"
    # 2 players: the lone Unit wins by taking one Bunker
    g = new_game("gold", 8, atlantikwall=True)
    _to_combat(g, {"us": "B2"}, german=(0, []), forces={"us": (30, [])})
    g.do(Assault("allied", "us"))
    assert rec(g)["winner"] == "allied"
