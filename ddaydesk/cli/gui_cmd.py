"""``ddaydesk gui`` (the default): open the game window."""

from __future__ import annotations

import argparse
import gc

HELP = "open the game window (the default when no command is given)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="a scenario or a saved game to open")
    p.add_argument("--smoke", action="store_true",
                   help="start, load, render one frame and exit 0 (for tests and frozen builds)")
    p.add_argument("--screenshot", metavar="PNG", help="with --smoke: save the rendered window as PNG")


def run(args: argparse.Namespace) -> int:
    # No cyclic collection until the first frame is drawn (ui/startup.py says why and ends it).
    gc.disable()
    # The engine and the rules of the game to open before Qt: PySide6, once loaded, reads the
    # source of each module imported after it (looking for ``from __feature__``), and these
    # hold no Qt to find.
    from ddaydesk.engine.systems import wire_rules_of

    path = args.file
    if path is None:
        from ddaydesk.formats.catalog import default_scenario_path

        path = str(default_scenario_path())
    wire_rules_of(path)
    # Qt is imported only here, so the headless commands never load it.
    from ddaydesk.ui.app import run_gui

    return run_gui(args.file, smoke=args.smoke, screenshot=args.screenshot)
