"""What the main window shows beside its map, and the parts a player acts through: the docks'
contents (units, log, dice, actions, place info), the aids to play on the map
(``playaids.py``), review mode and the hand-over screen.

A start draws the map first and makes these right after its first frame (``startup.finish``):
the window calls :func:`build` once, then :func:`set_game` for each game it shows, and
:func:`show_view` with each view; until then the docks stand empty where they will be
(``docks.reserve_docks``). Their modules are imported then too.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.models.log import LogModel
from ddaydesk.ui.models.units import UnitFilterModel, UnitTableModel
from ddaydesk.ui.playaids import PlayAids
from ddaydesk.ui.port import GameView
from ddaydesk.ui.review import ReviewMode
from ddaydesk.ui.widgets.actionspanel import ActionsPanel
from ddaydesk.ui.widgets.dicelog import DiceLog
from ddaydesk.ui.widgets.handover import HandoverScreen
from ddaydesk.ui.widgets.hexinfo import HexInfo
from ddaydesk.ui.widgets.logview import LogView
from ddaydesk.ui.widgets.stacklist import StackInspector, counter_icon

# the Units table's columns as the model numbers them, in the order the table shows them: the
# counter beside the name says whose and what it is, as on the map (Side after, to sort by)
UNIT_ORDER = (0, 4, 5, 6, 1, 2, 3)  # Unit, A-D-M, Where, Status, Side, Nationality, Type
WHERE_CHARS = 22  # a longer place is cut at the end (whole in the tip)


def build(win) -> None:
    """The docks filled, the hand-over screen, the aids to play, review mode (once a window)."""
    _units(win)
    log = QWidget()
    ll = QVBoxLayout(log)
    ll.setContentsMargins(2, 2, 2, 2)
    win.log_model = LogModel(win)
    win.log_view = LogView()
    win.log_view.setModel(win.log_model)
    ll.addWidget(win.log_view)
    win.log_dock.setWidget(log)
    win.dice_log = DiceLog()
    win.dice_dock.setWidget(win.dice_log)
    win.actions_panel = ActionsPanel()
    win.actions_panel.chosen.connect(win.take_choice)
    win.actions_panel.handOver.connect(lambda side: win.controller.hand_to(side))
    win.actions_panel.endPhase.connect(win.end_phase)
    win.actions_panel.showAll.connect(lambda: win.actions_panel.set_place(-1, ""))
    win.actions_dock.setWidget(win.actions_panel)
    win.handover = HandoverScreen()
    win.handover.accepted.connect(win._handover_done)
    win.stack.addWidget(win.handover)
    keys = win.all_actions[win.menu_actions:]  # a panel's, made with the map: still listed last
    del win.all_actions[win.menu_actions:]
    win.aids = PlayAids(win)  # attacks, obligations, arrivals, what-if supply, legend switch
    win.review = ReviewMode(win)
    win.all_actions += keys


def _units(win) -> None:
    units = QWidget()
    ul = QVBoxLayout(units)
    ul.setContentsMargins(2, 2, 2, 2)
    row = QHBoxLayout()
    win.unit_filter = QLineEdit()
    win.unit_filter.setPlaceholderText("Filter units…")
    win.unit_filter.setClearButtonEnabled(True)
    win.side_filter = QComboBox()
    row.addWidget(win.unit_filter, 1)
    row.addWidget(win.side_filter)
    ul.addLayout(row)
    t = win.unit_table = QTableView()
    t.setSortingEnabled(True)
    t.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    t.verticalHeader().hide()
    t.setWordWrap(False)
    t.verticalHeader().setDefaultSectionSize(row := t.fontMetrics().height() + 6)
    t.setIconSize(QSize(row - 4, row - 4))
    t.horizontalHeader().setStretchLastSection(True)
    t.doubleClicked.connect(win._table_chose)
    win.unit_filter.textChanged.connect(lambda text: win.unit_proxy.setFilterFixedString(text))
    win.side_filter.currentIndexChanged.connect(lambda _i: win.unit_proxy.set_side(win.side_filter.currentData() or ""))
    ul.addWidget(t)
    win.units_dock.setWidget(units)
    win.unit_name_width = 0
    win.units_dock.visibilityChanged.connect(lambda shown: shown and _fit_names(win))


def _size_unit_columns(win) -> None:
    """The Units table's columns as wide as the game's texts, sized once a game as its units
    first fill them (every row measured: Qt's own fit measures the rows in view only)."""
    t, m = win.unit_table, win.unit_model
    fm, header = t.fontMetrics(), t.horizontalHeader()
    margin = 2 * t.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 6
    for col in range(m.columnCount()):
        texts = {m.data(m.index(r, col)) for r in range(m.rowCount())}
        icon = t.iconSize().width() + 4 if col == 0 and m.icon is not None else 0  # the counter beside the name
        t.setColumnWidth(col, max(header.sectionSizeFromContents(col).width(),
                                  max(map(fm.horizontalAdvance, texts), default=0) + margin + icon))
    t.setColumnWidth(5, min(t.columnWidth(5), fm.averageCharWidth() * WHERE_CHARS))
    win.unit_name_width = t.columnWidth(0)
    _fit_names(win)


def _fit_names(win) -> None:
    """A unit's counter and name as wide as the dock leaves beside its printed values, once the
    table is shown (the longest, '1st Polish Independent Parachute Brigade', cut at the end;
    whole in its tip)."""
    t = win.unit_table
    if t.isVisible():
        t.setColumnWidth(0, min(win.unit_name_width, t.viewport().width() - t.columnWidth(4)))


def set_game(win) -> None:
    """The docks and aids for the game the window has just been given."""
    port, c = win.port, win.controller
    win.inspector = StackInspector(win.scene.art, port, win)
    win.inspector.unitChosen.connect(win._inspector_chose)
    win.hex_info = HexInfo(win.scene.art, port)
    win.hex_info.stack.unitChosen.connect(c.select)
    win.hex_dock.setWidget(win.hex_info)
    art, table = win.scene.art, win.unit_table  # (not ``win``: the model would keep the window's wrapper alive)
    icon_px = table.iconSize().width()
    win.unit_model = UnitTableModel(port.place_name, win, win.profile.values, win.profile.values_title,
                                    lambda u: counter_icon(art, u, icon_px, table.devicePixelRatioF()))
    win.unit_proxy = UnitFilterModel(win)
    win.unit_proxy.setSourceModel(win.unit_model)
    win.unit_table.setModel(win.unit_proxy)
    header = win.unit_table.horizontalHeader()
    for to, col in enumerate(UNIT_ORDER):  # what a player reads first: who, whose, how strong, where
        header.moveSection(header.visualIndex(col), to)
    win.side_filter.blockSignals(True)
    win.side_filter.clear()
    win.side_filter.addItem("Both sides" if len(port.sides()) == 2 else "Every side", "")
    for side in port.sides():
        win.side_filter.addItem(side.capitalize(), side)
    win.side_filter.blockSignals(False)
    win.unit_filter.clear()
    win.actions_panel.set_place(-1, "")
    win.actions_panel.titles = win.profile.kind_titles
    win.view.hexHovered.connect(win._hovered)
    win.view.hexClicked.connect(win._clicked)
    c.handoverNeeded.connect(win.begin_handover)
    win.aids.set_game()
    win.review.attach(c, win.scene)


def drop_game(win) -> None:
    """The previous game's docks' models and widgets go (the window is their parent)."""
    win.review.detach()
    for obj in (win.inspector, win.hex_info, win.unit_proxy, win.unit_model):
        obj.deleteLater()


def show_view(win, view: GameView) -> None:
    """The docks and aids follow ``view`` (the map, turn bar and panels are the window's)."""
    first = not win.unit_model.rowCount()
    win.unit_model.set_units(view.units)
    if first:
        _size_unit_columns(win)
    win.log_model.set_entries(view.log)
    win.dice_log.set_view(view)
    if win.log_model.rowCount() and win.log_model.current < 0:
        win.log_view.scrollToBottom()
    if win.hex_info.place >= 0:
        win._hovered(win.hex_info.place)
    mine = view.active_side == view.side  # the other side's options stay hidden (hot-seat)
    choices = win.controller.choices() if mine else ()
    tips = getattr(win.port, "choice_tips", None)
    win.actions_panel.set_choices(choices, "" if mine else view.active_side, view.end_phase_text,
                                  f"{view.turn} {view.active_side} {view.phase}", tips() if tips and mine else (),
                                  view.end_phase_held)
    # a combat result's retreat/advance choices, by the place each ends in (first listed wins)
    win.choice_at = {}
    for k, (kind, text, places) in enumerate(choices):
        if kind in ("retreat", "advance") and places:
            win.choice_at.setdefault(places[-1], (k, text))
    win.scene.overlays.show_choice_ends(win.choice_at)
    if win.choice_at:
        kinds = sorted({choices[k][0] for k, _t in win.choice_at.values()})
        win.show_hint(f"Combat result: click a marked place to {' or '.join(kinds)} there, "
                      "or pick from the Actions dock")
    win._show_outcome(view.outcome)
    if view.secret_pending and view.side == view.active_side and win.secret_dialog is None:
        win._ask_secret(view)
