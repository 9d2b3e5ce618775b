"""The controller: applies actions through the port, keeps undo in step with the action log,
and tells the views what changed (Anki's operation -> changes pattern, anchors.md §2.2).

Views never call the port to change anything; they call the controller, which refuses with
a reason (a status-bar message) or applies the action and emits what to redraw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ddaydesk.ui.port import GamePort, GameView, PortError, UnitInfo

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import CombatResult, MoveRange, SupplyView


class ActionCommand(QUndoCommand):
    """One entry of the action log. The action is applied before the push, so the first
    ``redo`` (Qt calls it on push) does nothing; later undo/redo go to the engine's log."""

    def __init__(self, controller: Controller, text: str):
        super().__init__(text)
        self.controller = controller
        self._pushed = False

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True
            return
        self.controller._step(self.controller.port.redo)

    def undo(self) -> None:
        self.controller._step(self.controller.port.undo)


class Controller(QObject):
    viewChanged = Signal(object)  # GameView: redraw counters, tables, log, turn track
    selectionChanged = Signal(str)  # unit id or ""
    rangeChanged = Signal(object)  # MoveRange or None
    pathChanged = Signal(list, object)  # places, MP cost per place (dict: int keys)
    supplyChanged = Signal(object)  # SupplyView or None
    zocChanged = Signal(object, object)  # own places, enemy places (frozensets) or None, None
    trailsChanged = Signal(list)  # paths of the latest moves (the view's trails)
    message = Signal(str)  # status-bar text
    actionApplied = Signal(str)  # after every action, undo and redo: autosave
    handoverNeeded = Signal(str)  # the side to hand the screen to

    def __init__(self, port: GamePort, parent: QObject | None = None):
        super().__init__(parent)
        self.port = port
        self.undo_stack = QUndoStack(self)
        self.side = port.active_side()
        self.view: GameView = port.view(self.side)  # (one view read: a long game's is milliseconds)
        self.selected: str | None = None
        self.range: MoveRange | None = None
        self.mode = "normal"  # how units move (D-Day '77: strategic, surprise; the port's move_modes)
        self.supply_on = False
        self.zoc_on = False
        self.unsaved = 0  # actions, undos and redos since the game was opened or saved

    # -- reading ------------------------------------------------------------------------------
    def unit(self, uid: str) -> UnitInfo | None:
        return next((u for u in self.view.units if u.id == uid), None)

    def enemy_side(self) -> str:
        """The other side ("" in a game played by one side only)."""
        return next((s for s in self.port.sides() if s != self.side), "")

    def place_name(self, place: int) -> str:
        return self.port.place_name(place)

    def refresh(self, read: bool = True) -> None:
        """Re-read the viewing side's view (``read=False``: the one just read, a new game's
        first) and every overlay that is on."""
        if read:
            self.view = self.port.view(self.side)
        self.trailsChanged.emit([list(t) for t in self.view.trails])
        if self.selected and getattr(self.unit(self.selected), "eliminated", True):
            self.select(None)
        self.viewChanged.emit(self.view)
        if self.selected:
            self._load_range()
        if self.supply_on:
            self._load_supply()
        if self.zoc_on:
            self._load_zoc()

    # -- selection and preview ----------------------------------------------------------------
    def select(self, uid: str | None) -> None:
        unit = self.unit(uid) if uid else None
        self.selected = unit.id if unit else None
        self._load_range(emit=False)
        self.selectionChanged.emit(self.selected or "")
        self.rangeChanged.emit(self.range)
        self.pathChanged.emit([], {})

    def _load_range(self, emit: bool = True) -> None:
        unit = self.unit(self.selected) if self.selected else None
        self.range = None
        if unit is not None and unit.side != self.side:
            self.message.emit(f"{unit.name} is {'an' if unit.side[:1] in 'aeiou' else 'a'} {unit.side.capitalize()} "
                              f"unit; the {self.side.capitalize()} player is at the screen")
        elif unit is not None:
            try:
                self.range = self.port.legal_moves(unit.id, **self._mode())
            except PortError as exc:
                why = str(exc)  # (the reason names the unit itself, as a rule would)
                self.message.emit(why if why.startswith(unit.name) else f"{unit.name}: {why}")
        if not emit:
            return
        self.rangeChanged.emit(self.range)
        self.pathChanged.emit([], {})

    def hover(self, place: int) -> None:
        """Path preview from the selected unit to the hovered place, with MP costs."""
        if self.range is None or place not in self.range.cost or place == self.range.start:
            self.pathChanged.emit([], {})
            if self.range is not None and place >= 0 and place != self.range.start:
                self.message.emit(self.port.why_not(self.range.unit, place, **self._mode()))  # the engine's reason
            return
        unit = self.unit(self.range.unit)
        self.pathChanged.emit(self.range.path_to(place), self.range.step_costs())
        if unit is not None:
            cost = f"{self.range.cost[place]:g} {self.range.cost_unit}; " if self.range.cost_unit else ""
            self.message.emit(f"{unit.name} to {self.place_name(place)}: {cost}click to move")

    def click(self, place: int, unit_id: str) -> None:
        clicked = self.unit(unit_id) if unit_id else None
        # a place the selected unit may move to: the move, even on an enemy counter there (D-Day2's
        # zones are entered to fight; a counter may cover a small zone's middle)
        if self.range is not None and place in self.range.cost and place != self.range.start:
            self.move_selected(place)
            return
        if clicked is not None:
            self.select(clicked.id)
        elif self.selected:
            self.select(None)

    # -- actions ------------------------------------------------------------------------------
    def apply(self, text: str, action: Callable[[], object]) -> bool:
        """Apply one action; on refusal show the reason and change nothing."""
        return not self.refusal(text, action)

    def refusal(self, text: str, action: Callable[[], object]) -> str:
        """Apply one action; return why it was refused, or "" when it was applied."""
        try:
            action()
        except PortError as exc:
            self.message.emit(f"{text}: {exc}")
            return str(exc)
        self.undo_stack.push(ActionCommand(self, text))
        if not self.port.can_undo():
            # a random outcome (dice) cannot be taken back: nothing before it can either
            self.undo_stack.clear()
        self.message.emit(text)
        self._after_change()
        return ""

    def move_selected(self, place: int) -> bool:
        unit = self.unit(self.selected) if self.selected else None
        if unit is None or self.range is None:
            return False
        path = self.range.path_to(place)
        start = self.port.place_name(path[0], unit.part) if path[0] >= 0 else "enters"
        cost = f" ({self.range.cost[place]:g} {self.range.cost_unit})" if self.range.cost_unit else ""
        text = f"{unit.name}: {start} → {self.place_name(place)}{cost}"
        mode = self._mode()
        return self.apply(text + (f", {self.mode}" if mode else ""), lambda: self.port.move(unit.id, path, **mode))

    def _mode(self) -> dict[str, str]:
        return {"mode": self.mode} if self.mode != "normal" else {}

    def set_mode(self, mode: str) -> None:
        """Move units in ``mode`` from now on; the selected unit's range is worked out again."""
        self.mode = mode
        if self.selected:
            self.select(self.selected)

    def attack(self, attackers: list[str], place: int,
               support: dict[str, int]) -> tuple[CombatResult | None, str]:
        """Resolve an attack (dice: not undoable); returns the result or the refusal reason."""
        names = [u.name for u in (self.unit(a) for a in attackers) if u is not None]
        text = (f"Attack on {self.place_name(place)} by {', '.join(names)}" if names
                else f"Bombardment of {self.place_name(place)}")
        box: list[CombatResult] = []
        before = self.view.active_side
        why = self.refusal(text, lambda: box.append(self.port.resolve_combat(attackers, place, support)))
        if why:
            return None, why
        after = self.view.active_side  # (read again by the action's refresh)
        if after != before and after != self.side:  # the defender answers first (hot-seat)
            self.hand_to(after)
        return box[0], ""

    def choices(self) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """(kind, plain words, places) of what the game waits for besides moves and the end of
        the phase (the port's ``choices``; none from a port without it)."""
        choices = getattr(self.port, "choices", None)
        return choices() if choices else ()

    def choose(self, index: int, text: str) -> bool:
        """Apply one listed choice; hand over when the other side must act next."""
        return self._then_hand_over(text, lambda: self.port.choose(index))

    def perform(self, text: str, action: object) -> bool:
        """Apply an action a system's panel took from its view (``port.perform``), as a choice."""
        return self._then_hand_over(text, lambda: self.port.perform(action))

    def _then_hand_over(self, text: str, fn: Callable[[], object]) -> bool:
        before = self.view.active_side
        ok = self.apply(text, fn)
        if ok:
            after = self.view.active_side  # (read again by the action's refresh)
            if after != before and after != self.side:
                self.hand_to(after)
        return ok

    def withhold_selected(self) -> bool:
        unit = self.unit(self.selected) if self.selected else None
        if unit is None:
            self.message.emit("Select the unit to withhold first")
            return False
        uid = unit.id
        self.select(None)
        return self.apply(f"{unit.name} withheld", lambda: self.port.withhold(uid))

    def end_phase(self) -> None:
        before = self.view.active_side
        if self.apply(f"End of {self.view.phase}", self.port.end_phase):
            after = self.view.active_side  # (read again by the action's refresh)
            if after != before:
                self.hand_to(after)

    def hand_to(self, side: str) -> None:
        """Switch the viewing side, via the hand-over screen when the next side has secrets."""
        self.select(None)
        if self.port.needs_handover(self.side, side):
            self.handoverNeeded.emit(side)
        else:
            self.show_side(side)

    def show_side(self, side: str) -> None:
        changed = side != self.side
        self.side = side
        self.refresh()
        if changed:  # no secrets, so no blank screen between players: say whose seat it is
            self.message.emit(f"The {side.capitalize()} player acts now")

    def set_secret(self, key: str, value: str) -> bool:
        return self.apply(f"The {self.side.capitalize()} player made a secret choice", lambda: self.port.set_secret(key, value))

    def _step(self, fn: Callable[[], None]) -> None:
        try:
            fn()
        except PortError as exc:
            self.message.emit(str(exc))
            return
        self._after_change()

    def _after_change(self) -> None:
        self.unsaved += 1
        self.refresh()
        self.actionApplied.emit(self.port.last_action_text())

    # -- overlays read from the engine ---------------------------------------------------------
    def set_supply_view(self, on: bool) -> None:
        self.supply_on = on
        self._load_supply()

    def _load_supply(self) -> None:
        sv: SupplyView | None = None
        if self.supply_on:
            try:
                sv = self.port.supply(self.side)
            except PortError as exc:
                self.message.emit(f"Supply: {exc}")
        self.supplyChanged.emit(sv)

    def set_zoc_view(self, on: bool) -> None:
        self.zoc_on = on
        self._load_zoc()

    def _load_zoc(self) -> None:
        own = enemy = None
        if self.zoc_on:
            try:
                own, enemy = self.port.zoc(self.side), self.port.zoc(self.enemy_side())
            except PortError as exc:
                self.message.emit(f"Zones of control: {exc}")
        self.zocChanged.emit(own, enemy)
