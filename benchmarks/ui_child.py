"""Measurements that need a process of their own (run by benchmarks/test_ui_bench.py):

    python ui_child.py zoom SCENARIO WIDTH HEIGHT   (QT_SCALE_FACTOR set by the caller)
    python ui_child.py rss SCENARIO SAVE

``zoom``: the real main window at WIDTH x HEIGHT logical pixels, wheel zoom in 2 % steps
over the map (out, then in) after the window has settled; prints JSON with each frame's
time (s) from the zoom to the repainted viewport. ``rss``: the resident memory of the
window process (MiB, peak so far) after the first frame, after 30 zoom and pan frames,
after opening SAVE (its log checked), zooming and playing 300 more actions; JSON.
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def window(scenario: str, w: int, h: int):
    from PySide6.QtCore import QSettings, QTemporaryDir

    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import open_game

    app = make_app()
    tmp = QTemporaryDir()
    win = MainWindow(open_game(scenario), QSettings(tmp.filePath("s.ini"), QSettings.Format.IniFormat),
                     autosave=False)
    win.resize(w, h)
    win.show()
    app.processEvents()
    win._tmp = tmp
    return app, win


def settle(app, view) -> None:
    """What the idle window does after a gesture: the exact tiles drawn, events handled, and
    the objects let go of deleted (``processEvents`` outside ``exec`` never deletes what
    ``deleteLater`` was asked to: a game replaced would stay in memory here alone)."""
    from PySide6.QtCore import QEvent

    view._zooming = False
    view._zoom_settled()
    while view._prerender_step():
        pass
    app.processEvents()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def zoom(scenario: str, w: int, h: int) -> dict:
    app, win = window(scenario, w, h)
    view = win.view
    settle(app, view)
    frames = []
    for k in range(120):
        if k % 40 == 0:
            settle(app, view)  # the wheel rests now and then; frames are timed while it turns
        t = time.perf_counter()
        view.zoom_by(1.02 if (k // 20) % 2 else 1 / 1.02)
        view.viewport().repaint()
        frames.append(time.perf_counter() - t)
    return {"frames": frames, "dpr": view.devicePixelRatioF(),
            "viewport": [view.viewport().width(), view.viewport().height()]}


def peak_mib() -> float:
    """The peak resident set of this process (Linux: VmHWM; ``ru_maxrss`` would count the
    parent's before the exec)."""
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM")) / 1024
    except OSError:
        kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return kib / 1024 if sys.platform != "darwin" else kib / 2**20


def rss(scenario: str, save: str) -> dict:
    from ddaydesk.engine import Move, legal_actions

    out = {}
    app, win = window(scenario, 1280, 800)
    win.view.viewport().repaint()
    out["first frame"] = peak_mib()
    view = win.view
    for k in range(30):
        view.zoom_by(1.15 if k % 10 < 5 else 1 / 1.15)
        view.pan_by(37, 23)
        view.viewport().repaint()
        settle(app, view)
    out["30 zoom/pan frames"] = peak_mib()
    win.open_path(save, asked=True)
    while getattr(win.port, "check", None) is not None:
        app.processEvents()
    view = win.view
    view.set_zoom(1.3)
    view.viewport().repaint()
    settle(app, view)
    out["2,000-action save open, zoomed"] = peak_mib()
    g, rnd = win.port.game, random.Random(3)
    for k in range(300):
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        a = rnd.choice(ends) if ends and rnd.random() < 0.1 else rnd.choice(legal)
        win.controller.apply("benchmark", lambda a=a: win.port._do(a))
        if k % 25 == 0:
            view.pan_by(-41, 17)
            view.viewport().repaint()
            settle(app, view)
    out["and 300 more actions played"] = peak_mib()
    return out


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "zoom":
        print(json.dumps(zoom(args[0], int(args[1]), int(args[2]))))
    else:
        print(json.dumps(rss(*args)))
