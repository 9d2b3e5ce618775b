"""Playing D-Day Dice through the window's own widgets, as a player does: a die is locked by a
click on it, the dice are rolled and re-rolled with the R key and kept with K (on the card at
the keyboard, which a click on the card picks), a tally is scored with its row's Score button,
a Unit moves by a click on its marker and then on the Sector; everything else is a line of the
Actions dock (``drive.take``). Each step checks the window took exactly the action wanted."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from ddaydesk.ui.widgets.ddd_players import PlayersPanel
from tests.ui.drive import click_place
from tests.ui.drive import take as take_in_dock

KEYS = {"roll_dice": Qt.Key.Key_R, "reroll": Qt.Key.Key_R, "keep_dice": Qt.Key.Key_K}


def panel(win) -> PlayersPanel:
    return next(d.widget() for d in win.panel_docks if isinstance(d.widget(), PlayersPanel))


def seat(qtbot, win) -> None:
    """The next player sits down when the window shows the hand-over screen."""
    if win.stack.currentWidget() is win.handover:
        win.handover.button.click()


def to_keyboard(qtbot, win, pid: str):
    """A click on the player's card brings it to the keyboard; returns the card."""
    card = panel(win).cards[pid]
    if panel(win).focus != pid:
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton, pos=QPoint(4, 4))
    assert panel(win).focus == pid
    return card


def take(qtbot, win, action) -> str:
    """Take ``action`` through the widget a player would use; returns which ("die", "key",
    "score", "map", "dock")."""
    game = win.port.game
    before = game.pos
    seat(qtbot, win)
    assert win.controller.side == game.state.active
    kind = action.kind
    how = "dock"
    if kind == "lock_die":
        card = to_keyboard(qtbot, win, action.player)
        qtbot.mouseClick(card.dice[action.die], Qt.MouseButton.LeftButton)
        how = "die"
    elif kind in KEYS:
        to_keyboard(qtbot, win, action.player)
        qtbot.keyClick(win.view, KEYS[kind])
        how = "key"
    elif kind == "score_tally":
        card = to_keyboard(qtbot, win, action.player)
        row = next(r for r in card.tally.rows if r.index is not None and
                   win.port._choice_actions(game.state)[r.index] == action)
        qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
        how = "score"
    elif kind == "sector_move":
        token = win.scene.counters.items[win.scene.counters.key_of[action.player]]
        win.view.centre_on_place(game.state.place[game.state.unit(action.player)])
        at = win.view.mapFromScene(token.sceneBoundingRect().center())
        qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
        assert win.controller.selected == action.player, win.hint.text()
        click_place(qtbot, win, action.to)
        how = "map"
    else:
        take_in_dock(qtbot, win, action)
    assert game.pos == before + 1, f"the window did not take {action}: {win.hint.text()}"
    assert game.log[-1] == action
    return how
