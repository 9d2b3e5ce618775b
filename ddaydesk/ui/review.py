"""Review mode in the main window, for every system: step through the log by action, phase or
turn (the review bar, its keys, its slider; a double-click on a log or dice row), with the
map and every dock showing the position there and the action's move, attack or landing drawn.

The window's controller reads a :class:`~ddaydesk.ui.review_port.ReviewPort` while the review
is on: the same views, models and overlays as live play, over the engine's per-side view of
the reviewed state, and nothing that changes the game. Leaving puts the live port back.
"Take back to here" undoes the live game where the engine's undo rules allow; elsewhere the
choice is a new game from here, saved to a new file.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence

from ddaydesk.ui.action_marks import Marks, action_marks
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.port import GameView
from ddaydesk.ui.review_choices import ReviewChoices
from ddaydesk.ui.review_marks import review_items, trail_attack_items
from ddaydesk.ui.review_port import ReviewPort, take_back_problem
from ddaydesk.ui.savecheck import STILL_CHECKING
from ddaydesk.ui.widgets.reviewbar import ReviewBar

NOT_HERE = "Not in this game: review reads the engine's action log"
NAMES_AFTER_MS = 250


class ReviewMode(ReviewChoices, QObject):
    def __init__(self, win):
        super().__init__(win)
        self.port: ReviewPort | None = None
        self.live: EnginePort | None = None
        self.live_side = ""
        self.marks = self.trail_attacks = None
        self.bar = ReviewBar(win)
        win.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.bar)
        win.addToolBarBreak(Qt.ToolBarArea.BottomToolBarArea)
        win.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.bar.info)
        self.bar.hide()
        self.bar.enable(False)
        self.bar.step.connect(self.step)
        self.bar.seek.connect(self.go)
        self.bar.sideChosen.connect(self._show_side)
        self.bar.takeBack.connect(self.take_back)
        self.bar.branch.connect(self.new_game_from_here)
        self.bar.leave.connect(self.leave)
        win.handover.accepted.connect(self._handover_done)
        win.log_view.doubleClicked.connect(lambda idx: self.enter(idx.data(Qt.ItemDataRole.UserRole + 1)))
        win.dice_log.reviewAt.connect(self.enter)
        win.turn_track.boxes.installEventFilter(self)  # in review, a click on a turn goes there
        self.action = QAction("&Review the game", win)
        self.action.setShortcut(QKeySequence("Ctrl+R"))
        self.action.setCheckable(True)
        tip = "Step through the game's log: the map and docks as they were at any action"
        self.action.setStatusTip(tip)
        self.action.setToolTip(tip)
        self.action.toggled.connect(lambda on: self.enter() if on else self.leave())
        win.game_menu.addSeparator()
        win.game_menu.addAction(self.action)
        win.all_actions += [self.action, *self.bar.steps.values(), self.bar.leave_action]
        self._prefetch = QTimer(self)
        self._prefetch.setSingleShot(True)
        self._prefetch.setInterval(0)
        self._prefetch.timeout.connect(self._work_ahead)
        # the map's place names keep clear of the counters once the review rests (a plan of
        # every name is most of a step's cost on a big map)
        self._names = QTimer(self)
        self._names.setSingleShot(True)
        self._names.setInterval(NAMES_AFTER_MS)
        self._names.timeout.connect(self._plan_names)
        self._names_now = None
        self._stacks: dict[int, int] | None = None

    @property
    def win(self):
        """The main window (its Qt parent: no Python reference back to it, so a window deleted
        by Qt goes at once)."""
        return self.parent()

    @property
    def active(self) -> bool:
        return self.port is not None

    # -- the game's life ----------------------------------------------------------------------
    def attach(self, controller, scene) -> None:
        """A new game in the window (after the previous one was dropped)."""
        self.marks = review_items(scene, scene.geom)
        self.trail_attacks = trail_attack_items(scene, scene.geom, scene.overlays)
        scene.overlays.more_entries = [self._legend]
        self._legend_shown: tuple = ()
        controller.viewChanged.connect(self._view_changed)
        controller.handoverNeeded.connect(self._handover)
        ok = isinstance(self.win.port, EnginePort)
        self.action.setEnabled(ok)
        self.action.setToolTip(self.action.statusTip() if ok else NOT_HERE)

    def detach(self) -> None:
        """The game is dropped: review ends without a word."""
        if self.active:
            self._restore()

    # -- entering and leaving -----------------------------------------------------------------
    def enter(self, at: int | None = None) -> None:
        """Review the game at the position after ``at`` actions (where it stands by default)."""
        win = self.win
        if not isinstance(win.port, EnginePort) or win.controller is None:
            win.show_hint(NOT_HERE)
            self._check(False)
            return
        if win.port.game.history_from:  # (a save opened from its checkpoint, its log unchecked)
            win.show_hint(STILL_CHECKING)
            self._check(False)
            return
        if win.stack.currentWidget() is win.handover:
            self._check(self.active)
            return  # the next player is not at the screen yet
        if not self.active:
            c = win.controller
            self.live, self.live_side = win.port, c.side
            self.port = ReviewPort(self.live)
            c.select(None)
            c.port = self.port
            counters = win.scene.counters
            self._names_now, counters.stacks_changed = counters.stacks_changed, self._stacks_later
            self._set_live_commands(False)
            self.bar.set_sides(self.live.sides(), c.side)
            self.bar.show()
            self.bar.enable(True)
            self._check(True)
            win.view.setFocus()  # the review's keys go to the window, not a widget that types
            win.show_hint("Reviewing the game: the live game is untouched. Esc leaves the review.")
        self.go(self.port.end if at is None else at)

    def leave(self) -> None:
        if not self.active:
            self._check(False)
            return
        side = self.live_side
        self._restore()
        c = self.win.controller
        if c.side != side:
            c.hand_to(side)  # back to the seat it was left from, through the hand-over if need be
        else:
            c.refresh()
        self.win.show_hint("Back to the game as it stands")

    def _restore(self) -> None:
        """The live port and commands back, the review's marks and highlights gone."""
        c = self.win.controller
        if c is not None and self.live is not None:
            c.port = self.live
        if self._names_now is not None:
            self.win.scene.counters.stacks_changed = self._names_now
            self._names_now = None
        self._names.stop()
        self.port = None
        self._set_live_commands(True)
        self.bar.enable(False)
        self.bar.hide()
        if self.marks is not None:
            self.marks.clear()
        self.win.log_model.set_current(-1)
        self.win.dice_log.set_current(-1)
        self._check(False)

    def _check(self, on: bool) -> None:
        self.action.blockSignals(True)
        self.action.setChecked(on)
        self.action.blockSignals(False)

    def _set_live_commands(self, on: bool) -> None:
        """What changes the game is off while reviewing (and back as the game allows after)."""
        win = self.win
        for a in (win.end_phase_action, win.next_turn_action):
            a.setEnabled(on)
        for a, feature in ((win.attack_action, "attack"), (win.bombard_action, "bombard"),
                           (win.withhold_action, "withhold")):
            a.setEnabled(on and not win.caps.why_not(feature))
        stack = win.controller.undo_stack if win.controller is not None else None
        win.undo_action.setEnabled(on and stack is not None and stack.canUndo())
        win.redo_action.setEnabled(on and stack is not None and stack.canRedo())
        win.actions_panel.setEnabled(on)
        if not on:  # (the live game's arrivals: none to place while reviewing, none lit)
            win.aids.pool.clear_choice()
        win.aids.pool.setEnabled(on)

    # -- moving about -------------------------------------------------------------------------
    def go(self, i: int) -> None:
        if not self.active:
            return
        self.port.seek(i)
        self.win.controller.refresh()
        self._prefetch.start()

    def step(self, sid: str) -> None:
        if not self.active:
            return
        at, s = self.port.at, self.port.steps
        target = {"start": 0, "end": self.port.end, "action-": at - 1, "action+": at + 1,
                  "phase-": s.prev_phase(at), "phase+": s.next_phase(at),
                  "turn-": s.prev_turn(at), "turn+": s.next_turn(at)}[sid]
        self.go(target)

    def jump_to_turn(self, turn: int) -> None:
        """The start of ``turn`` (KeyError if the game never reached it)."""
        self.enter(self.port.at if self.active else None)
        if self.active:
            self.go(self.port.steps.turn_start(turn))

    def eventFilter(self, obj, event) -> bool:
        if (self.active and event.type() == QEvent.Type.MouseButtonRelease
                and event.button() == Qt.MouseButton.LeftButton):
            turn = self.win.turn_track.turn_at(event.position().toPoint().x())
            if turn in self.port.steps.turn_starts:
                self.go(self.port.steps.turn_start(turn))
                return True
        return False

    def _work_ahead(self) -> None:
        """While the player looks, the next position's supply marks (the slow part of a step)."""
        if self.active:
            side = self.win.controller.side
            self.port.prefetch(self.port.at + 1, side)
            self.port.prefetch(self.port.at - 1, side)

    def _stacks_later(self, counts: dict[int, int]) -> None:
        self._stacks = counts
        self._names.start()

    def _plan_names(self) -> None:
        if self.active and self._names_now is not None and self._stacks is not None:
            self._names_now(self._stacks)

    def _show_side(self, side: str) -> None:
        if self.active and side and side != self.win.controller.side:
            self.win.controller.hand_to(side)

    def _handover(self, _side: str) -> None:
        """The screen goes blank between players: the review bar and marks with it."""
        if self.active:
            self.bar.hide()
            self.bar.enable(False)
            self.marks.clear()

    def _handover_done(self, _side: str) -> None:
        if self.active:
            self.bar.show()
            self.bar.enable(True)

    # -- what the window shows ----------------------------------------------------------------
    def _view_changed(self, view: GameView) -> None:
        win = self.win
        self.trail_attacks.show(Marks(attacks=view.trail_attacks))
        if not self.active:
            self.marks.clear()
            self._tell_legend()
            return
        rp = self.port
        at = rp.at
        self.marks.show(action_marks(rp.game, at - 1, view.side) if at > 0 else Marks())
        self._tell_legend()
        self._bring_into_view()
        panel = win.actions_panel  # nothing is played here
        panel.set_choices((), "", "")
        panel.end_button.setVisible(False)
        panel.note.setText("Reviewing the game: nothing is played here. Leave the review (Esc) to play on.")
        win.log_model.set_current(at)
        win.dice_log.set_current(at)
        row = win.log_model.row_of(at)
        if row >= 0:
            _show_row(win.log_view, row)
        entry = win.log_model.entries[row] if row >= 0 else None
        what = f": {entry.text}" if entry is not None else (": the start of the game" if at == 0 else "")
        where = f"Action {at} of {rp.end} · Turn {view.turn} · {view.active_side.capitalize()} {view.phase}{what}"
        self.bar.show_position(at, rp.end, where, self._take_back_why(at), view.side)

    def _legend(self) -> list[tuple[str, str, object]]:
        """The map legend's entries for what this module draws (legend.entries asks)."""
        out = []
        if self.win.scene.overlays.visible.get("trails") and self.trail_attacks.marks.attacks:
            out.append(("trails", "an attack since your last turn", self.trail_attacks.attacks))
        m = self.marks.marks if self.active else Marks()
        for shown, text, item in ((m.paths, "its move", self.marks.moves),
                                  (m.attacks, "its attack, into the target's outline", self.marks.attacks),
                                  (m.places, "a place it entered or named", self.marks.places)):
            if shown:
                out.append(("review", text, item))
        return out

    def _tell_legend(self) -> None:
        """The legend redraws when the entries above change (not at every step)."""
        now = tuple(text for _l, text, _s in self._legend())
        if now != self._legend_shown:
            self._legend_shown = now
            for listener in self.win.scene.overlays.changed:
                listener()

    def _bring_into_view(self) -> None:
        """The reviewed action on the map: the view moves only when it is out of sight."""
        rect = self.marks.rect()
        view = self.win.view
        if rect is None:
            return
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        if not seen.contains(rect):
            view.centerOn(rect.center())

    def _take_back_why(self, at: int) -> str | None:
        why = take_back_problem(self.live.game, at)
        return self.live.name(why) if why else None


def _show_row(view, row: int) -> None:
    """Scroll a list to a row unless it is in sight already (a list scrolled by item: its scroll
    bar counts rows, and asking the view where a row is lays out every row)."""
    bar = view.verticalScrollBar()
    if view.verticalScrollMode() != view.ScrollMode.ScrollPerItem:
        view.scrollTo(view.model().index(row, 0), view.ScrollHint.PositionAtCenter)
    elif not bar.value() <= row < bar.value() + bar.pageStep():
        bar.setValue(row - bar.pageStep() // 2)
