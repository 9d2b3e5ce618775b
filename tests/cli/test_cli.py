import importlib
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


TOKENS = ["game.yaml", "save.ddaysave", "--smoke", "--screenshot", "shot.png", "--smo", "-h", "--screenshot=a.png",
          "-x", "-", "--"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=5))
def test_a_start_s_plain_arguments_are_read_as_argparse_reads_them(argv):
    """The window's arguments read without a parser (a start's) are what argparse reads from
    them; anything else is left to argparse (None), which also answers mistakes."""
    import argparse
    import contextlib
    import io

    from ddaydesk.cli.gui_cmd import add_arguments, plain_arguments

    parser = argparse.ArgumentParser(prog="ddaydesk gui")
    add_arguments(parser)
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            parsed = vars(parser.parse_args(argv))
    except SystemExit:
        parsed = None
    plain = plain_arguments(argv)
    assert plain is None or vars(plain) == parsed
    if set(argv) <= {"game.yaml", "--smoke"} and argv.count("game.yaml") <= 1:
        assert plain is not None  # (a start's arguments take the short way)


def test_a_start_reads_its_arguments_without_a_parser(monkeypatch):
    """``ddaydesk game.yaml --smoke``: the window's command runs with them, no parser made."""
    import ddaydesk.cli as cli
    from ddaydesk.cli import gui_cmd

    ran = []
    monkeypatch.setattr(gui_cmd, "run", lambda args: ran.append(vars(args)) or 0)
    monkeypatch.setattr(cli, "build_parser", lambda *a: pytest.fail("a parser was made"))
    assert main(["game.yaml", "--smoke", "--screenshot", "a.png"]) == 0
    assert ran == [{"file": "game.yaml", "smoke": True, "screenshot": "a.png"}]
