"""The supply plug-in in the engine: markers on a new game, the supply phase hook."""

from __future__ import annotations

from supply_helpers import DATA

from ddaydesk.engine import ELIMINATED, Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.supply import compute_supply
from ddaydesk.rules.supply.adapter import from_game_state, from_scenario


def run_to(game: Game, phase: str):
    """End phases until ``phase`` is entered (it may pass within one action, automatic phases
    run on), fighting the combats that must be fought first (D77-ZOC-04); the Changes of the
    action that entered it."""
    from ddaydesk.engine import legal_actions

    for _ in range(200):
        acts = legal_actions(game.state, game.state.active)
        act = next((a for a in acts if a.kind == "end_phase"), acts[0])
        ch = game.do(act)
        if phase in ch.phases:
            return ch
    raise AssertionError(f"never reached {phase}")


def test_game_state_adapter_matches_the_scenario_at_the_start():
    sc = load_scenario(scenarios_dir() / "tutorial.yaml")
    game = Game(sc, seed=3)
    assert {m.kind for m in game.state.markers} >= {"supply_centre"}
    a = compute_supply(from_game_state(game.state)).to_json()
    b = compute_supply(from_scenario(sc)).to_json()
    assert a["units"] == b["units"] and a["capacity"] == b["capacity"]


def test_dday77_supply_phase_records_the_result():
    game = Game(load_scenario(scenarios_dir() / "tutorial.yaml"), seed=3)
    run_to(game, "allied.supply")
    rec = game.state.extra["supply"]
    assert rec["phase"] == "allied.supply" and rec["turn"] == 1
    assert "us-1-inf" in rec["supplied"] and "de-91-lle" in rec["unsupplied"]
    assert rec["draws_on"]["de-352-inf"] == "de-agb"


def test_FMU_SUP_05_supply_phase_reduces_then_eliminates():
    """Cites FMU-SUP-05, FMU-SUP-01 (the check runs in the engine's supply phase)."""
    game = Game(load_scenario(DATA / "fmu_cut.yaml"), seed=3)
    ch = run_to(game, "supply")  # end of the Allied player turn 1
    assert ch.phases == ["supply", "german.movement"] and game.state.turn == 1  # FMU-SUP-01
    k = game.state.unit("us-cut")
    assert game.state.steps_lost[k] == 1 and "us-cut" in ch.units
    assert game.state.steps_lost[game.state.unit("us-ok")] == 0
    ch = run_to(game, "supply")  # end of turn 2
    assert game.state.status[k] == ELIMINATED and "us-cut" in ch.removed
