"""D-Day Dice's table, docked left of the Battle Map: every player's card and dice on one screen
(1 to 4 Allied Units and the German), the card of the player at the keyboard outlined.

The keys act on that player: R rolls or re-rolls, K keeps, 1-8 lock or unlock a die, N goes to
the next player's card; a click on a card makes it the one at the keyboard. When one player is
done with the dice the next who has dice to roll, keep or score comes to the keyboard.

Seated as the German (a person's German, after the hand-over), his card comes first as the
Bunker view, with his Decorations face up; the Allies' view shows how many he holds.

The column's width is the map's room: a start's first frame shows it empty, as wide as its
cards will make it (``reserve``, from the view and ``ddd_tray``'s measures); the cards, their
modules and their look come with the first view shown after it (``set_view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import ViewPart
from ddaydesk.ui.profiles.ddd_table import DDDTable
from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.ddd_tray import cards_width

if TYPE_CHECKING:
    from ddaydesk.ui.widgets.ddd_card import PlayerCard

GERMAN = "german"
KEYS = (("R", "Roll or re-roll the dice of the player at the keyboard", "roll"),
        ("K", "Keep the dice of the player at the keyboard as the Final Tally", "keep"),
        ("N", "The next player's dice come to the keyboard", "next"))


class PlayersPanel(QScrollArea, ViewPart):
    title = "Dice and cards"
    area = "left"

    def __init__(self, win):
        super().__init__(win)
        self.win = win
        self.setObjectName("ddd-players")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        self.lay = QVBoxLayout(body)
        self.lay.setContentsMargins(4, 4, 4, 4)
        self.lay.setSpacing(6)
        self.status = link_label(QLabel(""))
        self.status.setWordWrap(True)
        self.lay.addWidget(self.status)
        self.modules = None  # (the Battle Conditions and modules' box, under the status: with the first cards)
        self.cards_box = QVBoxLayout()
        self.cards_box.setSpacing(6)
        self.lay.addLayout(self.cards_box)
        self.lay.addStretch(1)
        self.setWidget(body)
        self.cards: dict[str, PlayerCard] = {}
        self.bunker: QLabel | None = None
        self.table: DDDTable | None = None
        self.view: GameView | None = None
        self.focus: str | None = None
        self._keys(win)

    def _keys(self, win) -> None:
        """The tray's keys, window-wide while this panel is shown, listed in Help > Keyboard shortcuts."""
        self.key_actions = []
        for key, words, what in KEYS:
            self._key(win, key, words, lambda _c=False, w=what: self.press(w))
        for k in range(8):
            self._key(win, str(k + 1), f"Lock or unlock die {k + 1} of the player at the keyboard",
                      lambda _c=False, d=k: self.lock(d))
        self.destroyed.connect(lambda _o=None, acts=list(self.key_actions), w=win: _forget(w, acts))

    def _key(self, win, key: str, words: str, slot) -> None:
        a = QAction(words, self)
        a.setShortcut(QKeySequence(key))
        a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        a.triggered.connect(slot)
        self.addAction(a)
        self.key_actions.append(a)
        if hasattr(win, "all_actions"):
            win.all_actions.append(a)

    # -- showing ------------------------------------------------------------------------------
    def reserve(self, view: GameView) -> None:
        """As wide as the cards of ``view`` will make the column, none made (a start's first frame)."""
        t = view.table if isinstance(view.table, DDDTable) else None
        if t is not None:
            self._set_width(cards_width(self._shown(t)))

    def set_view(self, view: GameView) -> None:
        t = view.table if isinstance(view.table, DDDTable) else None
        self.table, self.view = t, view
        if t is None:
            return
        # (the cards' module with the first cards: after a start's first frame)
        from ddaydesk.ui.widgets.ddd_card import PlayerCard

        if self.modules is None:
            self._first_cards()
        shown = self._shown(t)
        for pid in [pid for pid in self.cards if pid not in {p.id for p in shown}]:
            self.cards.pop(pid).deleteLater()
        self._choose_focus(t, shown)
        colours = getattr(getattr(self.win, "palette_", None), "nationality", {})
        lost = self._losses(view, {p.id: p.name for p in shown})
        for k, p in enumerate(shown):
            card = self.cards.get(p.id)
            if card is None:
                card = self.cards[p.id] = PlayerCard(p.id)
                card.focusMe.connect(self.set_focus)
                card.take.connect(self.take)
                card.hint.connect(self.win.show_hint)
            self.cards_box.insertWidget(k, card)
            card.set_player(p, t, p.id == self.focus, getattr(p, "colour", "") or colours.get(p.nation, "#555555"))
            card.set_losses(lost.get(p.id, []))
            if p.id == GERMAN:
                self._bunker(card, t)
        self.status.setText(self._status_html(view, t))
        self.modules.set_modules(getattr(t.table, "modules", None), t.options)
        self._set_width(max((c.needed_width() for c in self.cards.values()), default=0))

    def _first_cards(self) -> None:
        """The cards' look (set once: a style sheet set is slow) and the modules' box."""
        from ddaydesk.ui.widgets.ddd_card import STYLE as CARD_STYLE
        from ddaydesk.ui.widgets.ddd_modules import STYLE as MODULES_STYLE
        from ddaydesk.ui.widgets.ddd_modules import ModulesBox
        from ddaydesk.ui.widgets.ddd_tally import STYLE as TALLY_STYLE

        self.setStyleSheet(CARD_STYLE + TALLY_STYLE + MODULES_STYLE)
        self.modules = ModulesBox()
        self.lay.insertWidget(1, self.modules)

    @staticmethod
    def _shown(t: DDDTable) -> list:
        """The players whose cards the column shows, in order (the German's first in the Bunker view)."""
        players = list(t.table.players)
        if t.side == GERMAN:  # the Bunker view: his card first
            players.sort(key=lambda p: p.id != GERMAN)
        return [p for p in players if p.status != "absent"]

    def _set_width(self, need: int) -> None:
        """As wide as its widest card's dice and buttons need (fonts and scale factors differ)."""
        m = self.lay.contentsMargins()
        self.setMinimumWidth(need + m.left() + m.right() + self.verticalScrollBar().sizeHint().width() + 4)

    def _status_html(self, view: GameView, t: DDDTable) -> str:
        from html import escape

        from ddaydesk.ui.widgets.ddd_tally import legend_html

        tab = t.table
        c = tab.campaign  # a campaign: which of its battles this is (the score sheet has them all)
        where = (f"{escape(c.battles[c.battle - 1])}, battle {c.battle} of {len(c.battles)} · "
                 if c is not None and 0 < c.battle <= len(c.battles) else "")
        lines = [f"<b>{where}Turn {tab.turn} · {escape(tab.phase_name)}</b>"]
        if t.side == GERMAN and tab.mode != "coop":
            lines.append("<span style='color:#8a1c1c'><b>The Bunker: the German's view</b>, hidden from the Allies</span>")
        if tab.waiting:
            lines.append(linked(tab.waiting))
        if any(t.preview.get(p.id) or p.score_choices for p in tab.players):  # the dice's highlights
            lines.append(legend_html())
        if view.active_side != view.side:
            lines.append(f"Waiting for the {view.active_side.capitalize()} player")
        elif self.focus and t.busy(self.focus):
            name = next(p.name for p in tab.players if p.id == self.focus)
            card = self._focused()
            n = len(card.dice) if card and card.dice else 6
            why = t.why_not.get(("reroll", self.focus), "") if t.step() == "1" else ""
            if why and why != "roll first":  # the greyed Re-roll's reason in sight, not only on its hover
                keys = f"1-{n} lock a die, K keep; no re-roll (R) now: {why}"
            else:
                keys = (f"R roll, 1-{n} lock a die, K keep" if t.step() == "1"
                        else "Score a way of the tally" if t.step() == "2" else "")
            lines.append(f"At the keyboard: <b>{escape(name)}</b>" + (f" ({keys})" if keys else ""))
        elif t.step() in ("1", "2") and self._dice_done(t):
            done = "kept" if t.step() == "1" else "scored"  # what to do next is not a die any more
            lines.append(f"All dice are {done}: <b>End phase</b> (Ctrl+E) to go on")
        elif any(a.kind in ("rally_specialist", "find_item") for a in t.index):
            lines.append("Rally a Specialist (Stars) or find an Item (Item Points) in the Actions dock, each "
                         "with its cost; <b>End phase</b> (Ctrl+E) when done")
        elif any(a.kind == "sector_move" for a in t.index):
            lines.append("Move: click a Unit's marker, then a lit Sector (its Courage cost in the status bar); "
                         "<b>End phase</b> (Ctrl+E) when done")
        return "<br>".join(lines)

    def _losses(self, view: GameView, names: dict[str, str]) -> dict[str, list[str]]:
        """Each player's losses this turn so far, read from the log's words ("DEF in Sector 5:
        American Unit loses 5 Soldiers"); in review, up to the action reviewed."""
        review = getattr(self.win, "review", None)
        upto = review.port.at if review is not None and review.active else None
        rows = []
        for e in reversed(view.log):
            if upto is not None and e.seq > upto:
                continue
            if e.turn != view.turn:
                break
            rows.append(e)
        out: dict[str, list[str]] = {}
        for e in reversed(rows):
            for _side, words in self.win.profile.losses(e.text.split("; ")):
                who = next((pid for pid, n in names.items() if words.startswith(f"{n} ")), None)
                if who is not None:
                    out.setdefault(who, []).append(words[len(names[who]) + 1:])
        return out

    @staticmethod
    def _dice_done(t: DDDTable) -> bool:
        """Every player of the side has kept (Phase 1) or scored (Phase 2) his dice (read from
        the table, not the choices: a review offers none)."""
        playing = [p for p in t.table.players if p.side == t.side and (p.status == "ashore" or p.id == GERMAN)]
        return bool(playing) and all(p.kept and (t.step() == "1" or not p.score_choices) for p in playing)

    def _bunker(self, card: PlayerCard, t: DDDTable) -> None:
        if self.bunker is None or self.bunker.parent() is None:
            self.bunker = link_label(QLabel(""))
            self.bunker.setWordWrap(True)
            self.bunker.setObjectName("ddd-bunker")
            card.extra.addWidget(self.bunker)
        self.bunker.setText("<br>".join(linked(line) for line in t.bunker))

    def _choose_focus(self, t: DDDTable, shown) -> None:
        """Keep the player at the keyboard while they have dice to deal with, else the next who has."""
        own = [p.id for p in shown if p.side == t.side]
        if self.focus in own and t.busy(self.focus):
            return
        busy = [pid for pid in own if t.busy(pid)]
        if busy:
            later = [pid for pid in busy if self.focus in own and own.index(pid) > own.index(self.focus)]
            self.focus = (later or busy)[0]
        elif self.focus not in own:
            self.focus = own[0] if own else None

    def _focused(self) -> PlayerCard | None:
        return self.cards.get(self.focus) if self.focus else None

    # -- acting -------------------------------------------------------------------------------
    def set_focus(self, pid: str) -> None:
        if self.table is None or pid == self.focus:
            return
        if not any(p.id == pid and p.side == self.table.side for p in self.table.table.players):
            return  # the other side's card: looked at, not played
        self.focus = pid
        self.set_view(self.view)

    def take(self, index: int) -> None:
        choices = self.win.controller.choices()
        words = choices[index][1] if 0 <= index < len(choices) else ""
        self.win.take_choice(index, words)

    def press(self, what: str) -> None:
        card = self._focused()
        if what == "next":
            own = [pid for pid, c in self.cards.items() if c.player is not None and c.player.side == self.table.side]
            if own:
                self.set_focus(own[(own.index(self.focus) + 1) % len(own)] if self.focus in own else own[0])
            return
        if card is None:
            return
        index = card.actions.get(what)
        if index is None:
            self.win.show_hint(card.why(what))
            return
        self.take(index)

    def lock(self, die: int) -> None:
        card = self._focused()
        if card is not None:
            card.lock(die)


def _forget(win, actions) -> None:
    """The panel is gone: its keys leave the shortcuts list."""
    if hasattr(win, "all_actions"):
        win.all_actions[:] = [a for a in win.all_actions if all(a is not b for b in actions)]
