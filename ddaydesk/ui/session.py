"""Opening games, atomic saving, the autosave file and recent files (QSettings, QStandardPaths)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ddaydesk.paths import SAVE_SUFFIX
from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.port import GamePort

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

MAX_RECENT = 8


def open_game(path: str | Path, options: dict[str, bool] | None = None) -> GamePort:
    """A game from a scenario or a save; FormatError (with file:line:col) when it is broken."""
    return open_engine_game(path, options)


def data_dir() -> Path:
    # (not before a start's first frame)
    from PySide6.QtCore import QStandardPaths

    d = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    d.mkdir(parents=True, exist_ok=True)
    return d


def saves_dir() -> Path:
    from PySide6.QtCore import QStandardPaths

    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    d = Path(docs or data_dir()) / "ddaydesk"
    d.mkdir(parents=True, exist_ok=True)
    return d


def autosave_path() -> Path:
    return data_dir() / f"autosave{SAVE_SUFFIX}"


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write all of ``data`` or nothing (QSaveFile renames a finished temporary file),
    readable by the owner only: a hot-seat save holds both sides' secrets."""
    # (not before the first save: a start is quicker)
    from PySide6.QtCore import QFileDevice, QSaveFile

    f = QSaveFile(str(path))
    if not f.open(QSaveFile.OpenModeFlag.WriteOnly):
        raise OSError(f"cannot write {path}: {f.errorString()}")
    owner = QFileDevice.Permission.ReadOwner | QFileDevice.Permission.WriteOwner
    f.setPermissions(owner)  # the temporary file, before any byte is in it
    f.write(data)
    if not f.commit():
        raise OSError(f"cannot write {path}: {f.errorString()}")


def recent_files(settings: QSettings) -> list[str]:
    value = settings.value("recent", [])
    if isinstance(value, str):
        value = [value]
    return [v for v in value or [] if isinstance(v, str)]


def add_recent(settings: QSettings, path: str) -> list[str]:
    path = str(Path(path).resolve())
    files = [path] + [p for p in recent_files(settings) if p != path]
    settings.setValue("recent", files[:MAX_RECENT])
    return files[:MAX_RECENT]
