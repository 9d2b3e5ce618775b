"""The Log dock's list: each action's line wrapped to the dock's width, rows as tall as their
text, the newest kept in sight.

A tree view (one column, no roots) rather than a list view: a list view with rows of
different heights measures every row when laid out, a tree view scrolled by item measures
only the rows it shows, so a 2,000-action log opens as fast as a short one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTreeView

from ddaydesk.ui.rule_delegate import RuleLinkDelegate


class LogView(QTreeView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)  # (where one wrapped action ends and the next begins)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)  # (lazy row heights)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setItemDelegate(RuleLinkDelegate(self, wrap=True))  # rule ids are links

    def dataChanged(self, top_left, bottom_right, roles=()) -> None:
        """Rows out of sight changed (a review entered, left or moved greys rows and makes one
        bold, perhaps taller: LogModel.set_current): every row's height is forgotten, to be
        measured when next in sight. A tree view measures every row of the range and those
        between it and the top row (2,000 rows: 160-400 ms); forgetting costs nothing."""
        bar = self.verticalScrollBar()  # (scrolled by row: its value is the top row)
        if bar.value() <= top_left.row() and bottom_right.row() <= bar.value() + bar.pageStep() + 1:
            super().dataChanged(top_left, bottom_right, roles)
        else:
            self.doItemsLayout()
            self.viewport().update()

    def resizeEvent(self, event) -> None:
        """A new width wraps the lines anew: the rows' heights are measured again (those in
        sight only), and a log read at its newest stays there."""
        at_end = self.verticalScrollBar().value() >= self.verticalScrollBar().maximum()
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.doItemsLayout()
            if at_end:
                self.scrollToBottom()
