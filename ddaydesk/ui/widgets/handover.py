"""The hot-seat hand-over screen: the map and every dock are hidden until the next player
says they are at the screen (Wesnoth's and fheroes2's blank hand-over, anchors.md §1.8)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget


class HandoverScreen(QWidget):
    accepted = Signal(str)  # the side now at the screen

    def __init__(self, parent=None):
        super().__init__(parent)
        self.side = ""
        self.setObjectName("handover")
        # a page of the map's stack, added after the first frame: its button must not widen
        # the stack's minimum, or a narrow window's map moves when it is added
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#handover { background: #23261f; } QLabel { color: #e9e4cf; }")
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = QLabel("")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("font-size: 30px; font-weight: bold;")
        self.body = QLabel("")
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body.setWordWrap(True)
        self.body.setStyleSheet("font-size: 16px;")
        self.button = QPushButton("")
        self.button.setDefault(True)
        self.button.setMinimumHeight(44)
        self.button.setStyleSheet("font-size: 16px; padding: 8px 24px;")
        self.button.clicked.connect(lambda: self.accepted.emit(self.side))
        lay.addWidget(self.title)
        lay.addSpacing(12)
        lay.addWidget(self.body)
        lay.addSpacing(24)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(3)

    def prepare(self, from_side: str, to_side: str, reason: str) -> None:
        self.side = to_side
        self.title.setText(f"Hand over to the {to_side.capitalize()} player")
        self.body.setText(f"{from_side.capitalize()} player: please look away. The map is hidden "
                          f"because {reason}.\n\n{to_side.capitalize()} player: press the button when "
                          "you are at the screen alone.")
        self.button.setText(f"I am the {to_side.capitalize()} player: show my view")
        self.button.setFocus()
