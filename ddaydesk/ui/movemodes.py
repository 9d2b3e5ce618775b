"""How units move, where the rules give a choice (D-Day '77: normal, strategic, and with the
surprise attack option surprise movement, D77-SURP-01..05): a "Move:" box on the turn bar
and the same choice in the Game menu, each way the rules do not allow now greyed out with the
reason (``GamePort.move_modes``). The selected unit's range is drawn for the way chosen, and a
click moves it that way; a new phase starts with normal movement again. A system with one
way of moving shows neither."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QLabel


class MoveModes(QObject):
    def __init__(self, win):
        super().__init__(win)
        self.label = QLabel("Move:")
        self.label.setStyleSheet("padding-left: 8px;")
        self.box = QComboBox()
        self.box.setToolTip("How the selected unit moves (strategic movement, surprise attack)")
        self.box.activated.connect(lambda k: self.choose(self.box.itemData(k)))
        self.label_action = win.turn_bar.addWidget(self.label)
        self.box_action = win.turn_bar.addWidget(self.box)
        self.menu = win.game_menu.addMenu("Movement &mode")
        self.menu.setToolTipsVisible(True)
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        self.modes: tuple[tuple[str, str, str], ...] = ()
        self.filled = False  # the box and the menu list ``modes`` (only once they are shown)
        self._show(False)

    @property
    def win(self):
        return self.parent()

    def _show(self, on: bool) -> None:
        self.label_action.setVisible(on)
        self.box_action.setVisible(on)
        self.menu.menuAction().setVisible(on)

    def refresh(self, mine: bool) -> None:
        """Offer the ways of moving the rules have; drop back to normal when the one chosen is
        not allowed now."""
        port, c = self.win.port, self.win.controller
        modes = port.move_modes() if hasattr(port, "move_modes") else ()
        if modes != self.modes:
            self.modes = modes
            self.filled = False
        shown = mine and any(not why for m, _t, why in modes if m != "normal")  # (not outside movement)
        if shown and not self.filled:  # (hidden, they are listed when next shown: not in a start's first frame)
            self._fill()
        self._show(shown)
        allowed = {m for m, _t, why in modes if not why}
        if c.mode not in allowed and c.mode != "normal":
            self.choose("normal")
        self._mark(c.mode)

    def _fill(self) -> None:
        self.box.clear()
        self.menu.clear()
        self.actions = {}
        for k, (mode, title, why) in enumerate(self.modes):
            self.box.addItem(title.split(" (")[0], mode)
            tip = f"{title}: not now, {why}" if why else title
            self.box.setItemData(k, tip, role=3)  # Qt.ToolTipRole
            item = self.box.model().item(k)
            item.setEnabled(not why)
            a = QAction(title, self, checkable=True)
            a.setEnabled(not why)
            a.setToolTip(tip)
            a.triggered.connect(lambda _on=False, m=mode: self.choose(m))
            self.group.addAction(a)
            self.menu.addAction(a)
            self.actions[mode] = a
        self.filled = True

    def choose(self, mode: str) -> None:
        c = self.win.controller
        if mode != c.mode:
            c.set_mode(mode)
            title = dict((m, t) for m, t, _w in self.modes).get(mode, mode)
            self.win.show_hint(f"{title}: select a unit to see where it may go" if mode != "normal" else "")
        self._mark(mode)

    def _mark(self, mode: str) -> None:
        if not self.filled:
            return
        k = self.box.findData(mode)
        if k >= 0:
            self.box.setCurrentIndex(k)
        if mode in self.actions:
            self.actions[mode].setChecked(True)
