"""The Actions dock: every action the game allows now other than moves (invasions, landings,
drops, supply centres, replacements, combat choices, D-Day2's shots and battles...), grouped
by kind in plain words, applied on double-click or Enter through the controller; a click on a
place narrows the list to the actions about it. Below: ending the phase, saying what that does.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.rule_links import link_label, linked

ROLE = Qt.ItemDataRole.UserRole
Choices = tuple[tuple[str, str, tuple[int, ...]], ...]


class WrappedTree(QTreeWidget):
    """Long lines wrap onto the next (where an attack starts and who makes it are both read),
    the rows growing to fit, laid out again when the dock's width changes."""

    def __init__(self):
        super().__init__()
        self.setHeaderHidden(True)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setItemDelegate(_WrapDelegate(self))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.doItemsLayout()


class _WrapDelegate(QStyledItemDelegate):
    def sizeHint(self, option, index) -> QSize:
        size = super().sizeHint(option, index)
        view = self.parent()
        depth, up = 1, index.parent()
        while up.isValid():
            depth, up = depth + 1, up.parent()
        width = max(40, view.viewport().width() - view.indentation() * depth - 8)
        font = index.data(Qt.ItemDataRole.FontRole)  # (a group's title is bold: wider)
        metrics = QFontMetrics(font) if font is not None else option.fontMetrics
        text = metrics.boundingRect(QRect(0, 0, width, 100000), Qt.TextFlag.TextWordWrap, str(index.data() or ""))
        return QSize(size.width(), max(size.height(), text.height() + 4))


def noted(panel: QWidget) -> tuple[QVBoxLayout, QLabel]:
    """A dock panel's layout with its note (a wrapped line of words) on top."""
    lay = QVBoxLayout(panel)
    lay.setContentsMargins(2, 2, 2, 2)
    note = QLabel("")
    note.setWordWrap(True)
    lay.addWidget(note)
    return lay, note


class ActionsPanel(QWidget):
    chosen = Signal(int, str)  # index in the port's choices(), the words shown
    handOver = Signal(str)  # the side the game waits for
    endPhase = Signal()
    showAll = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        lay, self.note = noted(self)
        self.hand_over = QPushButton("")
        self.hand_over.setVisible(False)
        self.hand_over.clicked.connect(lambda: self.handOver.emit(self._waiting))
        self._waiting = ""
        lay.addWidget(self.hand_over)
        row = QHBoxLayout()
        self.filter = QLabel("")
        self.filter.setWordWrap(True)
        self.all_button = QPushButton("Show all")
        self.all_button.clicked.connect(self.showAll.emit)
        row.addWidget(self.filter, 1)
        row.addWidget(self.all_button)
        lay.addLayout(row)
        self.tree = WrappedTree()
        self.tree.itemActivated.connect(self._activated)  # double-click and Enter
        lay.addWidget(self.tree)
        self.end_note = link_label(QLabel(""))  # (a rule id in what ending the phase does: a link)
        self.end_note.setWordWrap(True)
        lay.addWidget(self.end_note)
        self.end_button = QPushButton("End phase")
        self.end_button.setToolTip("Ctrl+E")
        self.end_button.clicked.connect(self.endPhase.emit)
        lay.addWidget(self.end_button)
        self.choices: Choices = ()
        self.tips: tuple[str, ...] = ()
        self.titles: dict[str, str] = {}  # kind -> its group's title (the profile's ``kind_titles``)
        self.place, self.place_name = -1, ""
        self._phase = ""
        self._show_filter()

    def set_choices(self, choices: Choices, waiting_for: str = "", end_text: str = "", phase: str = "",
                    tips: tuple[str, ...] = ()) -> None:
        """``choices``: (kind, words, places) of the viewing side; ``waiting_for``: the other side
        that must act now (its choices are not shown: hot-seat); ``end_text``: what ending the
        phase does; ``phase``: a new one shows every action again (a place clicked in the last
        phase no longer narrows them); ``tips``: each choice's hover text ("": its words)."""
        if phase != self._phase:
            self._phase, self.place, self.place_name = phase, -1, ""
        self.choices = choices
        self.tips = tips
        self._waiting = waiting_for
        self.hand_over.setVisible(bool(waiting_for))
        self.end_button.setVisible(not waiting_for)
        self.end_note.setVisible(bool(end_text) and not waiting_for)
        self.end_note.setText(linked(f"End phase (Ctrl+E): {end_text[:1].upper()}{end_text[1:]}."))
        if waiting_for:
            self.note.setText(f"Waiting for the {waiting_for.capitalize()} player.")
            self.hand_over.setText(f"Hand over to the {waiting_for.capitalize()} player")
        else:
            self.note.setText("Double-click or press Enter to take an action." if choices
                              else "Nothing to choose here now: moves (where the phase has them) are made on the map; or end the phase.")
        self._fill()

    def set_place(self, place: int, name: str) -> None:
        """Show only the actions about ``place`` (-1: every action)."""
        self.place, self.place_name = place, name
        self._fill()

    def _fill(self) -> None:
        self.tree.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        shown = 0
        for k, (kind, text, places) in enumerate(self.choices):
            if self.place >= 0 and self.place not in places:
                continue
            group = groups.get(kind)
            if group is None:
                title = self.titles.get(kind) or kind.replace("_", " ").capitalize()
                group = groups[kind] = QTreeWidgetItem(self.tree, [title])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item = QTreeWidgetItem(group, [text])
            item.setData(0, ROLE, k)
            item.setToolTip(0, self.tips[k] if k < len(self.tips) and self.tips[k] else text)
            shown += 1
        self.tree.expandAll()
        self._show_filter(shown)

    def _show_filter(self, shown: int = 0) -> None:
        narrowed = self.place >= 0
        self.filter.setVisible(narrowed)
        self.all_button.setVisible(narrowed)
        if narrowed:
            self.filter.setText(f"At {self.place_name}: {shown} of {len(self.choices)} actions")

    def items(self) -> list[QTreeWidgetItem]:
        out = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            out.extend(group.child(c) for c in range(group.childCount()))
        return out

    def _activated(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        k = item.data(0, ROLE)
        if k is not None:
            self.chosen.emit(k, item.text(0))
