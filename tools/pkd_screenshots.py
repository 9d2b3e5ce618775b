#!/usr/bin/env python3
"""Render the Koenig's D-Day README screenshots at 1280x800, from the real game on the Sword
scenario played through the main window (the Command Cup panel's buttons, a move by mouse, the
battle dialog):

- ``sword-start.png``: the map at the start, the 6th Airborne's chit drawn, its Operations
  offered in the Command Cup panel with the chits left in the cup;
- ``sword-activation.png``: its Combined Operation under way: the formation ringed on the map,
  the 13th Parachute Battalion selected with its legal hexes and the path to the cursor, each
  unit's MP left and the attacks open in the panel;
- ``sword-fire.png``: a Mobile Fire at Hérouvillette with a Support point, its exact odds in the
  battle dialog before the roll, the attackers' arrows on the map;
- ``sword-fire-result.png``: the same fire after the German answer and the roll: the die, the
  Hit marker on the counter and what happened.

    .venv/bin/python tools/pkd_screenshots.py [OUTDIR]
    .venv/bin/python tools/pkd_screenshots.py --live start|activation|fire|result

``--live`` opens the stage in a real window and leaves it open (for ../shared/tools/xshot.sh).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OPTIONS = {"interdiction": False}
SEED = 4  # the 6th Airborne's chit first; the Allies hold the Leadership marker; the fire rolls a 5
STAGES = ("start", "activation", "fire", "result")


def window(folder: str):
    from PySide6.QtCore import QSettings

    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow

    port = EnginePort(Game(load_scenario(ROOT / "scenarios" / "sword.yaml"), SEED, OPTIONS))
    win = MainWindow(port, QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat), autosave=False)
    win.resize(1280, 800)
    win.show()
    return win


def stage(app, win, upto: str):
    """Play the window to ``upto`` as a player would; returns the battle dialog, if open."""
    from PySide6.QtCore import QPoint, QPointF

    board = win.port.board
    panel = win.panel_docks[0].widget()
    app.processEvents()
    win.view.fit()
    if upto == "start":
        return None
    panel.buttons["op:combined"].click()
    win.controller.select("gb-12para")
    win.controller.click(board.index("0810"), "")  # as a click on the hex
    if upto == "activation":  # closer: the counters' values readable, the formation's rings
        win.view.set_zoom(1.25)
        win.view.centre_on_place(board.index("0710"))
    win.controller.select("gb-13para")
    win.controller.hover(board.index("0811"))
    app.processEvents()
    if upto == "activation":
        return None
    win.controller.select(None)
    panel = win.panel_docks[0].widget()
    panel.buttons[f"fire:{board.index('0911')}"].click()
    dlg = win.koenig_battle
    dlg.support.setValue(1)
    app.processEvents()  # (the dialog's own fit and placement first)
    # the dialog at the top left, the battle on the map below it to the right: both in view
    win.view.set_zoom(1.2)
    at = win.scene.geom.centres[board.index("0911")]
    k = win.view.transform().m11()
    win.view.centerOn(QPointF(at.x() - 230 / k, at.y() - 215 / k))
    dlg.move(win.mapToGlobal(QPoint(6, 84)))
    win.legend.refresh()  # its corner chosen for the map as scrolled (the fewest counters under it)
    if upto == "result":
        dlg.go.click()  # declared: the German player answers with his Artillery point
        dlg.support.setValue(1)
        dlg.go.click()  # the roll: a 5, one Hit
        next(b for b in dlg.decision_buttons if b.text().startswith("Keep")).click()
    app.processEvents()
    return dlg


def composite(win, dlg):
    """The window with its dialog over it, where the dialog stands (offscreen, nothing else
    draws the dialog into the window's picture)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QColor, QPainter

    shot = win.grab()
    if dlg is None:
        return shot
    at = dlg.mapToGlobal(QPoint(0, 0)) - win.mapToGlobal(QPoint(0, 0))
    p = QPainter(shot)
    p.fillRect(dlg.rect().translated(at + QPoint(5, 6)), QColor(0, 0, 0, 70))  # its shadow
    p.drawPixmap(at, dlg.grab())
    p.setPen(QColor("#555555"))
    p.drawRect(dlg.rect().translated(at).adjusted(0, 0, -1, -1))
    p.end()
    return shot


def main() -> int:
    live = "--live" in sys.argv
    if not live:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ddaydesk.ui.app import make_app

    app = make_app()
    with tempfile.TemporaryDirectory() as tmp:
        if live:
            win = window(tmp)
            dlg = stage(app, win, sys.argv[sys.argv.index("--live") + 1])
            if dlg is not None:
                dlg.raise_()
            return app.exec()
        out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        names = {"start": "sword-start", "activation": "sword-activation", "fire": "sword-fire",
                 "result": "sword-fire-result"}
        for what in STAGES:
            win = window(tmp)
            dlg = stage(app, win, what)
            composite(win, dlg).save(str(out / f"{names[what]}.png"))
            print(out / f"{names[what]}.png")
            if dlg is not None:
                dlg.close()
            win.controller.unsaved = 0  # a staged game: nothing to ask about on closing
            win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
