"""Review mode in the real window over the real engine: a seeded 2,000-action campaign game
stepped by action, phase and turn, jumped to turn 10, back to the start and forward to the
end, the window showing ``Game.state_at(i)`` at every point; the live game untouched."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ddaydesk.engine import ON_MAP, view
from ddaydesk.ui.action_marks import action_marks
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.models.log import CURRENT
from ddaydesk.ui.port import PortError
from ddaydesk.ui.review_port import READ_ONLY
from tests.ui.longgame import CACHE, campaign_game


@pytest.fixture(scope="session")
def campaign():
    """Played once, kept in the system's temporary folder (the review never changes it)."""
    return campaign_game(CACHE)


@pytest.fixture
def win(qtbot, settings, campaign):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(EnginePort(campaign), settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def shows(win, game, i: int) -> None:
    """The window shows the position after ``i`` actions as the viewing side sees it."""
    rv = win.review
    assert rv.active and rv.port.at == i
    state = game.state_at(i)
    assert win.controller.port.game.state is state  # the very state the log made
    side = win.controller.side
    v = view(state, side)
    want = {u.id: v.place[k] for k, u in enumerate(game.scenario.units) if v.status[k] == ON_MAP and v.place[k] >= 0}
    got = {uid: u.place for uid, u in win.scene.counters.units.items()}
    assert got == want
    assert win.controller.view.turn == state.turn and f"Turn {state.turn} of" in win.phase_label.text()
    assert rv.bar.slider.value() == i and f"Action {i} of {rv.port.end}" in rv.bar.where.text()
    assert win.log_model.current == i
    if i:  # the action's row is highlighted, its dice too, and what it did is drawn
        row = win.log_model.row_of(i)
        assert win.log_model.data(win.log_model.index(row), Qt.ItemDataRole.BackgroundRole).color() == CURRENT
        assert rv.marks.marks == action_marks(game, i - 1, side)
        dice = win.dice_log.model
        for r in dice.rows_of(i):
            assert dice.data(dice.index(r, 0), Qt.ItemDataRole.BackgroundRole).color() == CURRENT


def test_review_the_2000_action_campaign_game(qtbot, win, campaign):
    g = campaign
    live, end, hashed = win.port, g.pos, g.state.state_hash()
    assert end == 2000
    rv = win.review
    rv.action.trigger()  # Game > Review the game
    assert rv.bar.isVisible() and win.controller.port is not live
    shows(win, g, end)
    for i in (1999, 1998, 1997):  # back an action at a time
        rv.bar.steps["action-"].trigger()
        shows(win, g, i)
    rv.bar.steps["action+"].trigger()
    shows(win, g, 1998)
    box = win.turn_track.box_rect(10).center()  # a click on turn 10 of the turn track
    win.turn_track.ensureVisible(box.x(), box.y())
    qtbot.mouseClick(win.turn_track.boxes, Qt.MouseButton.LeftButton, pos=box)
    shows(win, g, g.find(10))
    assert g.state_at(g.find(10)).turn == 10 and g.state_at(g.find(10) - 1).turn == 9
    at = rv.port.at  # a phase forward: the first position of the next phase
    rv.bar.steps["phase+"].trigger()
    p = rv.port.at
    keys = [(s.turn, s.phase) for s in g.states[at:p + 1]]
    assert keys[-1] != keys[-2] and len(set(keys[:-1])) == 1
    shows(win, g, p)
    rv.bar.steps["phase-"].trigger()  # at a phase's start, back goes to the phase before's start
    assert rv.port.at == at
    rv.bar.steps["turn+"].trigger()
    shows(win, g, g.find(11))
    rv.bar.steps["turn-"].trigger()
    rv.bar.steps["turn-"].trigger()
    shows(win, g, g.find(9))
    rv.jump_to_turn(22)
    shows(win, g, g.find(22))
    rv.bar.steps["start"].trigger()  # back to the start
    shows(win, g, 0)
    assert not rv.bar.steps["action-"].isEnabled()
    for i in (1, 2, 3):
        rv.bar.steps["action+"].trigger()
        shows(win, g, i)
    rv.bar.steps["end"].trigger()  # forward to the end
    shows(win, g, end)
    assert not rv.bar.steps["action+"].isEnabled() and not rv.bar.here.isEnabled()
    rv.bar.slider.setValue(1234)  # the slider runs over the whole log
    shows(win, g, 1234)
    row = win.log_model.row_of(777)  # a log row's double-click jumps there
    win.log_view.doubleClicked.emit(win.log_model.index(row))
    shows(win, g, 777)
    seq = win.dice_log.model.rows[3][0].seq  # and a dice row's
    win.dice_log.table.doubleClicked.emit(win.dice_log.model.index(3, 2))
    shows(win, g, seq)
    rv.bar.leave_action.trigger()  # leaving returns to the live game
    assert not rv.active and not rv.bar.isVisible() and win.controller.port is live
    assert g.pos == end and g.state.state_hash() == hashed and win.log_model.current == -1


def test_review_is_read_only(qtbot, win, campaign):
    rv = win.review
    rv.enter(1500)
    assert not win.end_phase_action.isEnabled() and not win.undo_action.isEnabled()
    assert not win.actions_panel.isEnabled() and not win.attack_action.isEnabled()
    port = win.controller.port
    for change in (port.end_phase, lambda: port.move("us-1", [0]), port.undo, lambda: port.choose(0)):
        with pytest.raises(PortError, match=READ_ONLY.split(":")[0]):
            change()
    uid = next(iter(win.scene.counters.units))
    win.controller.select(uid)  # a unit may be looked at, not moved
    assert win.controller.range is None
    assert port.save_bytes() == win.port.save_bytes()  # Save saves the whole game
    rv.leave()
    assert win.end_phase_action.isEnabled() and win.actions_panel.isEnabled()


def test_review_keys(qtbot, win, campaign):
    win.activateWindow()
    qtbot.waitActive(win)
    qtbot.keyClick(win, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Ctrl+R: review
    assert win.review.active and win.review.port.at == campaign.pos
    qtbot.keyClick(win, Qt.Key.Key_Home)
    assert win.review.port.at == 0
    qtbot.keyClick(win, Qt.Key.Key_Period)
    assert win.review.port.at == 1
    qtbot.keyClick(win, Qt.Key.Key_PageDown)
    assert win.review.port.at == win.review.port.steps.next_phase(1)
    qtbot.keyClick(win, Qt.Key.Key_End)
    assert win.review.port.at == campaign.pos
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert not win.review.active
