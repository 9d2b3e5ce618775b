"""Playing an engine action through the real main window, as a player would: a move by clicking
the unit's counter and then the place, the end of a phase with the Actions dock's button, every
other action by activating its line in the Actions dock (confirming its preview, if any); the
hand-over screen, when the window shows it, is passed by the next player.

Scripted test players pick the action from ``legal_actions``; this module finds the window's
way to take it and checks the window took exactly that action."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from ddaydesk.engine import OVER, EndPhase, Move, legal_actions, problem
from ddaydesk.ui.widgets.actionspanel import ROLE


def click_place(qtbot, win, place: int) -> None:
    """A left click on the map at the place's centre."""
    win.view.centre_on_place(place)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=win.view.view_point_of(place))


def take(qtbot, win, action) -> None:
    """Take ``action`` (legal now, for the side to act) through the window."""
    port = win.port
    game = port.game
    before = game.pos
    if win.stack.currentWidget() is win.handover:  # the next player sits down (a side with secrets)
        win.handover.button.click()
    assert win.controller.side == game.state.active, "the window hands the seat to the side to act"
    if isinstance(action, Move):
        win.aids.modes.choose(action.mode)  # the turn bar's "Move:" box (D-Day '77's strategic moves)
        win.controller.select(action.unit)  # as a click on its counter or its row in the Units dock
        assert win.controller.range is not None and action.to in win.controller.range.cost, win.hint.text()
        click_place(qtbot, win, action.to)
        win.aids.modes.choose("normal")
    elif isinstance(action, EndPhase):
        win.actions_panel.end_button.click()
    else:
        index = port._choice_actions(game.state).index(action)
        win.actions_panel.set_place(-1, "")
        item = next(i for i in win.actions_panel.items() if i.data(0, ROLE) == index)
        win.actions_panel.tree.itemActivated.emit(item, 0)
        if win.preview_dialog is not None:  # the odds before the roll: roll
            win.preview_dialog.accept()
    assert game.pos == before + 1, f"the window did not take {action}: {win.hint.text()}"
    assert game.log[-1] == action or isinstance(action, Move)  # a move may log the path it took


def scripted(seed: int):
    """A seeded player: a random legal action, favouring moves and the end of phases less
    than the rest so that games go somewhere. Moves in any mode the rules list (strategic and
    surprise movement are chosen on the turn bar)."""
    rng = random.Random(seed)

    def choose(state):
        acts = legal_actions(state, state.active)
        others = [a for a in acts if not isinstance(a, Move | EndPhase)]
        rng.shuffle(others)
        # listed but refused (a campaign drop beyond the turn's allotment): left to the engine's
        # own listed-means-legal tests, not played here
        other = next((a for a in others[:8] if problem(state, a) is None), None)
        if other is not None and rng.random() < 0.7:
            return other
        moves = [a for a in acts if isinstance(a, Move)]
        if moves and rng.random() < 0.6:
            return rng.choice(moves)
        return next((a for a in acts if isinstance(a, EndPhase)), other or acts[0])
    return choose


def play(qtbot, win, choose, actions: int) -> int:
    """Take up to ``actions`` actions chosen by ``choose(state)``; returns how many were taken."""
    game = win.port.game
    for n in range(actions):
        if game.state.phase == OVER:
            return n
        take(qtbot, win, choose(game.state))
    return actions
