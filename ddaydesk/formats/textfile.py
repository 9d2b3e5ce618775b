"""Reading a file's text: bounded in size, UTF-8, problems with the line of the bad byte."""

from __future__ import annotations

import os

from ddaydesk.formats.errors import FormatError, Problem, clip


def position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, col) of a character index of ``text``."""
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


MAX_FILE_BYTES = 64 * 1024 * 1024  # far above any map, scenario or save


def read_text(path: str) -> tuple[bytes, str]:
    """A file's bytes and its UTF-8 text; FormatError naming the file (and the line of a
    byte that is not UTF-8)."""
    try:
        with open(path, "rb") as fh:
            # read(n) allocates n bytes up front: ask for the file's own size (plus one, to see
            # a file that grew), the bound only where the size is unknown (a pipe, a device)
            size = os.fstat(fh.fileno()).st_size
            raw = fh.read(min(size, MAX_FILE_BYTES) + 1 if size else MAX_FILE_BYTES + 1)
            if size and len(raw) > size:  # it grew while we read: the rest, still bounded
                raw += fh.read(MAX_FILE_BYTES + 1 - len(raw))
    except (OSError, ValueError) as exc:  # (ValueError: a NUL in the path)
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise FormatError([Problem(path, 1, 1, f"cannot read: {clip(why, 200)}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise FormatError([Problem(path, 1, 1, f"the file is larger than {MAX_FILE_BYTES // 2**20} MB")])
    try:
        return raw, raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8")
        line, col = position(good, len(good))
        raise FormatError([Problem(path, line, col, f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")]) from None
