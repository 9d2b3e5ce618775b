"""D-Day2 in the main window: its words, its battle marks and odds, where units stand in a zone.

A zone's units stand in its parts (docs/rules/dd2.md): the Allied part left of the zone's
centre, the German part right of it, fighters on patrol above the name; the beachhead and
airborne boxes are drawn at sea beside their zone (``ddaydesk/rules/dd2/parts.py`` places
them). Alike units share one counter with their count. The drawing is in ``dd2_art``.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from PySide6.QtCore import QPointF

from ddaydesk.engine import OVER
from ddaydesk.rules.dd2 import DD2State, battle_odds, battles, cities_clear, winner
from ddaydesk.rules.dd2.parts import box_at, part_anchors
from ddaydesk.ui.profiles.base import UIProfile
from ddaydesk.ui.widgets.boxes import BoxesPanel

BOXES = {"usaaf": "USAAF base", "us_chart": "US reinforcement chart", "uk_chart": "British reinforcement chart",
         "rennes_chartres": "German reinforcements (Rennes or Chartres)",
         "rouen_chartres": "German reinforcements (Rouen or Chartres)"}
ROW_Y = 0.36  # map units below a zone's centre (its name is above it): the first row of units
ROW_STEP = 0.66  # the next row (a zone with both sides' units: a battle)
PATROL_Y = -1.05  # above the name: the patrol


def victory_track(state) -> tuple[str, str]:
    """How far the Allies are from victory (DD2-VIC-01): the cities (starred) taken and clear of
    Germans now, and the turn ends in a row they have been so (the engine's count)."""
    from ddaydesk.rules.dd2.data import tables

    s = DD2State(state)
    need = tables().rules["victory"]["clear_turn_ends"]
    return ("Cities taken and clear",
            f"{len(cities_clear(state))} of {len(s.info.victory)} now, {s.game['streak']} of {need} turn ends in a row")


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


class DD2Profile(UIProfile):
    words = BOXES
    phase_titles = {"para": "para surprise attack", "naval": "naval bombardment", "bombing": "bombing",
                    "patrol": "fighter patrols", "blockhouse_fire": "blockhouse fire",
                    "allied_move": "movement", "allied_battle": "battles", "allied_reinforce": "reinforcements",
                    "german_move": "movement", "german_battle": "battles", "german_reinforce": "reinforcements",
                    "end_of_turn": "end of turn"}
    end_phase_words = {"naval": "forgo the remaining naval shots", "bombing": "send the bombers (resolve the bombing)",
                       "patrol": "launch the patrols (German AA fires)", "allied_move": "end the Allied moves",
                       "german_move": "end the German moves", "allied_reinforce": "end Allied reinforcement",
                       "german_reinforce": "end German reinforcement",
                       # (these end by themselves: the step first, from the Actions dock)
                       "para": "the phase ends by itself once the para surprise attack is made, not here",
                       "blockhouse_fire": "the phase ends by itself once the blockhouses have fired, not here",
                       "allied_battle": "the phase ends by itself once every battle is fought, not here",
                       "german_battle": "the phase ends by itself once every battle is fought, not here"}
    phrases = {"go_ashore": "Land {unit} from the {unit_where}", "bombard": "Naval shot at {unit} in {unit_where}",
               "bomb": "Send a bomber against {target}", "patrol": "{n} fighter(s) on patrol over {place}",
               "reinforce": "Bring {unit} {to}", "casualties": "Lose {units} in {unit_where}",
               "para_drop": "Para surprise attack (9 dice)", "blockhouse_fire": "Blockhouses fire at the beaches",
               "fight": "Fight every battle (one round)", "roll_reinforcements": "Roll for reinforcements"}
    counter_scale = 0.55
    group_alike = True
    phase_owner = True  # (a casualty's chooser acts in the other side's phase)
    own_markers = frozenset({"battle", "blockhouse_fire"})

    # -- port side ---------------------------------------------------------------------------
    def where(self, board, place, part, place_name):
        if place < 0:
            return BOXES.get(part, "off the map")
        named = {p.kind: p.name for p in board.places_at.get(place, [])}
        if part == "beach":
            return f"{named.get('beach', place_name)} beachhead"
        if part == "drop":
            return named.get("drop_box", f"airborne box at {place_name}")
        if part == "P":
            return f"patrol over {place_name}"
        return place_name

    def phrase_values(self, state, action):
        """A reinforcement's destination: the Allies' come onto a beachhead, the Germans' into a
        zone (moves.do_place)."""
        if action.kind != "reinforce":
            return {}
        s = DD2State(state)
        beach = s.info.beaches.get(action.place) if s.side(s.k(action.unit)) == "allied" else None
        return {"to": f"onto the {beach.name} beachhead" if beach else f"in at {s.board.name_of(action.place)}"}

    def markers(self, state):
        """The battles, and the zones whose standing blockhouses fire at a beach (drawn as arrows:
        dd2_art; the legend explains them while any stands)."""
        s = DD2State(state)
        battles_ = tuple(("battle", z, None) for z in range(s.board.n) if s.contested(z))
        firing = {z for zs in s.info.fire.values() for z in zs if s.in_zone(z, "german", ("blockhouse",))}
        return battles_ + tuple(("blockhouse_fire", z, "german") for z in sorted(firing))

    def outcome(self, state):
        if state.phase != OVER:
            return ""
        who = winner(state)
        why = ("Cherbourg, Saint-Lô and Caen held clear at two turn ends in a row" if who == "allied"
               else "the Allies did not hold the three cities clear for two turn ends by turn 10")
        return f"Game over on turn {state.turn}: the {(who or 'german').capitalize()} player wins: {why} (DD2-VIC-01)"

    def tracks(self, state):
        r = state.record("dd2")
        out = [("Naval shots left", f"{r['shots_left']} this turn, {r['naval_pool']} in all"),
               ("Bomber replacements", str(r["bomber_depot"]))]
        out += [(f"To place from the {BOXES[c]}", str(n)) for c, n in sorted(r["to_place"].items()) if n]
        return (*out, victory_track(state))

    def preview(self, state, action, name):
        """Before 'fight': every battle's dice and the exact chance of each number of hits
        (DD2-GEN-01: one round each), so the roll is taken knowing the odds."""
        if action.kind != "fight":
            return ""
        board = state.scenario.board
        rows = []
        for z in battles(state):
            o = battle_odds(state, z)
            rows.append(f"<h3>Battle in {escape(board.name_of(z))}</h3>")
            for who, units, dice, dist in ((o["attacker"], o["attackers"], o["attack"], o["attacker_hits"]),
                                           (o["defender"], o["defenders"], o["defence"], o["defender_hits"])):
                hits = " · ".join(f"{k} hit{'s' if k != 1 else ''}: {_pct(p)}" for k, p in enumerate(dist))
                force = ", ".join(escape(name(u)) for u in units)
                rows.append(f"<p><b>{who.capitalize()}</b>: {len(dice)} {'die' if len(dice) == 1 else 'dice'} "
                            f"({force}), each hitting with "
                            f"its number or less: {', '.join(map(str, sorted(dice)))}<br>{hits}</p>")
        return "".join(rows) or "<p>No battle.</p>"

    # -- window side -------------------------------------------------------------------------
    def slot(self, geom, place, part, occupied):
        """Under the zone's name a row for each side's part there, the German part first; the
        patrol above the name; the beachhead and airborne boxes at sea."""
        s = geom.scale
        c = geom.centres[place]
        if part in ("A", "G"):
            row = [p for p in ("G", "A") if p in occupied].index(part)
            return QPointF(c.x(), c.y() + s * (ROW_Y + row * ROW_STEP)), 0
        if part == "P":
            return QPointF(c.x(), c.y() + s * PATROL_Y), 0
        a = part_anchors(geom.board)[place]
        if part in ("beach", "drop") and part in a:
            x, y = a[part]
            return QPointF(x * s, (y + 0.12) * s), 0
        return c, 0

    def keep_out(self, board):
        return [box_at(*a[part]).buffer(0.15) for a in part_anchors(board).values()
                for part in ("beach", "drop") if part in a]

    def paint_map(self, p, board, geom):
        from ddaydesk.ui.profiles.dd2_art import paint_boxes

        paint_boxes(p, board, geom)

    def decorations(self, scene, geom):
        from ddaydesk.ui.profiles.dd2_art import BattleMarks, BeachCounts, BlockhouseArrows

        return [BattleMarks(scene, geom), BlockhouseArrows(scene, geom), BeachCounts(scene, geom)]

    def panels(self, parent):
        return [BoxesPanel(parent)]
