"""Where the shipped data lives: the source tree, or the frozen bundle (PyInstaller)."""

from __future__ import annotations

import sys
from pathlib import Path

# Saved games end in this; the Windows installer and the macOS bundle associate it with the
# app (packaging/pkg_layout.py repeats it, tests/packaging checks they agree).
SAVE_SUFFIX = ".ddaysave"


def data_root() -> Path:
    """Folder holding ``maps/``, ``scenarios/`` and ``assets/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def maps_dir() -> Path:
    return data_root() / "maps"


def scenarios_dir() -> Path:
    return data_root() / "scenarios"


def assets_dir() -> Path:
    return data_root() / "assets"


def icon_path() -> Path:
    """The app icon (rendered from assets/ddaydesk.svg by packaging/make_icons.py)."""
    return assets_dir() / "icons" / "ddaydesk.png"
