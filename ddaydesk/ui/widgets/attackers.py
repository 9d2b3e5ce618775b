"""The combat dialog's choices before the roll: which of the eligible units attack (each with
what it adds to the attack and the odds with or without it) and the support committed (spin
boxes and yes/no boxes, each capped by the engine with the rule that caps it; what cannot be
added says why, once, below); after the declaration, the list of what the combat waits for.

Both widgets only hold the player's choices; the dialog asks the port for a new preview on
every change and gives each widget what it needs to show from it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from ddaydesk.ui.port import SupportChoice, UnitInfo
from ddaydesk.ui.rule_links import link_label, linked

UID = Qt.ItemDataRole.UserRole


class _WrappedNames(QStyledItemDelegate):
    """A unit's name wraps in its column (a regiment's name with its division's, Utah Beach's),
    never cut: Qt wraps a row only when told the width it has."""

    def sizeHint(self, option, index):
        view = self.parent()
        if index.column() == 0:
            check = view.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 12  # (the tick box)
            option.rect.setRect(0, 0, max(40, view.columnWidth(0) - check), 10_000)
        return super().sizeHint(option, index)


class AttackerList(QTreeWidget):
    """Every unit that may join the attack, ticked when it attacks."""

    changed = Signal()

    def __init__(self, units: list[UnitInfo], ticked: set[str], where: Callable[[UnitInfo], str]):
        super().__init__()
        self.setColumnCount(4)
        self.setHeaderLabels(["Attacker", "From", "Adds", "Odds with / without"])
        self.headerItem().setToolTip(3, "The attack's odds with this unit / without it")
        self.setRootIsDecorated(False)
        self.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setItemDelegate(_WrappedNames(self))
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        head = self.header()
        head.setStretchLastSection(False)  # (the names take the room left, not the odds: whole names)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        for u in units:
            item = QTreeWidgetItem(self, [u.name, where(u), f"+{u.attack}", ""])
            item.setData(0, UID, u.id)
            item.setToolTip(0, f"{u.name} ({u.attack}-{u.defence}-{u.movement}) at {where(u)}")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked if u.id in ticked else Qt.CheckState.Unchecked)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._fit_rows()
        head.sectionResized.connect(lambda col, _old, _new: col == 0 and self._fit_rows())
        self.itemChanged.connect(lambda _item, col: col == 0 and self.changed.emit())

    def _fit_rows(self) -> None:
        """As tall as its rows, each as tall as its name wrapped in the width it has now."""
        self.doItemsLayout()
        rows = sum(max(self.rowHeight(self.indexFromItem(i)), self.fontMetrics().height() + 8) for i in self.items())
        self.setFixedHeight(self.header().sizeHint().height() + max(rows, self.fontMetrics().height() + 8) + 6)

    def items(self) -> list[QTreeWidgetItem]:
        return [self.topLevelItem(k) for k in range(self.topLevelItemCount())]

    def ticked(self) -> list[str]:
        return [i.data(0, UID) for i in self.items() if i.checkState(0) == Qt.CheckState.Checked]

    def set_ticked(self, uid: str, on: bool) -> None:
        for i in self.items():
            if i.data(0, UID) == uid:
                i.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def show_effects(self, effects: dict[str, tuple[str, str]]) -> None:
        """``uid -> (adds, odds text)``: what each unit adds now and the odds it makes."""
        self.blockSignals(True)
        for i in self.items():
            adds, odds = effects.get(i.data(0, UID), (i.text(2), ""))
            i.setText(2, adds)
            i.setText(3, odds)
        self.blockSignals(False)

    def lock(self) -> None:
        """After the declaration the attackers are fixed."""
        self.blockSignals(True)
        for i in self.items():
            i.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.blockSignals(False)


class SupportForm(QWidget):
    """The support the attacker commits: a spin box per amount, a check box per yes/no."""

    changed = Signal()

    def __init__(self):
        super().__init__()
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.controls: dict[str, QSpinBox | QCheckBox] = {}
        self.labels: dict[str, QLabel] = {}
        self.missing = link_label(QLabel())
        self.missing.setWordWrap(True)
        self.missing.setStyleSheet("color: palette(mid);")
        self.form.addRow(self.missing)

    def values(self) -> dict[str, int]:
        out = {}
        for key, c in self.controls.items():
            v = c.value() if isinstance(c, QSpinBox) else int(c.isChecked())
            if v:
                out[key] = v
        return out

    def show_choices(self, choices: tuple[SupportChoice, ...]) -> None:
        """Controls for what may be added (capped), and one line on what may not and why."""
        self.blockSignals(True)
        missing = []
        for ch in choices:
            c = self.controls.get(ch.id)
            if ch.maximum <= 0:  # the first reason says it (the others in the tooltip)
                missing.append(f"{ch.title}: {(ch.why or 'none left').split('; ')[0]}")
                if c is None:
                    continue
            if c is None:
                c = self._add(ch)
            if isinstance(c, QSpinBox):
                c.blockSignals(True)
                c.setMaximum(max(0, ch.maximum))
                c.blockSignals(False)
            elif ch.maximum <= 0:
                c.setChecked(False)
            c.setEnabled(ch.maximum > 0)
            tip = f"{ch.title}: at most {ch.maximum} now" + (f". Not more: {ch.why}" if ch.why else "")
            c.setToolTip(tip)
            self.labels[ch.id].setToolTip(tip)
        self.missing.setText(linked("Not available: " + "; ".join(missing)) if missing else "")
        self.missing.setToolTip("\n".join(f"{ch.title}: {ch.why}" for ch in choices if ch.maximum <= 0 and ch.why))
        self.missing.setVisible(bool(missing))
        self.blockSignals(False)

    def _add(self, ch: SupportChoice) -> QSpinBox | QCheckBox:
        if ch.maximum == 1 and not ch.id.startswith("draw:") and ch.id not in ("nbp", "cas", "naval"):
            c: QSpinBox | QCheckBox = QCheckBox()
            c.toggled.connect(lambda _on: self.changed.emit())
        else:
            c = QSpinBox()
            c.setRange(0, ch.maximum)
            c.valueChanged.connect(lambda _v: self.changed.emit())
        label = link_label(QLabel(linked(f"{ch.title} ({ch.rule})")))
        self.form.insertRow(self.form.rowCount() - 1, label, c)
        self.controls[ch.id] = c
        self.labels[ch.id] = label
        return c

    def lock(self) -> None:
        for c in self.controls.values():
            c.setEnabled(False)


class ResultChoices(QListWidget):
    """What the combat waits for (the defender's answer, losses, retreats, advance), each line
    wrapped whole in the dialog's width (a German answer with its draws and Mines is long)."""

    def __init__(self):
        super().__init__()
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setVisible(False)

    def fill(self, listed: list[tuple[int, str, str, tuple[int, ...]]], last: bool = False) -> int:
        """``listed``: (choice index, kind, words, places); the first chosen (``last``: the last);
        shown if any, as tall as its first eight lines as wrapped (the CRT and its cell read stay
        in sight above). The number listed."""
        self.clear()
        for k, _kind, text, _places in listed:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, k)
            self.addItem(item)
        self.setVisible(bool(listed))
        if listed:
            self.setCurrentRow(len(listed) - 1 if last else 0)
            self.fit()
        return len(listed)

    def fit(self) -> None:
        self.doItemsLayout()
        rows = sum(self.visualItemRect(self.item(k)).height() for k in range(min(self.count(), 8)))
        self.setFixedHeight(rows + 2 * self.frameWidth() + 4)
