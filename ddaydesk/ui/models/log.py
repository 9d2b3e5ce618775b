"""The event and dice log: one row per action of the log the viewing side may see."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from ddaydesk.ui.port import LogEntry

Index = QModelIndex | QPersistentModelIndex
SEQ_ROLE = Qt.ItemDataRole.UserRole + 1


def entry_text(e: LogEntry) -> str:
    dice = f"  [dice: {' '.join(str(d) for d in e.dice)}]" if e.dice else ""
    return f"{e.seq:>4}  T{e.turn} {e.side.capitalize()} {e.phase}: {e.text}{dice}"


class LogModel(QAbstractListModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.entries: list[LogEntry] = []
        self.dice_only = False
        self._all: list[LogEntry] = []

    def set_entries(self, entries: tuple[LogEntry, ...] | list[LogEntry]) -> None:
        self.beginResetModel()
        self._all = list(entries)
        self.entries = [e for e in self._all if e.dice] if self.dice_only else list(self._all)
        self.endResetModel()

    def set_dice_only(self, on: bool) -> None:
        self.dice_only = on
        self.set_entries(self._all)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e = self.entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return entry_text(e)
        if role == SEQ_ROLE:
            return e.seq
        return None
