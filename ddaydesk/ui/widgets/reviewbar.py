"""The review bar (a VCR), two rows under the map. The first: back to the start, back a turn,
a phase, an action; forward an action, a phase, a turn, to the end; a slider over the whole
log. The second: where the review stands in words; the side whose view is shown; "Take back
to here" where undo may go, else "Start a new game from here"; and Leave. Each button is a
QAction with its key, so the keys work wherever the focus is while the review is on (and
nowhere else: the actions are disabled then)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QSizePolicy, QSlider, QToolBar

# (step id, text, tip, keys)
STEPS = (
    ("start", "|◀ Start", "Back to the start of the game", ("Home",)),
    ("turn-", "◀◀ Turn", "Back to the start of this turn, or the turn before", ("Ctrl+PgUp",)),
    ("phase-", "◀ Phase", "Back to the start of this phase, or the phase before", ("PgUp",)),
    ("action-", "‹ Action", "Back one action", (",", "Alt+Left")),
    ("action+", "Action ›", "Forward one action", (".", "Alt+Right")),
    ("phase+", "Phase ▶", "Forward to the start of the next phase", ("PgDown",)),
    ("turn+", "Turn ▶▶", "Forward to the start of the next turn", ("Ctrl+PgDown",)),
    ("end", "End ▶|", "Forward to where the game stands", ("End",)),
)


class ReviewBar(QToolBar):
    step = Signal(str)  # a step id of STEPS
    seek = Signal(int)  # the slider moved to a position
    sideChosen = Signal(str)  # the side whose view to show (through the hand-over)
    takeBack = Signal()
    branch = Signal()  # start a new game from here
    leave = Signal()

    def __init__(self, parent=None):
        super().__init__("Review", parent)
        self.setObjectName("review-bar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        title = QLabel(" Review ")
        title.setStyleSheet("font-weight: bold; color: #7a4d00;")
        self.addWidget(title)
        self.steps: dict[str, QAction] = {}
        for sid, text, tip, keys in STEPS:
            a = QAction(text, self)
            a.setShortcuts([QKeySequence(k) for k in keys])
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            full = f"{tip} ({', '.join(keys)})"
            a.setToolTip(full)
            a.setStatusTip(full)
            a.triggered.connect(lambda _=False, s=sid: self.step.emit(s))
            self.addAction(a)
            self.steps[sid] = a
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(160)
        self.slider.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.slider.setToolTip("Drag through the whole log (a click on a turn of the turn track goes to its start)")
        self.slider.valueChanged.connect(self._slid)
        # the bar's widgets never keep the keyboard: its keys ("," and ".") must reach the window
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.addWidget(self.slider)
        self.info = QToolBar("Review: where", parent)  # the second row
        self.info.setObjectName("review-info")
        self.info.setMovable(False)
        self.where = QLabel("")
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.where.setMinimumWidth(240)  # long words elide to the room there is
        self.where.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.where.setStyleSheet("padding: 0 6px;")
        self.info.addWidget(self.where)
        self.side = QComboBox()
        self.side.setToolTip("Whose view of the game is shown (the hand-over screen guards a "
                             "side's secrets, as in play)")
        self.side.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.side.activated.connect(lambda _i: self.sideChosen.emit(self.side.currentData()))
        self.info.addWidget(self.side)
        self.here = QPushButton("")
        self.here.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.here.clicked.connect(self._here)
        self.info.addWidget(self.here)
        self.leave_action = QAction("Leave review", self)
        self.leave_action.setShortcut(QKeySequence("Esc"))
        self.leave_action.setToolTip("Back to the game as it stands (Esc)")
        self.leave_action.triggered.connect(self.leave.emit)
        self.info.addAction(self.leave_action)
        self._branching = False
        self._quiet = False
        self._where = ""

    def _elide(self) -> None:
        w = self.where
        w.setText(w.fontMetrics().elidedText(self._where, Qt.TextElideMode.ElideRight, max(100, w.width() - 12)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def setVisible(self, visible: bool) -> None:
        super().setVisible(visible)
        self.info.setVisible(visible)

    def _slid(self, value: int) -> None:
        if not self._quiet:
            self.seek.emit(value)

    def _here(self) -> None:
        (self.branch if self._branching else self.takeBack).emit()

    def set_sides(self, sides: tuple[str, ...], side: str) -> None:
        self.side.blockSignals(True)
        self.side.clear()
        for s in sides:
            self.side.addItem(f"{s.capitalize()} view", s)
        self.side.setCurrentIndex(max(0, self.side.findData(side)))
        self.side.blockSignals(False)
        self.side.setVisible(len(sides) > 1)

    def show_position(self, at: int, end: int, where: str, take_back_why: str | None, side: str) -> None:
        """Where the review stands: the slider, the words, the steps that lead somewhere, and
        the choice here: take back (undo allows it) or a new game from here."""
        self._quiet = True
        self.slider.setRange(0, end)
        self.slider.setValue(at)
        self._quiet = False
        self.where.setToolTip(where)
        self._where = where
        self._elide()
        for sid, a in self.steps.items():
            a.setEnabled(at > 0 if sid in ("start", "turn-", "phase-", "action-") else at < end)
        self.side.blockSignals(True)
        self.side.setCurrentIndex(max(0, self.side.findData(side)))
        self.side.blockSignals(False)
        self._branching = take_back_why is not None
        if at == end:
            self.here.setText("Take back to here")
            self.here.setEnabled(False)
            self.here.setToolTip("This is where the game stands")
        elif take_back_why is None:
            self.here.setText("Take back to here")
            self.here.setEnabled(True)
            self.here.setToolTip(f"Undo the {end - at} action{'s' if end - at != 1 else ''} after this point "
                                 "and play on from here")
        else:
            self.here.setText("Start a new game from here…")
            self.here.setEnabled(True)
            self.here.setToolTip(f"Undo cannot go back this far ({take_back_why}): save the game as it "
                                 "was here to a new file and play that one")

    def enable(self, on: bool) -> None:
        """The keys work only while the review is on."""
        for a in (*self.steps.values(), self.leave_action):
            a.setEnabled(on)

