"""``ddaydesk report SAVE [-o OUT.html]``: the game report, one self-contained HTML page."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HELP = "write a saved game's report: one HTML page, turn by turn, with a map of each turn"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help="a saved game (.ddaysave or .json)")
    p.add_argument("-o", "--output", metavar="OUT", help="the page to write (default: SAVE with .html)")
    p.add_argument("--width", type=int, default=0, metavar="PX", help="width of the map pictures in pixels")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the pictures need no display
    from ddaydesk.engine import load_game
    from ddaydesk.formats.errors import FormatError
    from ddaydesk.report import write_report
    from ddaydesk.report.pictures import WIDTH
    from ddaydesk.ui.app import make_app

    try:
        game = load_game(args.save)
    except FormatError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.width and not 200 <= args.width <= 4000:
        print("--width: between 200 and 4000 pixels", file=sys.stderr)
        return 2
    make_app()
    out = Path(args.output or Path(args.save).with_suffix(".html"))
    try:
        write_report(game, out, args.width or WIDTH)
    except OSError as exc:
        print(f"{out}: {exc}", file=sys.stderr)
        return 1
    print(out)
    return 0
