"""Combat wiring benchmarks (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_combat_bench.py --benchmark-only

On the D-Day '77 breakout (real map, 81 units) at its first Allied combat phase: listing the
legal actions (the declarable attacks), and one combat declared and rolled (apply of both).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.engine import EndPhase, Game, apply, current_phase, legal_actions
from ddaydesk.formats.scenariofile import load_scenario

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def combat_state():
    g = Game(load_scenario(ROOT / "scenarios" / "dday77-breakout.yaml"), 1, {"tactical_air": True})
    while current_phase(g.state).kind != "combat":
        g.do(EndPhase(g.state.active))
    return g.state


def test_legal_actions_in_a_combat_phase(benchmark, combat_state):
    def run():
        combat_state._cache.clear()  # as after any action: nothing derived is reused
        return legal_actions(combat_state, combat_state.active)

    acts = benchmark(run)
    assert any(a.kind == "attack" for a in acts)


def test_declare_and_roll_one_combat(benchmark, combat_state):
    decl = next(a for a in legal_actions(combat_state, combat_state.active) if a.kind == "attack")

    def run():
        s, _ = apply(combat_state, decl)
        roll = next(a for a in legal_actions(s, s.active) if a.kind == "resolve_combat")
        return apply(s, roll)

    benchmark(run)
