"""The off-map boxes dock: units held off the map (an air base, reinforcement charts), counted
by kind, and the counters the game keeps (``GameView.tracks``). For systems with boxes; a
profile docks it (``UIProfile.panels``)."""

from __future__ import annotations

from collections import Counter
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ddaydesk.ui.port import GameView


def boxes_html(view: GameView) -> str:
    boxes: dict[str, Counter] = {}
    for u in view.units:
        if u.place < 0 and u.part and not u.eliminated:
            boxes.setdefault(u.where or u.part, Counter())[u.name] += 1
    rows = []
    for where in sorted(boxes):
        kinds = ", ".join(f"{n} × {escape(name)}" for name, n in sorted(boxes[where].items()))
        rows.append(f"<p><b>{escape(where)}</b><br>{kinds}</p>")
    if view.tracks:
        rows.append("<p>" + "<br>".join(f"{escape(t)}: <b>{escape(v)}</b>" for t, v in view.tracks) + "</p>")
    return "".join(rows) or "<p>Every unit is on the map.</p>"


class BoxesPanel(QScrollArea):
    title = "Boxes"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("boxes")
        self.setWidgetResizable(True)
        body = QWidget()
        lay = QVBoxLayout(body)
        self.text = QLabel("")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.text)
        lay.addStretch(1)
        self.setWidget(body)

    def set_view(self, view: GameView) -> None:
        self.text.setText(boxes_html(view))
