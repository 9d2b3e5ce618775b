"""The D-Day2 hot-seat window: the zone map (DD2Scene), the legal actions of the side to act,
the battle odds before any die is rolled, undo up to a die roll, save, and the log with every
roll and its purpose. It reads the engine's Game and sends it actions; it holds no rules."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QPen, QPolygonF
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QGraphicsPolygonItem,
    QGraphicsView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)
from shapely.geometry import Point

from ddaydesk.engine import OVER, Action, Changes, Game, IllegalAction, legal_actions
from ddaydesk.engine.savefile import save_text
from ddaydesk.paths import SAVE_SUFFIX
from ddaydesk.rules.dd2 import DD2State, battle_odds, battles, winner
from ddaydesk.rules.dd2.text import action_text, action_zone, zone_name
from ddaydesk.ui.dd2view import SCALE, DD2Scene
from ddaydesk.ui.session import autosave_path, saves_dir, write_atomic


class ZoneView(QGraphicsView):
    """The map; a click names the zone under the pointer (-1: the sea or a box)."""

    zoneClicked = Signal(int)

    def __init__(self, scene: DD2Scene, parent=None):
        super().__init__(scene, parent)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)

    def zone_at(self, x: float, y: float) -> int:
        board = self.scene().state.scenario.board
        p = Point(x / self.scene().scale, y / self.scene().scale)
        return next((z for z in range(board.n) if board.polygon(z).contains(p)), -1)

    def fit(self) -> None:
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        pos = self.mapToScene(event.position().toPoint())
        self.zoneClicked.emit(self.zone_at(pos.x(), pos.y()))


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def battle_report(state) -> str:
    """The combat dialog's text: every battle of the phase, each side's dice and the exact
    chance of each number of hits, before rolling (DD2-GEN-01: one round)."""
    s = DD2State(state)
    rows = []
    for z in battles(state):
        o = battle_odds(state, z)
        rows.append(f"<h3>{zone_name(s, z)}</h3>")
        for who, dice, dist in ((o["attacker"], o["attack"], o["attacker_hits"]),
                                (o["defender"], o["defence"], o["defender_hits"])):
            hits = " · ".join(f"{k}: {_pct(p)} ({p})" for k, p in enumerate(dist))
            rows.append(f"<p><b>{who.capitalize()}</b> {len(dice)} dice, hitting on "
                        f"{', '.join(map(str, sorted(dice)))}<br>hits {hits}</p>")
    return "".join(rows) or "<p>No battle.</p>"


class BattleDialog(QDialog):
    """Shown before the one round of the phase's battles is rolled."""

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Battles: one round each")
        lay = QVBoxLayout(self)
        self.text = QLabel(battle_report(state))
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        lay.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton("Roll", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


class DD2Window(QMainWindow):
    def __init__(self, game: Game, parent=None, confirm_battles: bool = True, settings=None,
                 autosave: bool = False):
        super().__init__(parent)
        self.game = game
        self.settings = settings
        self.autosave_enabled = autosave  # after every action, undo and redo, as the hex window
        self.confirm_battles = confirm_battles  # tests drive the window without the dialog
        self.zone = -1
        self.seat_side = game.state.active
        self.setWindowTitle(f"ddaydesk — {game.scenario.title}")
        self.scene = DD2Scene(game.state, self, SCALE)
        self.view = ZoneView(self.scene, self)
        self.view.zoneClicked.connect(self.pick_zone)
        self.setCentralWidget(self.view)
        self.mark = QGraphicsPolygonItem()
        self.mark.setPen(QPen(QColor("#1f6fb2"), 3))
        self.mark.setZValue(2)
        self.scene.addItem(self.mark)

        panel = QWidget()
        lay = QVBoxLayout(panel)
        self.seat = QLabel()
        self.seat.setWordWrap(True)
        self.seat.setStyleSheet("font-weight: bold;")
        self.filter = QLabel()
        self.filter.setWordWrap(True)
        self.actions = QListWidget()
        self.actions.setWordWrap(True)  # a move's destination must stay readable
        self.actions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        panel.setMinimumWidth(380)
        self.actions.itemActivated.connect(lambda item: self.do(item.data(Qt.ItemDataRole.UserRole)))
        lay.addWidget(self.seat)
        lay.addWidget(self.filter)
        lay.addWidget(self.actions)
        dock = QDockWidget("Actions", self)
        dock.setObjectName("actions")
        dock.setWidget(panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.log = QListWidget()
        dock = QDockWidget("Log and dice", self)
        dock.setObjectName("log")
        dock.setWidget(self.log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)

        bar = self.addToolBar("Game")
        bar.setObjectName("game")
        self.undo_action = QAction("Undo", self, shortcut=QKeySequence.StandardKey.Undo, triggered=self.undo)
        self.redo_action = QAction("Redo", self, shortcut=QKeySequence.StandardKey.Redo, triggered=self.redo)
        save = QAction("Save…", self, shortcut=QKeySequence.StandardKey.Save, triggered=self.save_as)
        for a in (self.undo_action, self.redo_action, save):
            bar.addAction(a)
        for r in game.start_changes.dice:
            self._log_roll(r)
        for i in range(game.pos):  # a loaded or handed-over game: its story so far
            self._log_action(game.state_at(i), game.log[i], game.changes[i])
        self.log.scrollToBottom()
        self.resize(1500, 950)
        self.refresh()

    # -- reading ------------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        s = self.game.state
        return legal_actions(s, s.active)

    def refresh(self) -> None:
        s = self.game.state
        self.scene.show_state(s)
        if s.phase == OVER:
            self.seat.setText(f"Game over: {winner(s) or 'nobody'} victory (turn {s.turn})")
        else:
            pending = s.extra["dd2"]["pending"]
            what = (f"picks {pending[0]['hits']} casualt{'y' if pending[0]['hits'] == 1 else 'ies'} "
                    f"({pending[0]['reason']})" if pending else "acts")
            self.seat.setText(f"Turn {s.turn}, {s.phase.replace('_', ' ')}: the {s.active.capitalize()} "
                              f"player {what}")
        if s.active != self.seat_side and s.phase != OVER:
            # D-Day2 has no hidden information, so the screen is not blanked between players
            # (as for every system without secrets); the seat change is announced.
            self.statusBar().showMessage(f"Hand over to the {s.active.capitalize()} player", 8000)
        self.seat_side = s.active
        acts = self.legal()
        if self.zone >= 0:
            here = [a for a in acts if action_zone(s, a) in (self.zone, -1)]
            self.filter.setText(f"Zone {zone_name(DD2State(s), self.zone)}: {len(here)} of {len(acts)} "
                                "actions (click the sea for all)")
            acts = here
        else:
            self.filter.setText(f"{len(acts)} action{'' if len(acts) == 1 else 's'}; click a zone to see its own")
        self.actions.clear()
        for a in acts:
            item = QListWidgetItem(action_text(s, a))
            item.setData(Qt.ItemDataRole.UserRole, a)
            self.actions.addItem(item)
        problem = self.game.undo_problem()
        self.undo_action.setEnabled(problem is None)
        self.undo_action.setToolTip(problem or "take back the last action")
        self.redo_action.setEnabled(self.game.can_redo())

    def pick_zone(self, z: int) -> None:
        self.zone = z
        board = self.game.scenario.board
        k = self.scene.scale
        self.mark.setPolygon(QPolygonF([QPointF(x * k, y * k) for x, y in board.polygon(z).exterior.coords])
                             if z >= 0 else QPolygonF())
        self.refresh()

    # -- acting -------------------------------------------------------------------------------
    def do(self, action: Action) -> Changes | None:
        s = self.game.state
        if action.kind == "fight" and self.confirm_battles and BattleDialog(s, self).exec() != QDialog.DialogCode.Accepted:
            return None
        try:
            ch = self.game.do(action)
        except IllegalAction as exc:
            self.statusBar().showMessage(exc.reason, 8000)
            return None
        self._log_action(s, action, ch)
        self.log.scrollToBottom()
        self.refresh()
        self._autosave()
        return ch

    def _autosave(self) -> None:
        if not self.autosave_enabled:
            return
        try:
            write_atomic(autosave_path(), save_text(self.game).encode("utf-8"))
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    def _log_action(self, before, action: Action, ch: Changes) -> None:
        """One action in the log: who did what, then each die with its purpose, then notes."""
        self.log.addItem(f"T{before.turn} {before.active}: {action_text(before, action)}")
        for r in ch.dice:
            self._log_roll(r)
        for n in ch.notes:
            self.log.addItem(f"    {n}")

    def _log_roll(self, r) -> None:
        self.log.addItem(f"    d{r.sides} = {r.value}: {r.purpose}")

    def undo(self) -> None:
        problem = self.game.undo_problem()
        if problem:
            self.statusBar().showMessage(problem, 8000)
            return
        self.game.undo()
        self.log.addItem("    (undone)")
        self.refresh()
        self._autosave()

    def redo(self) -> None:
        if self.game.can_redo():
            self.game.redo()
            self.log.addItem("    (redone)")
            self.refresh()
            self._autosave()

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(saves_dir()),
                                              f"ddaydesk saves (*{SAVE_SUFFIX})")
        if path:
            try:
                write_atomic(path, save_text(self.game).encode("utf-8"))
            except OSError as exc:
                self.statusBar().showMessage(f"The game was not saved: {exc}", 8000)
                return
            self.statusBar().showMessage(f"Saved to {path}", 5000)
