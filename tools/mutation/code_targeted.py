"""Code mutants run against chosen tests (``code --mutant NAME --by TEST``), without mutmut's
stats pass: a mutant is killed when one of the chosen tests fails with it and passed without
it. A mutant none of them kills is left to mutmut (it may still be killed by another test
calling its function), so this records kills only, never survivors.

Why: mutmut first runs every test of ``tests/rules`` and ``tests/engine`` once, watching
which functions each calls (its stats pass), before it runs a single mutant; on a busy shared
machine at nice 19 that pass takes hours. A survivor's test, written, kills its mutant in
seconds when run against that test alone. The results live in ``mutants/code-targeted.json``
(mutant -> the test that killed it); the report counts them as killed where mutmut has no
result of its own.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

FILE = "code-targeted.json"


def results(root: Path) -> dict[str, str]:
    path = root / "mutants" / FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _pytest(root: Path, mutant: str, tests: list[str]) -> tuple[int, str | None]:
    """Run ``tests`` inside mutmut's copy (``mutants/``) with ``mutant`` switched on."""
    env = dict(os.environ, MUTANT_UNDER_TEST=mutant, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-rf", "-p", "no:cacheprovider",
                          "--hypothesis-seed=0", *tests], cwd=root / "mutants", env=env,
                         capture_output=True, text=True)
    failed = re.search(r"^(?:FAILED|ERROR) (\S+)", out.stdout, re.M)
    return out.returncode, failed[1] if failed else None


def run(root: Path, mutants: list[str], tests: list[str], log=print) -> int:
    """Each of ``mutants`` against ``tests``; returns how many they killed."""
    code, failed = _pytest(root, "", tests)
    if code != 0:
        log(f"the chosen tests fail without any mutant ({failed}): nothing recorded")
        return 0
    got = results(root)
    killed = 0
    for name in mutants:
        code, failed = _pytest(root, name, tests)
        if code == 0:
            log(f"{name}: not killed by {' '.join(tests)} (left to mutmut)")
            continue
        killed += 1
        got[name] = failed or f"{' '.join(tests)} (exit {code})"
        log(f"{name}: killed by {got[name]}")
        (root / "mutants" / FILE).write_text(json.dumps(got, indent=0, sort_keys=True), encoding="utf-8")
    return killed
