"""Saved games (JSON): written atomically and privately; loaded by replaying the recorded log.

A save holds the format version, the scenario (id, path, content hash), the options, the
rolls the opening phases made, the action log (one action per line, each with the rolls it
made, so a problem names its line), a checksum of the log, the hash of the final state and,
as a checkpoint, that state itself (its canonical form), from which the window shows a long
game at once while the log is replayed and checked in the background.
It holds no seed: each roll was drawn from the operating system's randomness when it was
made (engine/dice.py), so nothing in a save tells the next one. Loading (engine/saveload.py)
refuses, naming what did not match. See docs/engine.md ("Saved games").
"""

from __future__ import annotations

import itertools
import json
import os
import re
import tempfile
import time
from pathlib import Path

from ddaydesk.engine.game import Game
from ddaydesk.engine.saveload import FORMAT, VERSION, actions_digest, check_save, load_game
from ddaydesk.gcpause import gc_paused

STALE_AFTER = 60.0  # seconds: a temporary file this old is left by an interrupted save


_dump = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode  # a save's line per action
_compact = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode  # what the digest reads


def save_text(game: Game, path: str | Path | None = None) -> str:
    with gc_paused():  # one small dict per new action, all freed by reference counting
        return _save_text(game, path)


def _encoded(game: Game) -> list[tuple[str, str]]:
    """``(save line, compact form)`` of every action in effect with its rolls, encoding only
    those not encoded by an earlier save of this game."""
    done, board = game.encoded, game.scenario.board
    for a, ch in zip(game.actions[len(done):game.pos], game.changes[len(done):game.pos], strict=True):
        d = a.to_json(board)
        if ch.dice:
            d["rolled"] = [r.text for r in ch.dice]
        done.append((_dump(d), _compact(d)))
    return done[:game.pos]


def _save_text(game: Game, path: str | Path | None) -> str:
    encoded = _encoded(game)
    sc = game.scenario
    scenario_path = sc.source
    if path is not None and sc.source:
        try:
            scenario_path = os.path.relpath(Path(sc.source).resolve(), Path(path).resolve().parent)
        except ValueError:  # another drive on Windows
            scenario_path = str(Path(sc.source).resolve())
    import hashlib  # (bulk hashing: not imported before a start's first frame, ddaydesk/digest.py)

    # The digest of json.dumps(actions, compact): the same bytes as the compact forms joined.
    digest = hashlib.sha256(("[" + ",".join(c for _, c in encoded) + "]").encode()).hexdigest()
    position = game.state.canonical_json()  # hashed, and kept as the checkpoint to open from
    head = {
        "format": FORMAT,
        "version": VERSION,
        "scenario": {"id": sc.id, "path": scenario_path.replace(os.sep, "/"), "content_hash": sc.content_hash},
        "options": dict(sorted(game.options.items())),
        "opening_rolls": [r.text for r in game.start_changes.dice],
        "actions_sha256": digest,
        "final_state_hash": hashlib.sha256(position.encode()).hexdigest(),
    }
    lines = ["{"]
    lines += [f"  {_dump(k)}: {_dump(v)}," for k, v in head.items()]
    if encoded:
        lines.append('  "actions": [')
        lines += [f"    {line}," for line, _ in encoded[:-1]]
        lines.append(f"    {encoded[-1][0]}")
        lines.append("  ],")
    else:
        lines.append('  "actions": [],')
    # Last, on one line: the position after the last action, to open the game from at once
    # (the log is still replayed and checked against it: engine/opening.py).
    lines.append(f'  "checkpoints": [{{"at": {game.pos}, "position": {position}}}]')
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_game(game: Game, path: str | Path) -> None:
    """Write the game to ``path`` atomically, readable by its owner only."""
    write_private(Path(path), save_text(game, path).encode("utf-8"))


def _temporaries(path: Path) -> re.Pattern:
    return re.compile(rf"\.{re.escape(path.name)}\.[A-Za-z0-9_]+\.tmp")


def remove_stale(path: Path, now: float | None = None) -> None:
    """Remove the temporary files interrupted saves of ``path`` left (a kill during a save);
    a younger one may be another save still writing."""
    now = time.time() if now is None else now
    pattern = _temporaries(path)
    try:
        names = [n for n in os.listdir(path.parent) if pattern.fullmatch(n)]
    except OSError:
        return
    for name in names:
        tmp = path.parent / name
        try:
            if now - tmp.stat().st_mtime > STALE_AFTER:
                tmp.unlink()
        except OSError:
            pass  # gone already, or not ours to remove


def write_private(path: Path, data: bytes) -> None:
    """All of ``data`` or nothing at ``path`` (a temporary file in the same folder, fsync,
    ``os.replace``), mode 0600 where the system has modes: a hot-seat save holds both sides'
    secrets."""
    remove_stale(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # (mkstemp makes it so; said here, not assumed)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no folder handles to sync)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_save(path: str) -> bool:
    """True for a file that says it is a ddaydesk save (the check command's detector)."""
    try:
        with open(path, "rb") as f:
            head = f.read(200)
    except (OSError, ValueError):
        return False
    return head.lstrip().startswith(b"{") and FORMAT.encode() in head


def head_scenario(path: str) -> dict | None:
    """The scenario a save names, read from its head alone (``_save_text`` writes the head one
    key a line, before the log): what a start needs to know before it reads the whole save.
    None when the head does not say."""
    try:
        with open(path, encoding="utf-8") as f:
            for line in itertools.islice(f, 8):
                if line.startswith('  "scenario": '):
                    ref = json.loads(line.split(": ", 1)[1].rstrip().removesuffix(","))
                    return ref if isinstance(ref, dict) else None
    except (OSError, ValueError):
        pass
    return None


__all__ = ["actions_digest", "check_save", "head_scenario", "is_save", "load_game", "remove_stale", "save_game",
           "save_text", "write_private"]
