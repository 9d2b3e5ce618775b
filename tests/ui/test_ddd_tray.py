"""D-Day Dice's dice tray and player cards in the main window, over the real engine: a die is
locked by a click and shown with its padlock, R re-rolls with the re-rolls left counted down,
undo takes a lock back but stops at a roll, the tally is highlighted as the rules count it
(RWB, Straight, the Skull's cancelled die) and every way to score shows what it buys before
the Score button takes it; cards show their texts on hover and are used from their chip."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from ddaydesk.engine import OVER
from ddaydesk.rules.ddd import LockDie, Reroll, RollDice, scoring
from tests.rules.ddd.conftest import EVERY_MODULE, arrange, land_all, play_to, player
from tests.ui.ddd_drive import panel, seat, take
from tests.ui.test_ddd_play import window


def _rolled(qtbot, settings, name="exercise-tiger", seed=1, **options):
    w, port = window(qtbot, settings, name, options, seed)
    land_all(port.game)
    take(qtbot, w, RollDice("allied", "us"))
    return w, port.game


def test_a_click_locks_a_die_r_rerolls_the_rest_and_undo_stops_at_the_roll(qtbot, settings):
    """STD-DDD-ROLL: lock at least 2, re-roll the others up to twice; the locks stay."""
    w, g = _rolled(qtbot, settings)
    card = panel(w).cards["us"]
    assert [b.die.colour for b in card.dice] == ["red", "red", "white", "white", "blue", "blue"]
    assert [b.die.face for b in card.dice] == [d[1] for d in player(g, "us")["dice"]]
    assert card.roll_button.text() == "Re-roll: 2 left (R)" and not card.roll_button.isEnabled()
    assert "lock at least 2" in card.roll_button.toolTip()  # the engine's reason, before a click
    qtbot.keyClick(w.view, Qt.Key.Key_R)
    assert "lock at least 2" in w.hint.text() and len(g.log) == 1  # the key says why, changes nothing
    qtbot.mouseClick(card.dice[0], Qt.MouseButton.LeftButton)
    assert card.dice[0].die.locked and player(g, "us")["dice"][0][2] == 1
    assert w.undo_action.isEnabled()  # a lock is no roll
    w.undo_action.trigger()
    assert not panel(w).cards["us"].dice[0].die.locked
    for k in (0, 3):
        qtbot.mouseClick(panel(w).cards["us"].dice[k], Qt.MouseButton.LeftButton)
    kept = [d[1] for d in player(g, "us")["dice"]]
    qtbot.keyClick(w.view, Qt.Key.Key_R)
    assert g.log[-1] == Reroll("allied", "us")
    card = panel(w).cards["us"]
    assert card.roll_button.text() == "Re-roll: 1 left (R)"
    assert [b.die.face for b in card.dice][0] == kept[0] and card.dice[0].die.held and card.dice[3].die.held
    assert not w.undo_action.isEnabled() and "rolled dice" in w.undo_action.toolTip()  # undo stops at a roll
    qtbot.mouseClick(card.dice[0], Qt.MouseButton.LeftButton)  # held by the re-roll: it stays
    assert "stays locked" in w.hint.text()
    qtbot.keyClick(w.view, Qt.Key.Key_3)  # the digit keys lock too
    assert g.log[-1] == LockDie("allied", "us", 2)


def test_the_tally_is_lit_as_the_rules_count_it_and_each_way_shows_what_it_buys(qtbot, settings):
    """STD-DDD-RWB, DDD-COND-06: an RWB of Soldiers lights its three dice, the Active Skull and
    the die it cancels are marked; the rows' gains are the scoring's own."""
    w, port = window(qtbot, settings, "exercise-tiger", {}, 1)
    g = port.game
    land_all(g)
    play_to(g, "roll")
    faces = ["soldier", "skull", "soldier", "courage", "soldier", "star"]

    def dice(s, r):
        p = r["players"]["us"]
        p["dice"] = [[c, f, 0] for c, f in zip(["red", "red", "white", "white", "blue", "blue"], faces, strict=True)]
        p["rolls"], p["kept"] = 1, True
    arrange(g, dice)
    w.controller.refresh()
    w.end_phase()
    assert g.state.phase == "tally"
    card = panel(w).cards["us"]
    opts = scoring.options(g.state, "us")
    rows = card.tally.rows
    assert len(rows) == len(opts) >= 2 and all(r.index is not None for r in rows)
    for row, o in zip(rows, opts, strict=True):
        shown = [lb.text() for lb in row.findChildren(type(card.name)) if lb.text().startswith("<b>")]
        assert shown == [f"<b>{n:+d}</b>" for res in ("soldiers", "courage", "stars", "tools")
                         if (n := o.gain.get(res, 0))]
    rwb = next(k for k, o in enumerate(opts) if o.action.rwbs)
    qtbot.mouseMove(rows[rwb], QPoint(5, 5))
    rows[rwb].enterEvent(None)  # pointing at a row lights the dice it uses
    roles = [b.role for b in card.dice]
    assert roles[0] == roles[2] == roles[4] == "rwb" and roles[1] == "active_skull"
    assert "cancelled" in roles
    rows[rwb].leaveEvent(None)
    qtbot.mouseClick(rows[rwb].button, Qt.MouseButton.LeftButton)
    assert g.log[-1] == opts[rwb].action
    assert "Scored" in panel(w).cards["us"].tally.head.text()


def test_the_keys_still_work_after_a_score_button_is_clicked(qtbot, settings):
    """A Score button (or a die, or a chip) clicked takes no keyboard focus: its row goes once
    scored, and the window's keys (Ctrl+E, R, K) must reach the window after it."""
    from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit

    w, g = _rolled(qtbot, settings)
    w.view.setFocus()
    qtbot.mouseClick(panel(w).cards["us"].dice[0], Qt.MouseButton.LeftButton)
    assert not isinstance(QApplication.focusWidget(), QAbstractButton)  # the die took no focus
    qtbot.keyClick(w.view, Qt.Key.Key_K)
    assert g.log[-1].kind == "keep_dice"
    w.end_phase()
    row = panel(w).cards["us"].tally.rows[0]
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert g.log[-1].kind == "score_tally"
    focus = QApplication.focusWidget()
    # (the deleted button's focus went on to the Units filter, where Ctrl+E is "end of line")
    assert focus is not None and focus.window() is w and not isinstance(focus, (QLineEdit, QAbstractButton))
    qtbot.keyClick(focus, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert g.state.phase != "tally"


@pytest.mark.parametrize("name, options", [("exercise-tiger", {}), ("exercise-fabius", {"solitaire": True}),
                                           ("gold", {"auto_german": True, "unit_canadian": True}),
                                           ("exercise-fabius", {"atlantikwall": True}),
                                           ("campaign-overlord", {**EVERY_MODULE, "badge_of_honor": True})])
def test_the_column_reserved_before_its_cards_is_as_wide_as_they_make_it(qtbot, settings, name, options):
    """A start reserves the column of cards (its width is the map's room) before making them:
    from the view alone (``PlayersPanel.reserve``) it takes the width the cards then give it,
    whatever the dice rolled, the re-rolls left and the players shown, through a seeded game."""
    w, port = window(qtbot, settings, name, options, seed=2)
    land_all(port.game)
    w.controller.refresh()
    column, rnd, rolled = panel(w), random.Random(7), 0
    for step in range(120):
        filled = column.minimumWidth()
        column.reserve(w.controller.view)
        assert column.minimumWidth() == filled > 0, (step, port.game.log[-1:])
        rolled += any(p.rolled for p in column.table.table.players)
        seat(qtbot, w)
        choices = w.controller.choices()
        if port.game.state.phase == OVER:
            break
        if choices and rnd.random() < 0.9:
            w.controller.choose(rnd.randrange(len(choices)), "a choice")
        else:
            w.controller.end_phase()
    assert rolled >= 5  # (views with dice rolled: the Re-roll button's words)


def test_the_keyboard_line_says_why_there_is_no_re_roll_yet(qtbot, settings):
    """STD-DDD-ROLL: after the first roll 2 dice must be locked before a re-roll; the greyed
    Re-roll's reason stands in the column's keyboard line, not only in its tooltip."""
    from tests.ui.conftest import shown

    w, g = _rolled(qtbot, settings)
    card = panel(w).cards["us"]
    line = shown(panel(w).status)
    assert "no re-roll (R) now: lock at least 2 dice before re-rolling" in line and "R roll" not in line
    for k in (0, 1):
        qtbot.mouseClick(card.dice[k], Qt.MouseButton.LeftButton)
    line = shown(panel(w).status)
    assert "no re-roll" not in line and "R roll, 1-6 lock a die, K keep" in line


def test_a_cancelled_die_keeps_its_face_readable(qtbot):
    """DDD-COND-06: a Skull cancels a die; the die is veiled and marked with a red cross in its
    corner, its face still readable (what the Skull took is worth seeing), not crossed out."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from ddaydesk.ui.widgets.ddd_dice import paint_die

    def drawn(role: str) -> QImage:
        img = QImage(100, 100, QImage.Format.Format_ARGB32)
        img.fill(QColor("#fbf8ef"))
        p = QPainter(img)
        paint_die(p, QRectF(0, 0, 100, 100), "white", "star", role)
        p.end()
        return img

    def red(c: QColor) -> bool:
        return c.red() > 150 and c.green() < 90 and c.blue() < 90

    def ink(img: QImage, x0: int, y0: int, x1: int, y1: int) -> int:  # the star, darker than the white die
        return sum(1 for x in range(x0, x1) for y in range(y0, y1) if img.pixelColor(x, y).lightness() < 200)

    plain, cancelled = drawn("counts"), drawn("cancelled")
    centre = (35, 35, 65, 65)
    assert not any(red(cancelled.pixelColor(x, y)) for x in range(35, 65) for y in range(35, 65))
    assert ink(cancelled, *centre) >= 0.8 * ink(plain, *centre) > 0  # the star still shows
    assert sum(red(cancelled.pixelColor(x, y)) for x in range(0, 35) for y in range(65, 100)) > 50  # the cross
