"""Fixtures: the tutorial scenario, the engine test double, a main window with private settings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from tests.ui.fakeport import FakeGame


@pytest.fixture(autouse=True)
def _isolated_paths(tmp_path, monkeypatch):
    """Settings, autosave and saves go to a temporary folder, never the user's."""
    QStandardPaths.setTestModeEnabled(True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path))
    yield


@pytest.fixture(autouse=True)
def _unsaved_games_are_discarded(monkeypatch):
    """Closing a window with unsaved actions asks Save / Discard / Cancel in a modal box; the
    tests answer Discard (a test of the question itself sets its own answer)."""
    from PySide6.QtWidgets import QMessageBox

    from ddaydesk.ui.mainwindow import MainWindow

    monkeypatch.setattr(MainWindow, "ask_unsaved", lambda self: QMessageBox.StandardButton.Discard)


@pytest.fixture(scope="session")
def scenario():
    return load_scenario(default_scenario_path())


@pytest.fixture
def game(scenario):
    return FakeGame(scenario)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "ddaydesk.ini"), QSettings.Format.IniFormat)


def open_window(qtbot, settings, port, autosave: bool = True):
    """A main window on ``port`` at 1280x800, shown, the map fitted."""
    from ddaydesk.ui.mainwindow import MainWindow

    win = MainWindow(port, settings, autosave=autosave)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    return win


@pytest.fixture
def window(qtbot, game, settings):
    return open_window(qtbot, settings, game)


def shown(label) -> str:
    """The words a rich-text label shows (status bar, dialogs: rule ids there are links)."""
    from PySide6.QtGui import QTextDocumentFragment

    return QTextDocumentFragment.fromHtml(label.text()).toPlainText()
