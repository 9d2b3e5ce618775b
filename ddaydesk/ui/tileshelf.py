"""The first frame's map tiles kept on disk: the next start of the same game blits them
instead of drawing the map (``ddaydesk.diskcache`` says where, and why a kept value is
never stale).

Only the first frame: a renderer's shelf serves the first zoom level and counter layout it
is asked for (a new game of a scenario starts as the last one did) and stops once either
changes, so zooming and play never write. A set is one folder per key, one level in it;
the most recently used sets (:data:`KEEP_SETS`) are kept. Tiles are stored as their raw pixels: reading
one is a file read (a PNG costs as much to decode as the tile to draw).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import PySide6
from PySide6.QtGui import QImage

from ddaydesk.diskcache import cache_dir, key_of, write_atomic

KEEP_SETS = 32  # tile sets kept (one per board, palette and first layout; 0.2-4 MiB each): more
# than the shipped scenarios, so going round them all (the start-up benchmark does) never
# lets go of one before it is used again; 6 did, and every big map was drawn at every start
FORMAT = QImage.Format.Format_RGB32  # the tiles are opaque (drawn on the table colour)
# The code a tile's pixels come from: the window's drawing modules, the board and its grid.
DRAWING = ("ddaydesk.ui", "ddaydesk.ui.profiles", "ddaydesk.board", "ddaydesk.hexgrid")


class TileShelf:
    def __init__(self, board, owner: type, labels: bool, side: int):
        self.board, self.owner, self.labels, self.side = board, owner, labels, side
        self.folder: Path | None = None  # the set served; None once the first frame is past
        self.level = 0.0
        self.done = not board.content_hash  # a board made in memory: nothing to know it by
        self.stored = False
        self._asked: tuple = ()
        self._key = ""

    def _serve(self, level: float, palette, stacks: dict[int, int], dpr: float) -> Path | None:
        """The folder for this frame, or None when the first frame is past."""
        if self.done:
            return None
        asked = (id(palette), tuple(sorted(stacks.items())), dpr)
        if asked != self._asked:  # (the key reads the code's files: once per frame, not per tile)
            self._asked = asked
            self._key = key_of(self.board.content_hash, self.owner.__module__, self.owner.__qualname__,
                               self.labels, repr(palette), dpr, self.side, asked[1], PySide6.__version__,
                               folders=(*DRAWING, f"ddaydesk.rules.{self.board.system}"))
        key = self._key
        folder = cache_dir() / "tiles" / key[:32]
        if self.folder is None:
            self.folder, self.level = folder, level
            with contextlib.suppress(OSError):
                os.utime(folder)  # recently used: kept when older sets go
        elif folder != self.folder or level != self.level:
            self.done = True  # zoomed or played: later tiles are drawn, not kept
            return None
        return folder

    def load(self, level: float, tx: int, ty: int, palette, stacks, dpr) -> QImage | None:
        folder = self._serve(level, palette, stacks, dpr)
        if folder is None:
            return None
        try:
            data = (folder / f"{level:g}_{tx}_{ty}.raw").read_bytes()
        except OSError:
            return None
        if len(data) != self.side * self.side * 4:  # cut short or another size: drawn again
            return None
        return QImage(data, self.side, self.side, self.side * 4, FORMAT).copy()

    def store(self, level: float, tx: int, ty: int, palette, stacks, dpr, img: QImage) -> None:
        folder = self._serve(level, palette, stacks, dpr)
        if folder is None or img.format() != FORMAT or img.width() != self.side or img.height() != self.side:
            return
        if not self.stored:  # the first tile of this set this run: one level per set, the sets bounded
            self.stored = True
            _prune(folder, f"{level:g}_")
        write_atomic(folder / f"{level:g}_{tx}_{ty}.raw", bytes(img.constBits()))


def _prune(folder: Path, level_prefix: str) -> None:
    """Other levels' tiles in ``folder`` go, and the least recently used sets beyond
    :data:`KEEP_SETS`."""
    with contextlib.suppress(OSError):
        for f in folder.iterdir():
            if not f.name.startswith(level_prefix):
                f.unlink(missing_ok=True)
    try:
        sets = sorted((d for d in folder.parent.iterdir() if d.is_dir() and d != folder),
                      key=lambda d: d.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in sets[KEEP_SETS - 1:]:
        shutil.rmtree(old, ignore_errors=True)
