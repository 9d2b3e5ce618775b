"""Koenig's Command Cup panel: the chits left in the cup and those drawn this turn (each in
its formation's colour), the chit acting and what its draw means, the choice of Operation,
the activated units and the attacks open to them, the battle waiting for a decision, the end
of the activation, and each side's Support points and the Leadership marker. Everything is
read from the view (``GameView.extra``, ``pkd_data.KoenigView``); every action goes through the
controller, so undo, the log and the hot-seat hand-over work as for any other action."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.pkd_art import formation_colour, ink_on
from ddaydesk.ui.rule_links import link_label, linked

SHORT = {"move": "full Movement Allowance; a Close Combat may end a unit's move",
         "fire": "no movement; each unit fires once (Full Fire)",
         "combined": "half Movement Allowance and Mobile Fire at half strength, or a Close Combat",
         "rest_refit": "no movement or combat; an R&R chit's Replacements remove Hits"}
STAGE = {"answer": "answers with Support points", "leadership": "decides on the Leadership marker",
         "withdraw": "chooses the retreat hex", "occupy": "decides who moves into the hex"}


def chip(text: str, formation: str, small: bool = False, dim: bool = False) -> QLabel:
    """A chit in its formation's colour."""
    bg = formation_colour(formation)
    label = QLabel(text)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    edge = "#555" if ink_on(bg) == "#000000" else bg
    label.setStyleSheet(f"background: {bg}; color: {ink_on(bg)}; border: 2px solid {edge}; border-radius: 6px;"
                        f" padding: {'2px 4px' if small else '6px'}; font-weight: bold;"
                        + (" font-size: 11px;" if small else " font-size: 14px;")
                        + (" opacity: 0.6;" if dim else ""))
    return label


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)  # (never wider than the dock: the page would be cut at its right edge)
    label.setStyleSheet("font-weight: bold; margin-top: 8px; border-bottom: 1px solid palette(mid);")
    return label


def _wide(b: QPushButton) -> QPushButton:
    """A button as wide as the panel, never wider (its full words in its tooltip)."""
    b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    b.setStyleSheet("text-align: left; padding: 3px 6px;")
    if not b.toolTip():
        b.setToolTip(b.text())
    return b


def _text(html: str) -> QLabel:
    label = link_label(QLabel(html))
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class CupPanel(QScrollArea):
    title = "Command Cup"
    raised = True  # Koenig is played from here: its tab comes first

    def __init__(self, window):
        super().__init__(window)
        self.window_ = window
        self.setObjectName("command-cup")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # its lines wrap
        self._new_body()
        self.setWidget(self.body)
        self.buttons: dict[str, QPushButton] = {}  # what a test or a player presses: key -> button
        self.view: GameView | None = None
        self.page: tuple | None = None  # (turn, phase, chits drawn) of the page shown

    # -- building -----------------------------------------------------------------------------
    def _new_body(self) -> None:
        """A fresh page (the previous view's goes, with its buttons)."""
        self.body = QWidget()
        self.lay = QVBoxLayout(self.body)
        self.lay.setContentsMargins(6, 4, 6, 6)

    def set_view(self, view: GameView) -> None:
        self.view = view
        kv = view.extra
        page = None if kv is None else (kv.turn_label, kv.phase, len(kv.drawn))
        # the same activation keeps its place on the page; a new chit's page opens at its top
        bar = self.verticalScrollBar().value() if page == self.page else 0
        self.page = page
        self._new_body()
        self.buttons = {}
        if kv is not None:
            self._fill(view, kv)
        self.setWidget(self.body)  # built first: its widgets are shown with it, and measured
        self._fit()
        self.verticalScrollBar().setValue(bar)

    def _fill(self, view: GameView, kv) -> None:
        mine = view.side == view.active_side
        day = "day turn" if kv.day else linked("night turn: no Support Phase, Fire at -2 (STD-PKD-NIGHT)")
        self.lay.addWidget(_text(f"<b>{escape(kv.turn_label)}</b> · {day}"))
        self._cup(kv)
        if kv.acting is not None:
            self._acting(view, kv, mine)
        elif kv.phase == "interdiction":
            self.lay.addWidget(_text(linked("The Allied player may trade Support points (or the Leadership marker) "
                                            "for Interdiction markers (PKD-INT-02); ending the "
                                            "phase draws the first chit.")))
            self._listed(("trade_support",), mine)
            if mine and any(kind == "interdict" for kind, _w, _p in self.window_.controller.choices()):
                place = _wide(QPushButton("Place the Interdiction marker…"))  # (nothing is lit before it)
                place.setToolTip("Lights the hexes it may go to (PKD-INT-03): click one to place it; "
                                 "the Arrivals dock lists it")
                place.clicked.connect(self._place_interdiction)
                self.buttons["interdict"] = place
                self.lay.addWidget(place)
            end = _wide(QPushButton("Done interdicting: draw the first chit"))
            end.setEnabled(mine)
            end.clicked.connect(self.window_.end_phase)
            self.buttons["end"] = end
            self.lay.addWidget(end)
        self._support(kv)
        self.lay.addStretch(1)

    def _fit(self) -> None:
        """The page as tall as its wrapped lines need at the dock's width (a scroll area gives
        a page only its least height, which wrapped text does not tell)."""
        h = self.lay.totalHeightForWidth(self.viewport().width()) if self.lay.hasHeightForWidth() else -1
        self.body.setMinimumHeight(max(h, self.lay.totalMinimumSize().height()))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _acting(self, view: GameView, kv, mine: bool) -> None:
        c = kv.acting
        n = len(kv.units)
        self.lay.addWidget(_heading("Chit drawn"))
        self.lay.addWidget(chip(f"{c.name}\n{c.side.capitalize()} · {n} unit{'s' if n != 1 else ''}", c.formation))
        if kv.operation is None:
            self.lay.addWidget(_text(linked(f"The {c.side.capitalize()} player chooses the one Operation all its "
                                            "units carry out (STD-PKD-OPS):")))
            grid = QGridLayout()
            grid.setColumnStretch(1, 1)
            for k, op in enumerate(kv.operations):
                b = QPushButton(op.title.replace("&", "&&"))  # (a single & marks a shortcut)
                b.setToolTip(f"{op.title} Operation: {op.explain} ({op.rule})" + (f"\nNot now: {op.why}" if op.why else ""))
                b.setEnabled(mine and op.action is not None)
                b.clicked.connect(lambda _c=False, o=op: self._operation(o))
                self.buttons[f"op:{op.id}"] = b
                grid.addWidget(b, k, 0)
                grid.addWidget(_text(f"<small>{escape(SHORT.get(op.id, op.explain))}</small>"), k, 1)
            self.lay.addLayout(grid)
        else:
            self.lay.addWidget(_text(f"<b>{escape(kv.operation_title)} Operation</b>: "
                                     f"{escape(SHORT.get(kv.operation, ''))}."))
        if kv.refit:
            r = kv.refit
            n = r["left"]
            todo = (f"{n} Replacement{'s' if n != 1 else ''} to assign"
                    + (", or both to bring back an eliminated unit" if r.get("reconstitute") else "")
                    + " (PKD-RR-03)") if n else "no Replacements to assign (PKD-RR-04)"
            self.lay.addWidget(_text(linked(f"R&R chit drawn: {r['chit']}, {todo}.")))
            self._listed(("refit", "reconstitute"), mine)
        if kv.units:
            rows = "".join(f"<tr><td>{escape(u.name)}</td><td align='center'>{u.value}</td>"
                           f"<td>{escape(u.where.split(' ')[0])}</td><td><i>{escape(u.status)}</i></td></tr>"
                           for u in kv.units)
            self.lay.addWidget(_text("<table cellspacing='2' width='100%'><tr><th align='left'>Unit</th>"
                                     "<th>CV</th><th align='left'>Hex</th><th align='left'>Now</th></tr>"
                                     f"{rows}</table>"))
            self._entering(kv, mine)
        over = [u.name for u in kv.units if u.status == "overrunning"]
        if over and kv.battle is None:  # (the Actions dock alone offered its end)
            self.lay.addWidget(_heading("Overrun"))
            self.lay.addWidget(_text(linked(f"{escape(', '.join(over))} may move on and start another Close Combat "
                                            "(PKD-OVR-01); no other unit moves before its overrun ends (PKD-OVR-02):")))
            self._listed(("halt_overrun",), mine)
        if kv.battle is not None:
            self._battle(view, kv)
        elif kv.targets:
            self.lay.addWidget(_heading("Attacks open"))
            for t in kv.targets:
                who = ", ".join(t.defenders)
                b = _wide(QPushButton(f"{t.title} at {t.name}…"))
                b.setToolTip(f"Against {who}. Opens the battle: choose the units and Support, see the exact "
                             f"odds, then roll.\nMay join: {', '.join(t.names.values())}")
                b.setEnabled(mine)
                b.clicked.connect(lambda _c=False, tg=t: self._attack(tg))
                self.buttons[f"{t.kind}:{t.place}"] = b
                self.lay.addWidget(b)
        if kv.operation in ("move", "combined") and kv.leadership and kv.leader == c.side and mine \
                and kv.battle is None:
            self.lay.addWidget(_heading("Leadership marker"))
            self.lay.addWidget(_text(linked("It may be spent now on a Force March (PKD-LEAD-08) "
                                            "or a Temporary Attachment of another formation's unit to "
                                            "this one for the turn (PKD-LEAD-11):")))
            self._listed(("force_march", "attach"), mine)
        if kv.operation is not None and kv.battle is None:
            end = _wide(QPushButton("End the activation: draw the next chit"))
            end.setEnabled(mine)
            end.clicked.connect(self.window_.end_phase)
            self.buttons["end"] = end
            self.lay.addWidget(end)
        if not mine:
            self._hand_over(view.active_side)

    def _entering(self, kv, mine: bool) -> None:
        """Units 'to enter' come on from the Arrivals dock, which the table alone does not say."""
        n = sum(u.status == "to enter" for u in kv.units)
        if not n or not mine or kv.operation not in ("move", "combined") or \
                any(u.status == "overrunning" for u in kv.units):  # (it moves first: PKD-OVR-02)
            return
        self.lay.addWidget(_text(f"{n} unit{'s' if n != 1 else ''} to enter: choose one in the Arrivals dock, "
                                 "then click a lit hex to bring it on (its move)."))
        b = _wide(QPushButton("Bring a unit on…"))
        b.setToolTip("Opens the Arrivals dock at the first unit to enter; where it may go is lit on the map")
        b.clicked.connect(lambda: self._enter(next(u.id for u in kv.units if u.status == "to enter")))
        self.buttons["enter"] = b
        self.lay.addWidget(b)

    def _enter(self, unit: str) -> None:
        pool = self.window_.aids.pool
        self.window_.aids.pool_dock.raise_()
        pool.choose(next((k for k, a in pool.arrivals.items() if a.unit == unit), ""))

    def _place_interdiction(self) -> None:
        """The marker chosen in the Arrivals dock: its hexes lit, a click on one places it."""
        self.window_.aids.pool_dock.raise_()
        self.window_.aids.pool.choose("interdict")

    def _listed(self, kinds: tuple[str, ...], mine: bool) -> None:
        """The choices of these kinds as buttons (an R&R chit's Replacements, an eliminated unit
        brought back, a Support point traded for Interdiction), each the engine's listed action,
        as in the Actions dock."""
        for k, (kind, words, _places) in enumerate(self.window_.controller.choices() if mine else ()):
            if kind in kinds:  # (a trade's marker, an attachment's term are said above: the button fits the dock)
                short = words.replace(" for an Interdiction marker", "").replace(" (spend the Leadership marker)", "") \
                    .replace(" to this formation for the turn", "")
                b = _wide(QPushButton((short[:1].upper() + short[1:]).replace("&", "&&")))
                said = words[:1].upper() + words[1:]  # (the status bar's sentence)
                b.setToolTip(said)
                b.clicked.connect(lambda _c=False, i=k, t=said: self.window_.take_choice(i, t))
                self.buttons[f"{kind}:{k}"] = b
                self.lay.addWidget(b)

    def _battle(self, view: GameView, kv) -> None:
        b = kv.battle
        self.lay.addWidget(_heading("Battle"))
        self.lay.addWidget(_text(f"<b>{escape(b.title)} at {escape(b.target_name)}</b>: "
                                 f"{escape(', '.join(b.attackers))} against {escape(', '.join(b.defenders))}. "
                                 f"The {b.waits_for.capitalize()} player {STAGE.get(b.stage, 'decides')}."))
        open_ = _wide(QPushButton("Open the battle…"))
        open_.setEnabled(view.side == b.waits_for)
        open_.clicked.connect(self._open_battle)
        self.buttons["battle"] = open_
        self.lay.addWidget(open_)

    def _hand_over(self, side: str) -> None:
        b = _wide(QPushButton(f"Hand over to the {side.capitalize()} player"))
        b.clicked.connect(lambda: self.window_.controller.hand_to(side))
        self.buttons["hand_over"] = b
        self.lay.addWidget(b)

    def _cup(self, kv) -> None:
        chits = f"{len(kv.cup)} chit{'s' if len(kv.cup) != 1 else ''}"
        if kv.cup:
            title = f"In the cup: {chits}, drawn at random" if kv.cup_filled else \
                f"Into the cup this turn: {chits}"
        elif kv.acting:  # (not "0 chits, drawn at random")
            title = "The cup is empty: the chit drawn is the turn's last"
        else:
            title = "The cup is empty: every chit has been drawn this turn"
        self.lay.addWidget(_heading(title))
        grid = QGridLayout()
        for k, c in enumerate(kv.cup):
            grid.addWidget(chip(f"{c.name}", c.formation, small=True), k // 2, k % 2)
        self.lay.addLayout(grid)
        if len(kv.drawn) > 1:  # (the last is the chit acting, shown below)
            self.lay.addWidget(_text("Drawn before it this turn: " + " → ".join(
                f"<span style='color:{formation_colour(c.formation) if ink_on(formation_colour(c.formation)) == '#ffffff' else '#444'}'>"
                f"<b>{escape(c.name)}</b></span>" for c in kv.drawn[:-1])))

    def _support(self, kv) -> None:
        self.lay.addWidget(_heading("Support and Leadership"))
        rows = []
        for side, pool in kv.support.items():
            kinds = " · ".join(f"{title} <b>{n}</b>" for title, n in pool)
            rows.append(f"<b>{side.capitalize()}</b>: {kinds}")
        tip = "at most 2 points a battle, each +1 (STD-PKD-SUP); unspent points are lost at the turn's end"
        rows.append(f"<i>{linked(tip)}</i>")
        if kv.leadership:
            rows.append(f"Leadership marker: <b>{kv.leader.capitalize() if kv.leader else 'in the stock'}</b>"
                        + linked(" (PKD-LEAD-05)"))
        rows.append("Victory points: " + " · ".join(f"{s.capitalize()} <b>{n}</b>" for s, n in kv.score.items()))
        self.lay.addWidget(_text("<br>".join(rows)))

    # -- actions ------------------------------------------------------------------------------
    def _operation(self, op) -> None:
        self.window_.controller.perform(f"{op.title} Operation", op.action)

    def _attack(self, target) -> None:
        from ddaydesk.ui.profiles.pkd_battle import open_battle

        open_battle(self.window_, target=target)

    def _open_battle(self) -> None:
        from ddaydesk.ui.profiles.pkd_battle import open_battle

        open_battle(self.window_)
