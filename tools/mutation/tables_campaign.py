"""The tables campaign: every table mutant run against the tests that cite its rule ids.

The tests are test functions (pytest node ids, ``citations.index``), so a mutant runs the
few tests that claim to prove its clause, in seconds. A mutant whose rule ids no test cites
is not run: it is recorded as ``uncited``, a value no test claims to prove (the report lists
them; a test that proves the clause and names it closes the gap). A value with no rule id at
all (a system's vocabulary) runs against the file-format tests that read its table.
``readers`` (which test files open which table) also serves ``--reads``: to see whether some
test notices an uncited value at all, which is where its citation belongs. Results
are kept in ``mutants/tables/results.json`` after every mutant, so a campaign stopped at any
point goes on where it stopped; a mutant is run again only when its table or its tests
changed (a killed mutant stays killed while its table is unchanged).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path

from tools.mutation import citations, report, runner
from tools.mutation.tables import TableMutant, enumerate_all, mutated_text

# Test folders a table mutant may fall back to (the window holds no rules; installers none).
READER_DIRS = ("tests/rules", "tests/engine", "tests/formats", "tests/maps")
# A value with no rule id at all (a system's vocabulary: sides, unit types, place kinds) is
# no clause a test could cite: it runs against the file-format tests that read its table.
VOCABULARY_DIRS = ("tests/formats", "tests/maps")


class Store:
    """A JSON file of results, written whole (atomically) after each change."""

    def __init__(self, path: Path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True))
        os.replace(tmp, self.path)


def _sha(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(set(paths)):
        h.update(p.as_posix().encode())
        h.update(p.read_bytes() if p.exists() else b"")
    return h.hexdigest()[:16]


def readers(root: Path, tree: Path, work: Path, log, dirs=READER_DIRS) -> dict[str, list[str]]:
    """Test file -> the data files (``fmu/crt.yaml``) it reads, run file by file (cached)."""
    store = Store(work / "readers.json")
    data = tree / "ddaydesk" / "rules" / "data"
    files = sorted(p for d in dirs for p in (root / d).rglob("test_*.py"))
    for path in files:
        rel = path.relative_to(root).as_posix()
        sha = _sha([path])
        if store.data.get(rel, {}).get("sha") == sha:
            continue
        log(f"  which tables does {rel} read?")
        out = work / "reads.txt"
        out.write_text("")
        pid = os.fork()
        if pid == 0:
            _watch_reads(rel, str(data) + os.sep, out, work / "readers.log")
        os.waitpid(pid, 0)
        store.data[rel] = {"sha": sha, "reads": sorted(set(out.read_text().split()))}
        store.save()
    return {rel: v["reads"] for rel, v in store.data.items()
            if (root / rel).is_file() and rel.startswith(dirs)}  # none gone since


def _watch_reads(rel: str, prefix: str, out: Path, log: Path) -> None:
    """In a forked child: run one test file, noting each table it opens; never returns."""
    seen: set[str] = set()

    def hook(event, args):
        if event == "open" and isinstance(args[0], str) and args[0].startswith(prefix):
            name = args[0][len(prefix):]
            if name not in seen:
                seen.add(name)
                with open(out, "a", encoding="utf-8") as f:
                    f.write(name + "\n")

    sys.addaudithook(hook)
    code = 3
    try:
        fd = os.open(str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        import pytest

        code = int(pytest.main(["-q", "-p", "no:cacheprovider", "--hypothesis-seed=0", rel]))
    finally:
        os._exit(code)


def select(mutants: list[TableMutant], system: str | None, file: str | None, rule: str | None,
           sample: int | None = None, seed: int = 0):
    out = []
    for m in mutants:
        if system and not m.file.startswith(system + "/"):
            continue
        if file and not (m.file == file or m.file.endswith("/" + file) or m.file == Path(file).name):
            continue
        if rule and rule not in m.rules:
            continue
        out.append(m)
    if sample and sample < len(out):
        keep = set(random.Random(seed).sample(range(len(out)), sample))
        out = [m for i, m in enumerate(out) if i in keep]
    return out


def tests_for(m: TableMutant, cites, reads, vocab=None) -> tuple[list[str], str]:
    """The tests a mutant is run against, and how they were chosen: the test functions citing
    its rule ids; for a value with no rule id, the file-format tests reading its table
    (``vocab``); none (``uncited``) where no test cites its ids, unless ``reads`` is given (the
    test files that read its table)."""
    chosen = sorted({n for r in m.rules for n in cites.get(r, ())})
    if chosen:
        return chosen, "cite"
    if not m.rules and vocab:
        return sorted(t for t, files in vocab.items() if m.file in files), "vocabulary"
    if reads:
        return sorted(t for t, files in reads.items() if m.file in files), "reads"
    return [], "uncited"


def campaign(root: Path, work: Path, *, system=None, file=None, rule=None, sample=None, seed=0,
             limit=None, timeout=600.0, fresh=False, listing=False, survivors=False, by_reads=False,
             log=print) -> int:
    data_src = root / "ddaydesk" / "rules" / "data"
    picked = select(enumerate_all(data_src), system, file, rule, sample, seed)
    cites = citations.index(root)
    store = Store(work / "results.json")
    if survivors:  # only the mutants that survived their last run (after tests were added for them)
        picked = [m for m in picked if (store.data.get(m.key) or {}).get("status") in ("survived", "uncited")]
    if fresh:
        for m in picked:
            store.data.pop(m.key, None)
    if listing:
        for m in picked:
            log(f"{m.key}  line {m.line}  {m.rule}  {m.before} -> {m.after}")
        log(f"{len(picked)} table mutants")
        return 0
    tree = work / "tree"
    runner.make_tree(root, tree)
    runner.enter_tree(root, tree)
    reads, vocab = {}, {}
    if by_reads and any(not tests_for(m, cites, {})[0] for m in picked):
        reads = readers(root, tree, work, log)
    if any(not m.rules for m in picked):
        vocab = readers(root, tree, work, log, VOCABULARY_DIRS)
    data = tree / "ddaydesk" / "rules" / "data"
    todo = []
    known = report.reasons()
    for m in picked:
        if report.why(m.key, known):  # its reason is written: running it would tell nothing new
            if (store.data.get(m.key) or {}).get("data_sha") != m.data_sha:
                store.data[m.key] = {**_record(m), "status": "equivalent", "killer": None, "seconds": 0.0,
                                     "tests": 0, "chosen_by": "reason", "tests_sha": ""}
            continue
        nodeids, how = tests_for(m, cites, reads, vocab)
        tests_sha = _sha([root / n.split("::")[0] for n in nodeids]) + ":" + ",".join(nodeids)
        old = store.data.get(m.key)
        if (old and old["data_sha"] == m.data_sha and old.get("chosen_by") == how
                and (old["status"] not in ("survived", "uncited") or old["tests_sha"] == tests_sha)):
            continue
        if not nodeids:  # no test claims this clause: nothing to run, a gap to report
            was = old or {}
            store.data[m.key] = {**_record(m), "first_status": "uncited", "status": "uncited", "killer": None,
                                 "seconds": 0.0, "tests": 0, "chosen_by": how, "tests_sha": tests_sha,
                                 "noticed_by": was.get("killer") if was.get("status") == "killed" else None}
            continue
        todo.append((m, nodeids, how, tests_sha))
    store.save()
    if limit:
        todo = todo[:limit]
    log(f"{len(picked)} table mutants selected, {len(todo)} to run")
    if not todo:
        return 0
    clean = _clean_run(sorted({n for _, ns, _, _ in todo for n in ns}), work, timeout * 4, log)
    if clean:
        return clean
    for n, (m, nodeids, how, tests_sha) in enumerate(todo, 1):
        target = data / m.file
        original = target.read_bytes()
        try:
            target.write_text(mutated_text(data_src, m), encoding="utf-8")
            out = runner.run(nodeids, timeout, work / "last.log")
        finally:
            target.write_bytes(original)
        old = store.data.get(m.key) or {}
        first = old.get("first_status", old.get("status", out.status))
        store.data[m.key] = {
            **_record(m), "first_status": first, "status": out.status, "killer": out.killer,
            "seconds": round(out.seconds, 2), "tests": len(nodeids), "chosen_by": how, "tests_sha": tests_sha,
        }
        store.save()
        log(f"[{n}/{len(todo)}] {out.status:8} {out.seconds:6.1f}s  {m.key}  ({m.rule}, {len(nodeids)} tests)")
    return 0


def _record(m: TableMutant) -> dict:
    return {"first_status": "equivalent", "file": m.file, "path": list(m.path), "op": m.op, "line": m.line,
            "rules": list(m.rules), "before": m.before, "after": m.after, "data_sha": m.data_sha,
            "when": time.strftime("%Y-%m-%d %H:%M")}


def _clean_run(nodeids: list[str], work: Path, timeout: float, log) -> int:
    """The chosen tests pass on the shipped tables: nothing fails before anything is mutated."""
    log(f"clean run: {len(nodeids)} tests on the shipped tables")
    out = runner.run(nodeids, timeout, work / "clean.log")
    if out.status != "survived":
        log(f"the clean run failed ({out.status}, {out.killer}): see {work / 'clean.log'}")
        return 1
    return 0
