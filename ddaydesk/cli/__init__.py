"""``ddaydesk <command>``: the headless commands, and the GUI when no command is given.

Each command is a module in this package with ``NAME``, ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``; :data:`COMMANDS` lists them. Commands that print results take
``--json`` (schemas in docs/cli.md). Exit status: 0 success, 1 invalid input or a failed
check, 2 wrong usage.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

from ddaydesk import __version__
from ddaydesk.paths import SAVE_SUFFIX

if TYPE_CHECKING:
    import argparse

COMMANDS = ("gui", "check", "scenarios", "moves", "replay", "odds", "supply", "screenshots", "report")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, that command's arguments alone (the others' modules
    are not imported: the window starts without the headless commands' imports)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="ddaydesk",
        description="Hot-seat D-Day board wargames with the rules enforced. "
        "Without a command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"ddaydesk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        module = importlib.import_module(f"ddaydesk.cli.{name}_cmd")
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # No command (only GUI options, or a game file to open) means the GUI, as a desktop
    # launcher expects: ``ddaydesk game.ddaysave`` opens the game; ``ddaydesk fly`` is a
    # usage error, not a file.
    first = argv[0] if argv else ""
    if not argv or first.startswith("-") and first not in ("-h", "--help", "--version") \
            or first.endswith((".yaml", ".yml", ".json", SAVE_SUFFIX)):
        argv = ["gui", *argv]
    if argv[0] == "gui":
        from ddaydesk.cli import gui_cmd

        plain = gui_cmd.plain_arguments(argv[1:])  # (a start's: read without a parser)
        if plain is not None:
            return int(gui_cmd.run(plain) or 0)
    parser = build_parser("gui") if argv[0] == "gui" and not {"-h", "--help"} & set(argv) else build_parser()
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)
