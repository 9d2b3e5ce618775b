"""The import contract in pyproject.toml really forbids Qt in the engine packages.

The proof runs import-linter with our own contract on a throw-away copy of the package
layout in which one engine module imports PySide6: the linter must fail.
"""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import ROOT

CONTRACT = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
LINTER = Path(sys.executable).with_name("lint-imports")


def _write_config(where: Path) -> None:
    lines = ["[importlinter]", f"root_package = {CONTRACT['root_package']}",
             f"include_external_packages = {CONTRACT['include_external_packages']}", ""]
    for k, c in enumerate(CONTRACT["contracts"]):
        lines += [f"[importlinter:contract:{k}]", f"name = {c['name']}", f"type = {c['type']}",
                  "source_modules =", *(f"    {m}" for m in c["source_modules"]),
                  "forbidden_modules =", *(f"    {m}" for m in c["forbidden_modules"]),
                  f"allow_indirect_imports = {c['allow_indirect_imports']}", ""]
    (where / ".importlinter").write_text("\n".join(lines))


def _run(where: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(where))
    return subprocess.run([str(LINTER), "--no-cache", "--config", str(where / ".importlinter")],
                          cwd=where, env=env, capture_output=True, text=True)


def test_contract_covers_the_engine_packages():
    sources = set(CONTRACT["contracts"][0]["source_modules"])
    assert {"ddaydesk.engine", "ddaydesk.hexgrid", "ddaydesk.rules", "ddaydesk.board"} <= sources
    assert "PySide6" in CONTRACT["contracts"][0]["forbidden_modules"]


def test_linter_fails_when_an_engine_module_imports_qt(tmp_path):
    pkg = tmp_path / "ddaydesk"
    shutil.copytree(ROOT / "ddaydesk", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    _write_config(tmp_path)
    assert _run(tmp_path).returncode == 0  # the copy as it is keeps the contract
    (pkg / "engine" / "sneaky.py").write_text("from PySide6.QtCore import QObject\n")
    result = _run(tmp_path)
    assert result.returncode != 0
    assert "ddaydesk.engine.sneaky -> PySide6" in result.stdout
