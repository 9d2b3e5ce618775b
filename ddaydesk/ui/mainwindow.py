"""The main window: map, docks (hex info, units, log), menus, status bar, hot-seat hand-over.

One game at a time: :meth:`MainWindow.set_game` builds the scene, controller and models
for a port; opening a broken file shows its problems and leaves the current game alone.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ddaydesk import __version__
from ddaydesk.formats.errors import FormatError
from ddaydesk.ui import dialogs, rule_links, rules_browser
from ddaydesk.ui.combat_dialog import CombatDialog
from ddaydesk.ui.controller import Controller
from ddaydesk.ui.legend import MapLegend
from ddaydesk.ui.mapview import MapScene, MapView
from ddaydesk.ui.models.log import LogModel
from ddaydesk.ui.models.units import UNIT_ID_ROLE, UnitFilterModel, UnitTableModel
from ddaydesk.ui.overlays import LAYERS
from ddaydesk.ui.palette import DEFAULT, PALETTES
from ddaydesk.ui.port import GamePort, GameView, PortError, SupplyView
from ddaydesk.ui.session import (
    SAVE_SUFFIX,
    add_recent,
    autosave_path,
    open_game,
    recent_files,
    saves_dir,
    write_atomic,
)
from ddaydesk.ui.widgets.actionspanel import ActionsPanel
from ddaydesk.ui.widgets.handover import HandoverScreen
from ddaydesk.ui.widgets.hexinfo import HexInfo
from ddaydesk.ui.widgets.stacklist import StackInspector
from ddaydesk.ui.widgets.turntrack import TurnTrack

FILE_FILTER = f"ddaydesk games (*{SAVE_SUFFIX} *.yaml);;Saved games (*{SAVE_SUFFIX});;Scenarios (*.yaml)"


class MainWindow(QMainWindow):
    def __init__(self, port: GamePort, settings: QSettings | None = None, autosave: bool = True):
        super().__init__()
        self.settings = settings or QSettings()
        self.autosave_enabled = autosave
        self.palette_ = PALETTES.get(str(self.settings.value("palette", DEFAULT.id)), DEFAULT)
        self.save_path: str | None = None
        self.secret_dialog: QInputDialog | None = None
        self.choice_at: dict[int, tuple[int, str]] = {}  # place -> (choice index, words)
        self.port: GamePort | None = None
        self.controller: Controller | None = None
        self.supply: SupplyView | None = None
        self.resize(1280, 800)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.handover = HandoverScreen()
        self.handover.accepted.connect(self._handover_done)
        self._build_docks()
        self._build_actions()
        self._build_status()
        self.set_game(port)
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)

    # -- building -----------------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.hex_dock = QDockWidget("Hex", self)
        self.hex_dock.setObjectName("hex-dock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.hex_dock)
        self.units_dock = QDockWidget("Units", self)
        self.units_dock.setObjectName("units-dock")
        self.unit_model = None
        units = QWidget()
        ul = QVBoxLayout(units)
        ul.setContentsMargins(2, 2, 2, 2)
        row = QHBoxLayout()
        self.unit_filter = QLineEdit()
        self.unit_filter.setPlaceholderText("Filter units…")
        self.unit_filter.setClearButtonEnabled(True)
        self.side_filter = QComboBox()
        row.addWidget(self.unit_filter, 1)
        row.addWidget(self.side_filter)
        ul.addLayout(row)
        self.unit_table = QTableView()
        self.unit_table.setSortingEnabled(True)
        self.unit_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.unit_table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.unit_table.verticalHeader().hide()
        self.unit_table.setWordWrap(False)
        self.unit_table.verticalHeader().setDefaultSectionSize(22)
        self.unit_table.horizontalHeader().setStretchLastSection(True)
        self.unit_table.doubleClicked.connect(self._table_chose)
        self.unit_filter.textChanged.connect(lambda t: self.unit_proxy.setFilterFixedString(t))
        self.side_filter.currentIndexChanged.connect(
            lambda _i: self.unit_proxy.set_side(self.side_filter.currentData() or ""))
        ul.addWidget(self.unit_table)
        self.units_dock.setWidget(units)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.units_dock)
        self.log_dock = QDockWidget("Log and dice", self)
        self.log_dock.setObjectName("log-dock")
        log = QWidget()
        ll = QVBoxLayout(log)
        ll.setContentsMargins(2, 2, 2, 2)
        self.dice_only = QCheckBox("Dice rolls only")
        ll.addWidget(self.dice_only)
        self.log_model = LogModel(self)
        self.dice_only.toggled.connect(self.log_model.set_dice_only)
        self.log_view = QListView()
        self.log_view.setModel(self.log_model)
        self.log_view.setUniformItemSizes(True)
        self.log_view.setItemDelegate(rule_links.RuleLinkDelegate(self.log_view))  # rule ids are links
        ll.addWidget(self.log_view)
        self.log_dock.setWidget(log)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.tabifyDockWidget(self.units_dock, self.log_dock)
        self.units_dock.raise_()
        self.actions_dock = QDockWidget("Actions", self)
        self.actions_dock.setObjectName("actions-dock")
        self.actions_panel = ActionsPanel()
        self.actions_panel.chosen.connect(lambda k, text: self.controller.choose(k, text))
        self.actions_panel.handOver.connect(lambda side: self.controller.hand_to(side))
        self.actions_dock.setWidget(self.actions_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.actions_dock)
        self.tabifyDockWidget(self.log_dock, self.actions_dock)
        self.units_dock.raise_()
        self.docks = (self.hex_dock, self.units_dock, self.log_dock, self.actions_dock)
        self.resizeDocks([self.hex_dock], [380], Qt.Orientation.Horizontal)
        self.resizeDocks([self.hex_dock, self.units_dock], [300, 420], Qt.Orientation.Vertical)
        self.turn_track = TurnTrack()
        bar = QToolBar("Turn track", self)
        bar.setObjectName("turn-track")
        bar.setMovable(False)
        self.phase_label = QLabel("")
        self.phase_label.setStyleSheet("font-weight: bold; padding: 0 12px;")
        bar.addWidget(self.turn_track)  # first: its boxes keep their places as the label's text changes
        bar.addWidget(self.phase_label)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.turn_bar = bar

    def _action(self, menu, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.setCheckable(checkable)
        if checkable:
            a.toggled.connect(slot)
        else:
            a.triggered.connect(slot)
        menu.addAction(a)
        self.all_actions.append(a)
        return a

    def _build_actions(self) -> None:
        self.all_actions: list[QAction] = []
        mb = self.menuBar()
        m = mb.addMenu("&File")
        self._action(m, "&New game…", self.new_game, QKeySequence.StandardKey.New,
                     "Start a scenario with a choice of optional rules")
        self._action(m, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open, "Open a saved game or a scenario")
        self.recent_menu = m.addMenu("Open &recent")
        self._action(m, "&Save", self.save, QKeySequence.StandardKey.Save, "Save the game")
        self._action(m, "Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs, "Save the game to a new file")
        self._action(m, "Restore &autosave", self.restore_autosave, None,
                     "Go back to the game as it was after its last action")
        m.addSeparator()
        self._action(m, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        m = mb.addMenu("&Edit")
        self.undo_menu = m
        m = mb.addMenu("&View")
        self.layer_actions: dict[str, QAction] = {}
        for layer, (title, key, _shown) in LAYERS.items():
            a = self._action(m, title, lambda on, name=layer: self.set_layer(name, on), key,
                             f"Show or hide: {title.lower()}", checkable=True)
            self.layer_actions[layer] = a
        m.addSeparator()
        self._action(m, "Zoom &in", lambda: self.view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(m, "Zoom &out", lambda: self.view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut)
        self._action(m, "&Fit map to window", lambda: self.view.fit(), "Ctrl+0")
        m.addSeparator()
        pm = m.addMenu("&Palette")
        group = QActionGroup(self)
        for pal in PALETTES.values():
            a = QAction(pal.title, self, checkable=True)
            a.setChecked(pal.id == self.palette_.id)
            a.triggered.connect(lambda _=False, pid=pal.id: self.set_palette(pid))
            group.addAction(a)
            pm.addAction(a)
        m.addSeparator()
        for dock in self.docks:
            m.addAction(dock.toggleViewAction())
        m = mb.addMenu("&Game")
        self._action(m, "&End phase", self.end_phase, "Ctrl+E", "Finish this phase and go to the next")
        self._action(m, "&Attack…", self.attack_dialog, "A",
                     "Attack the hex under the cursor with the selected unit")
        self._action(m, "&Withhold selected unit", lambda: self.controller.withhold_selected(), "W",
                     "Set-up with withheld units: hold the selected unit back, to place it later")
        self._action(m, "&Next turn", self.next_turn, "Ctrl+Shift+E", "End every remaining phase of this turn")
        self._action(m, "Roll &log", self.show_roll_log, "Ctrl+L", "Show the dice rolls of this game")
        m = mb.addMenu("&Help")
        self._action(m, "&Rules", self.show_rules, QKeySequence.StandardKey.HelpContents,
                     "This game's rules, charts and optional rules, searchable")
        self._action(m, "&Keyboard shortcuts", self.show_shortcuts, "Ctrl+/")
        self._action(m, "&About ddaydesk", self.show_about)

    def _build_status(self) -> None:
        self.hint = rule_links.link_label(QLabel(""))  # refusals cite rules: their ids are links
        self.turn_label = QLabel("")
        self.zoom_label = QLabel("")
        sb = self.statusBar()
        sb.addWidget(self.hint, 1)
        self.outcome_label = rule_links.link_label(QLabel(""))
        self.outcome_label.setStyleSheet("font-weight: bold; color: #8a1c1c;")
        self.outcome_label.setVisible(False)
        self._outcome_shown = ""
        self.outcome_box: QMessageBox | None = None
        sb.addPermanentWidget(self.outcome_label)
        sb.addPermanentWidget(self.turn_label)
        sb.addPermanentWidget(self.zoom_label)

    # -- the game -----------------------------------------------------------------------------
    def set_game(self, port: GamePort) -> None:
        """Show a new game: scene, controller and models are rebuilt for its board."""
        if self.controller is not None:
            self.controller.deleteLater()
        while self.stack.count():
            self.stack.removeWidget(self.stack.widget(0))
        self.port = port
        self.scene = MapScene(port.board, self.palette_, self)
        self.view = MapView(self.scene)
        self.legend = MapLegend(self.view, self.scene.overlays)  # what the overlays shown mean
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.handover)
        self.controller = c = Controller(port, self)
        self.inspector = StackInspector(self.scene.art, port.board, self)
        self.inspector.unitChosen.connect(self._inspector_chose)
        self.hex_info = HexInfo(self.scene.art, port.board)
        self.hex_info.stack.unitChosen.connect(c.select)
        self.hex_dock.setWidget(self.hex_info)
        self.unit_model = UnitTableModel(port.board, self)
        self.unit_proxy = UnitFilterModel(self)
        self.unit_proxy.setSourceModel(self.unit_model)
        self.unit_table.setModel(self.unit_proxy)
        for col, width in enumerate((190, 60, 80, 80, 56, 44)):
            self.unit_table.setColumnWidth(col, width)
        self.side_filter.blockSignals(True)
        self.side_filter.clear()
        self.side_filter.addItem("Both sides", "")
        for side in port.sides():
            self.side_filter.addItem(side.capitalize(), side)
        self.side_filter.blockSignals(False)
        self.unit_filter.clear()
        ov = self.scene.overlays
        self.view.hexHovered.connect(self._hovered)
        self.view.hexClicked.connect(self._clicked)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f} %"))
        c.viewChanged.connect(self._view_changed)
        c.selectionChanged.connect(self._selection_changed)
        c.rangeChanged.connect(ov.show_range)
        c.pathChanged.connect(ov.show_path)
        c.trailsChanged.connect(ov.show_trails)
        c.supplyChanged.connect(self._supply_changed)
        c.zocChanged.connect(self._zoc_changed)
        c.message.connect(self.show_hint)
        c.actionApplied.connect(self._autosave)
        c.handoverNeeded.connect(self.begin_handover)
        self._build_undo_actions()
        for layer, a in self.layer_actions.items():
            on = self.settings.value(f"layers/{layer}", LAYERS[layer][2], type=bool)
            a.blockSignals(True)
            a.setChecked(on)
            a.blockSignals(False)
            self.set_layer(layer, on)
        self.setWindowTitle(f"ddaydesk {__version__} — {port.scenario.title}")
        self._update_recent_menu()
        self.stack.setCurrentWidget(self.view)
        self.view.fit()  # first, so counters are drawn once, at the scale they are shown
        c.refresh()

    def _build_undo_actions(self) -> None:
        self.undo_menu.clear()
        stack = self.controller.undo_stack
        undo = stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.undo_menu.addAction(undo)
        self.undo_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        stack.canUndoChanged.connect(self._undo_tip)
        self._undo_tip()

    def _undo_tip(self, _can: bool = True) -> None:
        """A greyed Undo says why (the engine's reason: a roll cannot be taken back)."""
        problem = getattr(self.controller.port, "undo_problem", None)
        why = "" if self.controller.undo_stack.canUndo() or problem is None else problem()
        self.undo_action.setToolTip(f"Undo is not possible: {why}" if why else "Undo")
        self.undo_action.setStatusTip(self.undo_action.toolTip())

    # -- reactions ----------------------------------------------------------------------------
    def _view_changed(self, view: GameView) -> None:
        self.scene.counters.set_units(view.units)
        self.scene.overlays.show_markers(view.markers)
        self.scene.overlays.show_drifts(view.drifts)
        self.scene.counters.select(self.controller.selected)
        self.unit_model.set_units(view.units)
        self.log_model.set_entries(view.log)
        if self.log_model.rowCount():
            self.log_view.scrollToBottom()
        self.turn_track.set_view(view)
        self.phase_label.setText(f"Turn {view.turn} of {view.last_turn}\n{view.active_side.capitalize()} "
                                 f"{view.phase}")
        self.turn_label.setText(f"Turn {view.turn}/{view.last_turn} · {view.active_side.capitalize()} "
                                f"{view.phase} · viewing as {view.side.capitalize()}")
        if self.hex_info.place >= 0:
            self._hovered(self.hex_info.place)
        mine = view.active_side == view.side  # the other side's options stay hidden (hot-seat)
        choices = self.controller.choices() if mine else ()
        self.actions_panel.set_choices(choices, "" if mine else view.active_side)
        # a combat result's retreat/advance choices, by the hex each ends in (first listed wins)
        self.choice_at = {}
        for k, (kind, text, places) in enumerate(choices):
            if kind in ("retreat", "advance") and places:
                self.choice_at.setdefault(places[-1], (k, text))
        self.scene.overlays.show_choice_ends(self.choice_at)
        if self.choice_at:
            kinds = sorted({choices[k][0] for k, _t in self.choice_at.values()})
            self.show_hint(f"Combat result: click a marked hex to {' or '.join(kinds)} there, "
                           "or pick from the Actions dock")
        self._show_outcome(view.outcome)
        if view.secret_pending and view.side == view.active_side and self.secret_dialog is None:
            self._ask_secret(view)

    def _show_outcome(self, outcome: str) -> None:
        """Game over: in the status bar for good, and once in a dialog."""
        self.outcome_label.setText(rule_links.linked(outcome))
        self.outcome_label.setVisible(bool(outcome))
        if outcome and outcome != self._outcome_shown:
            box = QMessageBox(QMessageBox.Icon.Information, "Game over", outcome,
                              QMessageBox.StandardButton.Ok, self)
            box.open()
            self.outcome_box = box
        self._outcome_shown = outcome

    def _ask_secret(self, view: GameView) -> None:
        """The secret choice, made privately: only this side is at the screen (hand-over)."""
        dlg = QInputDialog(self)
        dlg.setWindowTitle("Secret choice")
        dlg.setLabelText(f"{view.side.capitalize()} player: choose the {view.secret_pending.replace('_', ' ')}. "
                         "The other player will not see it until the rules reveal it.")
        dlg.setComboBoxItems([title for _v, title in view.secret_options])
        dlg.setComboBoxEditable(False)
        values = dict((title, value) for value, title in view.secret_options)
        key = view.secret_pending

        def chosen(title: str) -> None:
            self.secret_dialog = None
            self.controller.set_secret(key, values[title])

        dlg.textValueSelected.connect(chosen)
        dlg.rejected.connect(lambda: setattr(self, "secret_dialog", None))
        self.secret_dialog = dlg
        dlg.open()

    def _selection_changed(self, uid: str) -> None:
        self.scene.counters.select(uid or None)
        if uid and self.controller.range is not None:
            u = self.controller.unit(uid)
            self.show_hint(f"{u.name}: click a highlighted hex to move there, A attacks the hex under "
                           "the cursor, Esc deselects")

    def _hovered(self, place: int) -> None:
        self.scene.overlays.show_hover(place)
        self.controller.hover(place)
        if place >= 0:
            ids = self.scene.counters.stack_at(place)
            units = [self.controller.unit(i) for i in ids]
            self.hex_info.show_place(place, [u for u in units if u], self.supply)

    def _clicked(self, place: int, unit: str, button: int) -> None:
        if button == Qt.MouseButton.RightButton.value:
            self.controller.select(None)
            return
        if place in self.choice_at:  # a marked retreat or advance hex: that choice
            self.controller.choose(*self.choice_at[place])
            return
        ids = self.scene.counters.stack_at(place)
        c = self.controller
        moving_here = c.range is not None and place in c.range.cost and place != c.range.start
        if len(ids) > 1 and not moving_here and (c.selected not in ids or unit == c.selected):
            units = [c.unit(i) for i in ids]
            self.inspector.show_units([u for u in units if u], self.view.mapToGlobal(
                self.view.view_point_of(place) + QPoint(30, -20)))
            return
        c.click(place, unit)

    def _inspector_chose(self, uid: str) -> None:
        self.scene.counters.raise_to_top(uid)
        self.controller.select(uid)

    def _table_chose(self, index) -> None:
        uid = self.unit_proxy.data(index, UNIT_ID_ROLE)
        u = self.controller.unit(uid)
        if u is not None and u.place >= 0:
            self.view.centre_on_place(u.place)
        self.controller.select(uid)

    def _supply_changed(self, sv: SupplyView | None) -> None:
        self.supply = sv
        self.scene.overlays.show_supply(sv, self.scene.counters.unit_places(), self._hq_places())

    def _hq_places(self) -> dict[str, int]:
        return {u.id: u.place for u in self.controller.view.units if u.type == "hq" and u.place >= 0}

    def _zoc_changed(self, own, enemy) -> None:
        self.scene.overlays.set_zoc_colours(self.controller.side, self.controller.enemy_side())
        self.scene.overlays.show_zoc(own or (), enemy or ())

    def show_hint(self, text: str) -> None:
        self.hint.setText(rule_links.linked(text))

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.controller is not None:
            self.controller.select(None)
            return
        super().keyPressEvent(event)

    # -- view menu ----------------------------------------------------------------------------
    def set_layer(self, layer: str, on: bool) -> None:
        self.scene.overlays.set_visible(layer, on)
        self.settings.setValue(f"layers/{layer}", on)
        if layer == "supply":
            self.controller.set_supply_view(on)
        elif layer == "zoc":
            self.controller.set_zoc_view(on)

    def set_palette(self, palette_id: str) -> None:
        self.palette_ = PALETTES[palette_id]
        self.settings.setValue("palette", palette_id)
        self.scene.set_palette(self.palette_)
        self.view.viewport().update()

    # -- hot-seat -----------------------------------------------------------------------------
    def begin_handover(self, side: str) -> None:
        """Blank the map and every dock until the next player is at the screen."""
        self._docks_before = [d for d in self.docks if d.isVisible()]
        for d in self.docks:
            d.hide()
        self.turn_bar.hide()
        self.scene.counters.set_units([])
        self.scene.overlays.show_markers(())
        self.unit_model.set_units([])
        self.log_model.set_entries([])
        self.show_hint("")
        self.handover.prepare(self.controller.side, side, "the next side has secrets to keep")
        self.stack.setCurrentWidget(self.handover)
        self.menuBar().setEnabled(False)

    def _handover_done(self, side: str) -> None:
        self.menuBar().setEnabled(True)
        for d in getattr(self, "_docks_before", self.docks):
            d.show()
        self.turn_bar.show()
        self.stack.setCurrentWidget(self.view)
        self.controller.show_side(side)

    # -- game menu ----------------------------------------------------------------------------
    def end_phase(self) -> None:
        self.controller.end_phase()

    def next_turn(self) -> None:
        turn = self.controller.view.turn
        for _ in range(64):  # a turn has far fewer phases; the bound stops a runaway engine
            if self.controller.view.turn != turn or not self.controller.apply(
                    f"End of {self.controller.view.phase}", self.controller.port.end_phase):
                break
        self.controller.hand_to(self.controller.port.view(self.controller.side).active_side)

    def attack_dialog(self) -> CombatDialog | None:
        c = self.controller
        target = self.hex_info.place
        if not c.selected or target < 0:
            self.show_hint("Select an attacking unit, then point at the hex to attack and press A")
            return None
        dlg = CombatDialog(c, [c.selected], target, self)
        dlg.open()
        return dlg

    def show_roll_log(self) -> None:
        self.log_dock.show()
        self.dice_only.setChecked(True)

    # -- files --------------------------------------------------------------------------------
    def new_game(self) -> None:
        dlg = dialogs.NewGameDialog(self)
        if dlg.exec() and dlg.entry() is not None:
            self.open_path(dlg.entry().path, dlg.options())

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a game", str(saves_dir()), FILE_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str, options: dict[str, bool] | None = None) -> bool:
        """Open a scenario or save; a broken file shows its problems and changes nothing."""
        try:
            port = open_game(path, options)
        except FormatError as exc:
            self.show_problems(path, exc)
            return False
        self.save_path = path if path.endswith(SAVE_SUFFIX) else None
        add_recent(self.settings, path)
        self.set_game(port)
        return True

    def show_problems(self, path: str, exc: FormatError) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Cannot open this file",
                          f"{Path(path).name} was not opened; the current game is unchanged.", parent=self)
        box.setDetailedText(str(exc))
        box.setInformativeText("\n".join(str(p) for p in exc.problems[:8]))
        box.open()
        self.problem_box = box

    def save(self) -> bool:
        if not self.save_path:
            return self.save_as()
        return self._write(self.save_path)

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(saves_dir() / f"game{SAVE_SUFFIX}"),
                                              f"Saved games (*{SAVE_SUFFIX})")
        if not path:
            return False
        if not path.endswith(SAVE_SUFFIX):
            path += SAVE_SUFFIX
        if self._write(path):
            self.save_path = path
            add_recent(self.settings, path)
            self._update_recent_menu()
            return True
        return False

    def _write(self, path: str) -> bool:
        try:
            write_atomic(path, self.controller.port.save_bytes())
        except (PortError, OSError) as exc:
            QMessageBox.warning(self, "Not saved", f"The game was not saved: {exc}")
            return False
        self.show_hint(f"Saved to {path}")
        return True

    def _autosave(self, _text: str = "") -> None:
        if not self.autosave_enabled:
            return
        try:
            write_atomic(autosave_path(), self.controller.port.save_bytes())
        except (PortError, OSError) as exc:
            self.show_hint(f"Autosave failed: {exc}")

    def restore_autosave(self) -> None:
        path = autosave_path()
        if not path.exists():
            self.show_hint("There is no autosave")
            return
        self.open_path(str(path))

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_files(self.settings):
            a = self.recent_menu.addAction(Path(path).name)
            a.setStatusTip(path)
            a.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_menu.actions()))

    # -- help ---------------------------------------------------------------------------------
    def show_rules(self) -> None:
        self.show_rule("")

    def show_rule(self, rule: str) -> None:
        """The rules browser of this game, at the entry of ``rule`` if one is given."""
        rules_browser.show_for(self, self.controller.port, rule)

    def show_shortcuts(self) -> None:
        dialogs.shortcuts_dialog(self, self.all_actions + [self.undo_action, self.redo_action]).open()

    def show_about(self) -> None:
        dialogs.about(self, self.controller.port.board)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        super().closeEvent(event)
