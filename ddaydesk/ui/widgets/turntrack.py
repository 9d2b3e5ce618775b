"""The turn track: a box per game turn, from the scenario's first turn to its last, with the
current turn marked and the number of units arriving on each.

Boxes have a fixed width and keep their places whatever else the tool bar shows, so nothing
shifts from phase to phase; the strip scrolls (scroll bar, mouse wheel) to every turn, and it
brings the current turn into view when the turn changes. Each box's tooltip names the units
arriving on it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QToolTip, QWidget

from ddaydesk.ui.port import GameView

BOX_W = 36  # px per turn, whatever the number of turns
BOX_H = 34
GAP = 3
NIGHT = {True: QColor("#46587a"), False: QColor("#3a4252")}  # a night turn's box: to come, past


def arrivals_by_turn(view: GameView) -> dict[int, dict[str, list[str]]]:
    """Turn -> side -> names of the units that arrive on it (not yet on the map)."""
    out: dict[int, dict[str, list[str]]] = {}
    for u in view.units:
        if u.place < 0 and u.arrive_turn is not None and not u.eliminated:
            out.setdefault(u.arrive_turn, {}).setdefault(u.side, []).append(u.name)
    return out


class _Boxes(QWidget):
    """The strip of boxes (the scroll area's content)."""

    def __init__(self, track: TurnTrack):
        super().__init__()
        self.track = track
        self.setMouseTracking(True)

    def paintEvent(self, event) -> None:
        t = self.track
        v = t.view
        if v is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(11)
        p.setFont(font)
        first = max(t.first_turn, (event.rect().left() - GAP) // BOX_W + t.first_turn)
        last = min(v.last_turn, event.rect().right() // BOX_W + t.first_turn)
        for turn in range(first, last + 1):
            r = t.box_rect(turn)
            current = turn == v.turn
            night = t.notes.get(turn, ("", False))[1]
            p.setPen(QPen(QColor("#2a2a22"), 2 if current else 1))
            p.setBrush(QColor("#f4d35e") if current else NIGHT[turn > v.turn] if night
                       else QColor("#ece6c8") if turn > v.turn else QColor("#b8b29a"))
            p.drawRoundedRect(r, 3, 3)
            p.setPen(QColor("#1e1e1e") if current or not night else QColor("#f0f0f0"))
            half = r.height() // 2
            p.drawText(r.adjusted(0, 1, 0, -half), Qt.AlignmentFlag.AlignCenter, str(turn))
            arr = t.arrivals.get(turn)
            if arr:
                p.drawText(r.adjusted(0, half - 2, 0, 0), Qt.AlignmentFlag.AlignCenter,
                           "+" + str(sum(len(n) for n in arr.values())))
        p.end()

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.ToolTip:
            turn = self.track.turn_at(e.pos().x())
            if turn is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(e.globalPos(), self.track.tooltip(turn), self, self.track.box_rect(turn))
            return True
        return super().event(e)


class TurnTrack(QScrollArea):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setViewport(QWidget())  # (our own, as the map view's: mapview.py says why)
        self.view: GameView | None = None
        self.first_turn = 1
        self.arrivals: dict[int, dict[str, list[str]]] = {}
        self.notes: dict[int, tuple[str, bool]] = {}  # turn -> (date or time, night?): the profile's
        self.boxes = _Boxes(self)
        self.setWidget(self.boxes)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.horizontalScrollBar().setSingleStep(BOX_W)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(BOX_H + 2 * GAP + self.horizontalScrollBar().sizeHint().height())
        self._shown_turn: int | None = None

    def sizeHint(self) -> QSize:
        # a few turns at least; the tool bar gives it the room the phase and the counters beside
        # it leave (it expands), and it scrolls to the rest
        return QSize(min(7 * BOX_W, self.boxes.width()), self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.height())  # the strip scrolls on a small screen

    # -- geometry ---------------------------------------------------------------------------------
    def box_rect(self, turn: int) -> QRect:
        """Turn ``turn``'s box in the strip's coordinates: fixed by the turn alone."""
        return QRect(GAP + (turn - self.first_turn) * BOX_W, GAP, BOX_W - GAP, BOX_H)

    def turn_at(self, x: int) -> int | None:
        """The turn whose box is at ``x`` in the strip's coordinates, if any."""
        if self.view is None:
            return None
        turn = self.first_turn + (x - GAP) // BOX_W
        inside = self.first_turn <= turn <= self.view.last_turn
        return turn if inside and self.box_rect(turn).contains(x, GAP + 1) else None

    # -- content ----------------------------------------------------------------------------------
    def set_view(self, view: GameView) -> None:
        self.view = view
        self.first_turn = view.first_turn
        self.arrivals = arrivals_by_turn(view)
        n = view.last_turn - self.first_turn + 1
        self.boxes.setFixedSize(GAP + n * BOX_W, BOX_H + 2 * GAP)
        if view.turn != self._shown_turn:  # a new turn: bring it into view (not on each phase)
            self._shown_turn = view.turn
            self.show_turn(view.turn)
        self.boxes.update()

    def show_turn(self, turn: int) -> None:
        """Scroll so that ``turn``'s box and a few around it are in view."""
        r = self.box_rect(turn)
        margin = min(3 * BOX_W, max(BOX_W, (self.viewport().width() - BOX_W) // 2))
        self.ensureVisible(r.center().x(), r.center().y(), margin, 0)

    def tooltip(self, turn: int) -> str:
        v = self.view
        head = f"Turn {turn} of {v.last_turn}"
        label = self.notes.get(turn, ("", False))[0]
        if label:
            head += f": {label}"
        if turn == v.turn:
            head += f" (now: {v.active_side} {v.phase})"
        arr = self.arrivals.get(turn)
        if not arr:
            return head + "\nNo units arrive."
        lines = [head]
        for side in sorted(arr):
            lines.append(f"{side.capitalize()} arrivals ({len(arr[side])}):")
            lines += [f"  {name}" for name in arr[side]]
        return "\n".join(lines)

    def wheelEvent(self, e) -> None:
        """The wheel scrolls the strip sideways (it has nothing to scroll up and down)."""
        bar = self.horizontalScrollBar()
        delta = e.angleDelta().y() or e.angleDelta().x()
        bar.setValue(bar.value() - delta // 120 * BOX_W)
        e.accept()
