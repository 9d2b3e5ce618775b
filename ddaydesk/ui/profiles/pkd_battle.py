"""Koenig's battle dialog: a Fire (Full, Mobile, Indirect) or Close Combat played through the
engine's staged decision, in one window for both players at the table.

Declare: every unit of the activated formation that may join, ticked or not (Heavy Weapons out
of reach fire indirectly), the attacker's Support points and Corps Artillery, and the exact
odds as they change (each strength line with its rule, the column, the die's six results, the
chance of each outcome). Then, as the engine asks: the defender's answer with his Support
(the seat passes to him), the roll, the Leadership holder's re-roll or stand, the retreat hex,
who moves in; last, what happened, with the dice. Every decision is an engine action through
the controller (``perform``), so it is in the log, the dice log and the undo stack."""

from __future__ import annotations

import contextlib
from html import escape

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
)

from ddaydesk.ui.port import GameView, PortError
from ddaydesk.ui.profiles.pkd_art import hits_words
from ddaydesk.ui.profiles.pkd_data import declaring
from ddaydesk.ui.profiles.pkd_dialog_place import clear_of, fit
from ddaydesk.ui.profiles.pkd_odds import DIE_FACES, OddsView, battle_summary
from ddaydesk.ui.rule_links import link_label, linked

SIDE_COLOURS = {"allied": "#2f5d8a", "german": "#5b5f66"}
DECIDE = {"declare": "choose the attackers and Support, then declare", "answer": "answer with Support points",
          "leadership": "keep the roll, or spend the Leadership marker", "withdraw": "choose where the defenders retreat",
          "occupy": "choose who moves into the emptied hex"}


def open_battle(window, target=None, listed: int | None = None) -> BattleDialog | None:
    """The battle dialog for a declaration (a panel's ``Target``, or the Actions dock's line
    ``listed``), or for the battle waiting for a decision."""
    start = window.port.ask("listed", index=listed) if listed is not None else \
        declaring(target) if target is not None else None
    dlg = battle_dialog(window, start)
    if listed is not None:  # taken from the Actions dock: "Go ahead" declares it, as a preview would
        window.preview_dialog = dlg
    dlg.open()
    return dlg


def battle_dialog(window, start: dict | None) -> BattleDialog:
    """The window's one battle dialog (a previous one closes), not yet shown."""
    old = getattr(window, "koenig_battle", None)
    if old is not None:
        old.close()
    window.koenig_battle = BattleDialog(window, start)
    return window.koenig_battle


class BattleDialog(QDialog):
    def __init__(self, window, start: dict | None):
        super().__init__(window)
        self.window_ = window
        self.controller = window.controller
        self.port = window.port
        self.start = start  # the declaration to begin with; None: the battle already declared
        self.declared_at: int | None = None  # log length before our declaration
        self.odds = None
        self.declared: tuple = ()  # the strength lines of our declaration
        self.rolled: int | None = None  # the die, once rolled
        self._seen: tuple = ()  # the stage and seat last shown
        self.before: dict = {}  # unit id -> (Hits, eliminated, place) of the units in it, when declared
        self.lines: tuple = ()  # the strength lines last shown before the roll, and their totals
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # its connections go with it
        QShortcut(QKeySequence.StandardKey.HelpContents, self,  # F1: this battle's rules (the window's is blocked)
                  lambda: window.show_rule(self.odds.rule if self.odds is not None and self.odds.legal else ""))
        em = self.fontMetrics().averageCharWidth()
        self.resize(em * 104, self.fontMetrics().height() * 34)
        lay = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 17px; font-weight: bold;")
        self.subtitle = QLabel()
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        for label in (self.title, self.subtitle, self.banner):
            lay.addWidget(label)
        body = QHBoxLayout()
        left = QVBoxLayout()
        self.attack_box = QGroupBox("Attackers")
        self.attack_lay = QVBoxLayout(self.attack_box)
        self.checks: dict[str, QCheckBox] = {}
        self.kinds: dict[str, QRadioButton] = {}  # fire or close_combat, where both are open
        left.addWidget(self.attack_box)
        self.support_box = QGroupBox("Support")
        sl = QVBoxLayout(self.support_box)
        self.support = QSpinBox()
        self.support_note = QLabel()
        self.corps = QCheckBox("Corps Artillery: spend the Leadership marker for +1 (PKD-LEAD-10)")
        row = QHBoxLayout()
        row.addWidget(QLabel("Support points"))
        row.addWidget(self.support)
        row.addWidget(self.support_note, 1)
        sl.addLayout(row)
        sl.addWidget(self.corps)
        left.addWidget(self.support_box)
        self.odds_view = OddsView()
        left.addWidget(self.odds_view.strengths)
        # the die and the choices it leaves under the strength lines (below the odds, the dialog
        # grew over the retreat hexes)
        self.result = link_label(QLabel())
        self.result.setWordWrap(True)
        self.result.setStyleSheet("font-size: 14px;")
        left.addWidget(self.result)
        self.decision_lay = QVBoxLayout()
        left.addLayout(self.decision_lay)
        left.addStretch(1)
        body.addLayout(left, 2)
        self.defenders = link_label(QLabel())
        self.defenders.setWordWrap(True)
        self.odds_view.layout().addWidget(self.defenders)
        body.addWidget(self.odds_view, 3)
        lay.addLayout(body, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.go, self.close_button = QPushButton(), QPushButton("Cancel")
        self.go.setDefault(True)
        self.go.clicked.connect(self.accept)
        self.close_button.clicked.connect(self.reject)
        row.addWidget(self.go)
        row.addWidget(self.close_button)
        lay.addLayout(row)
        self.support.valueChanged.connect(self._changed)
        self.corps.toggled.connect(self._changed)
        self.controller.viewChanged.connect(self._view)
        self.controller.destroyed.connect(self.close)  # another game opened
        window.installEventFilter(self)  # the window closed: the battle waits for its reopening
        self.finished.connect(self._forget)
        self._view(self.controller.view)

    # -- the stage ----------------------------------------------------------------------------
    def stage(self) -> str:
        b = self.controller.view.extra.battle
        if b is not None:
            return b.stage
        return "declare" if self.declared_at is None and self.start else "done"

    def _view(self, view: GameView) -> None:
        kv = view.extra
        if kv is None:
            return
        stage = self.stage()
        b = kv.battle
        if kv.acting is not None:
            self.subtitle.setText(f"{kv.acting.name}, {kv.operation_title} Operation · {kv.turn_label}"
                                  + ("" if kv.day or "night" in kv.turn_label else " (night)"))
        decider = b.waits_for if b else (view.active_side if stage == "declare" else "")
        seat = view.side == decider
        self.attack_box.setVisible(stage == "declare")
        self.support_box.setVisible(stage in ("declare", "answer") and seat)
        self._decisions(b, seat and stage in ("leadership", "withdraw", "occupy"))
        if stage == "declare":
            self._declare_widgets(kv)
        elif stage == "answer" and seat:  # the defender starts from nothing: his choice
            fresh = self._seen != (stage, view.side)
            self._spin(b.support_most, b.corps, kv, b.waits_for, 0 if fresh else None)
        self._seen = (stage, view.side)
        if decider:
            colour = SIDE_COLOURS.get(decider, "#444")
            what = DECIDE.get(stage, "decide")
            wait = "" if seat else " (hand the seat over: the other player is at the screen)"
            self.banner.setText(f"<div style='background:{colour}; color:white; padding:6px; font-size:14px;'>"
                                f"<b>{decider.capitalize()} player</b>: {what}{wait}</div>")
        else:
            self.banner.setText("")
        self.go.setVisible(stage in ("declare", "answer") or not seat and bool(decider))
        self.go.setEnabled(True)
        self.go.setText({"declare": "Declare and roll", "answer": "Defend and roll"}.get(stage, ""))
        if decider and not seat:
            self.go.setText(f"Hand over to the {decider.capitalize()} player")
        self.close_button.setText("Close" if stage != "declare" else "Cancel")
        self._changed()
        QTimer.singleShot(0, self, self._fit)  # once laid out; never after the dialog is gone
        if b is not None and b.die:
            self.rolled = b.die
        if stage == "done":
            self._done(view)
        elif b is not None and b.die:
            first = f"first die {b.first_die}, re-rolled: " if b.first_die else ""
            self.result.setText(f"<span style='font-size:28px'>{DIE_FACES[b.die - 1]}</span> Die: {first}"
                                f"<b>{b.die}</b> → <b>{escape(b.result or '')}</b>: {escape(b.result_text)}")

    def _declare_widgets(self, kv) -> None:
        s = self.start
        here = [t for t in kv.targets if t.place == s["target"]]
        target = next((t for t in here if t.kind == s["kind"]), None)
        if target is None:
            return
        if len(here) > 1 and not self.kinds:  # a Combined Operation: Mobile Fire or Close Combat
            row = QHBoxLayout()
            for t in here:
                radio = QRadioButton(t.title)
                radio.setChecked(t.kind == s["kind"])
                radio.toggled.connect(lambda on, tt=t: on and self._kind(tt))
                self.kinds[t.kind] = radio
                row.addWidget(radio)
            self.attack_lay.insertLayout(0, row)
        for uid in target.attackers:
            if uid not in self.checks:
                label = target.names.get(uid, uid) + (" — Indirect Fire" if uid in target.indirect else "")
                check = QCheckBox(label)
                check.setChecked(uid in s["attackers"])
                check.toggled.connect(self._changed)
                self.checks[uid] = check
                self.attack_lay.addWidget(check)
        self.target = target
        self.title.setText(f"{target.title} at {target.name}")
        self._spin(min(2, sum(n for _t, n in kv.support[kv.acting.side])), kv.leader == kv.acting.side and
                   kv.leadership, kv, kv.acting.side, s["support"], s["corps"])

    def _kind(self, target) -> None:
        """Switch the declaration to the other kind of attack on the hex, its units ticked."""
        self.start = {**declaring(target), "support": self.support.value()}
        for check in self.checks.values():
            check.deleteLater()
        self.checks = {}
        self._view(self.controller.view)

    def _spin(self, most: int, corps: bool, kv, side: str, value: int | None = None, corps_on: bool = False) -> None:
        self.support.blockSignals(True)
        self.support.setRange(0, most)
        if value is not None:
            self.support.setValue(min(value, most))
        self.support.blockSignals(False)
        pool = " · ".join(f"{t} {n}" for t, n in kv.support[side])
        self.support_note.setText(f"of {pool} ({side.capitalize()}); at most 2, each +1")
        self.corps.setVisible(corps)
        if value is not None:
            self.corps.blockSignals(True)
            self.corps.setChecked(corps_on and corps)
            self.corps.blockSignals(False)

    def _decisions(self, b, shown: bool) -> None:
        for gone in [self.decision_lay.takeAt(0).widget() for _ in range(self.decision_lay.count())]:
            gone.hide()  # (first: one dropped before it was laid out showed at 640x480 over the dialog)
            gone.deleteLater()
        self.decision_buttons: list[QPushButton] = []
        for d in b.decisions if b is not None and shown else ():
            if d.kind == "answer_battle":
                continue  # the spin box and "Defend and roll" give it
            button = QPushButton(d.words[:1].upper() + d.words[1:])
            button.clicked.connect(lambda _c=False, dd=d: self._take(dd.words, dd.action))
            self.decision_buttons.append(button)
            self.decision_lay.addWidget(button)

    def _plan(self, attackers, target: int) -> None:
        """The attack being declared drawn on the map (arrows from the units ticked)."""
        for arrows in (d for d in self.window_.scene.decorations if hasattr(d, "show_plan")):
            arrows.show_plan(tuple(u.place for u in self.controller.view.units if u.id in attackers), target)

    _fit = fit  # tall enough for its lines, still clear of the target

    # -- the odds -----------------------------------------------------------------------------
    def attackers(self) -> tuple[str, ...]:
        return tuple(u for u, c in self.checks.items() if c.isChecked())

    def _changed(self, *_args) -> None:
        stage = self.stage()
        QTimer.singleShot(0, self, self._fit)  # (a unit ticked: more strength lines)
        try:
            if stage == "declare":
                if not self.checks:
                    self.odds = None
                    self.result.setText("This attack is no longer open.")
                    self.go.setEnabled(False)
                    return
                s = self.start
                indirect = tuple(u for u in self.attackers() if u in self.target.indirect)
                self.odds = self.port.ask("odds", kind=s["kind"], target=s["target"], attackers=self.attackers(),
                                          indirect=indirect, support=self.support.value(),
                                          corps=self.corps.isVisible() and self.corps.isChecked())
                self._plan(self.attackers(), s["target"])
                if self.odds.legal:
                    self.title.setText(f"{self.odds.title} at {self.target.name}")
                    foe = next(x for x in self.port.sides() if x != self.controller.view.active_side)
                    self.go.setText(f"Declare: the {foe.capitalize()} player answers first" if self.odds.answer_first
                                    else "Declare and roll")
            elif stage == "done":
                return
            else:
                answering = stage == "answer" and self.support_box.isVisible()
                self.odds = self.port.ask("answer", support=self.support.value() if answering else 0,
                                          corps=answering and self.corps.isVisible() and self.corps.isChecked())
                b = self.controller.view.extra.battle
                self.title.setText(f"{b.title} at {b.target_name}")
        except PortError as exc:
            self.result.setText(linked(str(exc)))
            return
        self._show_odds()

    def _show_odds(self) -> None:
        o = self.odds
        if o is None or not o.legal:
            self.result.setText(f"Not possible: {linked(o.refusal)}" if o else "")
            self.go.setEnabled(self.stage() not in ("declare", "answer"))
            return
        stage = self.stage()
        alines, dlines = o.attack_lines, o.defence_lines
        if stage == "declare":
            self.declared = (alines, dlines)
        elif stage == "answer" and self.declared:  # the lines as declared, the answer's added
            alines, dlines = self.declared[0], self.declared[1] + o.defence_lines[1:]
        elif stage in ("leadership", "withdraw", "occupy") and self.lines and self.lines[2:] == (o.attack, o.defence):
            alines, dlines = self.lines[:2]
        if stage in ("declare", "answer"):
            self.result.setText("")
        self.lines = (alines, dlines, o.attack, o.defence)
        b = self.controller.view.extra.battle
        when = "a re-roll's chances" if b is not None and b.stage == "leadership" else \
            "the die rolled" if b is not None and b.die else "one die"
        self.odds_view.show_odds(o, alines, dlines, b.die if b is not None else None, when)
        self._defenders()

    def _defenders(self) -> None:
        b, now = self.controller.view.extra.battle, self.controller.view.extra.values  # (Hits taken off)
        place = b.target if b is not None else self.start["target"] if self.start else -1
        units = [u for u in self.controller.view.units if u.place == place and not u.eliminated]
        lines = [f"{escape(u.name)} (combat {now.get(u.id, u.attack)}{', ' + hits_words(u.hits) if u.hits else ''})" for u in units]
        self.defenders.setText("<b>In the target hex</b><br>" + "<br>".join(lines) if lines else "")

    # -- acting -------------------------------------------------------------------------------
    def accept(self) -> None:
        """The stage's main action: declare, answer, or hand the seat over."""
        view = self.controller.view
        b = view.extra.battle
        decider = b.waits_for if b else view.active_side
        if view.side != decider:
            self.controller.hand_to(decider)
            return
        stage = self.stage()
        if stage not in ("declare", "answer") or self.odds is None or not self.odds.legal:
            return
        n = self.support.value() if self.support_box.isVisible() else 0
        points = f" with {n} Support point{'s' if n > 1 else ''}" if n else ""
        if stage == "declare":
            self.declared_at = len(view.log)
            place = self.start["target"]
            self.before = {u.id: (u.hits, u.eliminated, u.place) for u in view.units
                           if u.id in self.attackers() or (u.place == place and not u.eliminated)}
            if self.window_.preview_dialog is self:
                self.window_.preview_dialog = None
            names = ", ".join(self.checks[u].text().split(" (")[0] for u in self.attackers())
            words = f"{self.odds.title} at {self.target.name}{points}: {names}"
        else:
            words = f"Defend{points or ' without Support'}"
        if not self._take(words, self.odds.action) and stage == "declare":
            self.declared_at = None

    def _take(self, words: str, action) -> bool:
        return self.controller.perform(words[:1].upper() + words[1:], action)

    def _done(self, view: GameView) -> None:
        """What the battle did: the table's result, each unit's Hits, retreat or advance (the
        view against the one before the declaration), and the dice with what they were for."""
        self.go.setVisible(False)
        self.support_box.setVisible(False)
        self.defenders.setText("")  # (the target hex may hold the attackers now)
        if self.declared_at is None:  # opened after the declaration, and closed before the end
            self.result.setText("<b>The battle is over.</b> What it did is in the log (the Log dock).")
            return
        self.result.setText(battle_summary(view, view.log[self.declared_at:], self.before, self.port.place_name))
        at = f" at {self.port.board.labels[self.start['target']]}"  # the last die decided (a re-roll's)
        dice = [r.value for e in view.log[self.declared_at:] for r in e.rolls if at in r.purpose]
        self.rolled = dice[-1] if dice else self.rolled
        if self.odds is not None and self.odds.legal and self.lines:
            self.odds_view.show_odds(self.odds, *self.lines[:2], self.rolled, "the die rolled")

    def showEvent(self, event) -> None:
        super().showEvent(event)
        clear_of(self)

    def eventFilter(self, obj, event) -> bool:
        if obj is self.window_ and event.type() == QEvent.Type.Close:
            self.close()
        return False

    def _forget(self, _result: int) -> None:
        with contextlib.suppress(RuntimeError):  # (the scene may be gone with its game)
            self._plan((), -1)
        with contextlib.suppress(RuntimeError):  # (the window may be gone already, at exit)
            self.window_.removeEventFilter(self)
        if getattr(self.window_, "koenig_battle", None) is self:
            self.window_.koenig_battle = None
        if getattr(self.window_, "preview_dialog", None) is self:
            self.window_.preview_dialog = None
