"""The Actions dock: every action the game allows now other than moves and the end of the
phase (invasions, landings, drops, supply centres, replacements, combat choices...), grouped by
kind in plain words, applied on double-click or Enter through the controller."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

ROLE = Qt.ItemDataRole.UserRole


class ActionsPanel(QWidget):
    chosen = Signal(int, str)  # index in the port's choices(), the words shown
    handOver = Signal(str)  # the side the game waits for

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.note = QLabel("")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        self.hand_over = QPushButton("")
        self.hand_over.setVisible(False)
        self.hand_over.clicked.connect(lambda: self.handOver.emit(self._waiting))
        self._waiting = ""
        lay.addWidget(self.hand_over)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.itemActivated.connect(self._activated)  # double-click and Enter
        lay.addWidget(self.tree)

    def set_choices(self, choices: tuple[tuple[str, str, tuple[int, ...]], ...],
                    waiting_for: str = "") -> None:
        """``choices``: (kind, words, places) of the viewing side; ``waiting_for``: the other side
        that must act now (its choices are not shown: hot-seat)."""
        self.tree.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for k, (kind, text, _places) in enumerate(choices):
            group = groups.get(kind)
            if group is None:
                group = groups[kind] = QTreeWidgetItem(self.tree, [kind.replace("_", " ").capitalize()])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item = QTreeWidgetItem(group, [text])
            item.setData(0, ROLE, k)
        self.tree.expandAll()
        self._waiting = waiting_for
        self.hand_over.setVisible(bool(waiting_for))
        if waiting_for:
            self.note.setText(f"Waiting for the {waiting_for} player.")
            self.hand_over.setText(f"Hand over to the {waiting_for} player")
        else:
            self.note.setText("Double-click or press Enter to take an action." if choices
                              else "No special actions now: move units or end the phase.")

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
