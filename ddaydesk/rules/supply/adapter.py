"""Build a :class:`SupplyInput` from a loaded scenario (its start position) or from an
engine game state.

Map and scenario conventions read here (docs/rules/supply.md):
D-Day '77 German sources are the map's ``supply_source`` regions of side ``german``; Allied
Supply Centres are scenario markers of kind ``supply_centre``; a fortress hex has terrain
``fortress`` or a ``fortress`` place. Utah Beach beachheads and drop zones are markers of
kind ``beachhead`` and ``drop_zone``; beach landing hexes are ``beach_landing`` places.
"""

from __future__ import annotations

from ddaydesk.board import Board
from ddaydesk.engine.tables import WEATHER_WORDS as WEATHER
from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.supply.centres import SC_MARKER
from ddaydesk.rules.supply.model import SupplyInput, SupplyUnit


def fortress_places(board: Board) -> frozenset[int]:
    """Fortress hexes: a ``fortress`` named place or terrain (kept per board)."""
    got = board.__dict__.get("_fortress_places")
    if got is None:
        out = {p.place for p in board.places if p.kind == "fortress"}
        if "fortress" in board.terrain_names:
            code = board.terrain_names.index("fortress")
            i = board.terrain.find(code)
            while i >= 0:
                out.add(i)
                i = board.terrain.find(code, i + 1)
        got = board.__dict__["_fortress_places"] = frozenset(out)
    return got


def from_scenario(sc: Scenario, *, turn: int | None = None, weather: str = "clear") -> SupplyInput:
    board = sc.board
    forts = fortress_places(board)
    units = [SupplyUnit(u.id, u.side, u.nationality, u.type, u.hex, u.hq,
                        fortress=u.side == "german" and u.hex in forts)
             for u in sc.units if u.hex >= 0]

    def markers(kind: str) -> tuple[int, ...]:
        return tuple(m.place for m in sc.markers if m.kind == kind)

    return SupplyInput(
        system=sc.system.id, board=board, units=units,
        turn=sc.first_turn if turn is None else turn, weather=weather,
        german_sources=source_places(board), supply_centres=markers(SC_MARKER),
        beachheads=markers("beachhead"), drop_zones=markers("drop_zone"),
        beach_landing=tuple(p.place for p in board.places if p.kind == "beach_landing"),
    )




def from_game_state(state) -> SupplyInput:
    """The position of an engine :class:`~ddaydesk.engine.state.GameState`: units on the map,
    its turn, weather and markers. A unit without a reduced side counts as reduced (one more
    loss eliminates it)."""
    from ddaydesk.engine.state import ON_MAP

    sc = state.scenario
    board = sc.board
    static = board.__dict__.get("_supply_static")  # what the map fixes: read once per board
    if static is None:
        static = board.__dict__["_supply_static"] = (
            fortress_places(board), source_places(board),
            tuple(p.place for p in board.places if p.kind == "beach_landing"))
    forts, sources, beach_landing = static
    units = []
    for k, spec in enumerate(sc.units):
        place = state.place[k]
        if place < 0 or state.status[k] != ON_MAP:
            continue
        units.append(SupplyUnit(spec.id, spec.side, spec.nationality, spec.type, place, spec.hq,
                                fortress=spec.side == "german" and place in forts,
                                reduced=state.steps_lost[k] > 0 or spec.reduced is None))

    def markers(kind: str) -> tuple[int, ...]:
        return tuple(m.place for m in state.markers if m.kind == kind)

    return SupplyInput(
        system=sc.system.id, board=board, units=units, turn=state.turn,
        weather=WEATHER.get(state.weather, "clear"), german_sources=sources,
        supply_centres=markers(SC_MARKER), beachheads=markers("beachhead"),
        drop_zones=markers("drop_zone"), beach_landing=beach_landing,
    )


def source_places(board: Board) -> tuple[int, ...]:
    """D-Day '77 German supply sources: the places of the map's ``supply_source`` regions."""
    return tuple(i for r in board.regions.values()
                 if r.kind == "supply_source" and r.side in (None, "german") for i in r.places)
