"""A Koenig battle's odds as the battle dialog shows them: each side's strength line by line
with its rule, the column of the Fire or Close Combat Table in use, the die's six results on
it (the one rolled framed), each result's exact chance as the combat dialog's outcome bars, and
what matters to the players (every defender gone, a retreat, a Hit on the attackers)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ddaydesk.ui.combat_dialog import DistributionBars
from ddaydesk.ui.profiles.pkd_art import hits_words
from ddaydesk.ui.rule_links import link_label, linked

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
RESULT_COLOURS = {"NE": "#e8e8e8", "H": "#f4b6b0", "2H": "#ec8a80", "3H": "#d9534f", "EX": "#f6c785",
                  "A1": "#a9c7ea", "DR": "#c6e2b5", "D1R": "#a2d18a", "D2R": "#7fbf63"}


def lines_html(title: str, lines, total: int) -> str:
    rows = "".join(f"<tr><td>{escape(m.text)}</td><td align='right'><b>{escape(m.value)}</b></td>"
                   f"<td>{linked(m.rule)}</td></tr>" for m in lines)
    return (f"<b>{escape(title)}</b><table cellspacing='3'>{rows}"
            f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td><td></td></tr></table>")


def die_strip(faces, rolled: int | None = None) -> str:
    """The column's six results, the one rolled framed, and what each result code means."""
    cells = []
    for die, code, words in faces:
        edge = "border: 3px solid #000;" if die == rolled else "border: 1px solid #999;"
        cells.append(f"<td align='center' width='44' style='background:{RESULT_COLOURS.get(code, '#eee')}; {edge}' "
                     f"title='{escape(words)}'><span style='font-size:17px'><b>{die}</b></span>"
                     f"<br><b>{escape(code)}</b></td>")
    key = dict((code, words) for _d, code, words in faces)
    return (f"<table cellspacing='3' cellpadding='5'><tr>{''.join(cells)}</tr></table>"
            + " · ".join(f"<b>{escape(c)}</b> {escape(w)}" for c, w in key.items()))


class OddsView(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.strengths = QWidget()  # each side's lines: the dialog puts them where they fit
        sl = QVBoxLayout(self.strengths)
        sl.setContentsMargins(0, 0, 0, 0)
        self.attack_lines = link_label(QLabel())
        self.defence_lines = link_label(QLabel())
        for box in (self.attack_lines, self.defence_lines):
            box.setAlignment(Qt.AlignmentFlag.AlignTop)
            box.setWordWrap(True)
            sl.addWidget(box)
        self.column = link_label(QLabel())
        self.column.setStyleSheet("font-size: 15px; font-weight: bold;")
        lay.addWidget(self.column)
        self.strip = QLabel()
        self.strip.setTextFormat(Qt.TextFormat.RichText)
        self.strip.setWordWrap(True)
        lay.addWidget(self.strip)
        self.bars = DistributionBars()  # the combat dialog's outcome bars
        lay.addWidget(self.bars)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)

    def show_odds(self, o, alines, dlines, rolled: int | None, when: str) -> None:
        """``o``: the port's ``Odds``; the strength lines to show; the die rolled, if any."""
        self.attack_lines.setText(lines_html("Attack", alines, o.attack))
        self.defence_lines.setText(lines_html("Defence", dlines, o.defence))
        self.column.setText(linked(f"{o.attack} against {o.defence}: column {o.column} ({o.rule}), {when}:"))
        self.strip.setText(die_strip(o.faces, rolled))
        self.bars.set_distribution(o.distribution, {c: f"{c}: {w}" for _d, c, w in o.faces})
        self.summary.setText(f"Every defender eliminated: <b>{o.eliminated * 100:.1f} %</b> · the defenders "
                             f"retreat: <b>{o.retreats * 100:.1f} %</b> · the attackers take a Hit: "
                             f"<b>{o.attacker_hit * 100:.1f} %</b>")


def battle_summary(view, entries, before: dict, place_name) -> str:
    """What a battle did, from the log ``entries`` since its declaration and the view against
    ``before`` (unit id -> Hits, eliminated, place when declared): the table's result, each
    unit's Hits, elimination, retreat or advance, and the dice with what they were for."""
    told = [escape(part) for e in entries for part in e.text.split("; ")
            if ": die " in part or "rolled again" in part or "ignore the retreat" in part]
    lines = ["<b>The battle is over.</b> " + ". ".join(told)]
    now = {u.id: u for u in view.units}
    for uid, (hits, gone, place) in before.items():
        u = now[uid]
        if u.eliminated and not gone:
            lines.append(f"<b>{escape(u.name)}</b>: eliminated")
            continue
        what = [hits_words(u.hits - hits) + (f" ({hits_words(u.hits)} now)" if hits else "")] if u.hits > hits else []
        if u.place != place and u.place >= 0:
            what.append(f"to {escape(place_name(u.place))}")
        if what:
            lines.append(f"<b>{escape(u.name)}</b>: {', '.join(what)}")
    if len(lines) == 1:
        lines.append("No unit was hit.")
    dice = [r for e in entries for r in e.rolls]
    lines.append("Dice: " + "; ".join(f"{escape(r.die)} ({escape(r.purpose)})" for r in dice))
    return "<br>".join(lines)
