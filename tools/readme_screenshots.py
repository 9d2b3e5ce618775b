#!/usr/bin/env python3
"""Render the README screenshots (docs/screenshots/*.png) offscreen at 1280x800.

Screens come from the real game (``ddaydesk screenshots``' staging) on the tutorial; the
hand-over (the tutorial has no secrets) from the tutorial with the withheld set-up option,
whose secret invasion area blanks the map between the sides. A screen the merged rules
cannot produce yet is staged on the engine test double of tests/ui/fakeport.py instead,
and the tool says which.

    .venv/bin/python tools/readme_screenshots.py [OUTDIR]
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _window(port, folder: str):
    from PySide6.QtCore import QSettings

    from ddaydesk.ui.mainwindow import MainWindow

    win = MainWindow(port, QSettings(os.path.join(folder, "s.ini"), QSettings.Format.IniFormat),
                     autosave=False)
    win.resize(1280, 800)
    win.show()
    return win


def main() -> int:
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.engine_port import open_engine_game
    from ddaydesk.ui.screenshots import capture, staged
    from ddaydesk.ui.session import open_game
    from tests.ui.fakeport import FakeGame

    app = make_app()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    with tempfile.TemporaryDirectory() as tmp:
        win = _window(open_game(default_scenario_path()), tmp)
        app.processEvents()
        done, skipped = capture(win, out)
        win.close()
        if any(why.startswith("hand-over") for why in skipped):
            hidden = _window(open_engine_game(default_scenario_path(), {"withheld_setup": True}), tmp)
            app.processEvents()
            hidden.end_phase()  # German set-up done: hand over to the Allies' secret choice
            app.processEvents()
            if hidden.stack.currentWidget() is hidden.handover:
                hidden.grab().save(str(out / "handover.png"))
                done.append(out / "handover.png")
                skipped = [why for why in skipped if not why.startswith("hand-over")]
            staged(hidden)
            hidden.close()
        if skipped:
            double = _window(FakeGame(load_scenario(default_scenario_path())), tmp)
            app.processEvents()
            capture(double, Path(tmp) / "double")
            for why in skipped:
                name = {"supply": "supply", "hand-over": "handover", "combat": "combat",
                        "movement": "movement"}[why.split(":")[0]]
                src = Path(tmp) / "double" / f"{name}.png"
                if src.exists():
                    shutil.copy(src, out / src.name)
                    print(f"{out / src.name} (engine test double: {why})")
        done += _rules_shots(tmp, out)
        done += _map_art(app, out, tmp)
    for p in done:
        print(p)
    return 0


def _rules_shots(tmp: str, out: Path) -> list[Path]:
    """The rules browser (F1) of a D-Day '77 game on its CRT, and of a Utah campaign game on an
    optional rule (weather), each opened from the game's own window."""
    from PySide6.QtWidgets import QApplication

    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.engine_port import open_engine_game

    shots = []
    for scenario, show, name in ((default_scenario_path(), "page:dday77/chart/crt", "rules-crt.png"),
                                 (scenarios_dir() / "utah-campaign.yaml", "rule:FMU-WX-02", "rules-utah-option.png")):
        win = _window(open_engine_game(scenario), tmp)
        kind, _, what = show.partition(":")
        win.show_rule(what) if kind == "rule" else win.show_rules()
        browser = win.rules_browser
        if kind == "page":
            browser.show_page(what)
        browser.resize(1280, 800)
        QApplication.processEvents()
        browser.grab().save(str(out / name))
        shots.append(out / name)
        browser.close()
        win.close()
    return shots


def _map_art(app, out: Path, tmp: str) -> list[Path]:
    """The campaign's Normandy (place names clear of the counters, size marks, the turn
    track of 50 turns) and the Utah map after the first landings (regiments' III marks, one
    "Utah Beach"), the latter reached with seeded legal actions of the real engine."""
    import random

    from ddaydesk.engine import Game, legal_actions
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.engine_port import EnginePort, open_engine_game

    utah = Game(load_scenario(scenarios_dir() / "utah-landing.yaml"), seed=4)
    rng = random.Random(4)
    while not (utah.state.phase.endswith("movement") and sum(p >= 0 for p in utah.state.place) >= 20):
        acts = legal_actions(utah.state, utah.state.active)
        others = [a for a in acts if a.kind != "end_phase"]
        utah.do(rng.choice(others) if others and rng.random() < 0.8
                else next((a for a in acts if a.kind == "end_phase"), acts[0]))
    shots = [("map-labels-normandy", open_engine_game(scenarios_dir() / "dday77-campaign.yaml"), 1.4, "1921"),
             ("map-utah-units", EnginePort(utah), 1.0, "3004")]
    done = []
    for name, port, zoom, hex_label in shots:
        win = _window(port, tmp)
        app.processEvents()
        win.view.set_zoom(zoom)
        win.view.centre_on_place(port.board.index(hex_label))
        for _ in range(10):
            app.processEvents()
            while win.view._prerender_step():
                pass
        win.grab().save(str(out / f"{name}.png"))
        done.append(out / f"{name}.png")
        win.close()
    return done


if __name__ == "__main__":
    sys.exit(main())
