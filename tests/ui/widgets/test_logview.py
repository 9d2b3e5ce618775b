"""The Log dock a player reads at 1280x800 (real window, real engine): each action's line
wrapped to the dock's width, no horizontal scroll bar, the newest in sight, re-wrapped when
the dock is resized."""

from __future__ import annotations

import random

from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import open_engine_game
from tests.rules.dday77.random_play import play
from tests.ui.conftest import open_window


def _log_window(qtbot, settings):
    win = open_window(qtbot, settings, open_engine_game(scenarios_dir() / "tutorial.yaml"))
    play(win.controller.port.game, random.Random(3), until_turn=1)  # a turn of the tutorial, seeded
    win.controller.refresh()
    win.log_dock.show()
    win.log_dock.raise_()
    qtbot.waitUntil(lambda: win.log_view.viewport().width() > 100)
    return win


def _longest_row(win) -> int:
    m, fm = win.log_model, win.log_view.fontMetrics()
    return max(range(m.rowCount()), key=lambda r: fm.horizontalAdvance(m.data(m.index(r, 0))))


def test_a_long_log_line_wraps_to_the_dock_and_the_newest_is_in_sight(qtbot, settings):
    """Rows were one line each behind a horizontal scroll bar, the rest only in the tooltip."""
    win = _log_window(qtbot, settings)
    view, m = win.log_view, win.log_model
    line = view.fontMetrics().lineSpacing()
    assert view.horizontalScrollBar().maximum() == 0  # nothing behind a scroll bar
    assert view.alternatingRowColors()  # (one wrapped action told from the next)
    last = view.visualRect(m.index(m.rowCount() - 1, 0))
    assert view.viewport().rect().contains(last)  # the newest action in sight, whole
    row = _longest_row(win)
    view.scrollTo(m.index(row, 0))
    wide = view.fontMetrics().horizontalAdvance(m.data(m.index(row, 0)))
    assert wide > view.viewport().width()  # (the test needs a line longer than the dock)
    assert view.visualRect(m.index(row, 0)).height() >= 2 * line  # wrapped: as tall as its text
    assert view.visualRect(m.index(row, 0)).width() <= view.viewport().width()


def test_a_wider_log_dock_wraps_its_lines_anew_and_keeps_the_newest_in_sight(qtbot, settings):
    win = _log_window(qtbot, settings)
    view, m = win.log_view, win.log_model
    last = m.index(m.rowCount() - 1, 0)
    before = view.visualRect(last).height()
    assert before >= 2 * view.fontMetrics().lineSpacing()  # (the newest line wraps at 1280x800)
    win.log_dock.setFloating(True)  # a player pulls the dock out and widens it
    win.log_dock.resize(900, 500)
    qtbot.waitUntil(lambda: view.visualRect(last).height() < before)  # on one line now
    assert view.viewport().rect().contains(view.visualRect(last))
    assert view.horizontalScrollBar().maximum() == 0


def test_the_reviewed_action_s_bold_row_is_tall_enough_for_its_text(qtbot, settings):
    """Its bold words wrap onto more lines than the plain ones: the row was measured in the
    plain font and its last line cut off."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QFont, QTextDocument

    win = _log_window(qtbot, settings)
    view, m = win.log_view, win.log_model
    bold = QFont(view.font())
    bold.setBold(True)

    def height(font, r):  # the row's words laid out as a rich-text label would, at the view's width
        doc = QTextDocument()
        doc.setDefaultFont(font)
        doc.setDocumentMargin(2)  # (as the rows have it)
        doc.setPlainText(m.data(m.index(r, 0)))
        doc.setTextWidth(view.viewport().width())
        return doc.size().height()

    row = next(r for r in range(m.rowCount()) if height(bold, r) > height(view.font(), r))
    view.scrollTo(m.index(row, 0))  # measured in the plain font first, as a row read before the review
    assert view.visualRect(m.index(row, 0)).height() < height(bold, row)
    win.review.enter(m.entries[row].seq)
    QCoreApplication.processEvents()
    assert m.current == m.entries[row].seq
    rect = view.visualRect(m.index(row, 0))
    assert view.viewport().rect().contains(rect)  # the reviewed action in sight
    assert rect.height() >= height(bold, row)
