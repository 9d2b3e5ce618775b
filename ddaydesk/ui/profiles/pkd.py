"""Koenig's D-Day in the main window: what the game keeps beside the turn track (the Command
Cup, each side's Support points, the Leadership marker, the victory points) and a battle's
exact odds before its die is rolled, all read from the rules' own view (``rules/pkd/view.py``).
Its words (actions, the phase with the formation drawn) are the rules module's own
(``RulesModule.describe``, ``phase_label``). Nothing in Koenig's D-Day is hidden from either
player."""

from __future__ import annotations

from html import escape

from ddaydesk.rules.help.ids import linkify_html
from ddaydesk.rules.pkd import CloseCombat, FireAttack, pkd_view, preview
from ddaydesk.rules.pkd.text import place_name
from ddaydesk.ui.profiles.base import UIProfile

SUPPORT = {"artillery": "Artillery", "allied_support": "Allied Support"}


def _pct(p) -> str:
    return f"{float(p) * 100:.1f} %"


def _lines(title: str, lines, total: int) -> str:
    rows = "".join(f"<tr><td>{escape(ln.text)}</td><td align='right'><b>{ln.value}</b></td>"
                   f"<td>{linkify_html(ln.rule)}</td></tr>" for ln in lines)
    return (f"<p><b>{escape(title)}</b></p><table cellspacing='4'>{rows}"
            f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td><td></td></tr></table>")


class PKDProfile(UIProfile):
    def tracks(self, state):
        v = pkd_view(state, state.active)
        out = [("Command Cup", f"{len(v.cup)} chit{'s' if len(v.cup) != 1 else ''} left")]
        for side, points in v.support.items():
            have = [f"{n} {SUPPORT.get(kind, kind)}" for kind, n in points.items() if n]
            out.append((f"{side.capitalize()} Support", ", ".join(have) or "none"))
        if state.options.get("leadership"):
            out.append(("Leadership marker", v.leader.capitalize() if v.leader else "in the stock"))
        vp = {side: sum(points.values()) for side, points in v.score.items()}
        out.append(("Victory points", ", ".join(f"{side.capitalize()} {n}" for side, n in vp.items())))
        return tuple(out)

    def preview(self, state, action, name):
        """Before a Fire attack or a Close Combat: each side's strength line by line with its
        rule, the column, and the exact chance of each result, before the defender answers
        (its Support points would add to the defence) and the die is rolled."""
        if not isinstance(action, FireAttack | CloseCombat):
            return ""
        pv = preview(state, action)
        if not pv.legal:
            return ""  # the rules refuse it: the Actions dock's refusal says why
        what = "Fire" if isinstance(action, FireAttack) else "Close Combat"
        rows = "".join(f"<tr><td><b>{escape(code)}</b></td><td>{escape(text)}</td><td align='right'>{_pct(p)}</td></tr>"
                       for code, text, p in pv.results)
        return (f"<h3>{what} at {escape(place_name(state, action.target))}: {pv.attack} against {pv.defence}, "
                f"column {escape(pv.column)}</h3>"
                + _lines("Attack", pv.attack_lines, pv.attack) + _lines("Defence", pv.defence_lines, pv.defence)
                + f"<p><b>One die</b> (before the defender answers with Support points):</p>"
                  f"<table cellspacing='4'>{rows}</table>"
                  f"<p>Every defender eliminated: {_pct(pv.defender_eliminated)} · the defenders retreat: "
                  f"{_pct(pv.defender_retreats)} · the attackers take a Hit: {_pct(pv.attacker_hit)}</p>")
