"""The window's geometry: a fitted map is fitted again when the window is resized or
maximised, dock widths follow the scale factor (text units, bounded by the window), and a
restored geometry is clamped to the screen the window opens on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings

from ddaydesk.ui.docks import DOCK_SHARE, dock_width
from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.mainwindow import MainWindow
from tests.conftest import ROOT


def _window(qtbot, settings, name="dday2.yaml"):
    win = MainWindow(open_engine_game(ROOT / "scenarios" / name), settings, autosave=False)
    qtbot.addWidget(win)
    return win


def _fits(win) -> bool:
    """The whole map is in view, touching two opposite edges of the viewport."""
    r = win.view.mapFromScene(win.scene.geom.rect).boundingRect()
    vp = win.view.viewport().rect()
    return vp.adjusted(-2, -2, 2, 2).contains(r) and (abs(r.width() - vp.width()) <= 3
                                                      or abs(r.height() - vp.height()) <= 3)


def test_a_fitted_map_is_fitted_again_when_the_window_changes_size(qtbot, settings):
    win = _window(qtbot, settings)
    win.resize(900, 600)
    win.show()
    qtbot.waitExposed(win)
    assert win.view.fitted and _fits(win)
    small = win.view.transform().m11()
    win.resize(1400, 900)
    qtbot.waitUntil(lambda: _fits(win))
    assert win.view.transform().m11() > small
    win.showMaximized()
    qtbot.waitUntil(lambda: _fits(win))
    win.showNormal()
    win.view.zoom_by(1.5)  # the player zoomed: a resize keeps the scale
    assert not win.view.fitted
    scale = win.view.transform().m11()
    win.resize(1000, 700)
    qtbot.waitUntil(lambda: win.width() == 1000)
    assert win.view.transform().m11() == scale
    win.view.fit()
    assert win.view.fitted


def test_dock_width_is_set_in_text_units_and_bounded_by_the_window(qtbot, settings):
    win = _window(qtbot, settings)
    win.resize(1280, 800)
    win.show()
    lo, hi = (1280 * share for share in DOCK_SHARE)
    qtbot.waitUntil(lambda: lo - 8 <= win.hex_dock.width() <= hi + 8)  # once laid out
    assert abs(win.hex_dock.width() - dock_width(win)) <= 8
    small = _window(qtbot, QSettings(str(Path(settings.fileName()).with_name("small.ini")), QSettings.Format.IniFormat))
    small.resize(640, 400)  # the logical size of a 1280x800 screen at scale factor 2
    small.show()
    qtbot.waitUntil(lambda: small.hex_dock.width() <= 640 * DOCK_SHARE[1] + 8)
    assert small.view.width() >= 640 * 0.6


def test_docks_follow_the_scale_factor(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR="2", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, str(Path(__file__).with_name("scale_child.py")), str(tmp_path / "s.ini")],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    dpr, width, dock, view = (float(x) for x in r.stdout.split())
    assert dpr == 2 and width == 640
    assert 640 * DOCK_SHARE[0] - 8 <= dock <= 640 * DOCK_SHARE[1] + 8 and view >= 640 * 0.6


def test_a_restored_geometry_is_clamped_to_the_screen(qtbot, settings):
    first = _window(qtbot, settings)
    avail = first.screen().availableGeometry()
    assert avail.width() < 1280 and first.width() <= avail.width()  # the default size, clamped too
    first.show()
    first.setGeometry(QRect(avail.right() + 500, avail.bottom() + 400, avail.width() * 3, avail.height() * 3))
    first.close()  # saves the geometry
    again = _window(qtbot, settings)
    again.show()
    assert avail.contains(again.geometry()), (avail, again.geometry())
    fitting = QRect(avail.left() + 10, avail.top() + 10, avail.width() // 2, avail.height() // 2)
    again.setGeometry(fitting)
    again.close()
    third = _window(qtbot, settings)
    third.show()
    assert third.geometry().size() == fitting.size()  # what fits is restored as it was


def test_every_dock_tab_title_is_whole_at_1280x800(qtbot, settings, monkeypatch):
    """The D-Day '77 campaign at 1280x800 (a fresh layout): the tabbed docks' titles all show
    side by side, none behind the tab bar's scroll buttons, even where a font's tab titles are
    wider than its average characters say (here: a dock of fewer characters)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTabBar

    from ddaydesk.ui import docks

    monkeypatch.setattr(docks, "DOCK_CHARS", 30)
    win = _window(qtbot, settings, "dday77-campaign.yaml")
    win.resize(1280, 800)
    win.show()
    qtbot.waitUntil(lambda: win._sized)
    bar = next(b for b in win.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
               if b.isVisible() and b.count() >= 5)
    assert {"Units", "Log", "Dice", "Actions", "Arrivals"} <= {bar.tabText(i) for i in range(bar.count())}
    need = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert win.fontMetrics().averageCharWidth() * 30 < need  # (the case this test is about)
    assert bar.width() >= need, (bar.width(), need)
    assert win.view.width() >= 1280 * 0.6


@pytest.mark.parametrize(("name", "last"), [("ddd-omaha.yaml", "Score sheet"), ("sword.yaml", "Command Cup")])
def test_six_dock_tabs_are_whole_at_1280x800(qtbot, settings, name, last):
    """D-Day Dice's and Koenig's sixth dock tab (Score sheet, Command Cup) shows whole beside
    the other five at 1280x800 (they were behind the tab bar's scroll buttons), and the map
    keeps its room."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTabBar

    win = _window(qtbot, settings, name)
    win.resize(1280, 800)
    win.show()
    qtbot.waitUntil(lambda: win._sized)
    bar = next(b for b in win.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
               if b.isVisible() and b.count() >= 6)
    assert bar.tabText(bar.count() - 1) == last
    assert bar.width() >= sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    assert win.view.width() >= 1280 * 0.35  # (D-Day Dice's left column of cards takes a third too)
