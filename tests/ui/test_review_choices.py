"""Review for every system, and the choice it offers at a past position: "Take back to here"
where the engine's undo may go (no roll, no reveal, no other side's decision in between), else
"Start a new game from here", saved as a new file and opened."""

from __future__ import annotations

import pytest

from ddaydesk.engine import OVER, EndPhase, Game, current_phase, legal_actions, load_game
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.review_port import snapshot
from tests.ui.drive import scripted

SYSTEMS = ("tutorial.yaml", "utah-landing.yaml", "dday2.yaml", "sword.yaml", "ddd-omaha.yaml")


def window(qtbot, settings, game):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(EnginePort(game), settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


@pytest.mark.parametrize("name", SYSTEMS)
def test_review_steps_through_a_game_of_every_system(qtbot, settings, name):
    g = Game(load_scenario(scenarios_dir() / name), seed=5)
    choose = scripted(5)
    while g.pos < 40 and g.state.phase != OVER:
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    rv = win.review
    rv.enter(0)
    for i in range(g.pos + 1):
        assert rv.port.at == i and win.controller.port.game.state is g.state_at(i)
        side = win.controller.side
        want = {u.id: (u.place, u.part) for u in EnginePort(snapshot(g, i)).view(side).units
                if u.place >= 0 and not u.eliminated}
        assert {u: (x.place, x.part) for u, x in win.scene.counters.units.items()} == want
        # the turn track where the game has a last turn; D-Day Dice's seven phases instead
        of = f" of {g.scenario.last_turn}" if win.profile.turn_limit else "\n"
        assert win.turn_track.isVisible() == win.profile.turn_limit
        assert win.phase_label.text().startswith(f"Turn {g.state_at(i).turn}{of}")
        assert all(part.isVisible() for part in win.turn_parts)
        rv.bar.steps["action+"].trigger()
    rv.bar.steps["start"].trigger()
    assert rv.port.at == 0
    rv.leave()
    assert win.controller.port.game is g and g.pos >= 1


def tutorial_moves(qtbot, settings, n: int = 3):
    """The tutorial in the window, the Allies' first n moves made there (no dice)."""
    g = Game(load_scenario(default_scenario_path()), seed=3)
    while current_phase(g.state).kind != "movement":
        g.do(EndPhase(g.state.active))
    win = window(qtbot, settings, g)
    c = win.controller
    for a in distinct_moves(g.state, n):
        c.select(a.unit)
        assert c.move_selected(a.to)
    return win, g


def distinct_moves(state, n: int) -> list:
    """A move each for the first ``n`` units the Allies may move (normal mode)."""
    out: dict[str, object] = {}
    for a in legal_actions(state, "allied", ("move",)):
        if a.mode == "normal" and len(out) < n:
            out.setdefault(a.unit, a)
    return list(out.values())


def test_take_back_to_here_undoes_the_live_game(qtbot, settings):
    win, g = tutorial_moves(qtbot, settings)
    end, moved = g.pos, g.state_at(g.pos - 2)
    rv = win.review
    rv.enter()
    rv.bar.steps["action-"].trigger()
    rv.bar.steps["action-"].trigger()
    here = rv.bar.here
    assert here.text() == "Take back to here" and here.isEnabled()
    here.click()
    assert not rv.active and g.pos == end - 2 and g.state is moved
    assert win.undo_action.isEnabled() and win.redo_action.isEnabled()  # the Edit menu's undo, in step
    win.redo_action.trigger()
    assert g.pos == end - 1


def test_take_back_beyond_this_sessions_undo_stack(qtbot, settings):
    """A game opened with actions already in its log: the engine undoes them all the same."""
    g = Game(load_scenario(default_scenario_path()), seed=3)
    while current_phase(g.state).kind != "movement":
        g.do(EndPhase(g.state.active))
    for a in distinct_moves(g.state, 3):  # moves: no roll, no reveal
        g.do(a)
    win = window(qtbot, settings, g)
    assert win.controller.undo_stack.count() == 0
    win.review.enter(1)
    win.review.bar.here.click()
    assert g.pos == 1 and not win.review.active and win.controller.view.phase


def test_past_a_roll_the_choice_is_a_new_game_from_here(qtbot, settings, tmp_path):
    win, g = tutorial_moves(qtbot, settings)
    before_roll = g.pos
    g.do(EndPhase("allied"))
    g.do(legal_actions(g.state, "allied", ("attack",))[0])
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"))
    assert g.changes[g.pos - 1].dice
    win.controller.refresh()
    rv = win.review
    rv.enter(before_roll)
    here = rv.bar.here
    assert here.text().startswith("Start a new game from here") and "rolled dice" in here.toolTip()
    path = tmp_path / "branch"
    rv.ask_branch_path = lambda: str(path)
    here.click()
    saved = tmp_path / "branch.ddaysave"
    assert saved.exists() and win.save_path == str(saved)
    new = win.port.game
    assert new is not g and new.pos == before_roll and not win.review.active
    assert new.state.state_hash() == g.state_at(before_roll).state_hash()
    assert load_game(saved).state.state_hash() == g.state_at(before_roll).state_hash()
    assert g.pos == before_roll + 3  # the old game is as it was
