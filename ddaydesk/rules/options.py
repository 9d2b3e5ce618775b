"""The optional rules of a system as the scenario picker shows them: one row per toggle with
its title, the catalogue clauses it covers, and whether it is on for a scenario; plus the
"standard rules" line (``rules/confidence.py``). The UI reads this; it holds no rules."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.rules.confidence import rules_confidence
from ddaydesk.rules.systems import load_system


@dataclass(frozen=True)
class OptionRow:
    """An optional rule as the options listing shows it."""

    id: str  # key in GameState.options and in the save's "options"
    title: str
    rules: str  # the clauses it covers, e.g. "D77-SET-01..05"
    first_rule: str
    last_rule: str
    on: bool  # in force for the scenario unless the player changes it


@dataclass(frozen=True)
class OptionListing:
    """A system's optional rules, as listed for a player."""

    system: str
    title: str
    rows: tuple[OptionRow, ...]
    standard_rules: str  # "standard rules: ddaydesk defaults" or "... as printed"


def _span(rules: tuple[str, ...]) -> tuple[str, str, str]:
    if not rules:
        return "", "", ""
    first, last = rules[0], rules[-1]
    if first == last:
        return first, first, last
    head, _, tail = last.rpartition("-")
    text = f"{first}..{tail}" if first.startswith(head + "-") else f"{first}..{last}"
    return text, first, last


def option_listing(system_id: str, scenario_options: dict[str, bool] | None = None) -> OptionListing:
    """Every optional rule of ``system_id``, in the system's order; ``scenario_options``
    (a scenario's ``options:``) sets which start on."""
    system = load_system(system_id)
    chosen = {**system.default_options(), **(scenario_options or {})}
    rows = []
    for o in system.options.values():
        text, first, last = _span(o.rules)
        rows.append(OptionRow(o.id, o.title, text, first, last, bool(chosen.get(o.id, False))))
    return OptionListing(system.id, system.title, tuple(rows), rules_confidence(system_id).line)
