"""The aids to play over the real engine: a game opening on places to choose shows them."""

from __future__ import annotations

from pathlib import Path

from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.mapview import SMALL_HEX

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _opened(qtbot, settings, name):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(open_engine_game(SCENARIOS / name), settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_utah_landing_opens_on_its_six_beaches_large_enough_to_click(qtbot, settings):
    """It opened with the whole map fitted, at 30 %, the beachheads' hexes a few pixels wide."""
    w = _opened(qtbot, settings, "utah-landing.yaml")
    v, geom = w.view, w.view.map.geom
    beaches = [p for _k, _t, places in w.controller.choices() for p in places]
    assert len(beaches) == 6
    assert geom.scale * v.transform().m11() >= SMALL_HEX
    seen = v.mapToScene(v.viewport().rect()).boundingRect()
    assert all(seen.contains(geom.bounds[p]) for p in beaches)
    qtbot.waitUntil(lambda: v.fit_rect is None)  # the frame let go once laid out:
    assert not v.fitted  # a resize keeps it...
    v.fit()  # ...and Ctrl+0 shows the whole map
    assert geom.scale * v.transform().m11() < SMALL_HEX


def test_a_game_opening_on_moves_opens_on_the_whole_map(qtbot, settings):
    """D-Day '77's first phase is movement, its choices an invasion area's: the whole map."""
    w = _opened(qtbot, settings, "dday77-campaign.yaml")
    assert w.controller.choices() and not w.controller.view.setup
    assert w.view.fit_rect is None and w.view.fitted
