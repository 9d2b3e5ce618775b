"""D-Day Dice in the main window: its Battle Maps' printing (each Sector's number, DEF,
requirement and attributes; each line's Courage cost, Land Mines and Barrier) drawn into the
map tiles (``ddd_art``); the machine guns while they fire and each Unit's marker drawn from
every view (``ddd_map``); Units as their nation's markers, side by side in a Sector; the
players' cards and dice docked left of the map (``widgets/ddd_players``); the turn's seven
phases beside the turn (``widgets/ddd_phases``), no turn track (the game has no last turn).

Port side: the table each side sees (``ddd_table.read_table``) and a Unit's move as the rules
list it (``SectorMove``, its Courage cost). Words (actions, phases) are the rules module's."""

from __future__ import annotations

import re

from ddaydesk.ui.profiles.base import UIProfile

KIND_TITLES = {
    "land_unit": "Land a Unit", "blind_start": "Blind start: the German's Soldiers", "roll_dice": "Roll the dice",
    "lock_die": "Lock or unlock a die", "reroll": "Re-roll the dice not locked",
    "keep_dice": "Keep the dice as the Final Tally", "pick_tally": "Close Combat Clasp: which Final Tally",
    "score_tally": "Score the Final Tally", "trade_die": "Give a die (Lieutenant)",
    "rally_specialist": "Rally a Specialist", "find_item": "Find an Item or a Vehicle",
    "trade_resources": "Trade with a Unit in the same Sector", "use_card": "Use a card",
    "draw_decoration": "Buy a Decoration", "pick_decoration": "Choose a Decoration (Straight)",
    "order_decorations": "Put the Decorations back in order", "choose_loss": "Choose a loss",
    "bunker_assault": "Assault the Bunker", "sector_move": "Move: Advance or move across",
    "decide": "Decide", "forward_observation": "Forward Observation",
    "order_conditions": "Put the Battle Conditions back in order", "mulligan": "Mulligan",
    "desperate_measure": "Desperate Measures", "badge_of_courage": "Buy a Badge of Courage",
    "give_badge": "Give a Badge", "next_battle": "Go on to the next battle",
}


#: a player's loss in the rules' notes: "American Unit loses 5 Soldiers", "the German loses the ..."
LOSS = re.compile(r"^(?:the German|\w+ Unit) (?:loses (?!nothing$).+|is wiped out.*)$")


class DDDProfile(UIProfile):
    map_names = False  # each Sector's number (a Bunker's name) is printed by the Battle Map's art
    group_alike = True  # Units side by side in a Sector (each nation's marker is its own)
    counter_scale = 0.7
    turn_limit = False  # turns go on until every Unit takes the Bunker or one is lost
    kind_titles = KIND_TITLES
    own_markers = frozenset({"ddd_guns", "ddd_marker", "ddd_courage", "ddd_mines", "ddd_barrier"})
    move_kind = "sector_move"
    move_cost_unit = "Courage"
    values_title = "Values"  # (no factors: a Unit is its Soldiers and cards, on its card)

    def values(self, unit):
        return "–"

    # -- port side ----------------------------------------------------------------------------
    def choice_tip(self, state, action):
        """A Specialist to rally, an Item or Vehicle to find: the card's text, as its chip shows it
        once held (what it does is what a player weighs before paying for it)."""
        if action.kind not in ("rally_specialist", "find_item"):
            return ""
        from ddaydesk.rules.ddd import model as m
        from ddaydesk.rules.ddd.view import card_view
        from ddaydesk.ui.profiles.ddd_table import card_tip

        return card_tip(card_view(action.card, m.solo(m.rec(state))))

    def table(self, state, side, actions):
        from ddaydesk.ui.profiles.ddd_table import read_table

        return read_table(state, side, actions)

    def markers(self, state):
        from ddaydesk.ui.profiles.ddd_table import map_marks

        return map_marks(state)

    def outcome(self, state):
        """The result in the game's words: a co-operative game has no German player to win."""
        from ddaydesk.engine import OVER
        from ddaydesk.rules.ddd import model as m

        out = state.game.get("outcome")
        if state.phase != OVER or not out:
            return ""
        words = out.get("reason", "")
        if out.get("winner") == "allied" and "Allies win" not in words:
            words += "; the Allies win"
        elif out.get("winner") == m.GERMAN and m.has_german(m.rec(state)):
            words += "; the German wins"
        return f"Game over on turn {out.get('turn', state.turn)}: {words}"

    def losses(self, notes):
        """"DEF in Sector 5: American Unit loses 5 Soldiers" -> ("allied", "American Unit loses
        5 Soldiers (DEF in Sector 5)"); a Unit wiped out too."""
        out = []
        for n in (part for note in notes for part in note.split("; ")):  # ("... is wiped out; Carry On!: ...")
            why, _sep, what = n.rpartition(": ")
            if LOSS.match(what):  # (a card's text saying "Every Unit loses..." is no loss)
                side = "german" if what.startswith("the German") else "allied"
                out.append((side, f"{what} ({why})" if why else what))
        return tuple(out)

    def move_action(self, state, unit, place):
        from ddaydesk.rules.ddd.actions import SectorMove

        return SectorMove("allied", unit, place)

    def move_cost(self, state, action) -> float:
        from ddaydesk.rules.ddd.moves import cost

        return float(cost(state, action.player, state.place[state.unit(action.player)], action.to))

    # -- window side --------------------------------------------------------------------------
    def paint_map(self, p, board, geom):
        from ddaydesk.ui.profiles.ddd_art import draw_sector_marks

        draw_sector_marks(p, board, geom, range(board.n))

    def slot(self, geom, place, part, occupied):
        from ddaydesk.ui.profiles.ddd_art import unit_spot

        spots = geom.board.derived("ui.ddd_unit_spots", lambda _b: {})  # worked out once a Sector
        if place not in spots:
            spots[place] = unit_spot(geom, place)
        return spots[place], 0

    def counter_art(self, palette):
        from ddaydesk.ui.profiles.ddd_map import MarkerArt

        return MarkerArt(palette)

    def decorations(self, scene, geom):
        from ddaydesk.ui.profiles.ddd_map import BattleFrame, GunSights, PrintedLines, UnitMarkers

        return [GunSights(scene, geom), UnitMarkers(scene, geom), BattleFrame(scene, geom), PrintedLines(scene, geom)]

    def panels(self, parent):
        from ddaydesk.ui.widgets.ddd_players import PlayersPanel
        from ddaydesk.ui.widgets.ddd_sheet import ScoreSheetPanel

        return [PlayersPanel(parent), ScoreSheetPanel(parent)]

    def turn_bar(self, parent):
        from ddaydesk.ui.widgets.ddd_phases import PhaseStrip

        return PhaseStrip(parent)

    def place_info(self, view, place) -> str:
        from ddaydesk.ui.profiles.ddd_map import sector_html

        return sector_html(view, place)
