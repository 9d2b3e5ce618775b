"""The combat obligations checklist, at the top of the Actions dock in a combat phase: the
units that must attack and the hexes that must be attacked before the phase may end, each
with its rule (``GamePort.obligations``). A click on an entry opens its attack (the first
way to settle it); each way is a line of its own under the entry. The same entries are
marked on the map (``overlay_marks.PlayMarks.show_duties``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTreeWidgetItem, QVBoxLayout, QWidget

from ddaydesk.ui.port import Obligation
from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.actionspanel import WrappedTree

ATTACK = Qt.ItemDataRole.UserRole  # (target, units) of a line


class ObligationList(QWidget):
    attack = Signal(int, list)  # target place, the units to tick

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 6)
        self.title = link_label(QLabel())
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold; color: #9a1c1c;")
        lay.addWidget(self.title)
        self.tree = WrappedTree()  # (the Actions dock's: long lines wrap)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        lay.addWidget(self.tree)
        self.obligations: tuple[Obligation, ...] = ()
        self.setVisible(False)

    def set_obligations(self, obligations: tuple[Obligation, ...], unit_name: Callable[[str], str],
                        place_name: Callable[[int], str]) -> None:
        self.obligations = obligations
        self.tree.clear()
        n = len(obligations)
        self.setVisible(bool(n))
        if not n:
            return
        rules = ", ".join(dict.fromkeys(o.rule for o in obligations))
        self.title.setText(linked(f"Before the phase ends: {n} compulsory attack{'s' if n != 1 else ''} "
                                  f"({rules}). Click one to make it."))
        for o in obligations:
            top = QTreeWidgetItem(self.tree, [o.text])
            top.setToolTip(0, o.text)
            if o.attacks:
                top.setData(0, ATTACK, o.attacks[0])
            for target, units in o.attacks if len(o.attacks) > 1 else ():
                words = f"Attack {place_name(target)} with {', '.join(unit_name(u) for u in units)}"
                child = QTreeWidgetItem(top, [words])
                child.setData(0, ATTACK, (target, units))
                child.setToolTip(0, words)
        self.tree.expandAll()
        rows = n + sum(len(o.attacks) for o in obligations if len(o.attacks) > 1)
        self.tree.setFixedHeight(min(6, rows) * (self.fontMetrics().height() * 2 + 6) + 8)  # two lines a row

    def items(self) -> list[QTreeWidgetItem]:
        out = []
        for k in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(k)
            out += [top] + [top.child(c) for c in range(top.childCount())]
        return out

    def _clicked(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        what = item.data(0, ATTACK)
        if what:
            target, units = what
            self.attack.emit(target, list(units))
