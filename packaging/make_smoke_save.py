"""Write a saved game for the frozen-app smoke test: ``PYTHON make_smoke_save.py SCENARIO OUT``.

Runs with a Python that has ddaydesk installed (the build's venv), on the scenario file
inside the frozen bundle, so the save points at the bundled copy. It plays a fixed,
seeded sequence of legal actions (moves, and phase ends so dice are rolled when the
sequence of play rolls any) and saves it, so loading it in the frozen app replays and
verifies real engine work.
"""

from __future__ import annotations

import sys

from ddaydesk.engine import Game, legal_actions, save_game
from ddaydesk.formats.scenariofile import load_scenario

ACTIONS = 12


def main(scenario_path: str, out: str) -> int:
    game = Game(load_scenario(scenario_path), seed=20260606)
    for i in range(ACTIONS):
        acts = legal_actions(game.state, game.state.active)
        if not acts:
            break
        # Every third action ends the phase (acts[0]); the others take the last legal one,
        # a move when the phase allows moves.
        game.do(acts[0] if i % 3 == 2 or len(acts) == 1 else acts[-1])
    save_game(game, out)
    print(f"{out}: {len(game.log)} actions, {len(game.dice_log())} dice rolls")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
