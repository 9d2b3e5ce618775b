"""Pausing the cyclic garbage collector around a burst of allocations.

A supply recompute or a replay allocates thousands of small objects that are all still in
use (or freed by reference counting) when it ends: the cyclic collector, which runs every
few hundred allocations, would only rescan them again and again (a quarter to a third of
the time, measured). Reference counting still frees everything as usual meanwhile.
"""

from __future__ import annotations

import gc


class gc_paused:  # noqa: N801 - used like a function: ``with gc_paused(): ...``
    """Pause the cyclic collector inside the ``with`` block (nested pauses are fine)."""

    __slots__ = ("collecting",)

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.collecting:
            gc.enable()
