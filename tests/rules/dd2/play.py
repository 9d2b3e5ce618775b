"""A simple scripted player for whole D-Day2 games in tests: both sides head for the cities."""

from __future__ import annotations

from ddaydesk.rules.dd2 import apply, legal_actions

PATROL_ZONES = ("36", "40", "34")  # over the German entry areas


def _dist(board):
    got = getattr(board, "_dd2_test_dist", None)
    if got is None:
        got = [[board.distance(i, j) for j in range(board.n)] for i in range(board.n)]
        board._dd2_test_dist = got
    return got


def choose(s):
    acts = legal_actions(s)
    kinds = {a.kind for a in acts}
    if "casualties" in kinds or len(acts) == 1:
        return acts[0]
    board = s.board
    cities = s.info.victory
    dist = _dist(board)
    if s.phase == "naval":
        targets = [a for a in acts if a.kind == "bombard" and s.zone[s.k(a.unit)] in _firing(s)]
        return (targets or acts)[0]
    if s.phase == "bombing":
        bombs = [a for a in acts if a.kind == "bomb"]
        if bombs:
            return max(bombs, key=lambda a: (board.index(a.zone) in cities,
                                             len(s.in_zone(board.index(a.zone), "german"))))
        return acts[-1]
    if s.phase == "patrol":
        pick = [a for a in acts if a.kind == "patrol" and a.zone in PATROL_ZONES and a.n == 3
                and not s.in_zone(board.index(a.zone), "allied", ("fighter",))]
        return (pick or [acts[-1]])[0]
    if s.phase in ("allied_move", "german_move"):
        lands = [a for a in acts if a.kind == "land"]
        if lands:
            return lands[0]
        best = None
        for a in acts:
            if a.kind != "move":
                continue
            k = s.k(a.unit)
            here, there = s.zone[k], board.index(a.zone)
            if s.phase == "german_move" and here in cities:
                continue  # the Germans hold the cities
            d0 = min(dist[here][c] for c in cities)
            d1 = min(dist[there][c] for c in cities)
            if d1 < d0 and (best is None or d1 < best[0]):
                best = (d1, a)
        return best[1] if best else next(a for a in acts if a.kind == "end_moves")
    if s.phase.endswith("reinforce"):
        places = [a for a in acts if a.kind == "place"]
        if places:
            return min(places, key=lambda a: min(dist[board.index(a.zone)][c] for c in cities))
        return acts[-1]
    return acts[0]


def _firing(s):
    return {z for zs in s.info.fire.values() for z in zs}


def play(s, max_actions=20000):
    """Play to the end; returns the final state and the action log."""
    log = []
    while s.phase != "over" and len(log) < max_actions:
        a = choose(s)
        log.append(a)
        s = apply(s, a)
    return s, log
