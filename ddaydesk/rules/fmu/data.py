"""The Utah Beach exclusive rules as data (``rules/data/fmu/scenario.yaml``): loaded once,
checked for rule/confidence tags, read by value with :func:`val` and by tag with :func:`rule`."""

from __future__ import annotations

from functools import cache
from typing import Any

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.tables import table_path


@cache
def scenario_rules() -> dict[str, Any]:
    path = table_path("fmu", "scenario")
    doc = load_file(str(path))
    problems = untagged(doc, str(path))
    if problems:
        raise FormatError(problems)
    return doc


def entry(dotted: str) -> Any:
    node: Any = scenario_rules()
    for key in dotted.split("."):
        node = node[key]
    return node


def val(dotted: str) -> Any:
    """The ``value`` of a tagged entry, e.g. ``val("landing.beach_stack_limit")``."""
    return entry(dotted)["value"]


def rule(dotted: str) -> str:
    return entry(dotted)["rule"]
