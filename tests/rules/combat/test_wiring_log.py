"""Combat in the game log: random legal games on small scenarios in contact (both systems),
with every listed combat action accepted, the same results after save, load and replay, and
undo stopping at the last roll or answer."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import OVER, Game, apply, legal_actions, load_game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.actions import KINDS
from tests.rules.combat.conftest import D77_CONTACT, FMU_WIRING

SCENARIOS = {"dday77": load_scenario(D77_CONTACT), "fmu": load_scenario(FMU_WIRING)}
OPTIONS = {"dday77": {"armoured_advance": True, "tactical_air": True, "automatic_victory": True},
           "fmu": {}}


def play(data, system: str) -> Game:
    sc = SCENARIOS[system]
    g = Game(sc, data.draw(st.integers(0, 2**32)), OPTIONS[system])
    for _ in range(data.draw(st.integers(30, 120))):
        if g.state.phase == OVER:
            break
        legal = legal_actions(g.state, g.state.active)
        assert legal, f"nothing to do in {g.state.phase} for {g.state.active}"
        for a in legal:  # whatever is listed is accepted
            if a.kind in KINDS:
                apply(g.state, a)
        fights = [a for a in legal if a.kind in KINDS]
        pool = fights if fights and data.draw(st.integers(0, 3)) else legal
        g.do(data.draw(st.sampled_from(pool)))
    event(f"{system}: {sum(a.kind == 'resolve_combat' for a in g.log)} combats")
    return g


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(sorted(SCENARIOS)))
def test_combat_games_replay_save_and_undo(data, system):
    g = play(data, system)
    hashes = [s.state_hash() for s in g.states]
    again = Game(g.scenario, g.seed, g.options)
    for k, a in enumerate(g.log):
        ch = again.do(a)
        assert again.state.state_hash() == hashes[k + 1]
        assert ch.dice == g.changes[k].dice and ch.notes == g.changes[k].notes
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        save_game(g, path)
        loaded = load_game(path, g.scenario)
        assert loaded.state.state_hash() == hashes[-1]
        assert [r for _, r in loaded.dice_log()] == [r for _, r in g.dice_log()]
    barrier = max((k + 1 for k, ch in enumerate(g.changes) if ch.barrier), default=0)
    while g.undo_problem() is None:
        g.undo()
    assert g.pos == barrier and g.state.state_hash() == hashes[barrier]


def test_a_saved_combat_reloads_mid_choice(tmp_path):
    from ddaydesk.engine import EndPhase

    g = Game(SCENARIOS["dday77"], 1, OPTIONS["dday77"])
    while g.state.phase != "allied.combat":
        g.do(EndPhase("allied"))
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "attack"))
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"))
    assert g.state.extra["combat"]["pending"]["stage"] == "result"  # a choice is pending
    path = tmp_path / "g.json"
    save_game(g, path)
    loaded = load_game(path)
    assert loaded.state.active == g.state.active
    assert legal_actions(loaded.state, g.state.active) == legal_actions(g.state, g.state.active)
