"""Pausing the cyclic garbage collector around a burst of allocations.

A supply recompute or a replay allocates thousands of small objects that are all still in
use (or freed by reference counting) when it ends: the cyclic collector, which runs every
few hundred allocations, would only rescan them again and again (a quarter to a third of
the time, measured). Reference counting still frees everything as usual meanwhile.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
