"""A seeded random player for D-Day '77: every action it takes is one the engine lists as
legal now (per action kind, through the rules module's handlers, so a whole legal_actions
list is not built for every step), with a bias to keep the game moving."""

from __future__ import annotations

import random

from ddaydesk.engine import Game, Move, legal_actions
from ddaydesk.engine.movement import move_problem, reach
from ddaydesk.engine.phases import OVER, current_phase
from ddaydesk.engine.state import PENDING
from ddaydesk.engine.systems import rules_module
from ddaydesk.rules.combat.wiring import COMBAT_KINDS

# per phase kind: how many actions of each kind at most, tried in this order
BUDGET = {"land_from_sea": 6, "drop": 3, "invade": 1, "replace": 2, "place_supply_centre": 2,
          "remove_supply_centre": 1, "interdict": 2, "interdict_river": 1, "defensive_support": 1,
          "declare_surprise": 1, "withhold": 4, "choose_area": 1, "place_withheld": 10}


def legal_of(state, side, kind):
    phase = current_phase(state)
    rm = rules_module(state.scenario.system.id)
    h = rm.handlers.get(kind)
    if h is None or (h.sides == "phase" and side != phase.side) or rm.held(state, kind):
        return []
    return list(h.legal(state, side, phase))


def _moves(game: Game, rng: random.Random, n: int) -> None:
    state = game.state
    phase = current_phase(state)
    side = phase.side
    units = state.scenario.units
    pending = [k for k, u in enumerate(units) if u.side == side and state.status[k] == PENDING]
    others = [k for k, u in enumerate(units) if u.side == side and state.place[k] >= 0]
    order = pending[:n] + rng.sample(others, min(n, len(others)))
    modes = ["normal", "strategic"] + (["surprise"] if state.scratch.get("surprise") == side else [])
    for k in order:
        state = game.state
        mode = rng.choice(modes)
        if move_problem(state, k, mode, phase.units):
            continue
        dest = reach(state, k, mode).dest
        if not dest:
            continue
        a = Move(side, units[k].id, rng.choice(dest), mode)
        legal = {x for x in legal_of(state, side, "move") if x.unit == a.unit} if k in pending else None
        if legal is not None and a not in legal:
            continue  # over the allotment: the engine lists no such move
        game.do(a)


def _settle(game: Game, rng: random.Random) -> None:
    """Answer, roll and make the result choices until no combat waits."""
    rm = rules_module(game.state.scenario.system.id)
    while rm.held(game.state, "end_phase"):
        acts = [a for a in legal_actions(game.state, game.state.active) if a.kind in COMBAT_KINDS]
        assert acts, f"turn {game.state.turn} {game.state.phase}: a combat waits but nothing is legal"
        game.do(rng.choice(acts))


def _attacks(game: Game, rng: random.Random, side: str) -> None:
    """Fight until no attack is left to declare (units in an enemy ZOC must attack)."""
    while acts := legal_of(game.state, side, "attack"):
        game.do(rng.choice(acts))
        _settle(game, rng)


def play_phase(game: Game, rng: random.Random, moves: int = 4) -> None:
    """Play the current phase to its end."""
    state = game.state
    phase = current_phase(state)
    side = phase.side
    if phase.kind == "weather":
        game.do(legal_of(state, side, "roll_weather")[0])
        return
    for kind in phase.actions:
        if kind in ("move", "attack", "roll_weather"):
            continue
        for _ in range(rng.randint(0, BUDGET.get(kind, 1)) if kind not in ("invade", "choose_area", "place_withheld", "land_from_sea") else BUDGET[kind]):
            acts = legal_of(game.state, side, kind)
            if kind == "defensive_support":
                acts = legal_of(game.state, "allied", kind)
            if not acts:
                break
            game.do(rng.choice(acts))
            _settle(game, rng)  # an automatic victory waits for its answer
    if "move" in phase.actions:
        _moves(game, rng, moves)
    if "attack" in phase.actions:
        _attacks(game, rng, side)
    ends = legal_of(game.state, side, "end_phase")
    assert ends, f"turn {game.state.turn} {game.state.phase}: the phase cannot end"
    game.do(ends[0])


def play(game: Game, rng: random.Random, until_turn: int | None = None, moves: int = 4) -> None:
    while game.state.phase != OVER and (until_turn is None or game.state.turn <= until_turn):
        play_phase(game, rng, moves)
