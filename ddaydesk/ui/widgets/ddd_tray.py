"""The measures of a D-Day Dice player's dice tray: a die's size, the Roll/Re-roll and Keep
buttons, and a card's width for its dice and buttons side by side (its words wrap).

Shared by the card (``ddd_card``), which measures its own widgets, and the column of cards
(``ddd_players``), which reserves its width before any card is made: a start's first frame
shows the column empty at the width its cards then take (the map's room is what is left), and
the cards, their modules and their look come right after it."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

DIE_PX = 34
DIE_GAP = 4  # between the dice of a tray
CARD_MARGINS = (8, 6, 8, 6)
CARD_EDGES = 8 + 14  # the card's coloured edge and its frame
WIDEST_ROLL = "Re-roll: 2 left (R)"  # the buttons are at least as wide as these words need
#: the tray buttons' look (within the style sheet of the column holding the cards)
TRAY_STYLE = 'QPushButton[tray="true"] { padding: 1px 8px; }'


def tray_button(words: str, parent: QWidget | None = None) -> QPushButton:
    """A button of the tray (Roll, Keep): the keys R and K act on the focused card, not the
    button with the keyboard's focus."""
    from PySide6.QtCore import Qt

    b = QPushButton(words, parent)
    b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    b.setProperty("tray", True)
    b.setFixedHeight(DIE_PX // 2)
    return b


def dice_places(p) -> int:
    """How many dice the tray of player ``p`` shows: those rolled, or six places before a roll
    for a player who rolls (a Unit ashore, the German)."""
    return len(p.dice) or (6 if p.status == "ashore" or p.id == "german" else 0)


def roll_words(p) -> str:
    return f"Re-roll: {p.rerolls_left} left (R)" if p.rolled else "Roll (R)"


def card_width(dice: int, roll: QPushButton, keep: QPushButton) -> int:
    """A card's width for ``dice`` dice and its buttons side by side (``roll`` showing its words)."""
    button = max(roll.sizeHint().width(), keep.fontMetrics().horizontalAdvance(WIDEST_ROLL) + 24)
    return max(6, dice) * (DIE_PX + DIE_GAP) + button + CARD_MARGINS[0] + CARD_MARGINS[2] + CARD_EDGES


def cards_width(players) -> int:
    """The widest card ``players`` would have, no card made: one tray button, styled as the
    cards' are, shows each player's Roll words in turn."""
    holder = QWidget()  # (never shown; gone with this call)
    holder.setStyleSheet(TRAY_STYLE)
    button = tray_button("", holder)
    widths = []
    for p in players:
        button.setText(roll_words(p))
        widths.append(card_width(dice_places(p), button, button))
    return max(widths, default=0)
