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
        new = list(entries)
        old = self._all
        if not self.dice_only and old and len(new) >= len(old) and new[len(old) - 1] is old[-1]:
            # the same log, perhaps with more (the port hands back the entries it kept)
            if len(new) > len(old):
                self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
                self._all, self.entries = new, list(new)
                self.endInsertRows()
            return
        self._reset(new)

    def set_dice_only(self, on: bool) -> None:
        self.dice_only = on
        self._reset(self._all)

    def _reset(self, entries: list[LogEntry]) -> None:
        self.beginResetModel()
        self._all = entries
        self.entries = [e for e in entries if e.dice] if self.dice_only else list(entries)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e = self.entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return entry_text(e)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole line, and each die with its purpose
            return "\n".join((entry_text(e).strip(), *e.rolls))
        if role == SEQ_ROLE:
            return e.seq
        return None
