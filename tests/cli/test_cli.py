import importlib
import json
import subprocess
import sys

import pytest

from ddaydesk import __version__
from ddaydesk.cli import COMMANDS, build_parser, main
from tests.conftest import ROOT


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"ddaydesk {__version__}"


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for name in COMMANDS:
        assert name in out


def test_every_command_module_follows_the_convention():
    build_parser()  # every command registers without clashing options
    for name in COMMANDS:
        module = importlib.import_module(f"ddaydesk.cli.{name}_cmd")
        assert module.HELP and callable(module.add_arguments) and callable(module.run)


def test_scenarios_lists_the_tutorial(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["scenarios", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    tutorial = [e for e in entries if e["id"] == "tutorial"][0]
    assert tutorial["ok"] and tutorial["system"] == "dday77" and tutorial["turns"] == "1-6"
    assert main(["scenarios"]) == 0
    assert "tutorial" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["fly"])
    assert exc.value.code == 2


def test_python_m_ddaydesk_runs_headless_commands_without_qt(tmp_path):
    # The headless commands must not load Qt (fast start, and they run where Qt cannot).
    code = ("import sys; from ddaydesk.cli import main; rc = main(['check', 'maps']); "
            "sys.exit(rc if 'PySide6' not in sys.modules else 99)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_gui_smoke_starts_renders_and_exits(tmp_path):
    shot = tmp_path / "shot.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-m", "ddaydesk", "--smoke", "--screenshot", str(shot)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert shot.stat().st_size > 10_000
    noise = [line for line in r.stderr.splitlines() if "propagateSizeHints" not in line]
    assert noise == []
