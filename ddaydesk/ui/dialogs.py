"""Small dialogs: new game (scenario and optional rules), about, keyboard shortcuts."""

from __future__ import annotations

import platform
from functools import cache
from html import escape

import PySide6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ddaydesk import __version__
from ddaydesk.board import Board
from ddaydesk.formats.catalog import ScenarioEntry, bundled_scenarios
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.options import option_listing
from ddaydesk.rules.systems import load_system
from ddaydesk.ui.profiles import profile_for


def _unplayable(system_id: str) -> str:
    """Why the engine cannot play a system's games (its rules module or sequence of play
    does not load), or ""."""
    from ddaydesk.engine import rules_module

    try:
        rules_module(system_id)
    except FormatError as exc:
        return str(exc.problems[0].message) if exc.problems else str(exc)
    return ""


@cache
def _system_title(system_id: str) -> str:
    try:
        return load_system(system_id).title
    except FormatError:
        return system_id


@cache
def _scenario_options(path: str) -> dict[str, bool]:
    try:
        return dict(load_scenario(path).options)
    except FormatError:
        return {}


SYSTEM_ORDER = ("dday77", "fmu", "pkd", "ddd", "dd2")  # the README's order: the tutorial's first


class NewGameDialog(QDialog):
    """Pick a bundled scenario, listed under its game, and its optional rules."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.resize(940, 560)
        lay = QHBoxLayout(self)
        self.list = QListWidget()
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        entries = [e for e in bundled_scenarios() if e.ok]
        rank = {s: k for k, s in enumerate(SYSTEM_ORDER)}
        entries.sort(key=lambda e: (rank.get(e.system, len(rank)), e.system, e.path != self._default()))
        self.entries: list[ScenarioEntry | None] = []  # row by row; None: a game's heading
        for e in entries:
            if not self.entries or self.entries[-1] is None or self.entries[-1].system != e.system:
                head = QListWidgetItem(_system_title(e.system))
                head.setFlags(Qt.ItemFlag.NoItemFlags)  # a heading, not a choice
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                head.setForeground(QColor("#333"))
                self.list.addItem(head)
                self.entries.append(None)
            # a game without a last turn (D-Day Dice) plays until it is won or lost
            turns = f" · turns {e.turns}" if profile_for(e.system).turn_limit else ""
            item = QListWidgetItem(f"    {e.title}{turns}")
            item.setData(Qt.ItemDataRole.UserRole, e.path)
            item.setToolTip(e.description or e.title)
            why = _unplayable(e.system)
            if why:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(f"Not playable in this window yet: {why}")
            self.list.addItem(item)
            self.entries.append(e)
        lay.addWidget(self.list, 5)
        right = QVBoxLayout()
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop)
        right.addWidget(self.description)
        self.options_box = QGroupBox("Optional rules")
        self.options_layout = QVBoxLayout(self.options_box)
        self.no_options = QLabel("This game has no optional rules.")
        self.no_options.setStyleSheet("color: palette(placeholder-text);")
        self.options_layout.addWidget(self.no_options)
        self.options_layout.addStretch(1)
        right.addWidget(self.options_box, 1)
        self.standard_rules = QLabel()  # "standard rules: ddaydesk defaults" (docs: readings)
        self.standard_rules.setStyleSheet("color: palette(placeholder-text); font-style: italic;")
        right.addWidget(self.standard_rules)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        right.addWidget(buttons)
        lay.addLayout(right, 4)
        self.checks: dict[str, QCheckBox] = {}
        self.list.currentRowChanged.connect(self._show)
        playable = [k for k, e in enumerate(self.entries) if e is not None and not _unplayable(e.system)]
        if playable:
            self.list.setCurrentRow(playable[0])

    @staticmethod
    def _default() -> str:
        from ddaydesk.formats.catalog import default_scenario_path

        return str(default_scenario_path())

    def select(self, scenario_id: str) -> None:
        self.list.setCurrentRow(next(k for k, e in enumerate(self.entries) if e is not None and e.id == scenario_id))

    def entry(self) -> ScenarioEntry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def options(self) -> dict[str, bool]:
        return {k: c.isChecked() for k, c in self.checks.items()}

    def _show(self, row: int) -> None:
        e = self.entries[row] if 0 <= row < len(self.entries) else None
        if e is None:
            return
        self.description.setText(f"<b>{escape(e.title)}</b><br>{escape(e.description or '')}")
        for c in self.checks.values():  # gone now, not when the event loop next turns
            self.options_layout.removeWidget(c)
            c.hide()
            c.deleteLater()
        self.checks = {}
        self.no_options.setVisible(True)
        try:
            listing = option_listing(e.system, _scenario_options(e.path))
        except FormatError:
            self.standard_rules.setText("")
            return
        for row in listing.rows:  # as the scenario sets them, each titled with its clause ids
            title = row.title.replace("&", "&&")  # "Rest & Refit", not a mnemonic
            c = QCheckBox(f"{title}  ({row.rules})" if row.rules else title)
            c.setChecked(row.on)
            c.setToolTip(f"{row.title}: {row.rules}" if row.rules else row.title)
            self.options_layout.insertWidget(self.options_layout.count() - 1, c)
            self.checks[row.id] = c
            self.no_options.setVisible(False)
        self.standard_rules.setText(listing.standard_rules)


def about(parent: QWidget, board: Board) -> None:
    rows = "".join(
        f"<li>{escape(a.get('data', ''))}: {escape(a.get('licence', ''))}"
        f"{' — ' + escape(a['source']) if a.get('source') else ''}"
        f"{' (' + escape(a['note']) + ')' if a.get('note') else ''}</li>" for a in board.attribution)
    QMessageBox.about(parent, "About ddaydesk", (
        f"<h3>ddaydesk {__version__}</h3>"
        "<p>Hot-seat D-Day board wargames with the rules enforced: legal moves, supply traces, "
        "odds and an honest dice log.</p><p>Licence: GPL-3.0-or-later.</p>"
        f"<p><b>Map data ({escape(board.title)})</b></p><ul>{rows or '<li>none listed</li>'}</ul>"
        f"<p>Python {platform.python_version()}, PySide6 {PySide6.__version__}, Qt. "
        "Counter symbols follow NATO APP-6 unit symbols. Colour-blind palette: Okabe &amp; Ito, "
        "Color Universal Design (2008).</p>"))


def shortcuts_dialog(parent: QWidget, actions: list[QAction]) -> QDialog:
    """Every menu action with a shortcut, read from the actions themselves."""
    dlg = QDialog(parent)
    dlg.setWindowTitle("Keyboard shortcuts")
    lay = QVBoxLayout(dlg)
    # a command this game lacks (D-Day Dice has no supply view) is greyed, with its reason
    rows = [(a.text().replace("&", ""), a.shortcut().toString(), a.isEnabled(), a.toolTip())
            for a in actions if not a.shortcut().isEmpty() and a.isVisible()]
    rows += [("Pan the map", "Arrow keys, or drag with any mouse button", True, ""),
             ("Zoom around the cursor", "Mouse wheel", True, "")]
    table = QTableWidget(len(rows), 2)
    table.setHorizontalHeaderLabels(["Action", "Shortcut"])
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, (text, key, enabled, tip) in enumerate(rows):
        for c, cell in enumerate((text, key)):
            item = QTableWidgetItem(cell)
            if not enabled:
                item.setForeground(QColor("#999"))
                item.setToolTip(tip)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    lay.addWidget(table)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dlg.reject)
    lay.addWidget(buttons)
    dlg.resize(520, 520)
    return dlg
