"""The Final Tally under a player's dice: every way to score it, each with what it buys, shown
before it is taken (a row lights the dice it uses when pointed at, a click scores it); once
scored, what the tally gave. The rows' words are the rules module's, the rule ids links."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.ddd_dice import RESOURCE_ICON, ROLES, icon_pixmap

#: the rows' look, set once on the panel holding the cards
STYLE = ("#tally-choice { border: 1px solid #c9c2ae; border-radius: 4px; background: #ffffff; }"
         "#tally-choice[best=\"true\"] { background: #fbf7ea; }"
         "#tally-choice:hover { border-color: #8a6d1d; background: #fff6d8; }")
GAIN_ORDER = ("soldiers", "courage", "stars", "tools")
LEGEND = (("rwb", "RWB", "STD-DDD-RWB"), ("straight", "Straight", "STD-DDD-STRAIGHT"),
          ("active_skull", "Active Skull", "DDD-COND-06"), ("cancelled", "the die it cancels", "DDD-COND-06"))


def split_words(words: str) -> tuple[str, str]:
    """(what makes the score: RWBs, Straight, Skulls; what it buys) of a choice's words."""
    parts = words.split("; ")
    if len(parts) > 1 and parts[-1].startswith(("+", "-", "−")):
        return "; ".join(parts[:-1]), parts[-1]
    return ("; ".join(parts) if not words.startswith("+") else ""), (words if words.startswith("+") else "")


def gain_row(gain: dict, px: int = 16) -> QWidget:
    """The resources a choice gives, each as its icon and number."""
    w = QWidget()
    lay = QHBoxLayout(w)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(2)
    for res in GAIN_ORDER:
        n = gain.get(res, 0)
        if not n:
            continue
        icon = QLabel()
        icon.setPixmap(icon_pixmap(RESOURCE_ICON[res], px, "#2b2b2b", w.devicePixelRatioF()))
        icon.setToolTip(res.replace("tools", "Item Points").capitalize())
        num = QLabel(f"<b>{n:+d}</b>")
        lay.addWidget(num)
        lay.addWidget(icon)
        lay.addSpacing(4)
    return w


class ChoiceRow(QFrame):
    """One way to score: its words, what it buys, and a Score button; pointing at it lights
    the dice it uses."""

    hovered = Signal(object)  # the roles per die, or None when the pointer leaves
    taken = Signal(int)  # choice index

    def __init__(self, index: int | None, words: str, gain: dict, roles: tuple[str, ...], best: bool,
                 key: str = ""):
        super().__init__()
        self.index, self.roles = index, roles
        self.setObjectName("tally-choice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setProperty("best", best)  # its look: STYLE
        lay = QHBoxLayout(self)
        lay.setContentsMargins(6, 3, 4, 3)
        what, buys = split_words(words)
        label = QLabel(escape(what or "The dice as they fall"))
        label.setWordWrap(True)
        label.setToolTip(words)
        lay.addWidget(label, 1)
        lay.addWidget(gain_row(gain) if gain else QLabel(escape(buys)))
        self.button = QPushButton(f"Score{key}")
        self.button.setEnabled(index is not None)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the row goes once scored: keys stay the window's
        self.button.setToolTip(f"Score the Final Tally this way: {words}" if index is not None
                               else "Not now: the tally is scored by its player in Phase 2")
        self.button.clicked.connect(lambda: self.taken.emit(self.index))
        lay.addWidget(self.button)
        self.setCursor(Qt.CursorShape.PointingHandCursor if index is not None else Qt.CursorShape.ArrowCursor)

    def enterEvent(self, event) -> None:
        self.hovered.emit(self.roles)
        super().enterEvent(event)

    def leaveEvent(self, event) -> None:
        self.hovered.emit(None)
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.index is not None:
            self.taken.emit(self.index)
        super().mouseReleaseEvent(event)


class TallyBox(QWidget):
    """The Final Tally's choices (or its result) for one player."""

    hovered = Signal(object)
    taken = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 2, 0, 0)
        self.lay.setSpacing(3)
        self.head = link_label(QLabel(""))
        self.head.setWordWrap(True)
        self.lay.addWidget(self.head)
        self.rows: list[ChoiceRow] = []
        self._key: tuple = ()

    def show_player(self, p, table, expanded: bool) -> None:
        """``p``: a PlayerView; ``table``: the DDDTable (indices); ``expanded``: list every choice
        (the player at the keyboard), else one line."""
        key = (p.scored, p.rolled, p.kept, tuple((c.words, table.choice(c.action)) for c in p.score_choices),
               table.preview.get(p.id), expanded)
        if key == self._key:  # (rows are rebuilt only when something in them changes)
            return
        self._key = key
        for row in self.rows:
            row.hide()
            row.deleteLater()
        self.rows = []
        if p.scored:
            self.head.setText(linked(f"Scored (STD-DDD-TALLY): {'; '.join(p.scored)}"))
            self.setVisible(True)
            return
        choices = p.score_choices
        preview = table.preview.get(p.id)
        self.setVisible(p.rolled and bool(choices or preview))
        if preview and not choices:  # still rolling: how the dice would score if kept now
            self.head.setText(linked(f"If kept now (STD-DDD-TALLY): {preview[0]}"))
            return
        if not (p.rolled and choices):
            return
        open_now = [c for c in choices if table.choice(c.action) is not None]
        if not open_now:  # kept until Phase 2: how the dice will score
            self.head.setText(linked(f"Kept for Phase 2 (STD-DDD-TALLY): {choices[0].words}"))
            return
        many = f"{len(choices)} ways" if len(choices) > 1 else "1 way"
        head = linked(f"Score the Final Tally (STD-DDD-TALLY): {many}")
        if not expanded:
            self.head.setText(head + " · click the card to choose")
            return
        self.head.setText(head)
        best = max(range(len(choices)), key=lambda k: sum(choices[k].gain.values()))
        for k, c in enumerate(choices):
            row = ChoiceRow(table.choice(c.action), c.words, c.gain, c.roles, k == best and len(choices) > 1)
            row.hovered.connect(self.hovered.emit)
            row.taken.connect(self.taken.emit)
            self.lay.addWidget(row)
            row.show()
            self.rows.append(row)


def legend_html() -> str:
    """The dice's highlights: each frame's colour and what it means, with its rule as a link."""
    return "Dice: " + " ".join(f"<span style='color:{ROLES[role][0]}'>■</span>&nbsp;{linked(f'{word} ({rule})')}"
                               for role, word, rule in LEGEND)
