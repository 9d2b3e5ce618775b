"""What ddaydesk works out once from a map and keeps on disk for the next start: the
parsed YAML of a large map or scenario, the geometry of drawn-area maps (where names, parts
and boxes go) and the tiles of the first frame; and, from no map, the compiled functions of
its dataclasses (``classcode.py``).

A cached value is only a shortcut: each file carries the key it was made for (the map's
content hash, the code's stamp and what else the maker names), and one whose key differs,
or which cannot be read, is made again and written over; a cache that cannot be written is
skipped. Never an error, never stale. No Qt here: the engine's readings use it too.

Where: ``$DDAYDESK_CACHE`` if set (the tests point it at a temporary folder), else the
platform's cache folder (``~/.cache/ddaydesk``, ``~/Library/Caches/ddaydesk``,
``%LOCALAPPDATA%\\ddaydesk\\cache``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import sys
import tempfile
from pathlib import Path

import ddaydesk
from ddaydesk.digest import sha256


def cache_dir() -> Path:
    env = os.environ.get("DDAYDESK_CACHE")
    if env:
        return Path(env)
    try:
        home = Path.home()
    except (KeyError, RuntimeError):  # no home folder at all: the system's temporary folder
        return Path(tempfile.gettempdir()) / "ddaydesk-cache"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "ddaydesk" / "cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "ddaydesk"
    return Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache") / "ddaydesk"


def code_stamp(modules: tuple[str, ...] = (), packages: tuple[str, ...] = (),
               folders: tuple[str, ...] = (), data: tuple[str, ...] = ()) -> str:
    """Which code made a cached value: a frozen build's executable; from source, the files
    of the named ddaydesk ``modules`` that work it out (size and modification time: an edit
    changes the stamp), every module of the ddaydesk packages ``folders`` (loaded or not),
    and the third-party ``packages`` (shapely: its geometry); and, either way, the ``data``
    files it reads besides its input."""
    h = sha256(ddaydesk.__version__.encode())
    files = list(data)
    if getattr(sys, "frozen", False):
        files.append(sys.executable)
    else:
        for name in ("ddaydesk.diskcache", *modules):
            m = sys.modules.get(name)
            files.append(getattr(m, "__file__", None) or name)
        root = Path(ddaydesk.__file__).parent
        for folder in folders:
            try:
                path = root.joinpath(*folder.split(".")[1:])
                files += sorted(e.path for e in os.scandir(path) if e.name.endswith(".py"))
            except OSError:
                files.append(folder)
        for pkg in packages:
            spec = importlib.util.find_spec(pkg)
            files.append(spec.origin if spec is not None and spec.origin else pkg)
    for f in files:
        try:
            st = os.stat(f)
        except OSError:
            h.update(f"{f}\0missing\n".encode())
            continue
        h.update(f"{f}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def key_of(*parts: object, modules: tuple[str, ...] = (), packages: tuple[str, ...] = (),
           folders: tuple[str, ...] = (), stamp: str | None = None) -> str:
    """One key for a cached value: the code's stamp and ``parts`` (the map's content hash,
    what else the value depends on). ``stamp``: the code's stamp, worked out by the caller."""
    stamp = code_stamp(modules, packages, folders) if stamp is None else stamp
    return sha256("\0".join([stamp, *map(str, parts)]).encode()).hexdigest()


def path_for(kind: str, key: str, suffix: str) -> Path:
    return cache_dir() / kind / f"{key[:32]}{suffix}"


def write_atomic(path: Path, data: bytes) -> bool:
    """All of ``data`` or nothing at ``path`` (a reader never sees half a file); False when
    the cache folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        return True
    except OSError:
        return False


def load_json(kind: str, key: str):
    """The value cached for ``key``, or None (none, another key's, unreadable)."""
    try:
        got = json.loads(path_for(kind, key, ".json").read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(got, dict) or got.get("key") != key:
        return None
    return got.get("value")


def cached_json(kind: str, key: str, make):
    """``make()``'s value, from the cache when it holds one for ``key``; a value made is
    written for the next time. Either way it comes back as JSON reads it (lists for tuples,
    string keys), so a caller sees one shape."""
    got = load_json(kind, key)
    if got is not None:
        return got
    data = json.dumps({"key": key, "value": make()}).encode()
    write_atomic(path_for(kind, key, ".json"), data)
    return json.loads(data)["value"]


def board_value(board, name: str, make, load=lambda v: v, modules: tuple[str, ...] = ()):
    """``load(make(board))`` once per board (``Board.derived``), kept on disk between runs
    for a map file with a content hash: the shapely readings of a drawn map (where names,
    boxes and lines go) that a start would otherwise work out again, with numpy loaded.
    ``modules``: those whose code ``make`` runs (besides its own and the board's)."""
    def made(b):
        if not b.content_hash:  # a board made in memory: nothing to know it again by
            return load(json.loads(json.dumps(make(b))))
        code = (make.__module__, "ddaydesk.board.board", *modules)
        key = key_of(b.content_hash, name, modules=code, packages=("shapely",))
        return load(cached_json(f"map-{name}", key, lambda: make(b)))

    return board.derived(f"kept.{name}", made)


def load_pickled(kind: str, key: str):
    """A value kept by :func:`store_pickled` for ``key``, or None. Only ddaydesk writes
    these files, in the user's own cache folder; anything unreadable is None."""
    try:
        got = pickle.loads(path_for(kind, key, ".pickle").read_bytes())
    except Exception:  # noqa: BLE001 - a damaged file in any way: made again
        return None
    return got[1] if isinstance(got, tuple) and len(got) == 2 and got[0] == key else None


def store_pickled(kind: str, key: str, value) -> None:
    write_atomic(path_for(kind, key, ".pickle"), pickle.dumps((key, value), protocol=pickle.HIGHEST_PROTOCOL))
