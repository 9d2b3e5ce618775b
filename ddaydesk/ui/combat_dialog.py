"""The combat dialog: who attacks whom, every strength modifier with its rule, the CRT with
the column in use, the exact outcome distribution, support choices, the roll and the result.

Everything shown comes from the engine's :class:`~ddaydesk.ui.port.CombatPreview`. The
attackers are ticked from every unit that may join the attack (``GamePort.attack_targets``),
each shown with what it adds and the odds with or without it; ticking a unit or changing a
support choice asks the engine for a new preview. When the defender answers an announced
attack first (D77-AIR-16/20: close defensive support; F&M: his support fire draws), the
answers are listed here and the attacker rolls once one is chosen. The result's choices
(losses, retreats, advances) are listed too, or made on the map.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.action_text import COMBAT_CHOICES
from ddaydesk.ui.controller import Controller
from ddaydesk.ui.dialog_place import beside
from ddaydesk.ui.port import CombatPreview, CombatResult, ModifierLine, PortError
from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.attackers import AttackerList, ResultChoices, SupportForm


def _lines_html(title: str, lines: tuple[ModifierLine, ...], total: int | str) -> str:
    rows = "".join(f"<tr><td>{escape(m.text)}</td><td align='right'><b>{escape(m.value)}</b></td>"
                   f"<td>{linked(m.rule)}</td></tr>" for m in lines)
    return (f"<b>{escape(title)}</b><table cellspacing='4'>{rows}"
            f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td><td></td></tr></table>")


class DistributionBars(QWidget):
    """Horizontal bars: the exact probability of each outcome."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.dist: tuple[tuple[str, float], ...] = ()
        self.tips: dict[str, str] = {}
        self.setMinimumHeight(60)

    def set_distribution(self, dist: tuple[tuple[str, float], ...], tips: dict[str, str]) -> None:
        self.dist, self.tips = dist, tips
        self.setMinimumHeight(10 + 22 * len(dist))
        self.setToolTip("\n".join(tips[code] for code, _p in dist if code in tips))
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
    def __init__(self, controller: Controller, attackers: list[str], defender_place: int, parent=None,
                 eligible: list[str] | None = None, hits: list[str] | None = None):
        """``hits``: a bombardment (F&M, no attacking unit), with the units the bombarding
        player picks the one hit from (empty: a lone unit)."""
        super().__init__(parent)
        self.controller = controller
        self.port = port = controller.port
        self.defender_place = defender_place
        self.bombard = hits is not None
        self.result: CombatResult | None = None
        self._rolled = False
        self.preview: CombatPreview | None = None
        self._said = ""  # the outcome line; the note on the choices is added below it
        eligible = list(eligible or attackers)
        what = "Bombardment of" if self.bombard else "Attack on"
        self.setWindowTitle(f"{what} {port.place_name(defender_place)}")
        self.resize(580, 660)
        # one column in a scroll area, the result and the buttons under it: the dialog stands at
        # the window's side (dialog_place.beside), the attack in sight on the map beside it
        outer = QVBoxLayout(self)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        col = QVBoxLayout(body)
        self.scroll.setWidget(body)
        outer.addWidget(self.scroll, 1)
        self.odds = link_label(QLabel())
        self.odds.setWordWrap(True)
        self.odds.setStyleSheet("font-size: 18px; font-weight: bold;")
        col.addWidget(self.odds)
        box = QGroupBox("Attackers: tick the units that attack")
        bl = QVBoxLayout(box)
        units = [u for u in (controller.unit(a) for a in eligible) if u is not None]
        self.attack_list = AttackerList(units, set(attackers), lambda u: u.where or port.place_name(u.place))
        self.attack_list.changed.connect(self.refresh)
        bl.addWidget(self.attack_list)
        col.addWidget(box)
        self.hit_list = QListWidget()  # a bombardment of a stack: the unit hit (FMU-BEACH-07)
        if self.bombard:
            box.setTitle("Bombardment: support fire markers alone, no unit attacks")
            here = [u.name for u in controller.view.units if u.place == defender_place]
            self.target_note = note = link_label(QLabel(linked(
                "Pick the unit the markers hit (FMU-BEACH-07):" if hits else
                f"Target: {', '.join(here)} in {port.place_name(defender_place)}. The markers drawn are the "
                "attack; a hit costs a step, never a retreat (STD-FM-BOMB).")))
            note.setWordWrap(True)
            bl.addWidget(note)
            self.attack_list.setVisible(False)
            for uid in hits or ():
                item = QListWidgetItem(controller.unit(uid).name if controller.unit(uid) else uid)
                item.setData(Qt.ItemDataRole.UserRole, uid)
                self.hit_list.addItem(item)
            self.hit_list.setCurrentRow(0)
            self.hit_list.setFixedHeight(10 + 24 * max(1, len(hits or ())))
            self.hit_list.setVisible(bool(hits))
            self.hit_list.currentRowChanged.connect(lambda _r: self.refresh())
            bl.addWidget(self.hit_list)
        self.support_box = QGroupBox("Support")
        sl = QVBoxLayout(self.support_box)
        self.support_form = SupportForm()
        self.support_form.changed.connect(self.refresh)
        sl.addWidget(self.support_form)
        col.addWidget(self.support_box)
        top = QHBoxLayout()
        self.attack_box = QLabel()
        self.defence_box = QLabel()
        for lbl in (self.attack_box, self.defence_box):
            link_label(lbl)  # each line's rule id opens its entry in the rules browser
            lbl.setAlignment(Qt.AlignmentFlag.AlignTop)
            lbl.setWordWrap(True)
            top.addWidget(lbl, 1)
        col.addLayout(top)
        self.crt = QTableWidget()
        self.crt.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.crt.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.crt.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.crt.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.crt.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.crt.verticalHeader().setDefaultSectionSize(26)
        col.addWidget(self.crt)
        self.key = link_label(QLabel())  # what each result code means, with its rule (also the cells' tooltips)
        self.key.setWordWrap(True)
        col.addWidget(self.key)
        dist_box = QGroupBox("Outcome (exact probabilities)")
        dl = QVBoxLayout(dist_box)
        self.bars = DistributionBars()
        dl.addWidget(self.bars)
        col.addWidget(dist_box)
        col.addStretch(1)
        self.outcome = link_label(QLabel())  # (the result and its choices always in sight)
        self.outcome.setWordWrap(True)
        self.outcome.setStyleSheet("font-size: 15px;")
        outer.addWidget(self.outcome)
        self.choice_list = ResultChoices()  # the result's choices, as the engine lists them
        self.choice_list.itemActivated.connect(self._chosen)
        outer.addWidget(self.choice_list)
        buttons = QDialogButtonBox()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setDefault(True)
        buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.roll_button.clicked.connect(self.roll)
        self.close_button.clicked.connect(self.reject)
        outer.addWidget(buttons)
        self.refresh()
        if self._declared():  # opened on a combat already announced: its attackers are fixed
            self.attack_list.lock()
            self.show_choices()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        places = [u.place for u in (self.controller.unit(a) for a in self.attackers) if u is not None]
        beside(self, self.parentWidget(), [self.defender_place, *places])  # (the map in sight beside it)

    @property
    def attackers(self) -> list[str]:
        return self.attack_list.ticked()

    def support(self) -> dict[str, int]:
        hit = self.hit_list.currentItem()
        return {**self.support_form.values(), **({f"hit:{hit.data(Qt.ItemDataRole.UserRole)}": 1} if hit else {})}

    def _drawn(self) -> int:
        return sum(n for k, n in self.support().items() if k.startswith("draw:"))

    def _declared(self) -> bool:
        return any(kind in ("respond", "resolve_combat") for kind, _t, _p in self.controller.choices())

    def _try(self, attackers: list[str]) -> CombatPreview | None:
        """``attackers``' attack with as much of the support chosen as it may take (D77-NAV-06: a cap falls)."""
        support = self.support()
        while True:
            try:
                return self.port.combat_preview(attackers, self.defender_place, support)
            except PortError:
                if not any(v > 0 for k, v in support.items() if not k.startswith("hit:")):
                    return None
                support = {k: v if k.startswith("hit:") else max(0, v - 1) for k, v in support.items()}

    def refresh(self) -> None:
        if not self.attackers and not self.bombard:
            self.odds.setText("Tick at least one unit to attack with.")
            self.roll_button.setEnabled(False)
            self._show_effects(None)
            return
        try:
            pv = self.port.combat_preview(self.attackers, self.defender_place, self.support())
        except PortError as exc:
            self.odds.setText(f"<span style='color:#9a1c1c'>Not possible: {linked(str(exc))}</span>")
            self.roll_button.setEnabled(False)
            return
        self.preview = pv
        ready = not self.bombard or 1 <= self._drawn() <= 2
        self.roll_button.setEnabled(ready and not self._rolled and not self._waits_for_answer())
        span = pv.attack_range
        self.attack_box.setText(_lines_html("Attack", pv.attack_lines, pv.attack_total) if not self.bombard else
                                _lines_html("Attack: the markers drawn", pv.attack_lines,
                                            f"{span[0]}..{span[1]}" if span else "—"))
        self.defence_box.setText(_lines_html(f"Defence in {self.port.place_name(pv.defender_place)}",
                                             pv.defence_lines, pv.defence_total))
        column = pv.column or "decided by the support fire markers drawn"
        if self.bombard and not self._drawn():
            self.odds.setText("Choose one or two support fire markers to draw (STD-FM-BOMB).")
        elif self.bombard and pv.attack_range:
            step = dict(pv.distribution).get("a step", 0.0)
            self.odds.setText(linked(f"Markers {pv.attack_range[0]} to {pv.attack_range[1]} against "
                                     f"{pv.defence_total}: {step * 100:.1f} % to cost a step (STD-FM-BOMB)"))
        else:
            self.odds.setText(linked(f"{pv.attack_total} against {pv.defence_total}: column {column}"
                                     + (f"  ({pv.rule})" if pv.rule else "")))
        self._fill_crt(pv)
        self.bars.set_distribution(pv.distribution, dict(pv.key))
        self.support_form.show_choices(pv.support)
        self.support_box.setVisible(bool(pv.support))
        self._show_effects(pv)

    def _show_effects(self, pv: CombatPreview | None) -> None:
        """Each eligible unit's part: what it adds, and the odds with it and without it."""
        if self._rolled:
            return
        ticked = self.attackers
        effects = {}
        for item in self.attack_list.items():
            uid = item.data(0, Qt.ItemDataRole.UserRole)
            other = [a for a in ticked if a != uid] if uid in ticked else [*ticked, uid]
            alt = self._try(other) if other else None
            with_, without = (pv, alt) if uid in ticked else (alt, pv)
            adds = (with_.attack_total - (without.attack_total if without else 0)) if with_ else None
            effects[uid] = ("" if adds is None else f"{adds:+d}",
                            f"{_col(with_)} / {_col(without)}")
        self.attack_list.show_effects(effects)

    def _waits_for_answer(self) -> bool:
        return any(kind == "respond" for kind, _t, _p in self.controller.choices())

    def _fill_crt(self, pv: CombatPreview) -> None:
        self.crt.clear()
        self.crt.setColumnCount(len(pv.columns))
        self.crt.setRowCount(pv.die_sides)
        self.crt.setHorizontalHeaderLabels([_two_lines(c) for c in pv.columns])
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

    def _say(self, text: str) -> None:
        self._said = text
        self.outcome.setText(text)

    def roll(self) -> None:
        self.controller.select(None)  # the attackers cannot move now; the map shows the result
        res, error = self.controller.attack(self.attackers, self.defender_place, self.support())
        if res is None:
            self._say(f"Refused: {linked(error)}")
            return
        self.attack_list.lock()
        self.hit_list.setEnabled(False)
        self.result = res
        if not res.roll and not res.result:  # declared: the defender answers here, then the roll
            self._say(f"Declared: {linked(res.text)}.")
            self.roll_button.setEnabled(False)
            self.support_form.setEnabled(False)  # (the defender at the screen: not his to change)
            self.show_choices()
            return
        self._rolled = True
        roll = " ".join(str(d) for d in res.roll)
        said = res.text[:1].upper() + res.text[1:]  # (the log's sentence, here one of its own)
        self._say(f"<b>{linked(said)}</b>" if self.bombard else
                  f"Rolled <b>{roll}</b>: <b>{escape(res.result)}</b>. {linked(said)}")
        used, item = res.column or (self.preview.column if self.preview is not None else ""), None
        if self.preview is not None and used in self.preview.columns:
            col = self.preview.columns.index(used)
            row = res.roll[0] - 1 if res.roll else -1
            item = self.crt.item(row, col) if row >= 0 else None
            if item is not None:
                item.setBackground(QColor("#e07a5f"))
                f = item.font()
                f.setBold(True)
                item.setFont(f)
        self._after_roll()
        self.show_choices()
        if item is not None:  # the cell read scrolled into sight (the dialog stops at the status bar)
            self.layout().activate()
            at = self.crt.viewport().mapTo(self.scroll.widget(), self.crt.visualItemRect(item).center())
            self.scroll.ensureVisible(at.x(), at.y(), 0, self.crt.rowHeight(0) * 2)

    def _after_roll(self) -> None:
        self.roll_button.setEnabled(False)
        self.support_form.lock()
        self.close_button.setText("Close")
        self.close_button.clicked.disconnect()
        self.close_button.clicked.connect(self.accept)

    def show_choices(self) -> None:
        """What the combat still waits for (the defender's answer, losses, retreats, advance), for the side
        to choose, with what the rules will do to an attacker (STD-INV-22); settled: the outcome says so."""
        listed = [(k, kind, text, p) for k, (kind, text, p) in enumerate(self.controller.choices()) if kind in COMBAT_CHOICES]
        marked = any(p for *_x, p in listed)  # (a retreat or an advance ends on a hex marked on the map; losses do not)
        beware = "".join(f"<br><b>{escape(u.name)}</b>: {linked(u.peril)}" for u in map(self.controller.unit, self.attackers) if u and u.peril)
        # an attacker lost unless it advances: Enter takes the advance with every unit, not "stay"
        if self.choice_list.fill(listed, last=bool(beware) and all(c[1] == "advance" for c in listed)):
            side = self.port.active_side()
            where = ", or closes this and clicks a marked hex" if self._rolled and marked else ""
            self.outcome.setText(f"{self._said}<br>The {side.capitalize()} player chooses below (double-click or Enter){where}.{beware}")
        else:
            done = f"<br>The {'bombardment' if self.bombard else 'combat'} is settled."
            self.outcome.setText(self._said + (done if self._rolled else ""))

    def _chosen(self, item: QListWidgetItem) -> None:
        text = item.text()  # (the list is refilled below)
        answering = not self._rolled
        self.controller.choose(item.data(Qt.ItemDataRole.UserRole), text)
        if answering and any(kind == "resolve_combat" for kind, _t, _p in self.controller.choices()):
            side = self.port.active_side()
            self.refresh()  # the answer may add to the defence (close defensive support)
            self._say(f"Answered: {linked(text)}. The {side.capitalize()} player rolls.")
            self.roll_button.setEnabled(True)
            self.support_form.setEnabled(True)
        else:
            self._say(f"{self._said}<br>{linked(text)}." if self._said else linked(text) + ".")
        self.show_choices()


def _col(pv: CombatPreview | None) -> str:
    return (pv.column.split(":")[0] or "?") if pv is not None else "—"


def _two_lines(column: str) -> str:
    """A CRT column's heading on two lines where it is long ("-6" over "or less", "+10.." over
    "+12"): ten or more F&M columns share the dialog's 580 pixels at 1280x800."""
    if " " in column:
        return "\n".join(column.split(" ", 1))
    if ".." in column and len(column) > 6:
        lo, hi = column.split("..", 1)
        return f"{lo}..\n{hi}"
    return column
