"""The placement pool dock: what may come onto the map this phase (``GamePort.arrivals``),
grouped by how it arrives, each group with what is left of the turn's capacity. Choosing an
entry lights the places the rules accept for it on the map; a click on a lit place, or a drag
from the entry onto one, puts it there. An entry without a place (a unit sent back with
replacement factors) is taken with a double-click or Enter. What cannot come on now says why.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from ddaydesk.ui.port import Arrival
from ddaydesk.ui.widgets.actionspanel import WrappedTree, noted

KEY = Qt.ItemDataRole.UserRole
MIME = "application/x-ddaydesk-arrival"


class _PoolTree(WrappedTree):
    """Long lines wrap (the Actions dock's tree); entries drag onto the map."""

    def __init__(self):
        super().__init__()
        self.setDragEnabled(True)
        self.setDragDropMode(QTreeWidget.DragDropMode.DragOnly)

    def mimeData(self, items) -> QMimeData:
        data = QMimeData()
        key = items[0].data(0, KEY) if items else None
        if key:
            data.setData(MIME, str(key).encode("utf-8"))
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME]


class PoolPanel(QWidget):
    title = "Arrivals"
    chosen = Signal(object)  # the Arrival chosen (its places lit), or None
    taken = Signal(object)  # an Arrival without a place, to take now

    def __init__(self, parent=None):
        super().__init__(parent)
        lay, self.note = noted(self)
        self.tree = _PoolTree()
        self.tree.currentItemChanged.connect(self._current)
        self.tree.itemActivated.connect(self._activated)
        lay.addWidget(self.tree)
        self.arrivals: dict[str, Arrival] = {}
        self.returned: list[str] = []  # entries the last refill brought back (or new)

    def set_arrivals(self, arrivals: tuple[Arrival, ...], waiting_for: str = "", turn_track: bool = True) -> None:
        """Refill, keeping the entry chosen if it is still there (placing markers one after
        another), else the next entry of its kind (the landings one after another: the one just
        placed is gone); ``waiting_for``: the other side must act (its arrivals stay hidden)."""
        keep = self.current().key if self.current() else None
        before = [item.data(0, KEY) for item in self.items()]
        # what came back (an undone landing: ``PlayAids`` chooses it again once it knows)
        self.returned = [a.key for a in arrivals if a.key not in before] if before and not waiting_for else []
        self.tree.blockSignals(True)
        self.tree.clear()
        self.arrivals = {a.key: a for a in arrivals} if not waiting_for else {}
        groups: dict[str, QTreeWidgetItem] = {}
        again = None
        order = list(dict.fromkeys(a.group for a in self.arrivals.values()))
        # in each group what may come on now first, those that may not (and why) after them
        for a in sorted(self.arrivals.values(), key=lambda a: (order.index(a.group), bool(a.why))):
            group = groups.get(a.group)
            if group is None:
                group = groups[a.group] = QTreeWidgetItem(self.tree, [a.group])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                f = group.font(0)
                f.setBold(True)
                group.setFont(0, f)
            words = a.title + (f" ({a.detail})" if a.detail else "")
            if a.why:  # (a reason that starts with the unit's name goes on from it, not naming it twice)
                rest = a.why.removeprefix(a.title + " ")
                words += f" {rest}" if rest != a.why else f": {a.why}"
            elif a.take >= 0 and not a.places:
                words += ": double-click to take it"
            item = QTreeWidgetItem(group, [words])
            item.setData(0, KEY, a.key)
            item.setToolTip(0, words)
            if a.why:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setForeground(0, QBrush(QColor("#777777")))
            else:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled)
            if a.key == keep:
                again = item
        self.tree.expandAll()
        if again is None and keep is not None:
            again = self._next_of_kind(keep, before)
        if waiting_for:
            self.note.setText(f"Waiting for the {waiting_for.capitalize()} player.")
        elif self.arrivals:
            self.note.setText("Choose an entry: where it may go is lit on the map. Click a lit place, "
                              "or drag the entry onto it.")
        else:
            self.note.setText("Nothing comes onto the map this phase." + (
                " The turn track's tooltips list each turn's arrivals." if turn_track else ""))
        if again is not None:
            self.tree.setCurrentItem(again)
        self.tree.blockSignals(False)
        self.chosen.emit(self.current())

    def _next_of_kind(self, gone: str, before: list[str]) -> QTreeWidgetItem | None:
        """The entry of ``gone``'s kind (``land_from_sea:``...) that came after it, or else the
        first, which may be placed now; None when that kind is done. Not a reinforcement entering
        by a move: its range covers the map, and the next click there would move it."""
        kind = gone.split(":", 1)[0] + ":"
        shown = {item.data(0, KEY): item for item in self.items()}
        at = before.index(gone) if gone in before else 0
        for key in [*before[at + 1:], *before[:at], *shown]:
            a = self.arrivals.get(key)
            if a is not None and key.startswith(kind) and not a.why and a.places and not a.move:
                return shown[key]
        return None

    def current(self) -> Arrival | None:
        item = self.tree.currentItem()
        key = item.data(0, KEY) if item is not None else None
        return self.arrivals.get(key) if key else None

    def choose(self, key: str) -> None:
        for item in self.items():
            if item.data(0, KEY) == key:
                self.tree.setCurrentItem(item)
                return

    def clear_choice(self) -> None:
        self.tree.setCurrentItem(None)

    def items(self) -> list[QTreeWidgetItem]:
        out = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            out += [group.child(c) for c in range(group.childCount())]
        return out

    def _current(self, _now, _before) -> None:
        self.chosen.emit(self.current())

    def _activated(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        a = self.arrivals.get(item.data(0, KEY))
        if a is not None and a.take >= 0 and not a.why:
            self.taken.emit(a)
