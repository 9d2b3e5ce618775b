"""``ddaydesk gui`` (the default): open the game window."""

from __future__ import annotations

import gc
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

HELP = "open the game window (the default when no command is given)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="a scenario or a saved game to open")
    p.add_argument("--smoke", action="store_true",
                   help="start, load, render one frame and exit 0 (for tests and frozen builds)")
    p.add_argument("--screenshot", metavar="PNG", help="with --smoke: save the rendered window as PNG")


def plain_arguments(argv: list[str]) -> SimpleNamespace | None:
    """The arguments of :func:`add_arguments` read without a parser when they are plain (a
    file, ``--smoke``, ``--screenshot PNG``), as a start's are: setting up argparse's parser
    and reading with it is 2-3 ms of a start. None for anything else (help, an abbreviation,
    a mistake): argparse reads those, and answers."""
    args = SimpleNamespace(file=None, smoke=False, screenshot=None)
    rest = iter(argv)
    for arg in rest:
        if arg == "--smoke":
            args.smoke = True
        elif arg == "--screenshot":
            args.screenshot = next(rest, None)
            if args.screenshot is None or args.screenshot.startswith("-"):
                return None
        elif arg.startswith("-") or args.file is not None:
            return None
        else:
            args.file = arg
    return args


def run(args: argparse.Namespace | SimpleNamespace) -> int:
    # No cyclic collection until the first frame is drawn (ui/startup.py says why and ends it).
    gc.disable()
    # The engine and the rules of the game to open before Qt: PySide6, once loaded, reads the
    # source of each module imported after it (looking for ``from __feature__``), and these
    # hold no Qt to find. A frozen build has loaded Qt already (PyInstaller's run-time hook for
    # PySide6 imports it before the program): PySide6 is told of the package's modules first.
    if "shibokensupport.feature" in sys.modules:
        _loaded_before_qt()
    from ddaydesk import classcode

    classcode.use_kept()  # the dataclasses' functions compiled by the last starts (kept after the first frame)
    from ddaydesk.engine.systems import wire_rules_of

    path = args.file
    if path is None:
        from ddaydesk.formats.catalog import default_scenario_path

        path = str(default_scenario_path())
    wire_rules_of(path)
    import ddaydesk.ui.engine_port  # noqa: F401  (the window's port to the engine: no Qt either)

    _loaded_before_qt()
    # Qt is imported only here, so the headless commands never load it.
    from ddaydesk.ui.app import run_gui

    return run_gui(args.file, smoke=args.smoke, screenshot=args.screenshot)


def _loaded_before_qt() -> None:
    """PySide6 reads the source of every module imported from after it is loaded (even one
    loaded before it, the first time a module imports from it), to see whether it names
    PySide6 (its ``__feature__`` switches: ``shibokensupport.feature``); a hundred such reads
    are about ten milliseconds of a start. The modules loaded before Qt name no PySide6: they
    are told so at once, as that read would find (-1: no feature switching). So are the
    package's modules a start imports after Qt: the window's (``ddaydesk.ui``: 0, no feature
    selected, as for any module naming PySide6; none selects one) and the others' (-1: only
    the window's import Qt, the import contract holds it)."""
    import shiboken6  # noqa: F401  (loads PySide6's ``shibokensupport``, as Qt's first import would)

    known = getattr(sys.modules.get("shibokensupport.feature"), "pyside_feature_dict", None)
    if not isinstance(known, dict):  # (a PySide6 without it: nothing to tell)
        return
    for name in list(sys.modules):
        known.setdefault(name, -1)
    for name in _package_modules():
        known.setdefault(name, 0 if name.startswith("ddaydesk.ui.") else -1)


def _package_modules() -> list[str]:
    """The dotted names of ddaydesk's modules, from its folders (sources, or a frozen build's
    compiled modules beside its executable)."""
    import os
    from contextlib import suppress

    import ddaydesk

    names: list[str] = []

    def walk(path: str, prefix: str) -> None:
        for e in os.scandir(path):
            stem, dot, ext = e.name.partition(".")
            if e.is_dir():
                if not dot and stem != "__pycache__":
                    walk(e.path, f"{prefix}{stem}.")
            elif ext in ("py", "pyc"):
                names.append(prefix[:-1] if stem == "__init__" else prefix + stem)

    for root in ddaydesk.__path__:
        with suppress(OSError):  # (modules in an archive: no folder to list; each is read as before)
            walk(root, "ddaydesk.")
    return names
