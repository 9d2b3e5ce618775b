"""Build a :class:`SupplyInput` from a loaded scenario (its start position).

Map and scenario conventions read here (docs/rules/supply.md):
D-Day '77 German sources are the map's ``supply_source`` regions of side ``german``; Allied
Supply Centres are scenario markers of kind ``supply_centre``; a fortress hex has terrain
``fortress`` or a ``fortress`` place. Utah Beach beachheads and drop zones are markers of
kind ``beachhead`` and ``drop_zone``; beach landing hexes are ``beach_landing`` places.
"""

from __future__ import annotations

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.supply.model import SupplyInput, SupplyUnit

SC_MARKER = "supply_centre"


def fortress_places(board: Board) -> set[int]:
    out = {p.place for p in board.places if p.kind == "fortress"}
    if "fortress" in board.terrain_names:
        code = board.terrain_names.index("fortress")
        out.update(i for i in range(board.n) if board.terrain[i] == code)
    return out


def from_scenario(sc: Scenario, *, turn: int | None = None, weather: str = "clear") -> SupplyInput:
    board = sc.board
    forts = fortress_places(board)
    units = [SupplyUnit(u.id, u.side, u.nationality, u.type, u.hex, u.hq,
                        fortress=u.side == "german" and u.hex in forts)
             for u in sc.units if u.hex >= 0]

    def markers(kind: str) -> tuple[int, ...]:
        return tuple(m.place for m in sc.markers if m.kind == kind)

    sources = tuple(i for r in board.regions.values()
                    if r.kind == "supply_source" and r.side in (None, "german") for i in r.places)
    return SupplyInput(
        system=sc.system.id, board=board, units=units,
        turn=sc.first_turn if turn is None else turn, weather=weather,
        german_sources=sources, supply_centres=markers(SC_MARKER),
        beachheads=markers("beachhead"), drop_zones=markers("drop_zone"),
        beach_landing=tuple(p.place for p in board.places if p.kind == "beach_landing"),
    )
