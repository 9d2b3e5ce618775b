"""Past positions kept compactly (engine/kept.py): the same values, hashes and copies; the
position gets its lists back on undo and redo."""

from __future__ import annotations

import random
from array import array

from ddaydesk.engine import Game, legal_actions
from ddaydesk.engine.kept import INTS, _packed, retire
from ddaydesk.engine.play import apply
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario


def _played(n: int, seed: int = 5) -> tuple[Game, list[dict], list[str]]:
    """A game of ``n`` random legal actions, with each position's per-unit values and hash as
    they were while it was the game's position."""
    g = Game(load_scenario(default_scenario_path()), seed, {"weather": True})
    rnd = random.Random(seed)
    values, hashes = [], []
    for _ in range(n):
        values.append({name: list(getattr(g.state, name)) for name in INTS})
        hashes.append(g.state.state_hash())
        g.do(rnd.choice(legal_actions(g.state, g.state.active)))
    values.append({name: list(getattr(g.state, name)) for name in INTS})
    hashes.append(g.state.state_hash())
    return g, values, hashes


def test_past_positions_hold_arrays_of_the_same_values_and_hash_as_before():
    g, values, hashes = _played(60)
    for i, s in enumerate(g.states[:-1]):
        for name in INTS:
            assert type(getattr(s, name)) is array, (i, name)
            assert list(getattr(s, name)) == values[i][name], (i, name)
        assert s.state_hash() == hashes[i]
    assert all(type(getattr(g.state, name)) is list for name in INTS)  # the position: lists
    moved = [i for i in range(60) if values[i]["place"] != values[i + 1]["place"]]
    assert moved and all(g.states[i].place is not g.states[i + 1].place for i in moved)
    same = [i for i in range(59) if values[i]["steps_lost"] == values[i + 1]["steps_lost"]]
    assert same and all(g.states[i].steps_lost is g.states[i + 1].steps_lost for i in same)


def test_undo_and_redo_give_the_position_its_lists_back_and_keep_the_one_left_compactly():
    g, values, hashes = _played(40)
    while g.undo_problem() is None and g.pos > 30:
        g.undo()
        assert all(type(getattr(g.state, name)) is list for name in INTS)
        left = g.states[g.pos + 1]
        assert type(left.place) is array and list(left.place) == values[g.pos + 1]["place"]
    assert g.pos < 40, "the game had something to undo"
    while g.can_redo():
        g.redo()
        assert type(g.state.place) is list and g.state.state_hash() == hashes[g.pos]
    assert [s.state_hash() for s in g.states] == hashes


def test_a_past_position_copies_and_plays_on_as_the_position_did():
    g, _values, _hashes = _played(30)
    past = g.states[20]
    copy = past.copy()
    assert all(type(getattr(copy, name)) is list for name in INTS)  # a copy another action changes
    assert copy.state_hash() == past.state_hash()
    action = g.actions[20]
    assert apply(past, action)[0].state_hash() == g.states[21].state_hash()


def test_a_record_equal_to_the_one_before_is_shared():
    g, _values, _hashes = _played(2)
    before, state = g.states[0], g.states[1]
    state.extra, before.extra = {"r": {"a": [1, 2]}, "s": {"b": 1}}, {"r": {"a": [1, 2]}, "s": {"b": 2}}
    retire(state, before)
    assert state.extra["r"] is before.extra["r"] and state.extra["s"] == {"b": 1}
    assert state.extra is not before.extra
    state.extra["s"] = {"b": 2}
    retire(state, before)
    assert state.extra is before.extra  # every record the same: the mapping too


def test_packed_keeps_each_value_in_the_smallest_type_or_the_list_as_it_is():
    assert _packed([-1, 5, 127]).typecode == "b"
    assert _packed([-1, 3000]).typecode == "h"
    assert _packed([-1, 70000]).typecode == "i"
    assert _packed([1, 2**40]) == [1, 2**40] and type(_packed([1, 2**40])) is list
    assert type(_packed([1, "x"])) is list
