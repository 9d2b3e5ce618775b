"""The supply plug-in in the engine: markers on a new game, the supply phase hook."""

from __future__ import annotations

from supply_helpers import DATA

from ddaydesk.engine import ELIMINATED, Deferred, Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.supply import compute_supply
from ddaydesk.rules.supply.adapter import from_game_state, from_scenario


def run_to(game: Game, phase: str):
    """End phases until ``phase`` is entered (it may pass within one action, automatic phases
    run on), fighting the combats that must be fought first; the Changes of the
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
    assert isinstance(game.state.extra["supply"], Deferred)  # traced when first read
    rec = game.state.record("supply")
    assert game.state.to_dict()["extra"]["supply"] == rec  # the canonical form reads it too
    assert rec["phase"] == "allied.supply" and rec["turn"] == 1
    # every unit starts in supply (test_start_positions.py); the 7th Army is the nearest HQ
    assert "us-1-inf" in rec["supplied"] and "de-91-lle" in rec["supplied"] and rec["unsupplied"] == []
    assert rec["draws_on"]["de-352-inf"] == "de-7-armee" and rec["draws_on"]["us-1-inf"].startswith("sc:")


def test_dday77_supply_phase_with_both_supply_rules_off_records_nothing_traced():
    # the same record as a traced phase, every list empty: no side's supply is checked
    game = Game(load_scenario(scenarios_dir() / "tutorial.yaml"), seed=3,
                options={"german_supply": False, "allied_supply": False})
    run_to(game, "allied.supply")
    assert game.state.record("supply") == {"turn": 1, "phase": "allied.supply", "sides": [], "supplied": [],
                                           "unsupplied": [], "draws_on": {}}


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


def test_a_supply_record_read_late_is_the_one_read_at_once():
    """D-Day '77 supply records are traced when first read (Deferred): a game whose records
    are all read as soon as they are made and one whose records wait give the same states."""
    import random

    from ddaydesk.engine import OVER, legal_actions

    sc = load_scenario(scenarios_dir() / "tutorial.yaml")
    opts = {"allied_supply": True, "german_supply": True}
    eager, lazy = Game(sc, 5, opts), Game(sc, 5, opts)
    rnd = random.Random(5)
    while len(eager.log) < 300 and eager.state.phase != OVER:
        legal = legal_actions(eager.state, eager.state.active)
        ends = [a for a in legal if a.kind != "move"]
        a = rnd.choice(ends if ends and rnd.random() < 0.1 else legal)
        eager.do(a)
        eager.state.to_dict()  # reads every record at once
        lazy.do(a)
    assert sum(1 for s in lazy.states if isinstance(s.extra.get("supply"), Deferred)) > 10
    assert [s.state_hash() for s in lazy.states] == [s.state_hash() for s in eager.states]
