"""The main window, one for every game system: map, docks (place info, units, log and dice,
actions), menus, status bar, hot-seat hand-over.

One game at a time: :meth:`MainWindow.set_game` drops the previous game's scene, controller,
models and panels and builds them for the new port, whatever its system or board; a system's
own docks, map art and words come from its profile (``ddaydesk.ui.profiles``). Opening a
broken file shows its problems and leaves the current game alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QStackedWidget, QToolBar

from ddaydesk import __version__
from ddaydesk.ui import rule_links
from ddaydesk.ui.controller import Controller
from ddaydesk.ui.docks import (
    clamp_to_screen,
    reserve_docks,
    set_panels,
    set_turn_bar,
    show_turn,
    size_docks,
)
from ddaydesk.ui.gamecommands import GameCommands
from ddaydesk.ui.gamefiles import FILE_FILTER, GameFiles
from ddaydesk.ui.legend import MapLegend
from ddaydesk.ui.mapview import MapScene, MapView
from ddaydesk.ui.menus import LAYER_FEATURES, apply_capabilities, build_menus
from ddaydesk.ui.movemodes import MoveModes
from ddaydesk.ui.overlays import LAYERS
from ddaydesk.ui.palette import DEFAULT, PALETTES
from ddaydesk.ui.port import Capabilities, GamePort, GameView
from ddaydesk.ui.profiles import profile_for
from ddaydesk.ui.widgets.turntrack import TurnTrack

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import SupplyView

__all__ = ["FILE_FILTER", "MainWindow"]


class MainWindow(GameFiles, GameCommands, QMainWindow):
    def __init__(self, port: GamePort, settings: QSettings | None = None, autosave: bool = True,
                 later: bool = False):
        """``later``: the docks stay empty and the parts a player acts through unmade until
        :meth:`build` (a start: ``ui/startup.py`` calls it right after the first frame)."""
        super().__init__()
        self.settings = settings or QSettings()
        self.autosave_enabled = autosave
        self.palette_ = PALETTES.get(str(self.settings.value("palette", DEFAULT.id)), DEFAULT)
        self.save_path: str | None = None
        self.secret_dialog = self.preview_dialog = None
        self.choice_at: dict[int, tuple[int, str]] = {}  # place -> (choice index, words)
        self.port: GamePort | None = None
        self.controller: Controller | None = None
        self.view: MapView | None = None
        self.scene: MapScene | None = None
        self.supply: SupplyView | None = None
        self.caps = Capabilities()
        self.built = False
        self.resize(1280, 800)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        reserve_docks(self)
        self._build_turn_bar()
        build_menus(self)
        self.move_modes = MoveModes(self)  # the turn bar's "Move:" box (D-Day '77)
        self.menu_actions = len(self.all_actions)  # (then a panel's keys, listed after the window's)
        self._build_status()
        self._sized = False
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        clamp_to_screen(self)  # the saved geometry, or the default size, on a smaller screen
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self._sized = self.restoreState(state)
        if not later:
            self.build()
        self.set_game(port)

    def build(self) -> None:
        """The docks filled and every part a player acts through made (once); the game shown
        without them gets them."""
        if self.built:
            return
        from ddaydesk.ui import dockparts  # (not before the first frame)

        dockparts.build(self)
        self.built = True
        if self.controller is not None:
            dockparts.set_game(self)
            self.controller.refresh()

    # -- building -----------------------------------------------------------------------------
    def _build_turn_bar(self) -> None:
        self.turn_track = TurnTrack()
        bar = QToolBar("Turn track", self)
        bar.setObjectName("turn-track")
        bar.setMovable(False)
        self.phase_label = QLabel("")
        self.phase_label.setStyleSheet("font-weight: bold; padding: 0 12px;")
        self.turn_track_action = bar.addWidget(self.turn_track)  # first: its boxes keep their places
        bar.addWidget(self.phase_label)
        self.tracks_label = QLabel("")
        self.tracks_label.setStyleSheet("padding: 0 8px;")
        bar.addWidget(self.tracks_label)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.turn_bar = bar

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
        self.outcome_box = None  # (a QMessageBox once the game is over)
        sb.addPermanentWidget(self.outcome_label)
        sb.addPermanentWidget(self.turn_label)
        sb.addPermanentWidget(self.zoom_label)

    # -- the game -----------------------------------------------------------------------------
    def _drop_game(self) -> None:
        """Let go of the previous game's scene, controller, widgets and panels."""
        if self.controller is None:
            return
        if self.built:  # (a save refused while the window starts: not yet)
            from ddaydesk.ui import dockparts

            dockparts.drop_game(self)
        for dlg in (self.secret_dialog, self.preview_dialog, self.outcome_box):
            if dlg is not None:
                dlg.close()
        self.secret_dialog = self.preview_dialog = self.outcome_box = None
        self.controller.blockSignals(True)
        self.controller.deleteLater()
        self.stack.removeWidget(self.view)
        self.view.deleteLater()
        self.scene.deleteLater()
        self.controller = None

    def set_game(self, port: GamePort) -> None:
        """Show a new game, of any system: scene, controller, models and panels are rebuilt."""
        self._drop_game()
        self.port = port
        self.profile = getattr(port, "profile", None) or profile_for(port.scenario.system.id)
        self.caps = port.capabilities() if hasattr(port, "capabilities") else Capabilities()
        self.scene = MapScene(port.board, self.palette_, self, self.profile)
        self.view = MapView(self.scene)
        self.legend = MapLegend(self.view, self.scene.overlays)  # what the overlays shown mean
        self.stack.insertWidget(0, self.view)
        self.controller = c = Controller(port, self)
        self.hex_dock.setWindowTitle("Hex" if port.board.grid is not None else "Place")
        self.move_modes.modes = ()  # (the new game's ways of moving are read at its first view)
        set_panels(self, self.profile.panels(self))
        set_turn_bar(self, self.profile)
        ov = self.scene.overlays
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
        self._build_undo_actions()
        apply_capabilities(self, self.caps)
        for layer, a in self.layer_actions.items():
            lacks = bool(self.caps.why_not(LAYER_FEATURES.get(layer, "")))
            on = not lacks and self.settings.value(f"layers/{layer}", LAYERS[layer][2], type=bool)
            a.blockSignals(True)
            a.setChecked(on)
            a.blockSignals(False)
            self.set_layer(layer, on, remember=False)
        self.legend.set_shown(self.settings.value("legend/shown", True, type=bool))
        self.setWindowTitle(f"ddaydesk {__version__} — {port.scenario.title}")
        self._update_recent_menu()
        self._outcome_shown = ""
        self.show_hint("")
        self.menuBar().setEnabled(True)
        self.turn_bar.show()
        self.stack.setCurrentWidget(self.view)
        self._rules_follow_game()
        if self.built:
            from ddaydesk.ui import dockparts

            dockparts.set_game(self)
        if c.view.setup:  # (PlayAids lets the frame go once it is laid out)
            self.view.fit_rect = self.scene.geom.opening_frame(c.choices())
        if not self.built and not self.isVisible():
            self.view.fit_when_shown()  # a start: the window is laid out when it is shown
        else:
            self.view.fit()  # first, so counters are drawn once, at the scale they are shown
        c.refresh(read=False)  # (the view the controller has just read)

    # -- reactions ----------------------------------------------------------------------------
    def _view_changed(self, view: GameView) -> None:
        if self.built:
            self.aids.view_changed(view)
        self.move_modes.refresh(view.active_side == view.side)
        self.scene.show_view(view)
        self.scene.counters.select(self.controller.selected)
        # the panels are filled with the docks; before, one left of the map takes its room (the map's)
        for panel in (d.widget() for d in self.panel_docks):
            if self.built:
                panel.set_view(view)
            elif getattr(panel, "area", "") == "left":
                panel.reserve(view)
        for part in self.turn_parts:
            part.set_view(view)
        self.turn_track.set_view(view)
        show_turn(self, view)
        end = (f"not now: {view.end_phase_held}" if view.end_phase_held  # (the Actions dock's button greyed)
               else view.end_phase_text or "finish this phase and go to the next")
        self.end_phase_action.setToolTip(f"End phase: {end}")
        self.end_phase_action.setStatusTip(self.end_phase_action.toolTip())
        if self.built:
            from ddaydesk.ui import dockparts

            dockparts.show_view(self, view)  # the docks, the Actions dock's choices, a secret asked

    def _show_outcome(self, outcome: str) -> None:
        """Game over: in the status bar for good, and once in a dialog."""
        self.outcome_label.setText(rule_links.linked(outcome))
        self.outcome_label.setVisible(bool(outcome))
        if self.review.active:
            return  # a reviewed position's result was told when the game got there
        if outcome and outcome != self._outcome_shown:
            from PySide6.QtWidgets import QMessageBox  # (not before the first frame)

            box = QMessageBox(QMessageBox.Icon.Information, "Game over", outcome,
                              QMessageBox.StandardButton.Ok, self)
            box.open()
            self.outcome_box = box
        self._outcome_shown = outcome

    def _ask_secret(self, view: GameView) -> None:
        """The secret choice, made privately: only this side is at the screen (hand-over)."""
        from PySide6.QtWidgets import QInputDialog

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

    def take_choice(self, index: int, text: str) -> None:
        """One listed action; one with a preview (odds before a roll) is confirmed first."""
        kind = self.controller.choices()[index][0] if index < len(self.controller.choices()) else ""
        if self.profile.take_choice(self, index, kind, text):  # a dialog of the system's own
            return
        preview = getattr(self.port, "choice_preview", None)
        html = preview(index) if preview else ""
        if not html:
            self.controller.choose(index, text)
            return
        from ddaydesk.ui.widgets.preview import PreviewDialog

        dlg = PreviewDialog(text, html, self)
        dlg.accepted.connect(lambda: self.controller.choose(index, text))
        dlg.finished.connect(lambda _r: setattr(self, "preview_dialog", None))
        self.preview_dialog = dlg
        dlg.open()

    def _selection_changed(self, uid: str) -> None:
        self.scene.counters.select(uid or None)
        if uid and self.controller.range is not None:
            u = self.controller.unit(uid)
            attack = "" if self.caps.why_not("attack") else "A attacks the place under the cursor, "
            self.show_hint(f"{u.name}: click a highlighted place to move there, {attack}Esc deselects")

    def _hovered(self, place: int) -> None:
        self.scene.overlays.show_hover(place)
        self.controller.hover(place)
        self.aids.hovered(place)
        if place >= 0:
            ids = self.scene.counters.stack_at(place)
            units = [self.controller.unit(i) for i in ids]
            self.hex_info.show_place(place, [u for u in units if u], self.supply,
                                     self.profile.place_info(self.controller.view, place))

    def _clicked(self, place: int, unit: str, button: int) -> None:
        if button == Qt.MouseButton.RightButton.value:
            self.controller.select(None)
            return
        if place in self.choice_at:  # a marked retreat or advance place: that choice
            self.controller.choose(*self.choice_at[place])
            return
        if self.aids.clicked(place, unit, button):  # a placement, an attack
            return
        ids = self.scene.counters.stack_at(place)
        c = self.controller
        moving_here = c.range is not None and place in c.range.cost and place != c.range.start
        if not moving_here and not unit:  # a click on a place: the actions about it
            self.actions_panel.set_place(place, self.port.place_name(place))
        grouped = self.profile.group_alike  # alike units share a counter: no stack to open
        if len(ids) > 1 and not grouped and not moving_here and (c.selected not in ids or unit == c.selected):
            units = [c.unit(i) for i in ids]
            self.inspector.show_units([u for u in units if u], self.view.mapToGlobal(
                self.view.view_point_of(place) + QPoint(30, -20)))
            return
        c.click(place, unit)

    def _inspector_chose(self, uid: str) -> None:
        self.scene.counters.raise_to_top(uid)
        self.controller.select(uid)

    def _table_chose(self, index) -> None:
        from ddaydesk.ui.models.units import UNIT_ID_ROLE

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

    def showEvent(self, event) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._size_docks)  # once laid out (docks resized before that keep their hints)

    def _size_docks(self) -> None:
        size_docks(self, force=not self._sized)
        self._sized = True

    # -- view menu ----------------------------------------------------------------------------
    def set_layer(self, layer: str, on: bool, remember: bool = True) -> None:
        if on and self.caps.why_not(LAYER_FEATURES.get(layer, "")):
            return  # greyed out: this game has no such thing to show
        self.scene.overlays.set_visible(layer, on)
        if remember:
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

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.may_leave():
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self._close_rules()  # its rules browser goes with the game window
        super().closeEvent(event)
