"""The code campaign: mutmut over the rules procedures (``[tool.mutmut]`` in pyproject.toml).

mutmut makes every mutant of every function (in ``mutants/``), runs the tests once to learn
which tests call which function, then runs each mutant against the tests that call its
function, stopping at the first failure. Its results live in ``mutants/**/*.py.meta`` and
it goes on where it stopped. This module picks the subset (an area, a file, a rule id, a
random sample) and passes mutmut only the mutants of that subset not yet tested.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import random
import subprocess
import sys
from pathlib import Path

from tools.mutation import code_targeted
from tools.mutation.citations import ids_in

# Areas: the shared procedures and the rules (the top-level modules and each system's, which
# the report counts together as "rules"; a system's name selects its own for a run).
AREAS = {
    "movement": ["ddaydesk/engine/movement.py"],
    "supply": ["ddaydesk/rules/supply/*"],
    "combat": ["ddaydesk/rules/combat/*"],
    "rules": ["ddaydesk/rules/[a-z]*.py"],
    "dday77": ["ddaydesk/rules/dday77/*"],
    "fmu": ["ddaydesk/rules/fmu/*"],
    "dd2": ["ddaydesk/rules/dd2/*"],
    "pkd": ["ddaydesk/rules/pkd/*"],
    "ddd": ["ddaydesk/rules/ddd/*"],
}
# a run stopped by hand (SIGINT, SIGTERM) decided nothing: such a mutant counts as not run
INTERRUPTED = {2, -2, 15, -15}
EXIT = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
        36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", -9: "timeout",
        -11: "killed", None: "not run"}


def area_of(source: str) -> str:
    for area, globs in AREAS.items():
        if any(fnmatch.fnmatch(source, g) for g in globs):
            return area
    return "other"


def source_of(mutant: str) -> str:
    """``ddaydesk.rules.supply.trace.x_f__mutmut_3`` -> ``ddaydesk/rules/supply/trace.py``."""
    module = mutant.partition("__mutmut_")[0].rsplit(".", 1)[0]
    path = module.replace(".", "/")
    return path + ".py" if Path(path + ".py").exists() else path + "/__init__.py"


def function_of(mutant: str) -> tuple[str | None, str]:
    """(class, function) of a mutant from its mangled name."""
    mangled = mutant.partition("__mutmut_")[0].rsplit(".", 1)[1]
    if mangled.startswith("xǁ"):
        _, cls, fn = mangled.split("ǁ")
        return cls, fn
    return None, mangled.removeprefix("x_")


def all_results(root: Path) -> dict[str, int | None]:
    """Every code mutant mutmut made, with its exit code (None: not run yet)."""
    out: dict[str, int | None] = {}
    for meta in sorted((root / "mutants" / "ddaydesk").rglob("*.py.meta")):
        out.update(json.loads(meta.read_text())["exit_code_by_key"])
    return {k: None if v in INTERRUPTED else v for k, v in out.items()}


def _function_spans(path: Path) -> dict[tuple[str | None, str], tuple[int, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    spans = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            spans[(None, node.name)] = (node.lineno, node.end_lineno)
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
                    spans[(node.name, sub.name)] = (sub.lineno, sub.end_lineno)
    return spans


_rule_cache: dict[str, tuple[dict, set[str]]] = {}


def rules_of(root: Path, mutant: str) -> tuple[str, ...]:
    """The rule ids the mutant's function cites (its docstring and comments), else the ids
    its module's docstring cites."""
    src = source_of(mutant)
    if src not in _rule_cache:
        path = root / src
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        spans = {k: ids_in("\n".join(lines[a - 1:b])) for k, (a, b) in _function_spans(path).items()}
        doc = ast.get_docstring(ast.parse(text)) or ""
        _rule_cache[src] = (spans, ids_in(doc))
    spans, module_ids = _rule_cache[src]
    own = spans.get(function_of(mutant), set())
    return tuple(sorted(own or module_ids))


def select(root: Path, results: dict, area=None, file=None, rule=None, sample=None, seed=0,
           mutants=()) -> list[str]:
    names = sorted(results)
    if mutants:  # mutmut names or globs over them (a survivor's test written: run it again)
        names = [n for n in names if any(fnmatch.fnmatchcase(n, g) for g in mutants)]
    if area:  # "rules" holds every system's rules too; a system's name picks its own
        names = [n for n in names if area_of(source_of(n)) == area
                 or any(fnmatch.fnmatch(source_of(n), g) for g in AREAS.get(area, ()))]
    if file:
        names = [n for n in names if source_of(n) == file or source_of(n).endswith("/" + file)]
    if rule:
        names = [n for n in names if rule in rules_of(root, n)]
    if sample and sample < len(names):
        names = sorted(random.Random(seed).sample(names, sample))
    return names


def first_results(root: Path) -> dict[str, int]:
    """Each code mutant's first result (the score before tests were added for survivors)."""
    path = root / "mutants" / "code-first.json"
    return json.loads(path.read_text()) if path.exists() else {}


def _keep_first(root: Path) -> None:
    first = first_results(root)
    for name, code in all_results(root).items():
        if code is not None and name not in first:
            first[name] = code
    (root / "mutants" / "code-first.json").write_text(json.dumps(first, indent=0, sort_keys=True))


def sync_copies(root: Path) -> int:
    """Bring mutmut's copy of the project (``mutants/``) up to date for everything it does not
    mutate: the tests, the tables and other data files of ddaydesk, and the ``also_copy``
    folders. mutmut copies them once and then keeps them even when they change (it only
    warns), so without this a table or test changed since would be run stale."""
    import shutil
    import tomllib

    work = root / "mutants"
    cfg = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    changed = 0
    for top in ["tests", "ddaydesk", *cfg.get("also_copy", [])]:
        src_dir, dst_dir = root / top, work / top
        if not dst_dir.exists():
            continue
        mutated = top == "ddaydesk"  # its .py files are mutmut's own, mutants inside
        want = {p.relative_to(src_dir) for p in src_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                and not (mutated and p.suffix == ".py")}
        for rel in want:
            src, dst = src_dir / rel, dst_dir / rel
            if not dst.exists() or dst.read_bytes() != src.read_bytes():
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
                changed += 1
        for p in list(dst_dir.rglob("*")):
            rel = p.relative_to(dst_dir)
            if (p.is_file() and "__pycache__" not in p.parts and rel not in want
                    and not (mutated and p.suffix in (".py", ".meta", ".spans"))):
                p.unlink()
                changed += 1
    return changed


def campaign(root: Path, *, area=None, file=None, rule=None, sample=None, seed=0, fresh=False,
             retry=False, listing=False, limit=None, mutants=(), by=(), log=print) -> int:
    mutmut = [sys.executable, "-m", "mutmut", "run", "--max-children", "1"]
    results = all_results(root)
    if not results:  # first run: mutmut makes the mutants and learns which tests call what
        log("no mutants yet: mutmut makes them (a few minutes) and runs the tests once")
        rc = subprocess.call([*mutmut, "ddaydesk.rules.rules_never_matches_*"], cwd=root)
        results = all_results(root)
        if not results:
            return rc or 1
    picked = select(root, results, area, file, rule, sample, seed, mutants)
    if listing:
        for n in picked:
            log(f"{n}  {EXIT.get(results[n], results[n])}  {source_of(n)}  {','.join(rules_of(root, n))}")
        log(f"{len(picked)} code mutants")
        return 0
    if fresh:
        todo = picked
    elif retry:  # the survivors again, after tests were added for them (and, in a sample, the rest)
        todo = [n for n in picked if (results[n] is None and sample)
                or (results[n] is not None and EXIT.get(results[n]) not in ("killed", "timeout"))]
    else:  # (a mutant a chosen test killed is killed: mutmut need not run it)
        targeted = code_targeted.results(root)
        todo = [n for n in picked if results[n] is None and n not in targeted]
    if limit:  # a random piece of the subset now (itself a sample of it), the rest on a later run
        todo = random.Random(seed).sample(todo, min(limit, len(todo)))
    log(f"{len(picked)} code mutants selected, {len(todo)} to run")
    if todo:
        log(f"mutants/: {sync_copies(root)} tests and data files brought up to date")
    if by:  # against the chosen tests only: kills recorded, the rest left to mutmut
        code_targeted.run(root, todo, list(by), log)
        return 0
    rc = 0
    for i in range(0, len(todo), 1500):
        rc = subprocess.call([*mutmut, *todo[i:i + 1500]], cwd=root) or rc
        _keep_first(root)
    return rc
