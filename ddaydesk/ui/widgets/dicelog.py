"""The dice log: every roll the viewing side may see, one row each: the action it belongs to,
the turn and side, what it was rolled for, the die, and the table it was read on and what it
led to, in words; the whole text on hover. In review, the reviewed action's rolls are
highlighted; a double-click reviews the game at that roll."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from ddaydesk.ui.models.log import CURRENT, LATER, entry_text
from ddaydesk.ui.port import DieRoll, GameView, LogEntry

Index = QModelIndex | QPersistentModelIndex
# what a narrow dock shows first: each row two lines, what the roll was for over what it led to
COLUMNS = ("#", "Turn", "Roll", "Rolled for → result", "Table", "Side")
SEQ_ROLE = Qt.ItemDataRole.UserRole + 1


class DiceModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[tuple[LogEntry, DieRoll]] = []
        self._last: LogEntry | None = None  # the last entry read (the log only grows between undos)
        self._count = 0
        self.current = -1  # review: the action shown

    def set_entries(self, entries: tuple[LogEntry, ...]) -> None:
        n = self._count
        if n and len(entries) >= n and entries[n - 1] is self._last:
            new = [(e, r) for e in entries[n:] for r in e.rolls]
            if new:
                self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(new) - 1)
                self.rows += new
                self.endInsertRows()
        else:
            self.beginResetModel()
            self.rows = [(e, r) for e in entries for r in e.rolls]
            self.endResetModel()
        self._count = len(entries)
        self._last = entries[-1] if entries else None

    def set_current(self, position: int) -> None:
        if position != self.current:
            self.current = position
            if self.rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(COLUMNS) - 1))

    def rows_of(self, seq: int) -> list[int]:
        return [k for k, (e, _r) in enumerate(self.rows) if e.seq == seq]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e, r = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(e.seq), str(e.turn), r.die, f"{r.purpose}\n→ {r.result or '(the log does not say)'}",
                    r.table or "—", e.side.capitalize())[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(e, r)
        if role == SEQ_ROLE:
            return e.seq
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if self.current >= 0 and role == Qt.ItemDataRole.BackgroundRole and e.seq == self.current:
            return QBrush(CURRENT)
        if self.current >= 0 and role == Qt.ItemDataRole.ForegroundRole and e.seq > self.current:
            return QBrush(LATER)
        return None


def tooltip(e: LogEntry, r: DieRoll) -> str:
    """A roll in full: the die, what for, the table and result, then the action it belongs to."""
    lines = [f"Rolled {r.die} for {r.purpose}"]
    if r.table:
        lines.append(f"Read on: {r.table}")
    if r.result:
        lines.append(f"Result: {r.result}")
    lines += ["", entry_text(e).strip()]
    return "\n".join(lines)


class DiceLog(QWidget):
    """The Dice dock's widget; ``reviewAt(seq)`` asks to review the game after that action."""

    reviewAt = Signal(int)
    title = "Dice"

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.model = DiceModel(self)
        self.table = t = QTableView()
        t.setModel(self.model)
        t.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        t.setWordWrap(False)
        t.verticalHeader().hide()
        t.verticalHeader().setDefaultSectionSize(2 * t.fontMetrics().height() + 8)
        h = t.horizontalHeader()
        h.setStretchLastSection(True)
        h.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.model.modelReset.connect(self._widths)  # (a reset forgets them)
        self._widths()
        t.doubleClicked.connect(lambda idx: self.reviewAt.emit(idx.data(SEQ_ROLE)))
        self.empty = QLabel("No dice rolled yet.")
        self.empty.setStyleSheet("color: #666; padding: 4px;")
        lay.addWidget(self.empty)
        lay.addWidget(t)

    def _widths(self) -> None:
        em = self.table.fontMetrics().averageCharWidth()
        for col, chars in enumerate((5, 5, 10, 44, 30)):
            self.table.setColumnWidth(col, em * chars)
        # what was rolled for and its result end at the dock's edge, cut with "…" (the whole in
        # the tip), rather than run under it; the table and side are further right
        fit = self.table.viewport().width() - sum(self.table.columnWidth(c) for c in range(3))
        self.table.setColumnWidth(3, max(em * 24, min(em * 44, fit)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._widths()

    def set_view(self, view: GameView) -> None:
        self.model.set_entries(view.log)
        self.empty.setVisible(not self.model.rows)
        if self.model.current < 0 and self.model.rows:
            self.table.scrollToBottom()

    def set_current(self, position: int) -> None:
        """Review at ``position``: its action's rolls highlighted and shown; -1 live."""
        self.model.set_current(position)
        rows = self.model.rows_of(position)
        if rows:
            self.table.scrollTo(self.model.index(rows[0], 0))
