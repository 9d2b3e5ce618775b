"""ddaydesk/heap.py: the heap's free pages go back to the system after a burst of work."""

from __future__ import annotations

import linecache
import sys

import pytest

from ddaydesk.heap import forget_sources, trim


def resident_kib() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim: Linux only")
def test_memory_freed_between_live_objects_goes_back_to_the_system():
    # 2 KiB blocks come from malloc (not Python's small-object arenas); every 64th stays, so
    # the freed ones lie between live ones, where free() alone gives nothing back
    blocks = [bytearray(2048) for _ in range(40_000)]
    kept = blocks[::64]
    del blocks
    before = resident_kib()
    assert trim()
    assert before - resident_kib() > 30_000  # of the ~80 MiB freed
    assert kept[0] == bytearray(2048)


def test_the_source_lines_linecache_kept_are_forgotten():
    """PySide6's import hook reads every later module's source through linecache, which
    keeps it: megabytes of text in the window for nothing."""
    for forget in (forget_sources, trim):
        assert linecache.getlines(__file__)
        assert __file__ in linecache.cache
        forget()
        assert __file__ not in linecache.cache
