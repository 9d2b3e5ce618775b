"""D-Day Dice's score sheet, tabbed beside the log: each Unit's Victory Points line by line with
the rule that gives each (STD-DDD-VP and the modules' own), as the game goes and at its end;
in an Overlord campaign, the campaign sheet: every battle fought with each Unit's result and
points, the totals, and the champion once the last battle is over. The sheet comes to the
front when a game ends and between a campaign's battles."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QVBoxLayout, QWidget

from ddaydesk.ui.port import GameView
from ddaydesk.ui.profiles.base import ViewPart
from ddaydesk.ui.profiles.ddd_table import DDDTable
from ddaydesk.ui.rule_links import link_label, linked

TABLE = "<table cellspacing='0' cellpadding='3' width='100%'>"


def _points(n: int) -> str:
    colour = "#8a1c1c" if n < 0 else "#1b4d1b"
    return f"<span style='color:{colour}'><b>{n:+d}</b></span>"


def sheet_html(lines, totals) -> str:
    """This game's (or battle's) sheet: each Unit's lines, then its total."""
    if not lines:
        return ""
    from html import escape  # (the sheet is filled after a start's first frame)

    out = [TABLE]
    by_unit: dict[str, list] = {}
    for x in lines:
        by_unit.setdefault(x.unit_name, []).append(x)
    total = dict(totals)
    for name in total:
        out.append(f"<tr><td colspan='2' style='border-bottom:1px solid #b7ae97'><b>{escape(name)}</b></td>"
                   f"<td align='right' style='border-bottom:1px solid #b7ae97'>{_points(total[name])}</td></tr>")
        for x in by_unit.get(name, ()):
            rule = f" {linked(f'({x.rule})')}" if x.rule else ""
            out.append(f"<tr><td width='8'></td><td>{escape(x.what)}{rule}</td><td align='right'>{x.points:+d}</td></tr>")
    out.append("</table>")
    return "".join(out)


def campaign_html(c) -> str:
    """The campaign sheet: each battle fought, each Unit's result and points; the totals."""
    from html import escape

    names = [n for n, _t in c.totals]
    head = "".join(f"<th align='right'>{escape(n.replace(' Unit', ''))}</th>" for n in names)
    rows = [f"<h3>{escape(c.title)} {linked('(DDD-CAMPGN-01)')}</h3>", TABLE, f"<tr><th align='left'>Battle</th>{head}</tr>"]
    fought = {b.number: b for b in c.record}
    for k, title in enumerate(c.battles, start=1):
        b = fought.get(k)
        now = " (now)" if k == c.battle and not c.between and b is None else ""
        cells = []
        for n in names:
            u = next((x for x in b.units if x.unit_name == n), None) if b else None
            cells.append(f"<td align='right'>{_points(u.vp)}<br><small>{escape(u.result)}</small></td>" if u
                         else "<td align='right'>–</td>")
        won = f"<br><small>{'won' if b.winner == 'allied' else 'lost'} in {b.turns} turns</small>" if b else ""
        rows.append(f"<tr><td>{k}. {escape(title)}{now}{won}</td>{''.join(cells)}</tr>")
    total = "".join(f"<td align='right' style='border-top:1px solid #2b2418'>{_points(t)}</td>" for _n, t in c.totals)
    rows.append(f"<tr><td style='border-top:1px solid #2b2418'><b>Total</b></td>{total}</tr></table>")
    if c.champion:
        rows.append(f"<p><b>Champion of the campaign: {escape(c.champion)}</b></p>")
    elif c.between:
        rows.append(f"<p>Battle {c.battle} is over: the Units carry on to "
                    f"{escape(c.battles[c.battle] if c.battle < len(c.battles) else 'the end')} "
                    f"{linked('(STD-DDD-CAMPAIGN)')}; Actions: go on to the next battle.</p>")
    return "".join(rows)


class ScoreSheetPanel(QScrollArea, ViewPart):
    title = "Score sheet"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("ddd-sheet")
        self.setWidgetResizable(True)
        body = QWidget()
        lay = QVBoxLayout(body)
        self.text = link_label(QLabel(""))
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.text)
        lay.addStretch(1)
        self.setWidget(body)
        self.shown_for: tuple = ()  # the moment the sheet last came to the front

    def set_view(self, view: GameView) -> None:
        t = view.table if isinstance(view.table, DDDTable) else None
        if t is None:
            return
        tab, mods = t.table, t.table.modules
        parts = []
        if tab.campaign is not None:
            parts.append(campaign_html(tab.campaign))
        if mods is not None and mods.score_sheet:
            between = tab.campaign is not None and tab.campaign.between
            when = (f"Battle {tab.campaign.battle}: Victory Points" if between else "Final score" if tab.winner
                    else "Victory Points as things stand")
            parts.append(f"<h3>{when} {linked('(STD-DDD-VP)')}</h3>" + sheet_html(mods.score_sheet, mods.vp))
        self.text.setText("".join(parts) or "No Victory Points are kept in this game: the Victory Points "
                          "option (or a campaign) keeps them " + linked("(STD-DDD-VP)") + ".")
        between = tab.campaign is not None and tab.campaign.between
        moment = (tab.winner, tab.campaign.battle if tab.campaign else 0, between)
        if (tab.winner or between) and moment != self.shown_for and parts:
            self.shown_for = moment
            dock = self.parentWidget()
            while dock is not None and not isinstance(dock, QDockWidget):
                dock = dock.parentWidget()
            if dock is not None:  # its tab comes to the front
                dock.raise_()
