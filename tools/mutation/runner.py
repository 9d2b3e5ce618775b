"""Run a set of pytest node ids in a forked child, against a scratch copy of the project.

The parent process imports pytest and the heavy third-party packages once and never imports
ddaydesk, so each child reads the (mutated) tables afresh. A child stops at the first failing
test (``-x``) and reports which test failed; one child runs at a time.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# Copied into the scratch tree: what the tests read.
TREE_PARTS = ("ddaydesk", "tests", "maps", "scenarios", "assets", "tools", "pyproject.toml")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")


@dataclass
class Outcome:
    status: str  # killed, survived, timeout, error (collection failed: counts as killed), no tests
    killer: str | None
    seconds: float


def make_tree(root: Path, tree: Path) -> None:
    """A fresh copy of the project's code, tests and data under ``tree``."""
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    for part in TREE_PARTS:
        src = root / part
        if src.is_dir():
            shutil.copytree(src, tree / part, ignore=IGNORE)
        elif src.is_file():
            shutil.copy2(src, tree / part)


def enter_tree(root: Path, tree: Path) -> None:
    """Make this process import ddaydesk and the tests from ``tree``, never from ``root``."""
    if any(name == "ddaydesk" or name.startswith("ddaydesk.") for name in sys.modules):
        raise RuntimeError("the table mutator must not import ddaydesk before it forks")
    os.chdir(tree)
    sys.path[:] = [str(tree)] + [p for p in sys.path if p and Path(p).resolve() != root.resolve()]
    # the user's corrected tables would shadow the mutated shipped ones
    os.environ["DDAYDESK_USER_DATA"] = tempfile.mkdtemp(prefix="ddaydesk-mutation-user-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # warm imports shared by every child (not pytest's plugins: they must be imported by
    # pytest itself, to be rewritten)
    import pytest  # noqa: F401
    import shapely  # noqa: F401
    import yaml  # noqa: F401


class _Recorder:
    """pytest plugin: the first test that failed, written to a file the parent reads."""

    def __init__(self, out: str):
        self.out = out
        self.done = False

    def pytest_runtest_logreport(self, report):
        if report.failed and not self.done:
            self.done = True
            Path(self.out).write_text(report.nodeid, encoding="utf-8")

    def pytest_collectreport(self, report):
        if report.failed and not self.done:
            self.done = True
            Path(self.out).write_text(f"{report.nodeid or 'collection'} (collection error)", encoding="utf-8")


def run(nodeids: list[str], timeout: float, log: Path) -> Outcome:
    """Run ``nodeids`` in a forked child; killed means some test failed or errored."""
    if not nodeids:
        return Outcome("no tests", None, 0.0)
    fd, killer_file = tempfile.mkstemp(prefix="mutation-killer-")
    os.close(fd)
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child
        code = 3
        try:
            out = os.open(str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.dup2(out, 2)
            import pytest

            code = int(pytest.main(["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0",
                                    "--no-header", *nodeids], plugins=[_Recorder(killer_file)]))
        finally:
            os._exit(code)
    status = None
    while True:
        done, wait_status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(wait_status)
            break
        if time.monotonic() - start > timeout:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status, code = "timeout", None
            break
        time.sleep(0.02)
    seconds = time.monotonic() - start
    killer = Path(killer_file).read_text(encoding="utf-8") or None
    os.unlink(killer_file)
    if status is None:
        status = {0: "survived", 1: "killed", 5: "no tests"}.get(code, "error")
    return Outcome(status, killer, seconds)
