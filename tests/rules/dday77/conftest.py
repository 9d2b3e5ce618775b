"""Fixtures for D-Day '77 play on the real map: the campaign scenario and hand-made positions."""

from __future__ import annotations

import pytest

from ddaydesk.engine import ELIMINATED, ON_MAP, PENDING, GameState, apply, new_state
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from tests.conftest import ROOT

ALL_OFF = {"withheld_setup": False}


@pytest.fixture(scope="session")
def campaign() -> Scenario:
    return load_scenario(ROOT / "scenarios" / "dday77-campaign.yaml")


@pytest.fixture(scope="session")
def breakout() -> Scenario:
    return load_scenario(ROOT / "scenarios" / "dday77-breakout.yaml")


def arrange(s: GameState, units: dict[str, str | None], *, others: str = "keep") -> GameState:
    """A copy of ``s`` with the named units at hexes (None: pending in England, "x":
    eliminated); every other unit kept (``others="keep"``) or eliminated (``"gone"``)."""
    s = s.copy()
    board = s.scenario.board
    for k, u in enumerate(s.scenario.units):
        if u.id in units:
            where = units[u.id]
            if where == "x":
                s.place[k], s.status[k] = -1, ELIMINATED
            else:
                s.place[k] = board.index(where) if where else -1
                s.status[k] = ON_MAP if where else PENDING
        elif others == "gone":
            s.place[k], s.status[k] = -1, ELIMINATED
    s._cache.clear()
    return s


def at_phase(s: GameState, phase: str, turn: int | None = None, weather: str | None = None) -> GameState:
    s = s.copy()
    s.phase = phase
    s.active = phase.split(".")[0]
    if turn is not None:
        s.turn = turn
    if weather is not None:
        s.weather = weather
    s._cache.clear()
    return s


def start(sc: Scenario, **options) -> GameState:
    """A new campaign state in the first Allied movement phase (options as given)."""
    return new_state(sc, 7, {"withheld_setup": False, **options})


def do(s: GameState, *actions) -> GameState:
    for a in actions:
        s, _ = apply(s, a)
    return s
