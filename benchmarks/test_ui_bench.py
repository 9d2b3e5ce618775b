"""UI timings (offscreen, raster, 1280x800): scene build, pan/zoom frame, hover -> range and
path shown, start to first painted map. Targets from issue 6 and perf.md §9."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import pytest
from PySide6.QtCore import QSettings, QTemporaryDir
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ddaydesk.ui.mapview import MapScene, MapView
from ddaydesk.ui.palette import DEFAULT
from tests.ui.fakeport import FakeGame


def _view(position):
    scenario, units = position
    scene = MapScene(scenario.board, DEFAULT)
    view = MapView(scene)
    view.resize(1280, 800)
    view.show()
    view.fit()
    scene.counters.set_units(units)
    QApplication.processEvents()  # the expose event
    view.viewport().repaint()
    return scene, view


def test_scene_build_and_first_paint(benchmark, app, position):
    """Target: <= 300 ms (geometry, counters, first frame with its tiles drawn)."""
    benchmark.pedantic(lambda: _view(position), rounds=5, iterations=1)


def _warm_view(position, zoom):
    scene, view = _view(position)
    view.set_zoom(zoom)
    steps = [(12, 0)] * 20 + [(0, 12)] * 20 + [(-12, 0)] * 20 + [(0, -12)] * 20
    for dx, dy in steps:  # warm: draw this level's tiles once, as the idle view would
        view.pan_by(dx, dy)
        view.viewport().repaint()
        while view._prerender_step():
            pass
    return view, steps


@pytest.mark.parametrize("zoom", [0.35, 1.0])
def test_pan_frame(benchmark, app, position, zoom):
    """Target: median <= 4 ms per frame at rest (12 px steps; 0.35 shows the whole map)."""
    view, steps = _warm_view(position, zoom)
    k = iter(range(10**9))

    def frame():
        dx, dy = steps[next(k) % len(steps)]
        view.pan_by(dx, dy)
        view.viewport().repaint()

    benchmark.pedantic(frame, rounds=300, iterations=1, warmup_rounds=60)


def test_zoom_frame(benchmark, app, position):
    """Wheel zoom in 2 % steps: coarse tiles scaled until the wheel rests (target <= 4 ms)."""
    view, _steps = _warm_view(position, 0.8)
    k = iter(range(10**9))

    def frame():
        i = next(k)
        view.zoom_by(1.02 if (i // 15) % 2 else 1 / 1.02)
        view.viewport().repaint()

    benchmark.pedantic(frame, rounds=150, iterations=1, warmup_rounds=30)


def test_hover_range_and_path(benchmark, app, position):
    """Target: <= 10 ms from the hover event to the range and path drawn (the engine's
    range is computed once, on selection)."""
    from ddaydesk.ui.mainwindow import MainWindow

    tmp = QTemporaryDir()
    game = FakeGame(position[0])
    game.units = {u.id: u for u in position[1]}
    win = MainWindow(game, QSettings(tmp.filePath("s.ini"), QSettings.Format.IniFormat), autosave=False)
    win.resize(1280, 800)
    win.show()
    QTest.qWaitForWindowExposed(win)
    uid = next(u.id for u in game.units.values() if u.side == "allied" and len(game.legal_moves(u.id).cost) > 8)
    win.controller.select(uid)
    targets = [p for p in win.controller.range.cost if p != win.controller.range.start]
    win.view.centre_on_place(targets[0])
    k = iter(range(10**9))

    def hover():
        win._hovered(targets[next(k) % len(targets)])
        win.view.viewport().repaint()

    benchmark.pedantic(hover, rounds=200, iterations=1)


def test_select_shows_range(benchmark, app, position):
    """Selecting a unit: the engine's range drawn as one overlay path (plus repaint)."""
    scene, view = _view(position)
    game = FakeGame(position[0])
    game.units = {u.id: u for u in position[1]}
    rng = game.legal_moves(next(u.id for u in game.units.values() if u.side == "allied"))

    def show():
        scene.overlays.show_range(rng)
        view.viewport().repaint()

    benchmark.pedantic(show, rounds=100, iterations=1)


@pytest.mark.parametrize("game", ["tutorial", "dday77-campaign"])
def test_start_to_first_paint(benchmark, game):
    """Target: <= 1.0 s from process start to the first painted map (``--smoke``)."""
    from ddaydesk.paths import scenarios_dir

    path = str(scenarios_dir() / f"{game}.yaml")

    def start():
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "ddaydesk", path, "--smoke"], check=True,
                       capture_output=True)
        return time.perf_counter() - t

    times = []
    benchmark.pedantic(lambda: times.append(start()), rounds=3, iterations=1)
    assert statistics.median(times) > 0
