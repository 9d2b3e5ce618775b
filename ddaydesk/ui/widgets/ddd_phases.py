"""The turn of D-Day Dice beside the phase in the turn bar: its seven steps (roll, tally,
markers, rally and find, move, combat, assault), the one now lit, each with its phase's name
as the rules module gives it. The game has no last turn, so there is no turn track."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import ViewPart
from ddaydesk.ui.profiles.ddd_table import STEPS, DDDTable

STYLE = ("QLabel { background: #f6f2e6; color: #2b2418; border: 1px solid #b7ae97; border-radius: 4px;"
         " padding: 1px 6px; }")
# a step's own look over the strip's, set on its box (a style sheet set restyles it: asking Qt's
# style to do so would make PySide6 build the Python type of QStyle and its many enums)
STEP_STYLE = {"now": "QLabel { background: #c8102e; color: white; border: 1px solid #7a0a1c; }",
              "done": "QLabel { background: #ddd5bf; color: #5b5442; }", "to come": ""}


class PhaseStrip(QWidget, ViewPart):
    title = "The turn"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("ddd-phases")
        self.setStyleSheet(STYLE)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 2, 6, 2)
        lay.setSpacing(3)
        self.boxes: list[QLabel] = []
        for number, words, _ids in STEPS:
            box = QLabel(f"<b>{number}</b> {words}")
            box.setAlignment(Qt.AlignmentFlag.AlignCenter)
            box.setMinimumHeight(self.fontMetrics().height() * 2)
            lay.addWidget(box)
            self.boxes.append(box)
        self.steps = ["to come"] * len(self.boxes)
        self.lit = ""

    def set_view(self, view: GameView) -> None:
        t = view.table if isinstance(view.table, DDDTable) else None
        if t is None:
            return
        now = t.step()
        german = t.table.mode != "coop"
        for k, ((number, words, _ids), box) in enumerate(zip(STEPS, self.boxes, strict=True)):
            box.setVisible(number != "7" or german)  # the assault: only against a German
            step = "now" if number == now else "done" if now and number < now else "to come"
            if self.steps[k] != step:  # restyled only when it changes
                self.steps[k] = step
                box.setStyleSheet(STEP_STYLE[step])
            box.setToolTip(f"Phase {number}: {words.lower()}" + (f" — now: {t.table.phase_name}" if number == now else ""))
        self.lit = now
