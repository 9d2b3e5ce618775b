"""The start of the window: the map with its counters is drawn first; what that frame does
not need follows at once, while the window is on screen.

The docks are empty in the first frame, where they will stand (``docks.reserve_docks``); their
contents, a system's panels, the aids to play on the map, review mode and the hand-over screen
are made right after it (``MainWindow.build``, ``dockparts.py``), their modules imported then.
A player's first key press or click (or a pointer over the window) before that makes them at
once, before the event is delivered: nothing a player can do finds them missing.

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

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

from ddaydesk import classcode

LOADING = "Loading: supply marks…"


def defer_until_drawn(port) -> bool:
    """Before the window is built: the port leaves out what waits for the first frame.
    False when it has nothing to leave out (a port without supply marks)."""
    if not hasattr(port, "supply_later") or port.capabilities().why_not("supply"):
        return False
    port.supply_later = True
    return True


def finish(win) -> None:
    """What the first frame left out, now: the window built, the view read again in full (with
    the supply marks), the collector back on."""
    port = win.port
    later = getattr(port, "supply_later", False)
    if later:
        port.supply_later = False
        if win.hint.text() == LOADING:
            win.show_hint("")
    if not win.built:
        win.build()  # (reads the view again)
    elif later:
        win.controller.refresh()
    gc.enable()
    classcode.keep()  # for the next start: the dataclasses' functions compiled by this one


# what a player does first: the window is finished before it is delivered
_INPUT = frozenset({QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride, QEvent.Type.MouseButtonPress,
                    QEvent.Type.MouseButtonDblClick, QEvent.Type.MouseMove, QEvent.Type.Wheel,
                    QEvent.Type.ContextMenu, QEvent.Type.DragEnter})


class _AfterFirstPaint(QObject):
    """Watches the application's events until the window is finished."""

    def __init__(self, win):
        super().__init__(win)
        self.win = win
        self.painted = False

    def eventFilter(self, obj, event) -> bool:
        t = event.type()
        if t == QEvent.Type.Paint and not self.painted and obj is self.win.view.viewport():
            self.painted = True
            QTimer.singleShot(0, self.win, self.done)
        elif t in _INPUT:
            self.done()
        return False

    def done(self) -> None:
        QCoreApplication.instance().removeEventFilter(self)
        finish(self.win)


def after_first_paint(win) -> None:
    """Finish the window once its map has been painted (the event loop runs it), at a
    player's first input if that comes sooner, or after a second if it is not painted (a
    start minimised)."""
    if getattr(win.port, "supply_later", False):
        win.show_hint(LOADING)
    QCoreApplication.instance().installEventFilter(_AfterFirstPaint(win))
    QTimer.singleShot(1000, win, lambda: finish(win))  # (not after the window is gone)
