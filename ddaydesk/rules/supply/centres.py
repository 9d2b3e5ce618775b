"""Allied Supply Centre (SC) markers in D-Day '77 (D77-ASUP-02..-13): where one may be
placed, and what happens to one when enemy units reach its hex or combat empties it.
Pure decisions for the engine to apply; an SC is a marker, not a unit, so it exerts no ZOC
and never blocks a German supply line (D77-ASUP-05) and is always in supply (D77-ASUP-10).
"""

from __future__ import annotations

from collections.abc import Sequence

from ddaydesk.board import Board
from ddaydesk.rules.supply.params import SupplyParams

SC_MARKER = "supply_centre"  # the marker kind of a Supply Centre
PLACEABLE_KINDS = ("port", "inland_port")


def is_coastal(board: Board, place: int) -> bool:
    """A land hex with sea in it or next to it (the map's ``coast`` terrain, or sea adjacent)."""
    names = board.terrain_names
    if names[board.terrain[place]] in ("sea", "lake"):
        return False
    if names[board.terrain[place]] == "coast":
        return True
    return any(names[board.terrain[j]] == "sea" for j in board.adj[place])


def sc_site_kind(board: Board, place: int) -> str | None:
    """port, inland_port or coastal when an SC may stand here, else None."""
    for np in board.places_at.get(place, ()):
        if np.kind in PLACEABLE_KINDS:
            return np.kind
    return "coastal" if is_coastal(board, place) else None


def placement_problem(board: Board, p: SupplyParams, place: int, on_map: Sequence[int], *,
                      controlled: bool, removed_on_turn: int | None, turn: int) -> str | None:
    """Why an SC may not be placed on ``place`` now, or None when it may (D77-ASUP-02,
    -12, -13). ``removed_on_turn``: the game turn this SC was last removed, if it was."""
    lab = board.labels[place]
    limit = p["allied.max_supply_centres"]
    if len(on_map) >= limit:
        return f"{limit} supply centres are already on the map (D77-ASUP-02)"
    if place in on_map:
        return f"{lab} already holds a supply centre"
    if sc_site_kind(board, place) is None:
        return f"{lab} is not a coastal hex, port or inland port (D77-ASUP-12)"
    if not controlled:
        return f"{lab} is not controlled by the Allies (D77-ASUP-12)"
    delay = p["allied.sc_return_delay"]
    if removed_on_turn is not None and turn < removed_on_turn + delay:
        return f"this supply centre was removed on turn {removed_on_turn}; it may return on turn {removed_on_turn + delay} (D77-ASUP-13)"
    return None


def sc_can_move(p: SupplyParams) -> bool:
    """SCs are never moved, only removed (D77-ASUP-03)."""
    return p["allied.sc_values"]["movement"] > 0


def fate_when_enemy_arrives(friendly_units_in_hex: int) -> str:
    """An SC alone in its hex is lost for good when an enemy unit enters or attacks the
    hex (D77-ASUP-04); stacked with friendly units it stays (combat decides: :func:`fate_after_combat`)."""
    return "eliminated" if friendly_units_in_hex == 0 else "stays"


def fate_after_combat(outcomes: Sequence[str]) -> str:
    """What happens to an SC whose companions had these outcomes, in the order they were
    applied: each ``eliminated``, ``retreated``, ``advanced`` or ``stayed``.

    The SC is affected only if the results empty the hex; advancing after combat does not
    count (D77-ASUP-06). The result that removed the last companion decides (D77-ASUP-09):
    eliminated -> the SC is eliminated for good (D77-ASUP-07); retreated -> it leaves the map
    and may return in a later game turn (D77-ASUP-08)."""
    left = [o for o in outcomes if o in ("stayed", "advanced")]
    if left:
        return "stays"
    last = [o for o in outcomes if o in ("eliminated", "retreated")]
    if not last:
        return "stays"
    return "eliminated" if last[-1] == "eliminated" else "removed"
