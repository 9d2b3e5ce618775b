"""Invasion rules: which areas, how much may land, and when a second invasion is allowed.

Reads a system's ``invasion.yaml`` (docs/rules/dday77.md §8). The engine asks
:func:`invasion_refusal` before accepting an invasion; the answer is None (allowed) or the
reason, naming the rule id, that the UI shows the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.tables import table_path


@dataclass(frozen=True)
class Landing:
    """How many units may land by sea and drop on an invasion turn."""

    seaborne: int  # combat units that may land from the sea on the invasion turn
    airborne: int  # parachute units that may drop on the invasion turn


@dataclass(frozen=True)
class InvasionRules:
    """The invasion rules: areas, turns and what each invasion may land."""

    areas: tuple[str, ...]  # map region ids of the invasion areas
    first_turn: int
    first: Landing
    second: Landing
    max_second: int  # second invasions allowed per game
    turns_after_first: int  # a second invasion comes at least this many turns after the first
    min_units_ashore: int  # Allied combat units on the map needed for a second invasion
    rule: dict[str, str]  # condition -> rule id, for reasons
    sea_stacking: int = 3  # units in one all-sea hex while landing (STD-INV-21)
    first_eligible: int = 1  # the arrival turn of the units that take part in the first invasion (STD-INV-05)
    drop_range: int = 5  # hexes from a friendly infantry or armoured unit (D77-WX-10)
    drop_from: tuple[str, ...] = ("infantry", "armour")
    drop_invasion_range: int = 3  # on an invasion turn: hexes from the area's coast (STD-AIRB-02)
    drops_per_turn: int = 3  # STD-AIRB-03
    # weather -> (option, hexes or None for no drops, rule) (D77-WX-10/12/16)
    drop_weather: tuple[tuple[str, str | None, int | None, str], ...] = ()


@dataclass(frozen=True)
class InvasionFacts:
    """What the engine knows when the Allied player declares an invasion."""

    turn: int
    area: str
    made: tuple[tuple[int, str], ...]  # invasions so far: (turn, area), first first
    first_area_held: bool  # the Allies control a coastal hex or port of the first area
    allied_units_on_map: int  # Allied combat units (not HQs) on the map


@cache
def invasion_rules(system_id: str = "dday77") -> InvasionRules:
    path = table_path(system_id, "invasion")  # the user's corrected copy first
    if not path.is_file():
        raise FormatError([Problem(str(path), 0, 0, f"system {system_id} has no invasion table")])
    doc = load_file(str(path))
    problems = untagged(doc, str(path))
    if problems:
        raise FormatError(problems)
    first, second, air = doc["first"], doc["second"], doc["airborne"]
    conditions = {c["id"]: c for c in second["conditions"]}
    return InvasionRules(
        areas=tuple(a["id"] for a in doc["areas"]),
        first_turn=int(first["turn"]["value"]),
        first=Landing(int(first["seaborne_units"]["value"]), int(first["airborne_units"]["value"])),
        second=Landing(int(second["seaborne_units"]["value"]), int(second["airborne_units"]["value"])),
        max_second=int(second["allowed"]["count"]),
        turns_after_first=int(conditions["not_before"]["turns_after_first"]),
        min_units_ashore=int(conditions["units_ashore"]["min_units"]),
        rule={"first": first["turn"]["rule"], "area": doc["areas"][0]["rule"],
              "count": second["allowed"]["rule"], "sea_stacking": doc["landing"]["sea_stacking"]["rule"],
              "drop_range": air["range"]["rule"], "drop_invasion": air["invasion_turn"]["rule"],
              "drops_per_turn": air["per_turn"]["rule"], "drop_sides": air["sides"]["rule"],
              **{cid: c["rule"] for cid, c in conditions.items()}},
        sea_stacking=int(doc["landing"]["sea_stacking"]["value"]),
        first_eligible=int(first["eligible"]["arrives_turn"]),
        drop_range=int(air["range"]["hexes"]), drop_from=tuple(air["range"]["from"]),
        drop_invasion_range=int(air["invasion_turn"]["hexes"]), drops_per_turn=int(air["per_turn"]["value"]),
        drop_weather=tuple((w, spec.get("option"), spec["hexes"], spec["rule"])
                           for w, spec in air.get("weather", {}).items()),
    )


def drop_range(rules: InvasionRules, weather: str, options: dict[str, bool]) -> tuple[int | None, str]:
    """How far from a friendly infantry or armoured unit a drop may land this turn, and the
    rule saying so; None when no drop is allowed (snow, D77-WX-16)."""
    for w, option, hexes, rule in rules.drop_weather:
        if w == weather and (option is None or options.get(option, False)):
            return hexes, rule
    return rules.drop_range, rules.rule["drop_range"]


def landing(rules: InvasionRules, number: int) -> Landing:
    """How much may land in the game's ``number``-th invasion (1 or 2)."""
    return rules.first if number == 1 else rules.second


def invasion_refusal(rules: InvasionRules, facts: InvasionFacts) -> str | None:
    """Why this invasion may not be made, or None if it may."""
    if facts.area not in rules.areas:
        return f"{facts.area!r} is not an invasion area ({rules.rule['area']})"
    if not facts.made:
        if facts.turn != rules.first_turn:
            return f"the first invasion is made on turn {rules.first_turn} ({rules.rule['first']})"
        return None
    if len(facts.made) - 1 >= rules.max_second:
        return f"only {rules.max_second} second invasion is allowed per game ({rules.rule['count']})"
    first_turn, first_area = facts.made[0]
    earliest = first_turn + rules.turns_after_first
    if facts.turn < earliest:
        return f"a second invasion may not come before turn {earliest} ({rules.rule['not_before']})"
    if facts.area == first_area:
        return f"a second invasion must be in another area than {first_area} ({rules.rule['other_area']})"
    if not facts.first_area_held:
        return (f"the Allies must still hold a coastal hex or port of {first_area} "
                f"({rules.rule['beachhead_held']})")
    if facts.allied_units_on_map < rules.min_units_ashore:
        return (f"a second invasion needs {rules.min_units_ashore} Allied combat units on the map, "
                f"not {facts.allied_units_on_map} ({rules.rule['units_ashore']})")
    return None
