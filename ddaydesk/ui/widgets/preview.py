"""What a listed action would do, shown before it is taken (D-Day2's battles: each side's
dice and the exact chance of each number of hits, before the round is rolled; a Koenig
battle's strength lines and odds). Rule ids in it are links to the rules browser."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from ddaydesk.ui.rule_links import follow


class PreviewDialog(QDialog):
    def __init__(self, title: str, html: str, parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setHtml(html)
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: follow(self, url.toString()))
        lay.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.go = buttons.addButton("Roll" if re.search(r"\b(dice|die)\b", html) else "Go ahead", QDialogButtonBox.ButtonRole.AcceptRole)
        self.go.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        em = self.fontMetrics().averageCharWidth()
        self.resize(em * 72, min(self.fontMetrics().height() * 30, 640))
        self.setWindowModality(Qt.WindowModality.WindowModal)
