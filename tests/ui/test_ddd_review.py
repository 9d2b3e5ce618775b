"""D-Day Dice in review mode (Ctrl+R): a past roll shown as it stood, every player's dice and
card at that position, nothing at the tray to take (no button, no key, no "what next"), and the
live game untouched."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ddaydesk.rules.ddd import RollDice
from tests.rules.ddd.conftest import player
from tests.rules.ddd.play import choose
from tests.ui.ddd_drive import panel, take
from tests.ui.test_ddd_play import window


def test_a_past_roll_is_shown_read_only_in_review(qtbot, settings):
    w, port = window(qtbot, settings, "omaha", {"unit_british": True}, 3)
    g = port.game
    while g.state.phase == "landing":
        take(qtbot, w, choose(g.state))
    take(qtbot, w, RollDice("allied", "us"))
    at_roll, faces = g.pos, [d[1] for d in player(g, "us")["dice"]]
    while g.state.turn < 3:  # play on through the window
        take(qtbot, w, choose(g.state))
    end, log = g.pos, list(g.log)
    w.review.enter(at_roll)
    card = panel(w).cards["us"]
    assert [b.die.face for b in card.dice] == faces
    assert not card.roll_button.isEnabled() and not card.keep_button.isEnabled()
    words = panel(w).status.text()
    assert "Phase 1" in words and "At the keyboard" not in words and "End phase" not in words
    qtbot.mouseClick(card.dice[0], Qt.MouseButton.LeftButton)
    for key in (Qt.Key.Key_K, Qt.Key.Key_R, Qt.Key.Key_1):
        qtbot.keyClick(w.view, key)
    assert (g.pos, list(g.log)) == (end, log) and not panel(w).cards["us"].dice[0].die.locked
    w.review.leave()
    assert w.controller.port.game is g and panel(w).status.text() != words


def test_a_card_tells_what_the_turn_has_cost_its_unit_live_and_in_review(qtbot, settings):
    """The Soldiers a Unit lost this turn, with what took them (the log's notes: STD-DDD-DEF),
    on its card; in review, only those lost up to the action reviewed."""
    w, port = window(qtbot, settings, "omaha", {"unit_british": True}, 3)
    g = port.game
    note = ""
    while not note:
        take(qtbot, w, choose(g.state))
        note = next((n for n in g.changes[g.pos - 1].notes if n.startswith("DEF in ") and ": American Unit loses " in n
                     and not n.endswith("nothing")), "")
    at, turn = g.pos, g.state.turn
    why, _s, what = note.rpartition(": ")
    words = what.removeprefix("American Unit ") + f" ({why})"
    card = panel(w).cards["us"]
    assert card.losses.isVisible() and words in card.losses.text()
    w.review.enter(at - 1)  # just before: not lost yet
    assert words not in panel(w).cards["us"].losses.text()
    w.review.enter(at)
    assert words in panel(w).cards["us"].losses.text()
    w.review.leave()
    while g.state.turn == turn:  # a new turn starts with a clean card
        take(qtbot, w, choose(g.state))
    assert not panel(w).cards["us"].losses.isVisible()
