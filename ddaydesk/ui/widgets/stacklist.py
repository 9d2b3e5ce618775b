"""A list of units with their counters: the hex-info dock's stack and the stack inspector."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QFrame, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ddaydesk.ui.counters import COUNTER, CounterArt
from ddaydesk.ui.models.units import factors, status_text
from ddaydesk.ui.port import UnitInfo

ICON_PX = 52


def unit_lines(u: UnitInfo, port) -> str:
    where = u.where or (port.place_name(u.place) if u.place >= 0 else "off map")
    status = status_text(u)
    values = port.profile.values(u) if hasattr(port, "profile") else factors(u)
    if not any((u.attack, u.defence, u.movement)):  # a system without factors (D-Day Dice) prints none
        values = ""
    kind = " · ".join([u.type.replace("_", " ")] + ([values] if values else []))
    return f"{u.name}\n{kind} · {where}" + (f"\n{status}" if status else "")


def counter_icon(art: CounterArt, u: UnitInfo, px: int, ratio: float) -> QIcon:
    """``u``'s counter as an icon ``px`` wide on a screen of ``ratio`` device pixels a pixel
    (drawn at a quarter-step scale: the counters' cache keeps few sizes)."""
    return QIcon(art.pixmap(art.face(u), round(px / COUNTER * ratio * 4) / 4))


class StackList(QListWidget):
    unitChosen = Signal(str)

    def __init__(self, art: CounterArt, port, parent=None):
        super().__init__(parent)
        self.art = art
        self.port = port
        self.setIconSize(QSize(ICON_PX, ICON_PX))
        self.setSpacing(2)
        self.setWordWrap(True)
        self.itemClicked.connect(lambda it: self.unitChosen.emit(it.data(Qt.ItemDataRole.UserRole)))
        self.itemActivated.connect(lambda it: self.unitChosen.emit(it.data(Qt.ItemDataRole.UserRole)))

    def set_units(self, units: list[UnitInfo]) -> None:
        self.clear()
        ratio = self.devicePixelRatioF()
        for u in units:
            text = unit_lines(u, self.port)
            item = QListWidgetItem(counter_icon(self.art, u, ICON_PX, ratio), text)
            item.setData(Qt.ItemDataRole.UserRole, u.id)
            item.setToolTip(text)
            self.addItem(item)


class StackInspector(QFrame):
    """A popup listing every unit in a stack, top first; choosing one selects it."""

    unitChosen = Signal(str)

    def __init__(self, art: CounterArt, port, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.list = StackList(art, port, self)
        self.list.unitChosen.connect(self._chosen)
        lay.addWidget(self.list)
        self.resize(330, 80)

    def show_units(self, units: list[UnitInfo], at) -> None:
        self.list.set_units(units)
        self.resize(340, min(420, 16 + len(units) * (ICON_PX + 10)))
        self.move(at)
        self.show()
        self.list.setFocus()

    def _chosen(self, uid: str) -> None:
        self.hide()
        self.unitChosen.emit(uid)
