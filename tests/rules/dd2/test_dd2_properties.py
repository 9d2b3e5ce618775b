"""Random legal play keeps D-Day2's invariants, and apply never changes the state it is given."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.rules.dd2 import apply, legal_actions, new_game
from ddaydesk.rules.dd2.moves import stack
from tests.rules.dd2.conftest import SeededDice


def check_invariants(s):
    board = s.board
    for z in range(board.n):
        for side in ("allied", "german"):
            assert stack(s, z, side) <= 8  # DD2-TERR-04, at any time
        assert len(s.in_zone(z, "allied", ("fighter",))) <= 3  # DD2-AIR-05
    for z, beach in s.info.beaches.items():
        assert len(s.on_beach(z)) <= max(beach.capacity, 8)  # start fills Omaha to 8
    fighters = sum(1 for k in range(len(s.zone)) if s.type(k) == "fighter" and s.alive(k))
    assert fighters <= 8
    for k in range(len(s.zone)):
        if s.part[k] in ("A", "G", "P", "beach", "drop"):
            assert s.zone[k] >= 0
        if s.type(k) == "para_surprise" and s.turn > 1:
            assert not s.alive(k)  # DD2-PARA-01: turn 1 only


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_random_legal_play(scenario, seed):
    rng = random.Random(seed)
    s = new_game(scenario, SeededDice(seed))
    while s.turn <= 3 and s.phase != "over":
        acts = legal_actions(s)
        assert acts, f"no legal action in {s.phase}"
        a = rng.choice(acts)
        before = s.state_hash()
        n = apply(s, a)  # every offered action is accepted
        assert s.state_hash() == before  # the old state is untouched (undo keeps it)
        check_invariants(n)
        s = n
