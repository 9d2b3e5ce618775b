"""Shared fixtures: the engine test scenario and hand-made positions on it."""

from __future__ import annotations

import pytest

from ddaydesk.engine import ELIMINATED, ON_MAP, GameState, Marker, new_state
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from tests.conftest import DATA, ROOT

SMALL = DATA / "engine" / "small_scenario.yaml"
TUTORIAL = ROOT / "scenarios" / "tutorial.yaml"


@pytest.fixture(scope="session")
def small() -> Scenario:
    return load_scenario(SMALL)


@pytest.fixture(scope="session")
def tutorial() -> Scenario:
    return load_scenario(TUTORIAL)


def position(sc: Scenario, units: dict[str, str | None], *, options: dict | None = None,
             weather: str | None = None, interdicted: tuple[str, ...] = (), phase: str = "allied.movement",
             turn: int = 1) -> GameState:
    """A new game's state rearranged: the named units at the given hexes (None: pending), every
    other unit off the map, in ``phase`` of ``turn``."""
    s = new_state(sc, 1, options)
    board = sc.board
    for k, u in enumerate(sc.units):
        if u.id in units:
            where = units[u.id]
            s.place[k] = board.index(where) if where else -1
            s.status[k] = ON_MAP if where else "pending"
        else:
            s.place[k] = -1
            s.status[k] = ELIMINATED
    s.markers = tuple(sorted(Marker("interdiction", board.index(h), "allied") for h in interdicted))
    s.phase = phase
    s.active = phase.split(".")[0] if "." in phase else s.active
    s.turn = turn
    if weather:
        s.weather = weather
    s._cache.clear()
    return s


def at(sc: Scenario, label: str) -> int:
    return sc.board.index(label)
