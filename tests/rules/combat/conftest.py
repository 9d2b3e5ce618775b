"""Small hand-made boards and unit builders for the combat tests."""

from __future__ import annotations

import pytest

from ddaydesk.engine import Dice, Game, legal_actions
from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.rules.combat import CombatUnit, Pools, Situation, TurnInfo
from ddaydesk.rules.combat import support as sup
from tests.conftest import DATA
from tests.engine.conftest import position

# D-Day '77 test board, 12 x 6, flat hexes, col-row labels. Column 01 is all sea, 02 coast.
# 0402 city, 0502 fortress, 0602 fortified (West Wall), 0702 mountain; the rest clear.
D77_ROWS = [
    "~ , . . . . . . . . . .",
    "~ , . C F W ^ . . . . .",
    "~ , . . . . . . . . . .",
    "~ , . . . . . . . . . .",
    "~ , . . . . . . . . . .",
    "~ , . . . . . . . . . .",
]
# Utah test board, 6 x 6: column 01 sea, column 02 beach, 0304 woods.
FMU_ROWS = [
    "~ B . . . .",
    "~ B . . . .",
    "~ B . . . .",
    "~ B w . . .",
    "~ B . . . .",
    "~ B . . . .",
]


def make_board(system: str, rows: list[str], rivers: list[str] = (), places: str = "[]"):
    width = len(rows[0].split())
    text = f"""
format: 1
id: t-{system}
title: test
system: {system}
grid:
  kind: hex
  orientation: flat
  parity: odd
  width: {width}
  height: {len(rows)}
  numbering: {{order: col-row, digits: 2, col_from: west, row_from: north, first: 1}}
terrain:
  rows: {rows!r}
hexsides: {[{"feature": "river", "sides": list(rivers)}] if rivers else []!r}
places: {places}
"""
    return parse_map(load_text(text, "test-map.yaml"), "test-map.yaml")


def river_around(system: str, rows: list[str], label: str):
    """A board where every side of ``label`` is a river."""
    plain = make_board(system, rows)
    i = plain.index(label)
    sides = [f"{label}/{plain.label(j)}" for j in plain.adj[i]]
    return make_board(system, rows, sides)


class Build:
    """Units and situations on a test board: ``b.unit("a1", "allied", "0303", 4, 4)``."""

    def __init__(self, board, system: str):
        self.board = board
        self.system = system
        self.units: list[CombatUnit] = []

    def unit(self, uid: str, side: str, at: str, attack: int, defence: int, type: str = "infantry",
             **kw) -> CombatUnit:
        nat = kw.pop("nationality", "us" if side == "allied" else "german")
        u = CombatUnit(uid, side, type, nat, attack, defence, self.board.index(at), **kw)
        self.units.append(u)
        return u

    def nb(self, label: str, k: int) -> str:
        """The k-th neighbour of a hex, by label."""
        return self.board.label(self.board.adj[self.board.index(label)][k])

    def sit(self, options: dict | None = None, turn: TurnInfo | None = None, pools: Pools | None = None,
            **kw) -> Situation:
        opts = {"naval_bombardment": True, "tactical_air": True, "automatic_victory": True,
                "armoured_advance": True, "fortress_isolation": True, "surprise_attack": True}
        if self.system == "fmu":
            opts = {"flak": True}
        opts.update(options or {})
        if pools is None:
            pools = (Pools(cups=sup.initial_cups(), naval_left=sup.naval_markers((turn or TurnInfo()).turn))
                     if self.system == "fmu" else Pools(nbp_left=10, air_left=10))
        return Situation(self.system, self.board, list(self.units), opts, turn or TurnInfo(), pools, **kw)


@pytest.fixture
def d77():
    return Build(make_board("dday77", D77_ROWS), "dday77")


@pytest.fixture
def fmu():
    places = ("[" + ", ".join(f"{{name: B{r}, hex: '02{r:02d}', kind: beach_landing}}" for r in range(1, 7)) + "]")
    return Build(make_board("fmu", FMU_ROWS, places=places), "fmu")


# ---- the combat wiring tests: games on hand-made scenarios --------------------------------------
D77_WIRING = DATA / "combat" / "d77_scenario.yaml"
D77_CONTACT = DATA / "combat" / "d77_contact.yaml"
FMU_WIRING = DATA / "combat" / "fmu_scenario.yaml"


@pytest.fixture(scope="session")
def d77sc():
    return load_scenario(D77_WIRING)


@pytest.fixture(scope="session")
def fmusc():
    return load_scenario(FMU_WIRING)


def game_at(sc, units: dict, *, phase: str, options: dict | None = None, turn: int = 1, seed: int = 1,
            extra: dict | None = None) -> Game:
    """A game whose start is a hand-made position (tests/engine/conftest.py: position())."""
    s = position(sc, units, phase=phase, options=options, turn=turn)
    s.dice = Dice.from_seed(seed)
    if extra:
        s.extra["combat"] = extra
    g = Game(sc, seed, options)
    g.states[0] = s
    return g


def first(acts, kind: str, **match):
    """The first action of ``kind`` whose fields equal ``match``."""
    for a in acts:
        if a.kind == kind and all(getattr(a, k) == v for k, v in match.items()):
            return a
    raise AssertionError(f"no {kind} {match} among {acts}")


def seeded_result(make, declare, result: str, resolve=None, tries: int = 300):
    """A game (from ``make(seed)``) where the declared combat gave ``result``: seeds are tried
    in order, so the test is deterministic."""
    for seed in range(tries):
        g = make(seed)
        declare(g)
        while g.state.extra["combat"]["pending"]["stage"] == "response":
            g.do(legal_actions(g.state, g.state.active)[0])
        acts = legal_actions(g.state, g.state.active)
        g.do(resolve(acts) if resolve else first(acts, "resolve_combat"))
        if g.state.extra["combat"]["pending"] and g.state.extra["combat"]["pending"].get("result") == result:
            return g
        if not g.state.extra["combat"]["pending"] and result in g.changes[-1].notes[0]:
            return g
    raise AssertionError(f"no seed below {tries} gives {result}")
