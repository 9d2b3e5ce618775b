"""A simple player for whole Koenig's D-Day games in tests: each side heads for the enemy,
attacks what it can reach and ends its activation; decisions picked at random from the
legal actions with a seeded generator (the game's own dice stay the engine's)."""

from __future__ import annotations

import random

from ddaydesk.engine import OVER, Game, legal_actions

ATTACKS = ("fire_attack", "close_combat")


def choose(state, rng: random.Random):
    acts = legal_actions(state, state.active)
    kinds = {a.kind for a in acts}
    if "operation" in kinds and rng.random() < 0.9:
        return rng.choice([a for a in acts if a.kind == "operation"])
    attacks = [a for a in acts if a.kind in ATTACKS]
    if attacks and rng.random() < 0.6:
        return rng.choice(attacks)
    moves = [a for a in acts if a.kind == "move"]
    if moves and rng.random() < 0.7:
        return rng.choice(moves)
    others = [a for a in acts if a.kind not in ("move", "end_phase", *ATTACKS)]
    ends = [a for a in acts if a.kind == "end_phase"]
    if others and (not ends or rng.random() < 0.5):
        return rng.choice(others)
    return ends[0] if ends else rng.choice(acts)


def play(game: Game, seed: int = 0, max_actions: int = 5000) -> Game:
    rng = random.Random(seed)
    while game.state.phase != OVER and len(game.log) < max_actions:
        game.do(choose(game.state, rng))
    return game
