"""A simple scripted player for whole D-Day2 games in tests: both sides head for the cities.

Works on the engine's GameState and actions: ``choose(state)`` is one of
``legal_actions(state, state.active)``."""

from __future__ import annotations

from ddaydesk.engine import OVER, EndPhase, Game, legal_actions
from ddaydesk.rules.dd2 import DD2State

PATROL_ZONES = ("36", "40", "34")  # over the German entry areas


def _dist(board):
    got = getattr(board, "_dd2_test_dist", None)
    if got is None:
        got = [[board.distance(i, j) for j in range(board.n)] for i in range(board.n)]
        board._dd2_test_dist = got
    return got


def choose(gs):
    acts = legal_actions(gs, gs.active)
    kinds = {a.kind for a in acts}
    if "casualties" in kinds or len(acts) == 1:
        return acts[0]
    s = DD2State(gs)
    board = s.board
    cities = s.info.victory
    dist = _dist(board)
    end = next((a for a in acts if isinstance(a, EndPhase)), acts[-1])
    if s.phase == "naval":
        targets = [a for a in acts if a.kind == "bombard" and s.zone[s.k(a.unit)] in _firing(s)]
        return (targets or acts)[0]
    if s.phase == "bombing":
        bombs = [a for a in acts if a.kind == "bomb"]
        if bombs:
            return max(bombs, key=lambda a: (a.target in cities, len(s.in_zone(a.target, "german"))))
        return end
    if s.phase == "patrol":
        pick = [a for a in acts if a.kind == "patrol" and board.labels[a.place] in PATROL_ZONES and a.n == 3
                and not s.in_zone(a.place, "allied", ("fighter",))]
        return (pick or [end])[0]
    if s.phase in ("allied_move", "german_move"):
        lands = [a for a in acts if a.kind == "go_ashore"]
        if lands:
            return lands[0]
        best = None
        for a in acts:
            if a.kind != "move":
                continue
            here, there = s.zone[s.k(a.unit)], a.to
            if s.phase == "german_move" and here in cities:
                continue  # the Germans hold the cities
            d0 = min(dist[here][c] for c in cities)
            d1 = min(dist[there][c] for c in cities)
            if d1 < d0 and (best is None or d1 < best[0]):
                best = (d1, a)
        return best[1] if best else end
    if s.phase.endswith("reinforce"):
        places = [a for a in acts if a.kind == "reinforce"]
        if places:
            return min(places, key=lambda a: min(dist[a.place][c] for c in cities))
        return end
    return acts[0]


def _firing(s):
    return {z for zs in s.info.fire.values() for z in zs}


def play(game: Game, max_actions=20000) -> Game:
    """Play a Game to the end through ``Game.do``."""
    while game.state.phase != OVER and len(game.log) < max_actions:
        game.do(choose(game.state))
    return game
