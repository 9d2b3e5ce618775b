"""A D-Day Dice player's card: the Unit (its Sector and its marker's turns there), resources,
the dice tray (each die drawn with its face, a click locks it; Roll/Re-roll and Keep with the
re-rolls left), the Final Tally's choices, and the cards held as chips whose texts show on
hover (a click offers the card's uses). The German's card adds his Bunker (``ddd_bunker``).

Everything shown is the side's own view (``DDDTable``); every change is a choice of the port,
taken by its index through the window, so undo, the log and the hand-over work as elsewhere."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.profiles.ddd_table import card_tip
from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.ddd_dice import RESOURCE_ICON, ROLES, icon_pixmap, paint_die
from ddaydesk.ui.widgets.ddd_tally import TallyBox
from ddaydesk.ui.widgets.ddd_tray import (
    CARD_MARGINS,
    DIE_GAP,
    DIE_PX,
    TRAY_STYLE,
    card_width,
    dice_places,
    roll_words,
    tray_button,
)
from ddaydesk.ui.widgets.flow import FlowLayout

CHIP = {"other": "#eeeeee", "specialist": "#dfe9d3", "german_specialist": "#d9dde0", "item": "#efe3c8", "german_item": "#e4ddd0",
        "vehicle": "#d8dde6", "award": "#f3e2a2", "decoration": "#e9d6d6", "badge": "#f0d8b0"}
RESOURCES = (("soldiers", "Soldiers"), ("courage", "Courage"), ("stars", "Stars"), ("tools", "Item Points"))
STATUS_WORDS = {"landing": "in its landing craft: choose it in Arrivals and click a landing Sector", "bunker": "took the Bunker", "wiped_out": "wiped out",
                "destroyed": "destroyed in the assault", "assaulting": "assaulting the Bunker"}


#: the chips' and the tray buttons' look, set once on the panel holding the cards
STYLE = "".join(f'QToolButton[chip="{kind}"] {{ background: {colour}; }}' for kind, colour in CHIP.items()) + (
    "QToolButton[chip] { border: 1px solid #a39c88; border-radius: 7px; padding: 0 6px; font-size: 11px; }"
    "QToolButton[chip]:hover { border-color: #5c4b1e; }") + TRAY_STYLE


class DieButton(QAbstractButton):
    """One die of a tray: its face in its colour, the tally's highlight, a padlock when locked."""

    def __init__(self, index: int, parent=None):
        super().__init__(parent)
        self.index = index
        self.die = None
        self.role = "counts"
        self.setFixedSize(DIE_PX, DIE_PX)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click locks it; the keys stay the window's

    def set_die(self, die, role: str, clickable: bool, tip: str) -> None:
        self.die, self.role, self.shown_role = die, role, role
        self.setEnabled(True)  # a die nobody may lock still shows its tooltip
        self.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)
        self.setProperty("clickable", clickable)
        self.setToolTip(tip)
        self.setAccessibleName(f"{die.colour_name} {die.face_name}")
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(DIE_PX, DIE_PX)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        if self.die is None:  # not rolled yet: the die's place in the tray
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(QPen(QColor("#b7ae97"), 1.5, Qt.PenStyle.DashLine))
            p.drawRoundedRect(QRectF(4, 4, DIE_PX - 8, DIE_PX - 8), 5, 5)
            p.end()
            return
        paint_die(p, QRectF(0, 0, DIE_PX, DIE_PX), self.die.colour, self.die.face, self.role,
                  self.die.locked, self.die.held)
        p.end()


class Chip(QToolButton):
    """A card held, as a small coloured chip: its text on hover, its uses on a click."""

    def __init__(self, card, uses: list[tuple[int, str]], take, parent=None):
        super().__init__(parent)
        self.card, self.uses = card, uses
        self.setText(card.name + (" ▸" if uses else ""))
        self.setToolTip(card_tip(card) + ("<br><b>Click to use it.</b>" if uses else ""))
        self.setAutoRaise(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # (a chip used may go: keys stay the window's)
        self.setProperty("chip", card.kind if card.kind in CHIP else "other")  # its colour: STYLE
        if uses:
            self.clicked.connect(lambda: self._menu(take))

    def _menu(self, take) -> None:
        if len(self.uses) == 1:
            take(self.uses[0][0])
            return
        menu = QMenu(self)
        for index, words in self.uses:
            menu.addAction(words, lambda k=index: take(k))
        menu.popup(self.mapToGlobal(QPoint(0, self.height())))


class ResourceCell(QWidget):
    """A resource's icon and how many the player has."""

    def __init__(self, face: str, words: str):
        super().__init__()
        self.words = words
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 6, 0)
        lay.setSpacing(2)
        icon = QLabel()
        icon.setPixmap(icon_pixmap(face, 20, "#2b2b2b", self.devicePixelRatioF()))
        lay.addWidget(icon)
        self.value = QLabel("")
        lay.addWidget(self.value)

    def set_value(self, n: int) -> None:
        self.value.setText(f"<b>{n}</b>")
        self.setToolTip(f"{self.words}: {n}")


class PlayerCard(QFrame):
    """One player's card and dice. Signals carry choice indices (the port's), or the player id."""

    focusMe = Signal(str)
    take = Signal(int)
    hint = Signal(str)  # why a click or a key did nothing

    def __init__(self, pid: str, parent=None):
        super().__init__(parent)
        self.pid = pid
        self.setObjectName("ddd-card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(*CARD_MARGINS)
        lay.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(2)
        self.name = QLabel("")
        top.addWidget(self.name)
        top.addStretch(1)
        self.resources = [ResourceCell(RESOURCE_ICON[res], words) for res, words in RESOURCES]
        for cell in self.resources:
            top.addWidget(cell)
        lay.addLayout(top)
        self.header = link_label(QLabel(""))
        self.header.setWordWrap(True)
        lay.addWidget(self.header)
        tray = QHBoxLayout()
        tray.setSpacing(3)
        self.dice_row = QHBoxLayout()
        self.dice_row.setSpacing(DIE_GAP)
        tray.addLayout(self.dice_row)
        tray.addStretch(1)
        buttons = QVBoxLayout()
        buttons.setSpacing(2)
        self.roll_button = tray_button("Re-roll")
        self.keep_button = tray_button("Keep")
        for b in (self.roll_button, self.keep_button):
            buttons.addWidget(b)
        tray.addLayout(buttons)
        self.tray = QWidget()
        self.tray.setLayout(tray)
        lay.addWidget(self.tray)
        self.roll_button.clicked.connect(lambda: self._press("roll"))
        self.keep_button.clicked.connect(lambda: self._press("keep"))
        self.tally = TallyBox(self)
        self.tally.hovered.connect(self._preview_roles)
        self.tally.taken.connect(self.take.emit)
        lay.addWidget(self.tally)
        self.losses = QLabel("")  # what the turn has cost it so far, from the log's words
        self.losses.setWordWrap(True)
        self.losses.hide()
        lay.addWidget(self.losses)
        self.chips = FlowLayout(spacing=3)
        self.chip_box = QWidget()
        self.chip_box.setLayout(self.chips)
        lay.addWidget(self.chip_box)
        self.extra = QVBoxLayout()  # the German's Bunker
        lay.addLayout(self.extra)
        self.dice: list[DieButton] = []
        self.player = None
        self.table = None
        self.actions: dict[str, int | None] = {}
        self.locks: dict[int, int] = {}  # die -> the choice locking or unlocking it
        self._look: tuple = ()
        self._chips_key: tuple = ()

    # -- showing ------------------------------------------------------------------------------
    def set_player(self, p, table, focused: bool, colour: str) -> None:
        self.player, self.table = p, table
        if (focused, colour) != self._look:  # (a style sheet set is slow: only when it changes)
            self._look = (focused, colour)
            edge = "#c8102e" if focused else "#b7ae97"
            self.setStyleSheet(f"#ddd-card {{ background: #fbf8ef; border: {3 if focused else 1}px solid {edge};"
                               f" border-left: 8px solid {colour or '#666666'}; border-radius: 5px; }}")
        self.name.setText(f"<b style='font-size:13px'>{escape(p.name)}</b>")
        automated = getattr(table.table, "mode", "") == "solitaire" and p.id != "german"
        program = p.id == "german" and "auto_german" in table.options
        self.header.setText(self._header_html(p) + (" · <i>moved by the program, keeps no count of its "
                                                    f"resources</i> {linked('(DDD-SOLO-01..07)')}" if automated else "")
                            + (f" · <i>played by the program</i> {linked('(STD-DDD-AUTO)')}" if program else ""))
        for cell in self.resources:  # (the automated Unit's would be numbers that mean nothing)
            cell.setVisible(not automated)
        self._show_resources(p)
        self._show_dice(p, table)
        self.tally.show_player(p, table, focused)
        self._show_chips(p, table)

    def set_losses(self, lost: list[str]) -> None:
        text = ("<span style='color:#8a1c1c'>This turn: " + escape("; ".join(lost)) + "</span>") if lost else ""
        if text != self.losses.text():
            self.losses.setText(text)
            self.losses.setVisible(bool(lost))

    def _header_html(self, p) -> str:
        """Where the Unit is and its marker: the turns spent in its Sector of the most allowed."""
        bits = [escape(p.sector_name)] if p.sector >= 0 else []
        if p.marker_limit and p.status == "ashore":
            pips = "●" * min(p.marker, p.marker_limit) + "○" * max(0, p.marker_limit - p.marker)
            turns = ("<span style='color:#c92a2a'><b>must move</b></span>" if p.must_move
                     else f"turn {p.marker} of {p.marker_limit} here")
            bits.append(f"{pips} {turns} {linked('(STD-DDD-MARKER)')}")
        extra = [(getattr(p, "tokens", 0), "token", "DDD-OPT-11..12"), (getattr(p, "explosives", 0), "Explosive",
                                                                         "DDD-OPT-01")]
        bits += [f"{n} {word}{'s' if n != 1 else ''} {linked(f'({rule})')}" for n, word, rule in extra if n]
        if getattr(p, "silenced", ()):
            bits.append(f"silenced: {escape(', '.join(p.silenced))}")
        status = "holds the Bunker" if p.id == "german" else STATUS_WORDS.get(p.status, "")
        if status:
            bits.append(f"<i>{status}</i>")
        return " · ".join(bits)

    def _show_resources(self, p) -> None:
        for cell, (res, _words) in zip(self.resources, RESOURCES, strict=True):
            cell.set_value(getattr(p, res))

    def _show_dice(self, p, table) -> None:
        slots = dice_places(p)
        while len(self.dice) < slots:
            b = DieButton(len(self.dice))
            b.clicked.connect(lambda _c=False, k=b.index: self.lock(k))
            self.dice_row.addWidget(b)
            self.dice.append(b)
        while len(self.dice) > slots:
            self.dice.pop().deleteLater()
        for b in self.dice[len(p.dice):]:
            b.die = None
            b.setToolTip("Not rolled yet (STD-DDD-ROLL)")
            b.setCursor(Qt.CursorShape.ArrowCursor)
            b.update()
        side = table.side
        self.locks = from_view = {a.die: k for k, a in table.actions_of(p.id, "lock_die")}
        preview = table.preview.get(p.id)
        for b, d in zip(self.dice, p.dice, strict=False):
            clickable = d.index in from_view
            role = preview[1][d.index] if preview and d.index < len(preview[1]) else d.role  # as if kept now
            role_words = ROLES.get(role, ROLES["counts"])[1]
            state = "held by the re-roll" if d.held else "locked" if d.locked else "free"
            act = f"<br>Click (or press {d.index + 1}) to {'unlock' if d.locked else 'lock'} it" if clickable else ""
            b.set_die(d, role, clickable, f"<b>{d.colour_name} {d.face_name}</b> · {state} · {role_words}{act}")
        rolled = p.rolled
        self.tray.setVisible(bool(p.dice) or p.side == side and (p.status == "ashore" or p.id == "german"))
        roll = table.actions_of(p.id, "roll_dice") or table.actions_of(p.id, "reroll")
        keep = table.actions_of(p.id, "keep_dice")
        self.actions = {"roll": roll[0][0] if roll else None, "keep": keep[0][0] if keep else None}
        self.roll_button.setText(roll_words(p))
        self.keep_button.setText("Keep (K)")
        why_roll = table.why_not.get(("reroll" if rolled else "roll_dice", p.id), "")
        self.roll_button.setEnabled(roll != [])
        self.roll_button.setToolTip(("Re-roll the dice not locked (STD-DDD-ROLL)" if rolled else "Roll the six dice")
                                    if roll else why_roll or "Not now")
        self.keep_button.setEnabled(keep != [])
        self.keep_button.setToolTip("These dice are the Final Tally: no more re-rolls" if keep
                                    else table.why_not.get(("keep_dice", p.id), "") or "Not now")
        show_buttons = p.side == side and (roll or keep or rolled and not p.kept)
        self.roll_button.setVisible(bool(show_buttons))
        self.keep_button.setVisible(bool(show_buttons))

    def needed_width(self) -> int:
        """The card's width for its dice and buttons side by side (its words wrap)."""
        return card_width(len(self.dice), self.roll_button, self.keep_button)

    def _show_chips(self, p, table) -> None:
        mine = table.actions_of(p.id, "use_card")
        words = dict(self.window_choices()) if mine else {}
        uses: dict[str, list[tuple[int, str]]] = {}
        for k, a in mine:
            uses.setdefault(a.card, []).append((k, words.get(k, a.card)))
        held = p.specialists + p.items + p.vehicles + p.awards + p.decorations + getattr(p, "badges", ())
        key = (held, tuple((c, tuple(u)) for c, u in uses.items()))
        if key == self._chips_key:
            return
        self._chips_key = key
        self.chips.clear()
        for c in held:
            if p.decorations and c is p.decorations[0]:  # his hand, face up: his own view only
                hand = QLabel("<i>In his hand:</i>")
                self.chips.addWidget(hand)
                hand.show()
            chip = Chip(c, uses.get(c.id, []), self.take.emit)
            self.chips.addWidget(chip)
            chip.show()  # now, not at the next turn of the event loop
        self.chip_box.setVisible(bool(held))

    def window_choices(self) -> list[tuple[int, str]]:
        """(index, words) of the port's choices, as the window lists them."""
        win = self.window()
        controller = getattr(win, "controller", None)
        return list(enumerate(w for _k, w, _p in controller.choices())) if controller is not None else []

    # -- acting -------------------------------------------------------------------------------
    def _preview_roles(self, roles) -> None:
        for b in self.dice:
            if b.die is not None:
                b.role = roles[b.index] if roles and b.index < len(roles) else b.shown_role
                b.update()

    def lock(self, k: int) -> None:
        """Lock or unlock die ``k`` (a click on it, or its key), or say why not."""
        self.focusMe.emit(self.pid)
        index = self.locks.get(k)
        if index is not None:
            self.take.emit(index)
        elif self.player is not None and self.player.side == self.table.side:
            die = f"die {k + 1}" if k < len(self.player.dice) else f"no die {k + 1}"
            why = self.table.why_not.get(("lock_die", self.pid), "") or "dice are locked between rolls in Phase 1"
            self.hint.emit(f"{self.player.name}, {die}: {why}")

    def _press(self, what: str) -> None:
        self.focusMe.emit(self.pid)
        if self.actions.get(what) is not None:
            self.take.emit(self.actions[what])

    def why(self, what: str) -> str:
        """Why a key's action is refused for this player now (the engine's reason)."""
        p = self.player
        kind = {"roll": "reroll" if p.rolled else "roll_dice", "keep": "keep_dice"}[what]
        return self.table.why_not.get((kind, p.id), "") or f"{p.name} has no dice to {what} now"

    def mousePressEvent(self, event) -> None:
        self.focusMe.emit(self.pid)
        super().mousePressEvent(event)


