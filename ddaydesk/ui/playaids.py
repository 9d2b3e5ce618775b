"""The main window's aids to play on the map, for every system (the window calls four hooks:
``set_game``, ``view_changed``, ``hovered``, ``clicked``; and ``end_phase``):

* attacks put together on the map (``attacking.AttackBuilder``);
* the combat obligations checklist at the top of the Actions dock and on the map; ending the
  phase with one open says which, and its rule, in a box and the status bar;
* the placement pool dock (``widgets/pool.py``): an entry chosen lights its places, a click or a
  drop there places it; the Actions dock's lines mark their places while the pointer is on them;
* what-if supply while a move is pointed at or dragged (``whatif.py``);
* the status bar cleared on undo, redo, a change of phase or side, and a new game;
* the View menu's switch for the map legend;
* how units move, where the rules give a choice (``movemodes.py``: D-Day '77's strategic and
  surprise movement).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from ddaydesk.ui.attacking import AttackBuilder
from ddaydesk.ui.port import Arrival, GameView
from ddaydesk.ui.rule_links import linked
from ddaydesk.ui.whatif import WhatIfSupply
from ddaydesk.ui.widgets.obligations import ObligationList
from ddaydesk.ui.widgets.pool import MIME, PoolPanel


class PlayAids(QObject):
    @property
    def win(self):
        return self.parent()  # (a reference of its own would keep a closed window alive)

    def __init__(self, win):
        super().__init__(win)
        self.attacks = AttackBuilder(win)
        self.whatif = WhatIfSupply(win)
        self.duties = ObligationList()
        win.actions_panel.layout().insertWidget(0, self.duties)
        self.duties.attack.connect(lambda target, units: self.attacks.open(target, units))
        self.pool = PoolPanel()
        self.pool.chosen.connect(self._chosen)
        self.pool.taken.connect(lambda a: self._take(a.take))
        self.pool_dock = win.pool_dock  # (made with the window's docks, beside the Actions dock)
        self.pool_dock.setWidget(self.pool)
        tree = win.actions_panel.tree
        tree.setMouseTracking(True)
        tree.itemEntered.connect(self._action_pointed)
        self._actions_vp = tree.viewport()
        self._actions_vp.installEventFilter(self)
        self._map_vp = None
        self.legend_action = QAction("Map &legend", win, checkable=True)
        self.legend_action.setShortcut(QKeySequence("L"))
        self.legend_action.setStatusTip("Show or hide the legend of what the map shows")
        self.legend_action.setToolTip(self.legend_action.statusTip())
        after = win.layer_actions["hover"]
        menu_actions = win.docks_menu.actions()
        before = menu_actions[menu_actions.index(after) + 1] if after in menu_actions[:-1] else None
        win.docks_menu.insertAction(before, self.legend_action)
        win.all_actions.append(self.legend_action)
        self.legend_action.toggled.connect(self._legend)
        self.modes = win.move_modes  # (on the turn bar from the first frame)
        self._index = 0  # the undo stack's: an undo steps back from it
        self.placing: Arrival | None = None
        self.duty_box: QMessageBox | None = None
        self._phase: tuple = ()
        self._said = ""

    # -- a new game -------------------------------------------------------------------------------
    def set_game(self) -> None:
        w = self.win
        c = w.controller
        c.undo_stack.indexChanged.connect(self._stepped)
        c.message.connect(self._remember)
        c.selectionChanged.connect(self._selected)
        self.attacks.group = []
        self.placing, self._phase, self._said = None, (), ""
        self._index = c.undo_stack.index()
        QTimer.singleShot(0, self._opened)
        if self.duty_box is not None:
            self.duty_box.close()
            self.duty_box = None
        self._map_vp = vp = w.view.viewport()
        vp.setAcceptDrops(True)
        vp.installEventFilter(self)
        # the keys (A, M, S...) go to the map, not typed into the Units filter (once it is shown)
        QTimer.singleShot(0, self._focus_map)
        self.legend_action.blockSignals(True)
        self.legend_action.setChecked(w.legend.shown)  # (as the window set it: "legend/shown")
        self.legend_action.blockSignals(False)

    def _opened(self) -> None:
        """A game opened framed on its places to choose (``BoardGeometry.opening_frame``) lets the
        frame go once laid out: a resize then keeps the scale, Ctrl+0 shows the whole map."""
        v = self.win.view
        if v is not None and v.fit_rect is not None and v.isVisible() and v.fit_rect == \
                self.win.scene.geom.opening_frame(self.win.controller.choices()):
            v.fit_rect, v.fitted = None, False

    def _focus_map(self) -> None:
        if self.win.view is not None:
            self.win.view.setFocus()

    def _stepped(self, index: int) -> None:
        self.win.show_hint("")  # an action, an undo, a redo: the old message is old news
        undone, self._index = index < self._index, index
        if undone and len(self.pool.returned) == 1:  # an undone landing: that unit chosen again
            self.pool.choose(self.pool.returned[0])

    def _selected(self, uid: str) -> None:
        if not uid:  # Esc, a right click: the attack being put together goes too
            self.attacks.reset()

    def _remember(self, text: str) -> None:
        self._said = text

    def _legend(self, on: bool) -> None:
        self.win.settings.setValue("legend/shown", on)
        self.win.legend.set_shown(on)

    # -- each view ----------------------------------------------------------------------------------
    def view_changed(self, view: GameView) -> None:
        """Old messages go when the phase or the side at the screen changes; the checklist and
        the pool follow the view (the other side's stay hidden: hot-seat)."""
        w, port = self.win, self.win.port
        key = (view.turn, view.phase, view.active_side, view.side)
        if key != self._phase:
            self._phase = key
            w.show_hint("")
            self.attacks.reset()
            if w.controller.mode != "normal":
                w.controller.mode = "normal"  # each phase starts with normal movement
        self.whatif.shown = None
        w.scene.overlays.marks.show_supply_changes((), ())
        mine = view.active_side == view.side
        owed = port.obligations() if mine and hasattr(port, "obligations") else ()
        names = {u.id: u for u in view.units}
        self.duties.set_obligations(owed, lambda uid: names[uid].name if uid in names else uid, port.place_name)
        w.scene.overlays.marks.show_duties(
            [names[u].place for o in owed for u in o.units if u in names and names[u].place >= 0],
            [o.target for o in owed if o.target >= 0])
        arrivals = port.arrivals() if mine and hasattr(port, "arrivals") else ()
        self.pool.set_arrivals(arrivals, "" if mine else view.active_side, w.profile.turn_limit)

    # -- the map --------------------------------------------------------------------------------------
    def hovered(self, place: int) -> None:
        words = self.whatif.hover(place)
        if words:
            self.win.show_hint(f"{self._said} · {words}" if self._said else words)
        self.attacks.hover(place)
        a = self.placing
        if a is not None and place in a.places:
            k, choices = a.places[place], self.win.actions_panel.choices  # the action's own words ("at sea")
            words = choices[k][1] if 0 <= k < len(choices) else f"{a.title} to {self.win.port.place_name(place)}"
            self.win.show_hint(f"{words}: click to place it here")

    def clicked(self, place: int, unit: str, button: int) -> bool:
        """True when the click was taken here (a placement, an attack)."""
        if button != Qt.MouseButton.LeftButton.value:
            return False
        a = self.placing
        if a is not None and place in a.places and a.places[place] >= 0:
            self._take(a.places[place])
            return True
        return self.attacks.click(place, unit)

    def _take(self, index: int) -> None:
        choices = self.win.controller.choices()
        if 0 <= index < len(choices):
            self.win.take_choice(index, choices[index][1])

    def _chosen(self, a: Arrival | None) -> None:
        """An entry chosen in the pool: its places lit (a unit entering by a move: its range)."""
        w = self.win
        self.placing = a if a is not None and not a.move else None
        w.scene.overlays.marks.show_placing(*((self.placing.places, self.placing.afloat) if self.placing else ((),)))
        if a is not None and a.move and w.controller.selected != a.unit:
            w.controller.select(a.unit)
        if a is not None and a.places:
            w.view.show_places(a.places)  # where it may go in sight, large enough to click
            n, k = len(a.places), next(iter(a.places.values()))
            choices = w.controller.choices() if n == 1 and k >= 0 else ()  # (the Actions dock's: not yet refilled)
            if 0 <= k < len(choices):  # one place: what a click there does ("Roll drop for ...")
                w.show_hint(f"{choices[k][1]}: click the lit place, or drag the entry there")
            else:
                w.show_hint(f"{a.title}: {n} place{'s' if n != 1 else ''} lit on the map; click one, or drag the entry there")
        elif a is not None and a.why:
            w.show_hint(f"{a.title}: {a.why}")

    def _action_pointed(self, item, _col: int = 0) -> None:
        from ddaydesk.ui.widgets.actionspanel import ROLE

        k = item.data(0, ROLE)
        choices = self.win.actions_panel.choices
        self.win.scene.overlays.marks.point_at(choices[k][2] if k is not None and k < len(choices) else ())

    # -- dragging an arrival onto the map ----------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        w = self.win
        if obj is self._actions_vp:
            if event.type() == QEvent.Type.Leave and w.scene is not None:
                w.scene.overlays.marks.point_at(())
            return False
        if obj is not self._map_vp:
            return False
        t = event.type()
        if t in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            self.attacks.mods = event.modifiers()  # (before the map takes the click: Ctrl+click)
            return False
        if t in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            a = self._dragged(event)
            place = w.scene.geom.hex_at(w.view.mapToScene(event.position().toPoint())) if a else -1
            ok = a is not None and place in a.places
            if t == QEvent.Type.DragEnter:
                event.setAccepted(a is not None)
                return a is not None
            w._hovered(place if ok else -1)
            if a is not None and a.move and ok:
                self.whatif.preview(a.unit, place, tuple(w.controller.range.path_to(place)) if w.controller.range else ())
            if t == QEvent.Type.Drop and ok:
                event.acceptProposedAction()
                self._drop(a, place)
                return True
            event.setAccepted(ok)
            return True
        return False

    def _dragged(self, event) -> Arrival | None:
        mime = event.mimeData()
        if not mime.hasFormat(MIME):
            return None
        a = self.pool.arrivals.get(bytes(mime.data(MIME)).decode("utf-8"))
        if a is not None and a.move and self.win.controller.selected != a.unit:
            self.win.controller.select(a.unit)
        return a

    def _drop(self, a: Arrival, place: int) -> None:
        if a.move:
            self.win.controller.move_selected(place)
        else:
            self._take(a.places[place])

    # -- ending the phase -----------------------------------------------------------------------------------
    def end_phase(self) -> None:
        """End the phase, unless a compulsory attack is still open: then say which, with its rule,
        in a box (which can open the first) and the status bar."""
        w = self.win
        owed = w.port.obligations() if hasattr(w.port, "obligations") else ()
        if not owed or w.controller.view.active_side != w.controller.side:
            w.controller.end_phase()
            return
        phase = f"{w.controller.view.active_side.capitalize()} {w.controller.view.phase}"
        w.show_hint(f"The {phase} phase cannot end yet: {owed[0].text}")
        w.actions_dock.raise_()
        items = "".join(f"<li>{linked(o.text)}</li>" for o in owed)
        box = QMessageBox(QMessageBox.Icon.Warning, "Compulsory attacks left",
                          f"<p>The {escape(phase)} phase cannot end yet:</p><ul>{items}</ul>"
                          "<p>They are marked on the map and listed in the Actions dock.</p>",
                          QMessageBox.StandardButton.Close, w)
        first = box.addButton("Make the first attack", QMessageBox.ButtonRole.AcceptRole)
        o = owed[0]
        first.setEnabled(bool(o.attacks))
        first.clicked.connect(lambda: o.attacks and self.attacks.open(o.attacks[0][0], list(o.attacks[0][1])))
        box.finished.connect(lambda _r: setattr(self, "duty_box", None))
        self.duty_box = box
        box.open()
