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
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

SHIPPED = Path(__file__).resolve().parent / "data"
_SHIPPED = str(SHIPPED)


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
    return Path(table_file(system, name, user_dir))


def table_file(system: str, name: str, user_dir: Path | None = None) -> str:
    """``table_path`` as a string, for the hot paths that look a table up on every call (one
    ``stat`` for the drop-in, no path objects: a replay asks thousands of times)."""
    user = str(user_dir) if user_dir is not None else _user_dir_now()
    mine = os.path.join(user, "rules", system, f"{name}.yaml")
    return mine if os.path.isfile(mine) else os.path.join(_SHIPPED, system, f"{name}.yaml")


def table_version(system: str, name: str, user_dir: Path | None = None) -> tuple[str, int]:
    """``(file, modification time)`` of the table now in force: the key its parsed form is
    cached under, so a drop-in edited while the program runs is read again."""
    key = (system, name, user_dir)
    got = _pinned.get(key) if _pinned is not None else None
    if got is None:
        path = table_file(system, name, user_dir)
        got = (path, os.stat(path).st_mtime_ns)
        if _pinned is not None:
            _pinned[key] = got
    return got


_pinned: dict[tuple, tuple[str, int]] | None = None


@contextmanager
def tables_pinned() -> Iterator[None]:
    """Inside the block each table's file is looked for once: a replay looks tables up
    thousands of times (two ``stat`` calls each) and one game must read one version of them."""
    global _pinned
    outer = _pinned
    if outer is None:
        _pinned = {}
    try:
        yield
    finally:
        _pinned = outer


def _user_dir_now() -> str:
    env = os.environ
    return _user_dir_for(env.get("DDAYDESK_USER_DATA"), env.get("XDG_DATA_HOME"), env.get("APPDATA"),
                         env.get("HOME"))


@lru_cache(maxsize=8)
def _user_dir_for(*_environment: str | None) -> str:
    """``user_data_dir()`` for one set of the variables it reads (cached: they rarely change)."""
    return str(user_data_dir())
