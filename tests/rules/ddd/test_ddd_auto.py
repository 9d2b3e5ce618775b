"""The German played by the program (STD-DDD-AUTO, ddaydesk's own play): its phases come after
the Allied ones and it acts in each through the same actions as a person."""

from __future__ import annotations

from ddaydesk.engine import EndPhase, legal_actions
from tests.rules.ddd.conftest import arrange, land_all, new_game, play_to, player


def _against_the_program():
    g = new_game("gold", 1, auto_german=True, unit_british=True)
    land_all(g)
    play_to(g, "tally")
    return g


def test_the_program_scores_its_tally_after_the_allies_STD_DDD_AUTO():
    # STD-DDD-AUTO: the German tally phase, played by the program as the Allied one ends: the
    # step before (the Allied tally) leaves his resources alone, the step after has scored them
    g = _against_the_program()
    before = dict(player(g, "german"))
    while True:
        a = next((a for a in legal_actions(g.state, "allied") if a.kind == "score_tally"), None)
        if a is None:
            break
        g.do(a)
    assert {k: player(g, "german")[k] for k in ("soldiers", "stars")} == {k: before[k] for k in ("soldiers", "stars")}
    ch = g.do(EndPhase("allied"))
    assert ch.phases[0] == "german_tally_auto" and ch.notes[0].startswith("the German scores")
    assert player(g, "german")["soldiers"] > before["soldiers"]


def test_the_program_rallies_in_its_supply_phase_STD_DDD_AUTO():
    # STD-DDD-AUTO: the German supply phase, played as the Allied one ends: with Stars to spend
    # the program rallies the Maschinengewehr-Schütze first (it switches the machine guns on)
    g = _against_the_program()
    play_to(g, "supply")
    arrange(g, lambda s, r: r["players"]["german"].update(stars=5))
    assert "mg_schuetze" not in player(g, "german")["specialists"]
    ch = g.do(EndPhase("allied"))
    assert ch.phases[0] == "german_supply_auto" and g.state.phase == "move"
    assert "mg_schuetze" in player(g, "german")["specialists"] and player(g, "german")["stars"] == 0
