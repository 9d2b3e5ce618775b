"""The combat dialog: who attacks whom, every strength modifier with its rule, the CRT with
the column in use, the exact outcome distribution, support choices, the roll and the result.

Everything shown comes from the engine's :class:`~ddaydesk.ui.port.CombatPreview`; changing
a support choice asks the engine for a new preview. When the defender answers an announced
attack first (D77-AIR-16/20: close defensive support), the answers are listed here and the
attacker rolls once one is chosen. The result's choices (losses, retreats, advances) are listed
too, or made on the map.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.action_text import COMBAT_CHOICES
from ddaydesk.ui.controller import Controller
from ddaydesk.ui.port import CombatPreview, CombatResult, ModifierLine, PortError
from ddaydesk.ui.rule_links import link_label, linked


def _lines_html(title: str, lines: tuple[ModifierLine, ...], total: int) -> str:
    rows = "".join(f"<tr><td>{escape(m.text)}</td><td align='right'><b>{escape(m.value)}</b></td>"
                   f"<td>{linked(m.rule)}</td></tr>" for m in lines)
    return (f"<b>{escape(title)}</b><table cellspacing='4'>{rows}"
            f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td><td></td></tr></table>")


class DistributionBars(QWidget):
    """Horizontal bars: the exact probability of each outcome."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.dist: tuple[tuple[str, float], ...] = ()
        self.setMinimumHeight(60)

    def set_distribution(self, dist: tuple[tuple[str, float], ...]) -> None:
        self.dist = dist
        self.setMinimumHeight(10 + 22 * len(dist))
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        label_w = 70
        bar_w = max(10, self.width() - label_w - 70)
        for k, (result, prob) in enumerate(self.dist):
            y = 4 + k * 22
            p.setPen(self.palette().text().color())
            p.drawText(0, y, label_w - 6, 18, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, result)
            p.fillRect(label_w, y + 2, bar_w, 14, QColor(0, 0, 0, 25))
            p.fillRect(label_w, y + 2, round(bar_w * prob), 14, QColor("#3f6fa0"))
            p.drawText(label_w + bar_w + 6, y, 64, 18, Qt.AlignmentFlag.AlignVCenter, f"{prob * 100:.1f} %")
        p.end()


class CombatDialog(QDialog):
    def __init__(self, controller: Controller, attackers: list[str], defender_place: int, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.port = port = controller.port
        self.attackers = attackers
        self.defender_place = defender_place
        self.result: CombatResult | None = None
        self.setWindowTitle(f"Attack on {port.place_name(defender_place)}")
        self.resize(760, 640)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.attack_box = QLabel()
        self.defence_box = QLabel()
        for box in (self.attack_box, self.defence_box):
            link_label(box)  # each line's rule id opens its entry in the rules browser
            box.setAlignment(Qt.AlignmentFlag.AlignTop)
            box.setWordWrap(True)
            top.addWidget(box, 1)
        lay.addLayout(top)
        self.odds = link_label(QLabel())
        self.odds.setStyleSheet("font-size: 18px; font-weight: bold;")
        lay.addWidget(self.odds)
        self.crt = QTableWidget()
        self.crt.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.crt.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.crt.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.crt.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.crt.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.crt.verticalHeader().setDefaultSectionSize(26)
        lay.addWidget(self.crt)
        self.key = QLabel()  # what each result code means, with its rule (also the cells' tooltips)
        self.key.setWordWrap(True)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.key)
        dist_box = QGroupBox("Outcome (exact probabilities)")
        dl = QVBoxLayout(dist_box)
        self.bars = DistributionBars()
        dl.addWidget(self.bars)
        lay.addWidget(dist_box)
        self.support_box = QGroupBox("Support")
        self.support_form = QFormLayout(self.support_box)
        self.spins: dict[str, QSpinBox] = {}
        lay.addWidget(self.support_box)
        self.outcome = link_label(QLabel())
        self.outcome.setWordWrap(True)
        self.outcome.setStyleSheet("font-size: 15px;")
        lay.addWidget(self.outcome)
        self.choice_list = QListWidget()  # the result's choices, as the engine lists them
        self.choice_list.setVisible(False)
        self.choice_list.itemActivated.connect(self._chosen)
        lay.addWidget(self.choice_list)
        buttons = QDialogButtonBox()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setDefault(True)
        buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.roll_button.clicked.connect(self.roll)
        self.close_button.clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.preview: CombatPreview | None = None
        self.refresh()

    def support(self) -> dict[str, int]:
        return {k: s.value() for k, s in self.spins.items() if s.value()}

    def refresh(self) -> None:
        try:
            pv = self.port.combat_preview(self.attackers, self.defender_place, self.support())
        except PortError as exc:
            self.outcome.setText(f"This attack is not possible: {linked(str(exc))}")
            self.roll_button.setEnabled(False)
            return
        self.preview = pv
        self.attack_box.setText(_lines_html("Attack", pv.attack_lines, pv.attack_total))
        self.defence_box.setText(_lines_html(f"Defence in {self.port.place_name(pv.defender_place)}",
                                             pv.defence_lines, pv.defence_total))
        self.odds.setText(linked(f"{pv.attack_total} against {pv.defence_total}: column {pv.column}"
                                 + (f"  ({pv.rule})" if pv.rule else "")))
        self._fill_crt(pv)
        self.bars.set_distribution(pv.distribution)
        for choice in pv.support:
            if choice.id not in self.spins:
                spin = QSpinBox()
                spin.setRange(0, choice.maximum)
                spin.setToolTip(choice.rule)
                spin.valueChanged.connect(self.refresh)
                self.spins[choice.id] = spin
                self.support_form.addRow(link_label(QLabel(linked(f"{choice.title} ({choice.rule})"))), spin)
        self.support_box.setVisible(bool(pv.support))

    def _fill_crt(self, pv: CombatPreview) -> None:
        self.crt.clear()
        self.crt.setColumnCount(len(pv.columns))
        self.crt.setRowCount(pv.die_sides)
        self.crt.setHorizontalHeaderLabels(list(pv.columns))
        self.crt.setVerticalHeaderLabels([str(r + 1) for r in range(pv.die_sides)])
        self.crt.setFixedHeight(self.crt.horizontalHeader().sizeHint().height() + 26 * pv.die_sides + 4)
        hot = QColor("#f4d35e")
        key = dict(pv.key)
        self.key.setText(" &nbsp;·&nbsp; ".join(f"<b>{escape(code)}</b> {escape(line.split(': ', 1)[-1])}"
                                                for code, line in pv.key))
        for c, col in enumerate(pv.columns):
            for r, res in enumerate(pv.crt.get(col, ())):
                item = QTableWidgetItem(res)
                item.setToolTip(key.get(res, ""))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col == pv.column:
                    item.setBackground(hot)
                self.crt.setItem(r, c, item)

    def roll(self) -> None:
        self.controller.select(None)  # the attackers cannot move now; the map shows the result
        res, error = self.controller.attack(self.attackers, self.defender_place, self.support())
        if res is None:
            self.outcome.setText(f"Refused: {linked(error)}")
            return
        self.result = res
        if not res.roll and not res.result:  # declared: the defender answers here, then the roll
            self.outcome.setText(f"Declared: {linked(res.text)}.")
            self.roll_button.setEnabled(False)
            self.show_choices()
            return
        roll = " ".join(str(d) for d in res.roll)
        self.outcome.setText(f"Rolled <b>{roll}</b>: <b>{escape(res.result)}</b>. {linked(res.text)}")
        if self.preview is not None:
            col = self.preview.columns.index(self.preview.column)
            row = res.roll[0] - 1 if res.roll else -1
            item = self.crt.item(row, col) if row >= 0 else None
            if item is not None:
                item.setBackground(QColor("#e07a5f"))
                f = item.font()
                f.setBold(True)
                item.setFont(f)
        self._after_roll()
        self.show_choices()

    def _after_roll(self) -> None:
        self.roll_button.setEnabled(False)
        for spin in self.spins.values():
            spin.setEnabled(False)
        self.close_button.setText("Close")
        self.close_button.clicked.disconnect()
        self.close_button.clicked.connect(self.accept)

    def show_choices(self) -> None:
        """List what the combat still waits for (losses, retreat paths, advance), for whichever
        side must choose; the dialog's list is emptied once the combat is settled."""
        self.choice_list.clear()
        for k, (kind, text, _places) in enumerate(self.controller.choices()):
            if kind in COMBAT_CHOICES:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, k)
                self.choice_list.addItem(item)
        self.choice_list.setVisible(self.choice_list.count() > 0)
        if self.choice_list.count():
            self.choice_list.setCurrentRow(0)
            side = self.port.view(self.controller.side).active_side
            where = "" if self.result and not self.result.roll else ", or closes this and clicks a marked hex"
            self.outcome.setText(self.outcome.text() + f"<br>The {side} player chooses below "
                                 f"(double-click or Enter){where}.")

    def _chosen(self, item: QListWidgetItem) -> None:
        text = item.text()  # (the list is refilled below)
        self.controller.choose(item.data(Qt.ItemDataRole.UserRole), text)
        self.show_choices()
        declared = self.result is not None and not self.result.roll and not self.result.result
        if declared and any(kind == "resolve_combat" for kind, _t, _p in self.controller.choices()):
            side = self.port.view(self.controller.side).active_side
            self.refresh()  # the answer may add to the defence (close defensive support)
            self.outcome.setText(f"Answered: {linked(text)}. The {side} player rolls.")
            self.roll_button.setEnabled(True)
