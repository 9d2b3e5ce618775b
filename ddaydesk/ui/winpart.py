"""A part of the main window that is no QObject (an attack being put together, the what-if
supply preview): it reaches the window through a weak reference, so a closed window is not
kept alive by the parts it owns."""

from __future__ import annotations

import weakref


class WindowPart:
    def __init__(self, win):
        self._win = weakref.ref(win)

    @property
    def win(self):
        return self._win()
