"""Which tests cite which rule ids: the tests a table mutant is run against.

A test cites a clause by naming its id in its name, a parameter id, a docstring or a comment
(docs/architecture.md "Tests"). Here the unit is the test function: an id named inside a
function (its decorators included) selects that function; an id named elsewhere in the file
(the module docstring, a table of cases at module level) selects the whole file.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

RULE_ID = re.compile(r"\b(?:D77|PKD|FMU|DDD|DD2|STD|FM)(?:-[A-Z0-9]+)+\b")  # FM-TEC: a standard rule of ours
# Folders whose tests never prove a rule: installers, the map builder.
SKIP = ("tests/packaging", "tests/tools")


def _functions(tree: ast.Module):
    """(node id suffix, first line, last line) of every test function, methods included."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            yield node.name, _first(node), node.end_lineno
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef) and sub.name.startswith("test"):
                    yield f"{node.name}::{sub.name}", _first(sub), sub.end_lineno


def _first(fn: ast.FunctionDef) -> int:
    return min([fn.lineno, *(d.lineno for d in fn.decorator_list)])


def ids_in(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def index(root: Path) -> dict[str, set[str]]:
    """Rule id -> the pytest node ids (``path::test`` or a whole ``path``) that cite it."""
    cites: dict[str, set[str]] = defaultdict(set)
    for path in sorted((root / "tests").rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(SKIP):
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        inside = [False] * (len(lines) + 2)
        for name, first, last in _functions(ast.parse(text)):
            for i in range(first, last + 1):
                inside[i] = True
            for rid in ids_in("\n".join(lines[first - 1:last])):
                cites[rid].add(f"{rel}::{name}")
        outside = "\n".join(line for n, line in enumerate(lines, 1) if not inside[n])
        for rid in ids_in(outside):
            cites[rid].add(rel)
    return {rid: _collapse(nodes) for rid, nodes in cites.items()}


def _collapse(nodes: set[str]) -> set[str]:
    """A whole file already covers its functions."""
    files = {n for n in nodes if "::" not in n}
    return files | {n for n in nodes if n.split("::", 1)[0] not in files}
