"""Review and report timings on the 2,000-action campaign game (issue 16), in the real window
offscreen (raster, 1280x800):

* one action stepped in review: the view of that position, the map, docks and review bar
  redrawn and the map painted. Targets: <= 20 ms. Measured with the next position's supply
  marks worked out while the player looks (the review does it when idle), and cold;
* a jump to a turn (each of the 25, cold): <= 200 ms;
* the game report written (every turn's words and map picture): <= 10 s.

Timed in CPU seconds of this process (``time.process_time``): the machine is shared, and the
wall clock of a step swings 2-4x with the load of others; everything here runs in this
process (the paint is Qt's raster engine).

    .venv/bin/python -m pytest benchmarks/test_review_bench.py --benchmark-only
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QSettings, QTemporaryDir
from PySide6.QtWidgets import QApplication

from ddaydesk.ui.engine_port import EnginePort
from tests.ui.longgame import CACHE, campaign_game

CPU = pytest.mark.benchmark(timer=time.process_time)


@pytest.fixture(scope="module")
def campaign():
    return campaign_game(CACHE)


@pytest.fixture
def win(app, campaign):
    from ddaydesk.ui.mainwindow import MainWindow

    tmp = QTemporaryDir()
    w = MainWindow(EnginePort(campaign), QSettings(tmp.filePath("s.ini"), QSettings.Format.IniFormat),
                   autosave=False)
    w.resize(1280, 800)
    w.show()
    QApplication.processEvents()
    yield w
    w.close()


def _step(win, sid: str) -> None:
    win.review.step(sid)
    win.view.viewport().repaint()


@CPU
def test_step_one_action(benchmark, win):
    """Back and forth about action 1,000, the review idle between steps (as between a
    player's key presses): the next position's supply marks are ready."""
    rv = win.review
    rv.enter(1000)
    k = iter(range(10**9))

    def setup():
        QApplication.processEvents()  # idle: the review works ahead
        return (), {}

    def step():
        _step(win, "action+" if next(k) % 40 < 20 else "action-")

    benchmark.pedantic(step, setup=setup, rounds=80, iterations=1)
    assert 980 <= rv.port.at <= 1020


@CPU
def test_step_one_action_cold(benchmark, win):
    """Forward through turns 15-16 with nothing worked out ahead (a held key)."""
    rv = win.review
    rv.enter(1100)
    benchmark.pedantic(lambda: _step(win, "action+"), rounds=80, iterations=1)


@CPU
def test_jump_to_a_turn(benchmark, win, campaign):
    rv = win.review
    rv.enter(0)
    turns = iter(list(range(25, 0, -1)) * 4)

    def jump():
        rv.jump_to_turn(next(turns))
        win.view.viewport().repaint()

    benchmark.pedantic(jump, setup=lambda: (rv.port._memo.clear(), ((), {}))[1], rounds=25, iterations=1)
    assert rv.port.at == campaign.find(1)


@CPU
def test_write_the_report(benchmark, app, campaign):
    from ddaydesk.report import report_html

    page = benchmark.pedantic(lambda: report_html(campaign), rounds=2, iterations=1)
    assert page.count('<section class="turn"') == 25
