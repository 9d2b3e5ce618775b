"""Victory: judge a scenario's conditions (``victory.yaml``) from facts the engine counts.

A scenario names its conditions (``victory: campaign``). At the end of each game turn the
engine gathers :class:`VictoryFacts` (units on the map, supplied units per region, controlled
places) and calls :func:`judge`; the answer is None (play on) or the :class:`Outcome` with the
winner, the reason and the rule id. docs/rules/dday77.md §13.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ddaydesk.board import Board
from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.tables import table_path

KINDS = ("units_in_region", "no_units_on_map", "control_places", "otherwise")


@dataclass(frozen=True)
class VictoryFacts:
    """The facts a victory condition is judged on."""

    turn: int
    last_turn: int
    units_on_map: dict[str, int]  # side -> combat units (not HQs) on the map
    supplied_in_region: dict[str, int] = field(default_factory=dict)  # region id -> Allied supplied combat units
    controlled: dict[str, frozenset[str]] = field(default_factory=dict)  # side -> names of places it controls


@dataclass(frozen=True)
class Outcome:
    """Who won, why, and by which rule."""

    winner: str
    reason: str
    rule: str


@cache
def _table(system_id: str) -> dict:
    path = table_path(system_id, "victory")  # the user's corrected copy first
    if not path.is_file():
        raise FormatError([Problem(str(path), 0, 0, f"system {system_id} has no victory table")])
    doc = load_file(str(path))
    problems = untagged(doc, str(path))
    for name, sides in doc["conditions"].items():
        for key, cond in sides.items():
            if cond.get("kind") not in KINDS:
                line, col = cond.pos
                problems.append(Problem(str(path), line, col, f"conditions.{name}.{key}.kind: one of {', '.join(KINDS)}"))
    if problems:
        raise FormatError(problems)
    return doc


def condition_names(system_id: str = "dday77") -> tuple[str, ...]:
    """The names of the condition sets a scenario may give as ``victory:``."""
    return tuple(_table(system_id)["conditions"])


def conditions(name: str, system_id: str = "dday77") -> dict:
    """The named conditions (``campaign``, ``breakout``): key -> condition mapping."""
    doc = _table(system_id)
    if name not in doc["conditions"]:
        known = ", ".join(doc["conditions"])
        raise KeyError(f"no victory conditions {name!r} in {system_id} (known: {known})")
    return doc["conditions"][name]


def target_region(cond: dict, board: Board) -> str | None:
    """The first of a units_in_region condition's regions that the map has."""
    return next((r for r in cond["regions"] if r in board.regions), None)


def _side(key: str) -> str:
    return key.split("_")[0]


def judge(name: str, facts: VictoryFacts, board: Board, system_id: str = "dday77") -> Outcome | None:
    """The result at the end of ``facts.turn``, or None while the game goes on."""
    conds = conditions(name, system_id)
    last = facts.turn >= facts.last_turn
    for key, c in conds.items():
        side, kind = _side(key), c["kind"]
        if kind == "units_in_region":
            region = target_region(c, board)
            n = facts.supplied_in_region.get(region, 0) if region else 0
            due = c.get("check") == "end_of_turn" or last
            if due and n >= c["count"]:
                return Outcome(side, f"{n} supplied units in {board.regions[region].name} (needed {c['count']})",
                               c["rule"])
        elif kind == "no_units_on_map":
            if facts.turn > c["after_turn"] and facts.units_on_map.get(c["side"], 0) == 0:
                return Outcome(side, f"no {c['side']} combat unit is left on the map", c["rule"])
        elif kind == "control_places":
            held = [p for p in c["places"] if p in facts.controlled.get(side, frozenset())]
            if last and len(held) >= c["count"]:
                return Outcome(side, f"{side} controls {len(held)} of the objectives: {', '.join(held)}", c["rule"])
    if last:
        for key, c in conds.items():
            if c["kind"] == "otherwise":
                return Outcome(_side(key), "the other side did not reach its objectives by the last turn", c["rule"])
    return None
