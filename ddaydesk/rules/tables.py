"""Where a rules table is read from: the user's corrected copy first, then the shipped one.

The printed standard tables of these games are not public, so the shipped tables are
documented defaults. A player who owns the rulebook puts a corrected copy with the same
name under ``<user data>/rules/<system>/<name>.yaml`` and it replaces the shipped file
whole (docs/rules/combat.md). The user data folder is, in order:

1. ``$DDAYDESK_USER_DATA`` when set (tests and portable installs);
2. Windows ``%APPDATA%\\ddaydesk``; macOS ``~/Library/Application Support/ddaydesk``;
   elsewhere ``$XDG_DATA_HOME/ddaydesk`` or ``~/.local/share/ddaydesk``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SHIPPED = Path(__file__).resolve().parent / "data"


def user_data_dir() -> Path:
    override = os.environ.get("DDAYDESK_USER_DATA")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA", home / "AppData" / "Roaming")) / "ddaydesk"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "ddaydesk"
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / "ddaydesk"


def table_candidates(system: str, name: str, user_dir: Path | None = None) -> list[Path]:
    """The paths looked at for ``<system>/<name>.yaml``, in lookup order."""
    user = user_dir if user_dir is not None else user_data_dir()
    return [user / "rules" / system / f"{name}.yaml", SHIPPED / system / f"{name}.yaml"]


def table_path(system: str, name: str, user_dir: Path | None = None) -> Path:
    """The file that supplies a table: the user's drop-in if present, else the shipped one."""
    for path in table_candidates(system, name, user_dir):
        if path.is_file():
            return path
    return table_candidates(system, name, user_dir)[-1]
