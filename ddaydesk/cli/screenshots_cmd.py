"""``ddaydesk screenshots OUTDIR``: render the main screens to PNG files, offscreen."""

from __future__ import annotations

import argparse
import os
import sys

HELP = "render the main screens (start, movement, supply, combat, hand-over) to PNG files"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("outdir", metavar="OUTDIR", help="folder for the PNG files (created if missing)")
    p.add_argument("--game", metavar="FILE", help="scenario or saved game (default: the tutorial)")
    p.add_argument("--size", default="1280x800", metavar="WxH", help="window size (default 1280x800)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no display needed
    from PySide6.QtCore import QSettings, QTemporaryDir

    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.errors import FormatError
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.screenshots import capture
    from ddaydesk.ui.session import open_game

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WIDTHxHEIGHT, got {args.size!r}", file=sys.stderr)
        return 2
    app = make_app()
    try:
        port = open_game(args.game or default_scenario_path())
    except FormatError as exc:
        print(exc, file=sys.stderr)
        return 1
    tmp = QTemporaryDir()  # the user's settings and autosave are left alone
    win = MainWindow(port, QSettings(tmp.filePath("settings.ini"), QSettings.Format.IniFormat), autosave=False)
    win.resize(w, h)
    win.show()
    app.processEvents()
    done, skipped = capture(win, args.outdir)
    for path in done:
        print(path)
    for why in skipped:
        print(f"skipped {why}", file=sys.stderr)
    win.close()
    return 0
