"""Giving the memory a finished burst of work freed back to the system.

Replaying a long save's log (engine/opening.py ``LogCheck``) makes and frees tens of
thousands of objects: its positions' masks, caches and intermediate records. glibc keeps
what they freed inside its heap, in pieces between the objects that live on, and counts it
in the window's resident memory; ``malloc_trim`` returns those free pages. Called once the
burst is over (never per action: it walks the whole heap, a few milliseconds). Elsewhere
than glibc (macOS, Windows, musl) it does nothing. ctypes is loaded on the first call, not
at start-up.

A burst of imports leaves something behind too: PySide6, once loaded, reads the source of
every module imported after it (its ``__feature__`` hook looks for the word "PySide6" in
it) through ``linecache``, which keeps every line read: the window's own modules and the
rules' are megabytes of text nobody reads again (a traceback reads its lines afresh).
"""

from __future__ import annotations

import linecache
import sys

_TRIM: list = []  # [malloc_trim or None], once looked up


def forget_sources() -> None:
    """Forget the source lines linecache kept for nothing (before a burst of work: what they
    held is then used again by it)."""
    linecache.clearcache()


def trim() -> bool:
    """Forget the source lines kept for nothing and return the heap's free pages to the
    system; False where there is no ``malloc_trim``."""
    forget_sources()
    if not _TRIM:
        _TRIM.append(_malloc_trim())
    if _TRIM[0] is None:
        return False
    _TRIM[0](0)
    return True


def _malloc_trim():
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
