"""legal_actions' moves reuse searches across positions (engine/legal_moves.py): they must be
exactly the moves a fresh search of every unit gives, position after position; and every
destination's path, found back from the costs, is lawful and costs what the search says."""

from __future__ import annotations

import random

import pytest

from ddaydesk.engine import (
    ON_MAP,
    OVER,
    Game,
    Move,
    current_phase,
    legal_actions,
    reach,
    rules_module,
)
from ddaydesk.engine.core import _modes
from ddaydesk.engine.movement import move_problem, path_cost
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import ROOT


def fresh_moves(state, side) -> set[Move]:
    """Every move of ``side``'s units on the map from a search of each (reach keeps nothing
    between states; pending units' moves are searched afresh by legal_actions too, and the
    rules modules may hold some back)."""
    phase = current_phase(state)
    out = set()
    for mode in _modes(state):
        for k, u in enumerate(state.scenario.units):
            if u.side == side and state.status[k] == ON_MAP and not move_problem(state, k, mode, phase.units):
                out.update(Move(side, u.id, to, mode) for to in reach(state, k, mode).dest)
    return out


def positions_of(scenario: str, seed: int, options: dict, n: int):
    """The states of a seeded random game (moves mostly), ``n`` actions long."""
    g = Game(load_scenario(ROOT / "scenarios" / scenario), seed, options)
    rnd = random.Random(seed)
    while len(g.log) < n and g.state.phase != OVER:
        yield g.state
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        g.do(rnd.choice(ends) if ends and rnd.random() < 0.1 else rnd.choice(legal))


def listed_and_fresh(state) -> tuple[set[Move], set[Move]] | None:
    """The moves legal_actions lists for the units on the map, and a fresh search's; None
    when the position has no movement."""
    phase = current_phase(state)
    if "move" not in phase.actions or rules_module(state.scenario.system.id).held(state, "move"):
        return None
    on_map = {u.id for k, u in enumerate(state.scenario.units) if state.status[k] == ON_MAP}
    listed = {a for a in legal_actions(state, phase.side, ("move",)) if a.unit in on_map}
    return listed, fresh_moves(state, phase.side)


@pytest.mark.parametrize("scenario, options", [
    ("dday77-breakout.yaml", {"weather": True, "armoured_zoc": True, "surprise_attack": True}),
    ("utah-campaign.yaml", {}),
    ("sword.yaml", {}),
])
def test_reused_moves_are_a_fresh_search_s_moves(scenario, options):
    checked = 0
    for state in positions_of(scenario, 11, options, 200):
        got = listed_and_fresh(state)
        if got is not None:
            assert got[0] == got[1]
            checked += bool(got[0])
    assert checked > 30  # positions with moves to compare


def test_a_destination_s_path_is_lawful_and_costs_its_cost():
    for state in positions_of("dday77-breakout.yaml", 5, {"armoured_zoc": True}, 60):
        phase = current_phase(state)
        for k, u in enumerate(state.scenario.units):
            if u.side != state.active or move_problem(state, k, "normal", phase.units):
                continue
            r = reach(state, k)
            for to in r.dest:
                path = r.path(to)
                assert path[-1] == to and (r.start < 0 or path[0] == r.start)
                assert path_cost(state, k, "normal", path) == r.dist[to]


def test_the_kept_searches_stay_bounded_and_a_search_let_go_of_is_made_again_the_same(monkeypatch):
    """With room for only a few searches, every position evicts most of them: the moves listed
    are still a fresh search's, and neither table grows past its bound."""
    from ddaydesk.engine import legal_moves
    from ddaydesk.engine.positions import board_cache

    monkeypatch.setattr(legal_moves, "KEPT", 5)
    checked = 0
    for state in positions_of("dday77-breakout.yaml", 3, {"armoured_zoc": True}, 80):
        if not checked:  # (the board is shared with the tests before: what they kept goes)
            for table in ("balls", "searches", "unit_moves"):
                board_cache(state.scenario.board).pop(table, None)
        got = listed_and_fresh(state)
        if got is not None:
            assert got[0] == got[1]
            checked += bool(got[0])
        cache = board_cache(state.scenario.board)
        assert len(cache.get("balls", {})) <= 5 and len(cache.get("searches", {})) <= 5
    assert checked > 10


def test_the_least_recently_used_search_is_let_go_first(monkeypatch):
    from ddaydesk.engine import legal_moves

    monkeypatch.setattr(legal_moves, "KEPT", 2)
    table: dict = {}
    legal_moves._keep(table, "a", 1)
    legal_moves._keep(table, "b", 2)
    assert legal_moves._used(table, "a") == 1  # "a" used again: "b" is now the oldest
    legal_moves._keep(table, "c", 3)
    assert table == {"a": 1, "c": 3}
    assert legal_moves._used(table, "b") is None
