"""Koenig's D-Day in the main window (docs/ui.md, "Adding a system's UI").

Port side (the engine's state, no Qt): what the game keeps beside the turn track, the Command
Cup panel's view (``pkd_data.koenig_view``: the cup, the chit drawn, the Operation, each
side's Support, the battle under way), the exact odds of any group of attackers, a battle's
odds before its die is rolled, and the marks the map draws. Window side: counters as the
series prints them with round Hit markers (``pkd_art``), the drawn formation ringed on the
map, the Command Cup panel (``pkd_cup``) and the battle dialog (``pkd_battle``), which plays a
battle's stages (declare, answer, roll, Leadership, retreat, advance) through the engine's
actions. Words are the rules module's own (``describe``, ``phase_label``). Nothing in Koenig's
D-Day is hidden from either player."""

from __future__ import annotations

from html import escape

from ddaydesk.engine import current_phase, legal_actions
from ddaydesk.rules.help.ids import linkify_html
from ddaydesk.rules.pkd import CloseCombat, FireAttack, pkd_view, preview
from ddaydesk.rules.pkd.text import place_name
from ddaydesk.ui.profiles.base import UIProfile
from ddaydesk.ui.profiles.pkd_data import (
    SUPPORT,
    answer_odds,
    declaration,
    declaration_odds,
    declaring,
    koenig_view,
    map_preview,
)


def _pct(p) -> str:
    return f"{float(p) * 100:.1f} %"


def _lines(title: str, lines, total: int) -> str:
    rows = "".join(f"<tr><td>{escape(ln.text)}</td><td align='right'><b>{ln.value}</b></td>"
                   f"<td>{linkify_html(ln.rule)}</td></tr>" for ln in lines)
    return (f"<p><b>{escape(title)}</b></p><table cellspacing='4'>{rows}"
            f"<tr><td><b>Total</b></td><td align='right'><b>{total}</b></td><td></td></tr></table>")


def _chits(n: int) -> str:
    return f"{n} chit{'s' if n != 1 else ''}"


class PKDProfile(UIProfile):
    hit_markers = True
    kind_titles = {"operation": "Operation", "fire_attack": "Fire attacks",
                   "close_combat": "Close Combats", "answer_battle": "Defence: Support points",
                   "leadership": "Battlefield Leadership", "withdraw": "Retreat", "occupy": "Advance after combat",
                   "halt_overrun": "Overrun", "force_march": "Force March", "attach": "Temporary Attachment",
                   "recover": "Unit Recovery", "refit": "Replacements", "reconstitute": "Reconstitution",
                   "trade_support": "Interdiction: trade Support", "interdict": "Interdiction markers"}  # the rules' words
    values_title = "CV-MP"
    own_markers = frozenset({"active", "battle", "retreat"})

    # -- port side ---------------------------------------------------------------------------
    def turn_notes(self, scenario):
        from ddaydesk.rules.pkd.data import beach

        return {t: (label, not day) for t, (label, day) in beach(scenario).turns.items()}

    def tracks(self, state):
        v = pkd_view(state, state.active)
        if state.phase.endswith(".activation"):
            cup = f"{_chits(len(v.cup))} left" if v.cup else "empty (the last chit is acting)"
        elif state.phase in ("support", "interdiction"):
            from ddaydesk.rules.pkd.cup import cup_contents

            cup = f"{_chits(len(cup_contents(state)))} go in at the Command Phase"
        else:
            cup = "every chit drawn"
        out = [("Command Cup", cup)]
        for side, points in v.support.items():
            have = [f"{n} {SUPPORT.get(kind, kind)}" for kind, n in points.items() if n]
            out.append((f"{side.capitalize()} Support", ", ".join(have) or "none"))
        if state.options.get("leadership"):
            out.append(("Leadership marker", v.leader.capitalize() if v.leader else "in the stock"))
        vp = {side: sum(points.values()) for side, points in v.score.items()}
        out.append(("Victory points", ", ".join(f"{side.capitalize()} {n}" for side, n in vp.items())))
        return tuple(out)

    def markers(self, state):
        """The drawn formation's units ("active"), the battle's target and retreat hexes."""
        v = pkd_view(state, state.active)
        out = []
        if v.activation:
            out += [("active", state.place[state.unit(u)], v.activation.chit.side) for u in v.activation.units
                    if state.place[state.unit(u)] >= 0]
        if v.battle:
            out.append(("battle", v.battle.target, v.battle.attacker))
            out += [("retreat", a.to, a.side) for a in legal_actions(state, state.active, ("withdraw",))]
        return tuple(out)

    def combat_preview(self, state, attackers, place, name):
        return map_preview(state, attackers, place, name)

    def extra(self, state, side, name):
        return koenig_view(state, side, name)

    def ask(self, state, name, question, **args):
        """``odds``: a declaration's (kind, target, attackers, indirect, support, corps);
        ``answer``: the battle waiting for the defender, answered with (support, corps);
        ``listed``: the declaration of the Actions dock's line ``index``, as ``odds`` takes it."""
        if question == "odds":
            return declaration_odds(state, name, **args)
        if question == "answer":
            return answer_odds(state, name, **args)
        if question == "listed":  # the Actions dock's line ``index``: the declaration it stands for
            phase = current_phase(state)
            acts = legal_actions(state, state.active, [k for k in phase.actions if k not in ("move", "end_phase")])
            a = acts[args["index"]] if 0 <= args["index"] < len(acts) else None
            return declaration(a) if isinstance(a, FireAttack | CloseCombat) else None
        return super().ask(state, name, question, **args)

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

    # -- window side -------------------------------------------------------------------------
    def values(self, unit):
        return f"{unit.attack}-{unit.movement}"

    def counter_art(self, palette):
        from ddaydesk.ui.profiles.pkd_art import KoenigArt

        return KoenigArt(palette)

    def decorations(self, scene, geom):
        from ddaydesk.ui.profiles.pkd_art import ActiveFormation, BattleArrows

        return [ActiveFormation(scene, geom), BattleArrows(scene, geom)]

    def panels(self, parent):
        from ddaydesk.ui.profiles.pkd_cup import CupPanel

        return [CupPanel(parent)]

    def attack_dialog(self, window, attackers, target, eligible):
        """An attack put together on the map (A, or a click on the enemy after Ctrl+clicks):
        the battle dialog, the Fire first where a Close Combat is open too."""
        from ddaydesk.ui.profiles.pkd_battle import battle_dialog

        here = sorted((t for t in window.controller.view.extra.targets if t.place == target), key=lambda t: t.kind)
        return battle_dialog(window, declaring(here[-1], attackers) if here else None)

    def take_choice(self, window, index, kind, text):
        """A Fire or Close Combat listed in the Actions dock opens the battle dialog with that
        group and Support; the player may drop units or Support there before declaring."""
        if kind not in ("fire_attack", "close_combat"):
            return False
        from ddaydesk.ui.profiles.pkd_battle import open_battle

        open_battle(window, listed=index)
        return True
