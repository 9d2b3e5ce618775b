"""D-Day Dice in the main window: its Battle Maps' printing (each Sector's number, DEF, machine
guns, requirement and attributes; each line's Courage cost, Land Mines and Barrier), drawn
into the map tiles from the map's area and border properties (``ddd_art``). Its words (actions,
phases) are the rules module's own (``RulesModule.describe``, ``phase_name``)."""

from __future__ import annotations

from ddaydesk.ui.profiles.base import UIProfile


class DDDProfile(UIProfile):
    map_names = False  # each Sector's number (a Bunker's name) is printed by the Battle Map's art

    def paint_map(self, p, board, geom):
        from ddaydesk.ui.profiles.ddd_art import draw_sector_marks

        draw_sector_marks(p, board, geom, range(board.n))
