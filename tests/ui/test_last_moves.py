"""Last moves: when a side's turn begins, the other side's moves and attacks since its last
turn are drawn as trails (its own moves of the turn join them as it plays); View > Last-move
trails switches them off, attacks included."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, Game, current_phase, legal_actions, problem
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.ui.engine_port import EnginePort


def allied_turn() -> Game:
    """The tutorial's first Allied turn: two units moved, one attack rolled and its result
    taken; then play passes to the German movement phase."""
    g = Game(load_scenario(default_scenario_path()), seed=3)
    while current_phase(g.state).kind != "movement":
        g.do(EndPhase(g.state.active))
    moved = []
    for a in legal_actions(g.state, "allied", ("move",)):
        if a.unit not in moved and len(moved) < 2 and a.mode == "normal":
            g.do(a)
            moved.append(a.unit)
    g.do(EndPhase("allied"))
    g.do(legal_actions(g.state, "allied", ("attack",))[0])
    while g.state.active == "allied" and current_phase(g.state).kind == "combat":
        acts = [a for a in legal_actions(g.state, g.state.active) if a.kind != "end_phase"]
        g.do(acts[0] if acts else EndPhase("allied"))
    while g.state.phase != "german.movement":
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind != "end_phase") if
             current_phase(g.state).side != g.state.active else EndPhase(g.state.active))
    return g


@pytest.fixture
def win(qtbot, settings):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(EnginePort(allied_turn()), settings, autosave=False)
    qtbot.addWidget(w)
    w.show()
    return w


def test_the_german_sees_the_allied_moves_and_attacks_when_his_turn_begins(qtbot, win):
    g = win.port.game
    assert win.controller.side == "german"
    # from the log, independently: every Allied move's path, and the attack's places
    index = g.scenario.unit_index  # a move's path starts where it starts; a retreat's after it
    moves = [tuple(a.via) if a.kind == "move" else (g.states[i].place[index[a.unit]], *a.via)
             for i, a in enumerate(g.log) if a.kind in ("move", "retreat") and a.via]
    attack_at = next(i for i, a in enumerate(g.log) if a.kind == "attack")
    declared = g.log[attack_at]
    before = g.states[attack_at]
    frm = tuple(dict.fromkeys(before.place[g.scenario.unit_index[u]] for u in declared.attackers))
    v = win.controller.view
    assert len(moves) >= 2 and set(moves) <= set(v.trails)
    assert (frm, declared.target) in v.trail_attacks
    assert win.scene.overlays.trails.isVisible() and not win.scene.overlays.trails.path().isEmpty()
    attacks = win.review.trail_attacks
    assert (frm, declared.target) in attacks.marks.attacks and not attacks.attacks.path().isEmpty()
    assert attacks.attacks.isVisible()
    # his own move of this turn joins them
    c = win.controller
    uid = next(u.id for u in v.units if u.side == "german" and u.place >= 0 and u.type != "hq"
               and c.port.legal_moves(u.id).cost.keys() - {u.place})
    c.select(uid)
    target = max(set(c.range.cost) - {c.range.start})
    path = tuple(c.range.path_to(target))
    assert c.move_selected(target)
    assert path in c.view.trails and set(moves) <= set(c.view.trails)
    # View > Last-move trails: off, attacks and all
    win.layer_actions["trails"].trigger()
    assert not win.scene.overlays.trails.isVisible() and not attacks.attacks.isVisible()
    win.layer_actions["trails"].trigger()
    assert attacks.attacks.isVisible()


def test_trails_end_at_the_viewing_sides_previous_turn(qtbot, win):
    """Back to the Allies next turn: the German's moves since, not their own old ones."""
    g = win.port.game
    allied_paths = {tuple(a.via) for a in g.log if a.kind == "move" and a.side == "allied"}
    german = next(a for a in legal_actions(g.state, "german", ("move",)) if a.mode == "normal")
    g.do(german)
    while g.state.turn == 1 or current_phase(g.state).kind != "movement":
        end = EndPhase(g.state.active)
        g.do(end if problem(g.state, end) is None else
             next(a for a in legal_actions(g.state, g.state.active) if a.kind != "end_phase"))
    win.controller.hand_to("allied")
    if win.stack.currentWidget() is win.handover:
        win.handover.button.click()
    v = win.controller.view
    assert v.side == "allied" and v.turn == 2
    assert tuple(g.log[g.log.index(german)].via) in v.trails and not allied_paths & set(v.trails)
