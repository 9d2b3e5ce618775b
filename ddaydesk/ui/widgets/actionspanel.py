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
VARIANT = " · "  # a line "words · variant" whose words are listed too is shown under them (Koenig's Support)
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
        self.setExpandsOnDoubleClick(False)  # a double-click takes the action (a line with variants too)

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
                    tips: tuple[str, ...] = (), held: str = "") -> None:
        """``choices``: (kind, words, places) of the viewing side; ``waiting_for``: the other side
        that must act now (its choices are not shown: hot-seat); ``end_text``: what ending the
        phase does; ``phase``: a new one shows every action again (a place clicked in the last
        phase no longer narrows them); ``tips``: each choice's hover text ("": its words);
        ``held``: why the phase cannot end until a decision is made (the button greyed)."""
        if phase != self._phase:
            self._phase, self.place, self.place_name = phase, -1, ""
        self.choices = choices
        self.tips = tips
        self._waiting = waiting_for
        self.hand_over.setVisible(bool(waiting_for))
        self.end_button.setVisible(not waiting_for)
        self.end_note.setVisible(bool(end_text or held) and not waiting_for)
        self.end_button.setEnabled(not held)
        self.end_button.setToolTip(f"Not now: {held}" if held else "Ctrl+E")
        words = f"not yet: {held}" if held else f"{end_text[:1].upper()}{end_text[1:]}"
        self.end_note.setText(linked(f"End phase (Ctrl+E): {words}."))
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
        lines: dict[tuple[str, str], QTreeWidgetItem] = {}  # (kind, words) -> its line, for its variants
        listed = {(kind, text) for kind, text, _p in self.choices}
        shown = [k for k, (_k, _t, places) in enumerate(self.choices) if self.place < 0 or self.place in places]
        variants = {k for k in shown if self._head(k) in listed}
        for k in [k for k in shown if k not in variants] + sorted(variants):  # a variant after its line
            kind, text, _places = self.choices[k]
            group = groups.get(kind)
            if group is None:
                title = self.titles.get(kind) or kind.replace("_", " ").capitalize()
                group = groups[kind] = QTreeWidgetItem(self.tree, [title])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            if k in variants:
                item = QTreeWidgetItem(lines[self._head(k)], [text.partition(VARIANT)[2]])
            else:
                item = lines[(kind, text)] = QTreeWidgetItem(group, [text])
            item.setData(0, ROLE, k)
            item.setToolTip(0, self.tips[k] if k < len(self.tips) and self.tips[k] else text)
        self.tree.expandAll()
        self._show_filter(len(shown))

    def _head(self, k: int) -> tuple[str, str]:
        """(kind, words) of the line choice ``k`` is a variant of ("Mobile Fire at 0911: 13th
        Parachute Battalion · with 1 Support point": of the same fire without Support)."""
        kind, text, _places = self.choices[k]
        head, _sep, variant = text.partition(VARIANT)
        return (kind, head) if variant else ("", "")

    def _show_filter(self, shown: int = 0) -> None:
        narrowed = self.place >= 0
        self.filter.setVisible(narrowed)
        self.all_button.setVisible(narrowed)
        if narrowed:
            self.filter.setText(f"At {self.place_name}: {shown} of {len(self.choices)} actions")

    def items(self) -> list[QTreeWidgetItem]:
        """Every action's line, a variant after its line."""
        out = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            for c in range(group.childCount()):
                line = group.child(c)
                out += [line] + [line.child(v) for v in range(line.childCount())]
        return out

    def words(self, item: QTreeWidgetItem) -> str:
        """The whole words of an action's line (a variant's line shows its variant alone)."""
        return self.choices[item.data(0, ROLE)][1]

    def _activated(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        k = item.data(0, ROLE)
        if k is not None:
            self.chosen.emit(k, self.choices[k][1])
