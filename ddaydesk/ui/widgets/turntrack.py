"""The turn track: a box per game turn with the current turn, phase and arriving units."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ddaydesk.ui.port import GameView


class TurnTrack(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.view: GameView | None = None
        self.arrivals: dict[int, dict[str, int]] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(40)

    def sizeHint(self) -> QSize:
        return QSize(480, 40)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 40)  # the boxes narrow on a small screen

    def set_view(self, view: GameView) -> None:
        self.view = view
        self.arrivals = {}
        for u in view.units:
            if u.place < 0 and u.arrive_turn is not None and not u.eliminated:
                per = self.arrivals.setdefault(u.arrive_turn, {})
                per[u.side] = per.get(u.side, 0) + 1
        lines = [f"Turn {view.turn} of {view.last_turn}: {view.active_side} {view.phase}"]
        for t in sorted(self.arrivals):
            lines.append(f"turn {t}: " + ", ".join(f"{n} {s}" for s, n in self.arrivals[t].items())
                         + " reinforcement(s)")
        self.setToolTip("\n".join(lines))
        self.update()

    def paintEvent(self, event) -> None:
        if self.view is None:
            return
        v = self.view
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        turns = list(range(1, v.last_turn + 1)) if v.last_turn <= 40 else list(range(v.turn, v.turn + 20))
        w = min(46.0, (self.width() - 8) / max(1, len(turns)))
        h = self.height() - 8
        font = QFont(self.font())
        font.setPixelSize(11)
        p.setFont(font)
        for k, t in enumerate(turns):
            r = QRectF(4 + k * w, 4, w - 3, h)
            current = t == v.turn
            p.setPen(QPen(QColor("#2a2a22"), 2 if current else 1))
            p.setBrush(QColor("#f4d35e") if current else QColor("#ece6c8") if t > v.turn else QColor("#b8b29a"))
            p.drawRoundedRect(r, 3, 3)
            p.setPen(QColor("#1e1e1e"))
            p.drawText(r.adjusted(0, 1, 0, -h / 2), Qt.AlignmentFlag.AlignCenter, str(t))
            arr = self.arrivals.get(t)
            if arr:
                p.drawText(r.adjusted(0, h / 2 - 2, 0, 0), Qt.AlignmentFlag.AlignCenter,
                           "+" + str(sum(arr.values())))
        p.end()
