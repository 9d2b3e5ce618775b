"""Legal retreat paths, listed for the owning player to choose from.

Default retreat rule (STD-RETREAT, ddaydesk's reading of the classic rule; the printed one is
not public): a retreating unit moves exactly N hexes, each step farther from the hex it left,
never onto sea or impassable terrain, an enemy-occupied hex or (unless the rule in play says
EZOC may be ignored, FMU-AIRB-14) a hex in an enemy zone of control, and ends where stacking
allows. A unit with no legal path is eliminated.
"""

from __future__ import annotations

from ddaydesk.rules.combat.model import CombatUnit, Situation
from ddaydesk.rules.systems import load_system


def retreat_paths(sit: Situation, unit: CombatUnit, hexes: int, ignore_ezoc: bool = False,
                  leaving: frozenset[str] = frozenset()) -> list[tuple[int, ...]]:
    """Every legal path (the places entered, in order). ``leaving`` names units that are
    leaving the start hex too (they do not count for stacking where the path ends)."""
    if hexes <= 0:
        return [()]
    board = sit.board
    terrain = load_system(sit.system).terrain
    enemy = "german" if unit.side == "allied" else "allied"
    ezoc = frozenset() if ignore_ezoc else sit.zoc_of(enemy)
    start = unit.place

    def open_hex(p: int) -> bool:
        t = terrain.get(board.terrain_of(p))
        return t is not None and t.passable and not t.sea and not sit.occupied_by(p, enemy) and p not in ezoc

    def room(p: int) -> bool:
        if sit.stack_limit is None:
            return True
        there = [u for u in sit.at.get(p, ()) if u.side == unit.side and u.id not in leaving]
        return len(there) + 1 <= sit.stack_limit

    out: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], here: int) -> None:
        if len(path) == hexes:
            if room(here):
                out.append(path)
            return
        d = board.distance(start, here)
        for nb in board.adj[here]:
            if board.distance(start, nb) == d + 1 and open_hex(nb):
                walk((*path, nb), nb)

    walk((), start)
    return out
