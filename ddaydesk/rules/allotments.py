"""Reinforcement and replacement allotments: how much each side may bring into play a turn.

Reads a system's ``reinforcements.yaml`` and ``replacements.yaml`` (docs/rules/dday77.md
"Reinforcements", "Replacements"). Every answer carries the rule id and confidence of the
table value it came from, so the UI can say why ("allotment 10: snow, D77-WX-20").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.records import Record
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.systems import load_system
from ddaydesk.rules.tables import table_path


@dataclass(frozen=True, eq=False, repr=False)
class Allotment(Record):
    """A value of the allotment tables (reinforcements, replacements), with its rule and confidence."""

    value: int
    rule: str
    confidence: str


def _load(system_id: str, name: str) -> MarkedDict:
    path = table_path(system_id, name)  # the user's corrected copy first
    if not path.is_file():
        raise FormatError([Problem(str(path), 0, 0, f"system {system_id} has no {name} table")])
    doc = load_file(str(path))
    problems = untagged(doc, str(path))
    if problems:
        raise FormatError(problems)
    return doc


def _schedule(rd: Reader, items: Any, pos: tuple[int, int], what: str, key: str) -> list[tuple[int, int, Allotment]]:
    """A list of {turns: [first, last], <key>: n} entries as (first, last, Allotment)."""
    out = []
    for k, item in enumerate(rd.seq(items, pos, what) or ()):
        e = rd.mapping(item, items.at(k), f"{what}[{k}]", required=("turns", key, "rule", "confidence"),
                       optional=("note",))
        if e is None:
            continue
        turns, n = e["turns"], rd.integer(e, key, f"{what}[{k}]", lo=0)
        if not (isinstance(turns, list) and len(turns) == 2 and all(isinstance(t, int) for t in turns)
                and turns[0] <= turns[1]):
            rd.error(e.at("turns"), f"{what}[{k}].turns: give [first, last] turn numbers")
        elif n is not None:
            out.append((turns[0], turns[1], Allotment(n, e["rule"], e["confidence"])))
    return out


def _find(schedule: list[tuple[int, int, Allotment]], turn: int) -> Allotment | None:
    for first, last, a in schedule:
        if first <= turn <= last:
            return a
    return None


@cache
def _reinforcements(system_id: str) -> tuple[list, dict[str, Allotment]]:
    doc = _load(system_id, "reinforcements")
    rd = Reader(str(table_path(system_id, "reinforcements")))
    allied = doc["allied"]
    schedule = _schedule(rd, allied["allotment"], allied.at("allotment"), "allied.allotment", "factors")
    weather = {}
    for name, spec in allied.get("weather", {}).items():
        n = rd.integer(spec, "factors", f"allied.weather.{name}", lo=0)
        if n is not None:
            weather[name] = (spec.get("option"), Allotment(n, spec["rule"], spec["confidence"]))
    rd.raise_if_problems()
    return schedule, weather


@cache
def _replacements(system_id: str) -> tuple[dict[str, list], MarkedDict]:
    doc = _load(system_id, "replacements")
    rd = Reader(str(table_path(system_id, "replacements")))
    schedules = {side: _schedule(rd, doc[side]["factors"], doc[side].at("factors"), f"{side}.factors", "value")
                 for side in load_system(system_id).sides if side in doc}
    rd.raise_if_problems()
    return schedules, doc


def allied_reinforcement_allotment(turn: int, weather: str = "CLR", options: dict[str, bool] | None = None,
                                   system_id: str = "dday77") -> Allotment | None:
    """Attack factors the Allies may bring over from the pool this turn; None when no allotment
    applies (the invasion turn, where invasion.yaml limits the landing).

    A weather entry (snow: D77-WX-20) replaces the turn's allotment when its option is on and
    it is smaller: "reduced to 10" never raises an allotment.
    """
    schedule, by_weather = _reinforcements(system_id)
    base = _find(schedule, turn)
    if base is None:
        return None
    if weather in by_weather:
        option, cut = by_weather[weather]
        if (option is None or (options or {}).get(option, False)) and cut.value < base.value:
            return cut
    return base


def replacement_factors(side: str, turn: int, system_id: str = "dday77") -> Allotment:
    """Replacement factors a side receives this turn (0 outside every schedule entry)."""
    schedules, doc = _replacements(system_id)
    found = _find(schedules.get(side, []), turn)
    return found or Allotment(0, doc.get("rule", ""), doc.get("confidence", "default"))


def replacement_cost(side: str, unit_type: str, attack: int, system_id: str = "dday77") -> Allotment | None:
    """Factors needed to return an eliminated unit, or None if that kind is never returned."""
    _schedules, doc = _replacements(system_id)
    barred = doc.get(side, {}).get("not_returned")
    if barred and unit_type in barred["types"]:
        return None
    cost = doc["cost"]
    return Allotment(max(int(cost["minimum"]), attack), cost["rule"], cost["confidence"])
