"""Files: broken files leave the game untouched; autosave survives a kill; atomic writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from ddaydesk.ui.app import mark_running, restore_offered
from ddaydesk.ui.session import add_recent, open_game, recent_files, write_atomic


def test_broken_file_shows_problems_and_keeps_the_game(qtbot, window, game, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: x\ntitle: t\nsystem: dday77\nmap: tutorial\nturns: {first: 1, last: 2}\n"
                   "first_player: allied\nunits:\n  - {id: a, side: allied, nationality: us, type: tank,"
                   " attack: 1, defence: 1, movement: 1, hex: \"0907\"}\n")
    before_port, before_units = window.controller.port, dict(game.units)
    assert not window.open_path(str(bad))
    box = window.problem_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "bad.yaml:9:" in box.informativeText()  # file:line:col of the bad unit type
    assert window.controller.port is before_port and game.units == before_units
    box.close()


def test_newer_format_version_is_refused(qtbot, window, tmp_path):
    newer = tmp_path / "newer.yaml"
    text = Path("scenarios/tutorial.yaml").read_text().replace("format: 1", "format: 99", 1)
    newer.write_text(text)
    port = window.controller.port
    assert not window.open_path(str(newer))
    assert "version 99 is not supported" in window.problem_box.informativeText()
    assert window.controller.port is port
    window.problem_box.close()


def test_killed_mid_game_offers_restore_at_the_last_action(tmp_path):
    ini = tmp_path / "settings.ini"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    child = subprocess.Popen([sys.executable, str(Path(__file__).with_name("crash_child.py")), str(ini)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        autosave = Path(child.stdout.readline().strip())
        expected = child.stdout.readline().strip()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    assert restore_offered(settings, autosave)
    restored = open_game(autosave)  # replayed and verified by the engine
    assert restored.game.state.state_hash() == expected  # the game after its last action
    mark_running(settings, False)  # a clean exit: no offer next time
    assert not restore_offered(settings, autosave)


def test_write_atomic_replaces_whole_file(tmp_path):
    target = tmp_path / "game.ddaysave"
    target.write_bytes(b"old")
    write_atomic(target, b"new contents")
    assert target.read_bytes() == b"new contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.ddaysave"]  # no temporary left behind


def test_recent_files_most_recent_first_without_duplicates(settings, tmp_path):
    for name in ("a", "b", "a"):
        add_recent(settings, str(tmp_path / name))
    assert recent_files(settings) == [str(tmp_path / "a"), str(tmp_path / "b")]


def test_start_after_a_crash_offers_the_autosave_and_restores_it(qtbot, monkeypatch, tmp_path):
    """run_gui asks when the last run did not exit cleanly, then opens the autosave."""
    from PySide6.QtWidgets import QApplication

    from ddaydesk.engine import current_phase
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.ui import app as app_mod
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import autosave_path

    app_mod.make_app()  # application and organisation names: where QSettings() points
    port = open_game(default_scenario_path())
    while current_phase(port.game.state).kind != "movement":
        port.end_phase()
    write_atomic(autosave_path(), port.save_bytes())
    settings = QSettings()
    mark_running(settings, True)  # as a killed run leaves it
    asked, shown = [], []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    monkeypatch.setattr(MainWindow, "show", lambda self: shown.append(self))
    assert app_mod.run_gui() == 0
    assert asked and shown
    question = asked[0][2]  # names the game: which of several games to restore
    assert port.game.scenario.title in question and f"turn {port.game.state.turn}" in question
    assert f"({len(port.game.log)} action" in question
    win = shown[0]
    qtbot.addWidget(win)
    assert win.controller.port.game.state.state_hash() == port.game.state.state_hash()
    assert not restore_offered(QSettings())  # the clean exit cleared the flag


def test_the_restore_offer_without_a_readable_autosave_asks_without_naming_a_game(tmp_path):
    from ddaydesk.ui.app import restore_question

    broken = tmp_path / "autosave.ddaysave"
    broken.write_text("{}")
    for path in (broken, tmp_path / "missing.ddaysave"):
        assert restore_question(path) == ("ddaydesk did not close normally last time. Restore the game "
                                          "as it was after its last action?")
