"""How much of a system's rules data is printed rule and how much is ddaydesk's default.

Every value of a rules table is a mapping tagged ``rule:`` (a catalogue id, or ``STD-...``
for a standard rule we reconstructed) and ``confidence:`` (``seed`` or ``default``). This
module walks those tags: :func:`untagged` lists values missing them (for table tests), and
:func:`rules_confidence` sums a system up for the scenario picker's "standard rules:" line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ddaydesk.formats.errors import Problem
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.records import Record
from ddaydesk.rules.systems import load_system
from ddaydesk.rules.tables import table_path

CONFIDENCES = ("seed", "default")
# Keys that describe a value rather than being one.
_PROSE = frozenset({"rule", "confidence", "note", "title", "text", "source", "system", "name", "id"})

DEFAULTS_LINE = "standard rules: ddaydesk defaults"
PRINTED_LINE = "standard rules: as printed"


def _container(v: Any) -> bool:
    """A mapping, or a list of mappings: holds values rather than being one."""
    return isinstance(v, dict) or (isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v))


def _values(node: Any, path: str) -> Iterator[tuple[str, MarkedDict]]:
    """Every mapping that holds a value (a key other than prose whose value is not a mapping)."""
    if isinstance(node, dict):
        if any(k not in _PROSE and not _container(v) for k, v in node.items()):
            yield path, node
        for k, v in node.items():
            if isinstance(v, (dict, list)):
                yield from _values(v, f"{path}.{k}" if path else str(k))
    elif isinstance(node, list):
        for k, v in enumerate(node):
            if isinstance(v, (dict, list)):
                yield from _values(v, f"{path}[{k}]")


def untagged(doc: Any, file: str) -> list[Problem]:
    """Problems for each value mapping of a table without a `rule` or a known `confidence`."""
    problems = []
    for where, d in _values(doc, ""):
        pos = d.pos if isinstance(d, MarkedDict) else (0, 0)
        if not isinstance(d.get("rule"), str) or not d["rule"]:
            problems.append(Problem(file, pos[0], pos[1], f"{where or 'table'}: value without a rule id"))
        if d.get("confidence") not in CONFIDENCES:
            problems.append(Problem(file, pos[0], pos[1],
                                    f"{where or 'table'}: confidence must be one of {', '.join(CONFIDENCES)}"))
    return problems


@dataclass(frozen=True, eq=False, repr=False)
class RulesConfidence(Record):
    """How many tagged table values are printed in the seed rules and how many are defaults."""

    seed: int  # tagged values printed in the seed rules
    default: int  # tagged values that are ddaydesk's defaults
    standard_defaults: tuple[str, ...]  # tables holding defaulted standard (STD-) rules
    line: str  # what the scenario picker shows

    @property
    def all_printed(self) -> bool:
        return not self.standard_defaults


@cache
def rules_confidence(system_id: str) -> RulesConfidence:
    """Counts over every table of the system (``rules/data/<system>/*.yaml``, or the user's
    corrected copy of a table where there is one)."""
    folder = load_system(system_id).folder
    seed = default = 0
    tables = []
    for shipped in sorted(folder.glob("*.yaml")):
        path = table_path(system_id, shipped.stem)
        doc = load_file(str(path))
        std_default = False
        for _where, d in _values(doc, ""):
            if d.get("confidence") == "seed":
                seed += 1
            elif d.get("confidence") == "default":
                default += 1
                std_default |= str(d.get("rule", "")).startswith("STD")
        if std_default:
            tables.append(path.stem)
    line = DEFAULTS_LINE if tables else PRINTED_LINE
    return RulesConfidence(seed, default, tuple(tables), line)

