"""The start of the window: the map with its counters is drawn first; what that frame does
not need follows at once, while the window is on screen.

The cyclic garbage collector waits too (``ddaydesk gui`` pauses it before the imports): a
start makes hundreds of thousands of objects that all stay in use, and the collector would
only scan them again and again (a tenth to a fifth of a start, measured). It runs again
once the first frame is drawn; reference counting frees as usual meanwhile.

Out of supply marks need the supply rules worked out over the whole map (the D-Day '77
campaign's are a large part of its start); the first frame shows the counters as the
scenario places them and the status bar says the marks are coming. Right after the first
paint (a zero timer once the map view has painted) the game's view is read again with them,
as every later view is.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QObject, QTimer

LOADING = "Loading: supply marks…"


def defer_until_drawn(port) -> bool:
    """Before the window is built: the port leaves out what waits for the first frame.
    False when it has nothing to leave out (a port without supply marks)."""
    if not hasattr(port, "supply_later") or port.capabilities().why_not("supply"):
        return False
    port.supply_later = True
    return True


def finish(win) -> None:
    """What the first frame left out, now: the collector back on, the view read again in full."""
    gc.enable()
    port = win.port
    if not getattr(port, "supply_later", False):
        return
    port.supply_later = False
    if win.hint.text() == LOADING:
        win.show_hint("")
    win.controller.refresh()


class _AfterFirstPaint(QObject):
    def __init__(self, win):
        super().__init__(win)
        self.win = win

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self.win, lambda: finish(self.win))
        return False


def after_first_paint(win) -> None:
    """Finish the window once its map has been painted (the event loop runs it), or after a
    second if it is not painted (a start minimised)."""
    if getattr(win.port, "supply_later", False):
        win.show_hint(LOADING)
    win.view.viewport().installEventFilter(_AfterFirstPaint(win))
    QTimer.singleShot(1000, win, lambda: finish(win))  # (not after the window is gone)
