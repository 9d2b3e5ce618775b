"""Which tests cite which rule ids: the tests a table mutant is run against.

A test cites a clause by naming its id in its name, a parameter id, a docstring or a comment
(docs/architecture.md "Tests"). The unit is the test function (a pytest node id):

- an id named inside a test function (its decorators included) selects that function;
- an id named in a module-level helper or constant (a function, a table of cases) selects
  the test functions that use that name, directly or through other helpers;
- an id named only in the module's docstring or comments, and by none of its functions,
  selects the whole file (the file as a whole claims it).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

RULE_ID = re.compile(r"\b(?:D77|PKD|FMU|DDD|DD2|STD|FM)(?:-[A-Z0-9]+)+\b")  # FM-TEC: a standard rule of ours
# Folders whose tests never prove a rule: installers, the map builder.
SKIP = ("tests/packaging", "tests/tools")


def _first(node) -> int:
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])


def _tests(tree: ast.Module):
    """(node id suffix, node) of every test function, methods included."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name.startswith("test"):
                    yield f"{node.name}::{sub.name}", sub


def _helpers(tree: ast.Module):
    """(names it defines, node) of every module-level statement that is not a test."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if not node.name.startswith(("test", "Test")):
                yield {node.name}, node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            yield {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}, node


def _names_used(node) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def ids_in(text: str) -> set[str]:
    """The ids named in ``text``; a test's parameter id that extends a clause's id
    (``D77-SUP-14-B``: its case B) names the clause too."""
    out = set()
    for rid in RULE_ID.findall(text):
        out.add(rid)
        parts = rid.split("-")
        out.update("-".join(parts[:n]) for n in range(3, len(parts)) if parts[n - 1].isdigit())
    return out


def file_citations(text: str) -> tuple[dict[str, set[str]], set[str]]:
    """(test node suffix -> the ids it cites, ids the file claims as a whole) of one file."""
    tree = ast.parse(text)
    lines = text.splitlines()
    inside = [False] * (len(lines) + 2)

    def span(node) -> str:
        a, b = _first(node), node.end_lineno
        for i in range(a, b + 1):
            inside[i] = True
        return "\n".join(lines[a - 1:b])

    helper_ids: dict[str, set[str]] = {}
    helper_uses: dict[str, set[str]] = {}
    for names, node in _helpers(tree):
        ids, uses = ids_in(span(node)), _names_used(node)
        for name in names:
            helper_ids[name] = helper_ids.get(name, set()) | ids
            helper_uses[name] = helper_uses.get(name, set()) | uses

    def through(uses: set[str]) -> set[str]:
        """The ids of the helpers named, and of the helpers they name in turn."""
        seen, todo, out = set(), list(uses), set()
        while todo:
            name = todo.pop()
            if name in seen or name not in helper_ids:
                continue
            seen.add(name)
            out |= helper_ids[name]
            todo.extend(helper_uses[name])
        return out

    tests = {name: ids_in(span(node)) | through(_names_used(node)) for name, node in _tests(tree)}
    cited = set().union(*tests.values()) if tests else set()
    outside = ids_in("\n".join(line for n, line in enumerate(lines, 1) if not inside[n]))
    return tests, outside - cited


def index(root: Path) -> dict[str, set[str]]:
    """Rule id -> the pytest node ids (``path::test``, or a whole ``path`` where only the
    file's docstring or comments name it) that cite it."""
    cites: dict[str, set[str]] = defaultdict(set)
    for path in sorted((root / "tests").rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(SKIP):
            continue
        tests, whole = file_citations(path.read_text(encoding="utf-8"))
        for name, ids in tests.items():
            for rid in ids:
                cites[rid].add(f"{rel}::{name}")
        for rid in whole:
            cites[rid].add(rel)
    return {rid: _collapse(nodes) for rid, nodes in cites.items()}


def _collapse(nodes: set[str]) -> set[str]:
    """A whole file already covers its functions."""
    files = {n for n in nodes if "::" not in n}
    return files | {n for n in nodes if n.split("::", 1)[0] not in files}
