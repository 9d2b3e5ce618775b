"""The action log: undo back to the last roll or reveal, redo, replay, state hash, view."""

from __future__ import annotations

import itertools

import pytest

from ddaydesk.engine import (
    EndPhase,
    Game,
    IllegalAction,
    Move,
    Replay,
    RollWeather,
    SystemDice,
    legal_actions,
    view,
)
from tests.engine.conftest import at


def test_state_hash_changes_with_the_state_and_not_with_copies(small):
    g = Game(small, 1)
    h0 = g.state.state_hash()
    assert g.state.copy().state_hash() == h0
    g.do(Move("allied", "a-inf", at(small, "0202")))
    assert g.state.state_hash() != h0
    assert g.states[0].state_hash() == h0  # apply never changes the state it was given


def test_states_left_behind_keep_no_derived_data_and_rebuild_it_after_undo(small):
    g = Game(small, 1)
    before = legal_actions(g.state, "allied")  # fills the start state's ZOC/occupancy cache
    assert g.state._cache
    g.do(Move("allied", "a-inf", at(small, "0202")))
    assert g.states[0]._cache == {}  # a long game holds thousands of past states
    g.undo()
    assert legal_actions(g.state, "allied") == before


def test_copies_share_records_until_one_of_them_changes_its_own(small):
    a = Game(small, 1).state
    a.own("demo")["list"] = [1]
    b = a.copy()
    assert b.extra["demo"] is a.extra["demo"]  # shared: a replay copies once per action
    b.own("demo")["list"].append(2)
    assert a.extra["demo"] == {"list": [1]} and b.extra["demo"] == {"list": [1, 2]}
    c = b.copy()
    b.own("demo")["list"].append(3)  # b was copied from: it no longer holds the record alone
    assert c.extra["demo"] == {"list": [1, 2]} and b.extra["demo"]["list"] == [1, 2, 3]
    assert a.state_hash() != b.state_hash() != c.state_hash()


def test_undo_redo_and_a_new_action_drops_the_undone_tail(small):
    g = Game(small, 1)
    h = [g.state.state_hash()]
    ch = g.do(Move("allied", "a-inf", at(small, "0202")))
    path = [small.board.labels[p] for p in ch.moved[0][3]]
    assert ch.moved[0][0] == "a-inf" and path[0] == "0101" and path[-1] == "0202" and len(path) == 3
    h.append(g.state.state_hash())
    g.do(Move("allied", "a-arm", at(small, "0304")))
    undone = g.undo()
    assert undone.moved[0][0] == "a-arm"  # the UI redraws what the undone action changed
    assert g.state.state_hash() == h[1]
    g.undo()
    assert g.state.state_hash() == h[0]
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()
    g.redo()
    assert g.state.state_hash() == h[1] and g.can_redo()
    g.do(Move("allied", "a-para", at(small, "0203")))
    assert not g.can_redo() and [a.unit for a in g.log] == ["a-inf", "a-para"]


def test_undo_stops_at_a_die_roll(small):
    g = Game(small, 9, {"weather": True})
    while g.state.phase != "weather":
        g.do(EndPhase(g.state.active))
    g.do(RollWeather("allied"))
    assert len(g.dice_log()) == 1
    g.do(Move("allied", "a-inf", at(small, "0202")))
    g.undo()  # the move after the roll may be undone
    with pytest.raises(IllegalAction, match="rolled dice"):
        g.undo()
    assert g.dice_log()[0][1].purpose == "weather turn 6"


def test_undo_stops_at_a_reveal(small):
    # Hidden information once shown stays shown (D77-SET-05 reveal, cards...): a barrier.
    g = Game(small, 1)
    g.do(Move("allied", "a-inf", at(small, "0201")))
    g.changes[-1].revealed.append("allied invasion area")
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        g.undo()


def test_replay_steps_and_jumps_without_changing_the_game(small):
    g = Game(small, 1)
    g.do(Move("allied", "a-inf", at(small, "0202")))
    while g.state.turn < 3:
        g.do(EndPhase(g.state.active))
    r = Replay(g)
    assert r.state is g.states[0]
    assert r.forward() and r.last_changes.moved
    r.jump(2, "german.movement")
    assert (r.state.turn, r.state.phase) == (2, "german.movement")
    assert r.back() and r.state.turn == 2
    with pytest.raises(ValueError, match="never reached turn 9"):
        r.jump(9)
    assert g.pos == len(g.actions)


def test_view_leaves_out_the_other_sides_secrets_and_the_dice_state(small):
    g = Game(small, 1)
    s = g.state.copy()
    s.secrets["allied"]["invasion_area"] = "normandy"
    s.secrets["german"]["withheld"] = ["g-arm"]
    v = view(s, "german")
    assert "allied" not in v.secrets and v.secrets["german"] == {"withheld": ["g-arm"]}
    assert "normandy" not in v.canonical_json()
    # a seeded game's view holds no generator: its dice are the operating system's
    assert isinstance(v.dice, SystemDice) and v.dice.draws == s.dice.draws
    assert view(s, "allied").secrets == {"allied": {"invasion_area": "normandy"}}
    with pytest.raises(ValueError):
        view(s, "soviet")


def test_rolls_made_by_phase_hooks_are_in_the_dice_log(small):
    from ddaydesk.engine import rules_module

    rm = rules_module("dday77")
    rm.add_hook("supply", lambda state, ch: ch.roll(state, 6, "test supply roll"))
    try:
        g = Game(small, 2)
        g.do(EndPhase("allied"))
        ch = g.do(EndPhase("allied"))  # enters allied.supply: its hook rolls
        assert ch.barrier and [(i, r.purpose) for i, r in g.dice_log()] == [(1, "test supply roll")]
    finally:
        rm.hooks["supply"].pop()


def test_rolls_of_the_opening_phases_are_logged_before_the_first_action():
    # FMU opens with the automatic support fire phase: a roll there belongs to no action.
    from ddaydesk.engine import rules_module
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.conftest import DATA

    rm = rules_module("fmu")
    rm.add_hook("support_fire", lambda state, ch: ch.roll(state, 6, "test marker draw"))
    try:
        g = Game(load_scenario(DATA / "engine" / "fmu_scenario.yaml"), 2)
        assert [(i, r.purpose) for i, r in g.dice_log()] == [(-1, "test marker draw")]
        assert g.start_changes.dice and g.state.dice.draws == 1
    finally:
        rm.hooks["support_fire"].pop()


def test_problem_explains_a_refusal_without_applying(small):
    from ddaydesk.engine import problem

    g = Game(small, 1)
    assert problem(g.state, EndPhase("allied")) is None
    assert problem(g.state, EndPhase("german")) == (
        "it is the allied player's allied.movement phase; german may not act")
    assert g.pos == 0 and g.state.phase == "allied.movement"


def test_states_in_the_log_share_what_an_action_left_unchanged_and_never_change():
    """A long game's states share the per-unit lists an action did not touch (memory), and
    no later action, undo or redo changes a state already in the log."""
    import random

    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario

    g = Game(load_scenario(default_scenario_path()), 3, {"weather": True})
    rnd = random.Random(3)
    hashes = [g.state.state_hash()]
    for k in range(120):
        legal = legal_actions(g.state, g.state.active)
        g.do(rnd.choice(legal))
        hashes.append(g.state.state_hash())
        if k % 30 == 29 and g.undo_problem() is None:
            g.undo()
            g.redo()
    assert [s.state_hash() for s in g.states] == hashes
    pairs = list(itertools.pairwise(g.states))
    assert any(a.status is b.status for a, b in pairs)  # shared where unchanged...
    assert all(a.place is not b.place for a, b in pairs if a.place != b.place)  # ...never where changed
