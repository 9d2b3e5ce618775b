"""The event log: one row per action of the log the viewing side may see; in review, the
row of the position shown is highlighted and the rows after it are greyed."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ddaydesk.ui.port import LogEntry

Index = QModelIndex | QPersistentModelIndex
SEQ_ROLE = Qt.ItemDataRole.UserRole + 1
CURRENT = QColor("#f3d98b")  # the reviewed action's row
LATER = QColor("#8c8c8c")  # actions after the reviewed position


def entry_text(e: LogEntry) -> str:
    dice = f"  [dice: {' '.join(str(d) for d in e.dice)}]" if e.dice else ""
    return f"{e.seq:>4}  T{e.turn} {e.side.capitalize()} {e.phase}: {e.text}{dice}"


class LogModel(QAbstractListModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.entries: list[LogEntry] = []
        self.current = -1  # review: the position shown (rows after it are later); -1 live

    def set_entries(self, entries: tuple[LogEntry, ...] | list[LogEntry]) -> None:
        new = list(entries)
        old = self.entries
        if old and len(new) >= len(old) and new[len(old) - 1] is old[-1]:
            # the same log, perhaps with more (the port hands back the entries it kept)
            if len(new) > len(old):
                self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
                self.entries = new
                self.endInsertRows()
            return
        self.beginResetModel()
        self.entries = new
        self.endResetModel()

    def set_current(self, position: int) -> None:
        """Review at ``position`` (the row of action ``position`` is highlighted); -1: live."""
        if position == self.current:
            return
        old, self.current = self.current, position
        if not self.entries:
            return
        if old < 0 or position < 0:  # into or out of the review: every row
            first, last = 0, len(self.entries) - 1
        else:  # the rows between the two positions change (greyed or not, highlighted or not)
            first, last = self.row_after(min(old, position)), self.row_after(max(old, position) + 1) - 1
        if first <= last:
            self.dataChanged.emit(self.index(max(0, first - 1)), self.index(min(last, len(self.entries) - 1)))

    def row_after(self, seq: int) -> int:
        """The first row of an action ``seq`` or later (the log is in order: a bisection)."""
        lo, hi = 0, len(self.entries)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.entries[mid].seq < seq:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def row_of(self, seq: int) -> int:
        """The row of action ``seq``, or -1."""
        r = self.row_after(seq)
        return r if r < len(self.entries) and self.entries[r].seq == seq else -1

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e = self.entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return entry_text(e)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole line, and each die with its table and result
            return "\n".join((entry_text(e).strip(), *(str(r) for r in e.rolls)))
        if role == SEQ_ROLE:
            return e.seq
        if self.current < 0:
            return None
        if role == Qt.ItemDataRole.BackgroundRole and e.seq == self.current:
            return QBrush(CURRENT)
        if role == Qt.ItemDataRole.ForegroundRole and e.seq > self.current:
            return QBrush(LATER)
        if role == Qt.ItemDataRole.FontRole and e.seq == self.current:
            f = QFont()
            f.setBold(True)
            return f
        return None
