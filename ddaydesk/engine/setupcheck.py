"""A valid scenario is a playable scenario: what ``ddaydesk check`` asks of the rules.

The file's own validation (formats/scenariofile.py) knows the system's vocabulary, not its
rules. Here each rules module's scenario checks run (``rm.add_scenario_check``: D-Day2's
unit table and chart boxes...), then a game is set up (every set-up step and the opening
phases' hooks) and the side to act must have something to do. Each problem is reported at
the line of the unit (or top-level key) it is about, else of the scenario's ``units:``.
"""

from __future__ import annotations

from ddaydesk.engine.actions import IllegalAction
from ddaydesk.engine.dice import SeededDice
from ddaydesk.engine.phases import OVER, new_state
from ddaydesk.engine.play import legal_actions
from ddaydesk.engine.systems import rules_module
from ddaydesk.formats.errors import Problem, clip
from ddaydesk.formats.scenariofile import Scenario


def setup_problems(sc: Scenario) -> list[Problem]:
    """Why ``sc`` would not start, or []."""
    where = sc.lines.get("scenario.units", 1)

    def at(what: str | None, message: str) -> Problem:
        return Problem(sc.source, sc.lines.get(what, where) if what else where, 1, clip(message, 500))

    rm = rules_module(sc.system.id)
    problems = [at(what, message) for check in rm.scenario_checks for what, message in check(sc)]
    if problems:
        return problems
    try:
        # The dice are any: a set-up that works for one draw and not another is a rules bug.
        state = new_state(sc, SeededDice.from_seed(0))
    except IllegalAction as exc:
        return [at(None, f"the {sc.system.title} rules cannot set this scenario up: {exc.reason}")]
    if state.phase != OVER and not legal_actions(state, state.active):
        return [at(None, f"the game cannot begin: the {state.active} player has nothing to do in the "
                         f"{state.phase} phase")]
    return []
