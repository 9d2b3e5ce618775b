#!/usr/bin/env python3
"""Stage one screen of play on the map in a real window, for a screenshot taken from outside
(``../shared/tools/xshot.sh``, a real X display): the window is driven as a player drives it
(clicks, Ctrl+clicks, the pointer moved over the map, keys), then left open.

    ../shared/tools/xshot.sh docs/screenshots/attack-three-units.png --size 1280x800 --wait 12 -- \\
        .venv/bin/python tools/play_screenshots.py attack

Scenes: attack, attack-pick, obligations, landing, reinforcement, drop, undo, a-outside-combat, whatif.
``tools/play_screenshots.sh`` takes them all.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from PySide6.QtCore import QSettings, Qt, QTimer
    from PySide6.QtGui import QCursor
    from PySide6.QtTest import QTest

    from ddaydesk.engine import Game, legal_actions
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.engine_port import EnginePort, open_engine_game
    from ddaydesk.ui.mainwindow import MainWindow

    scene = sys.argv[1] if len(sys.argv) > 1 else "attack"
    app = make_app()
    tmp = tempfile.mkdtemp()
    settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)

    def open_window(port):
        w = MainWindow(port, settings, autosave=False)
        w.move(0, 0)
        w.resize(1280, 800)
        w.show()
        app.processEvents()
        return w

    def settle(ms: int = 60) -> None:
        QTest.qWait(ms)

    def point(w, label_or_place) -> None:
        """The real pointer over a place (hover effects as a player sees them)."""
        p = label_or_place if isinstance(label_or_place, int) else w.port.board.index(label_or_place)
        QCursor.setPos(w.view.viewport().mapToGlobal(w.view.view_point_of(p)))
        settle(120)
        w._hovered(p)

    def click(w, label_or_place, ctrl: bool = False) -> None:
        p = label_or_place if isinstance(label_or_place, int) else w.port.board.index(label_or_place)
        mods = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
        QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, mods, w.view.view_point_of(p))
        settle()

    def key(combo: str) -> None:
        """A real key press (xdotool) to the game window, focused first (no window manager)."""
        import subprocess

        subprocess.run(["xdotool", "search", "--name", "^ddaydesk", "windowfocus"], check=False)
        settle(200)
        subprocess.run(["xdotool", "key", combo], check=False)
        settle(300)

    def end_to(w, phase: str) -> None:
        while w.port.game.state.phase != phase:
            w.actions_panel.end_button.click()
            settle(20)

    def zoom_on(w, label: str, scale: float) -> None:
        w.view.set_zoom(scale)
        w.view.centre_on_place(w.port.board.index(label))
        settle(200)

    def attack():
        w = open_window(open_engine_game(default_scenario_path(), {"tactical_air": True}))
        zoom_on(w, "0908", 1.6)
        end_to(w, "allied.movement")
        for uid, to in (("us-1-inf", "0908"), ("us-29-inf", "0808"), ("br-7-arm", "1008")):
            click(w, w.controller.unit(uid).place)
            click(w, to)
        end_to(w, "allied.combat")
        zoom_on(w, "0908", 1.6)
        click(w, w.controller.unit("us-1-inf").place)
        click(w, w.controller.unit("us-29-inf").place, ctrl=True)
        click(w, w.controller.unit("br-7-arm").place, ctrl=True)
        point(w, "0909")
        click(w, "0909")
        dlg = w.aids.attacks.dialog
        dlg.support_form.controls["cas"].setValue(4)
        return w

    def attack_pick():
        w = attack()
        w.aids.attacks.dialog.close()
        settle(100)
        click(w, w.controller.unit("us-1-inf").place)
        click(w, w.controller.unit("us-29-inf").place, ctrl=True)
        click(w, w.controller.unit("br-7-arm").place, ctrl=True)
        point(w, "0909")
        return w

    def obligations():
        w = open_window(open_engine_game(default_scenario_path()))
        end_to(w, "allied.combat")
        zoom_on(w, "1207", 1.5)
        w.actions_dock.raise_()
        w.actions_panel.end_button.click()
        settle(200)
        if w.aids.duty_box is not None:
            w.aids.duty_box.move(440, 560)
        return w

    def campaign_invasion():
        w = open_window(open_engine_game(scenarios_dir() / "dday77-campaign.yaml"))
        end_to(w, "allied.movement")
        k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices())
                 if kind == "invade" and "Normandy" in text)
        w.take_choice(k, "invade Normandy")
        settle(100)
        w.aids.pool_dock.raise_()
        return w

    def landing():
        w = campaign_invasion()
        zoom_on(w, "1719", 1.3)
        w.aids.pool.choose("land_from_sea:us-1")
        click(w, "1618")
        w.aids.pool.choose("land_from_sea:us-29")
        point(w, "1719")
        return w

    def drop():
        w = open_window(open_engine_game(scenarios_dir() / "utah-landing.yaml"))
        w.aids.pool_dock.raise_()
        state = w.port.game.state
        board = w.port.board
        near = {"dz:82": "2503", "dz:101": "2206"}  # Sainte-Mère-Église, Sainte-Marie-du-Mont (history)
        while state.phase not in ("landing.drop", "landing.hazards"):
            arrivals = [a for a in w.aids.pool.arrivals.values() if a.places]
            if arrivals:
                a = arrivals[0]
                w.aids.pool.choose(a.key)
                spot = board.index(near[a.key]) if a.key in near else min(a.places)
                click(w, min(a.places, key=lambda p: (board.distance(p, spot), p)))
            else:
                w.actions_panel.end_button.click()
            settle(10)
            state = w.port.game.state
        rolls = [a for a in w.aids.pool.arrivals.values() if a.key.startswith("roll_drop:")]
        for a in rolls[:-1]:
            w.aids.pool.choose(a.key)
            click(w, next(iter(a.places)))
        last = rolls[-1]
        w.aids.pool.choose(last.key)
        zoom_on(w, w.port.board.labels[next(iter(last.places))], 1.1)
        w.aids.pool.choose(last.key)
        return w

    def reinforcement():
        from tests.ui.test_attacks import play_to

        w = open_window(open_engine_game(default_scenario_path()))
        play_to(w, 2, "allied.movement")  # (turn 1's compulsory attacks made from the checklist)
        w.aids.pool_dock.raise_()
        w.view.fit()
        w.aids.pool.choose("move:us-2-arm")
        point(w, "1108")
        return w

    def tutorial_at(label: str):
        w = open_window(open_engine_game(default_scenario_path()))
        zoom_on(w, label, 1.6)
        return w

    def undo():
        w = tutorial_at("0907")
        click(w, w.controller.unit("us-1-inf").place)
        click(w, "0908")
        click(w, w.controller.unit("us-1-inf").place)  # "has already moved this phase"
        key("ctrl+z")
        return w

    def a_outside():
        w = tutorial_at("1207")
        click(w, w.controller.unit("ca-3-inf").place)
        point(w, "1308")
        key("a")  # the pointer stays on the 21st Panzer Division
        return w

    def whatif():
        sc = load_scenario(ROOT / "tests" / "data" / "supply" / "hq_cut.yaml")
        g = Game(sc, 1)
        while g.state.phase != "allied.movement":
            g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == "end_phase"))
        w = open_window(EnginePort(g))
        w.set_layer("supply", True)
        w.view.fit()
        settle(100)
        click(w, w.controller.unit("br-7-arm").place)
        point(w, "1113")
        return w

    scenes = {"attack": attack, "attack-pick": attack_pick, "obligations": obligations, "landing": landing, "drop": drop,
              "reinforcement": reinforcement, "undo": undo, "a-outside-combat": a_outside, "whatif": whatif}
    keep = []
    QTimer.singleShot(300, lambda: keep.append(scenes[scene]()))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
