"""A long saved game opens at once from its checkpoint in the real window; its log is then
checked in the background with the progress in the status bar; a save whose log and
checkpoint disagree is refused and the game that was open stays open (ui/savecheck.py)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from PySide6.QtWidgets import QProgressBar

from ddaydesk.engine import OVER, Game, Move, legal_actions, save_game
from ddaydesk.engine.saveload import actions_digest, canonical
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.ui.engine_port import open_engine_game


@pytest.fixture
def long_save(tmp_path):
    """A seeded random tutorial game of a few hundred actions, saved (format 3)."""
    g = Game(load_scenario(default_scenario_path()), 7, {"weather": True})
    rnd = random.Random(7)
    while len(g.log) < 150 and g.state.phase != OVER:
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        g.do(rnd.choice(ends) if ends and rnd.random() < 0.1 else rnd.choice(legal))
    path = tmp_path / "long.ddaysave"
    save_game(g, path)
    return g, path


@pytest.fixture
def win(qtbot, settings):
    from tests.ui.conftest import open_window

    return open_window(qtbot, settings, open_engine_game(default_scenario_path()), autosave=False)


def progress(win) -> QProgressBar | None:
    return win.statusBar().findChild(QProgressBar, "save-check")


def test_a_save_is_shown_at_once_and_checked_in_the_background(qtbot, win, long_save):
    g, path = long_save
    assert win.open_path(str(path), asked=True)
    port = win.port
    # shown from the checkpoint: the position is there, its history is not yet
    assert port.game.state.state_hash() == g.state.state_hash() and port.check is not None
    assert port.game.history_from == len(g.log) and win.controller.view.log == ()
    assert progress(win) is None  # the first frame first: the bar comes with the first slice
    qtbot.waitUntil(lambda: progress(win) is not None, timeout=5000)
    bar = progress(win)
    assert bar.maximum() == len(g.log) and bar.isVisible() and 0 < bar.value() < len(g.log)
    assert not win.controller.apply("a move", lambda: port.end_phase())  # no playing until checked
    assert "still being checked" in win.hint.text()
    win.review.enter()  # review and the report need the history the check brings
    assert not win.review.active and "still being checked" in win.hint.text()
    qtbot.waitUntil(lambda: port.check is None, timeout=20000)
    assert progress(win) is None and "checks out" in win.hint.text()
    assert len(win.controller.view.log) == len(g.log)  # the log came with the history
    assert [s.state_hash() for s in port.game.states] == [s.state_hash() for s in g.states]
    assert win.controller.apply("end of phase", lambda: port.end_phase())


def test_what_the_check_let_go_of_goes_back_to_the_system_once_it_checks_out(qtbot, win, long_save, monkeypatch):
    from ddaydesk.ui import savecheck

    trims = []
    monkeypatch.setattr(savecheck, "trim", lambda: trims.append(win.port.check))
    assert win.open_path(str(long_save[1]), asked=True)
    port = win.port
    qtbot.waitUntil(lambda: port.check is None, timeout=20000)
    assert trims == [None]  # once, after the check is over (not per slice)


def _tamper(path) -> None:
    """Move a unit in the checkpoint and make the save's hash agree: only the replay can tell."""
    doc = json.loads(path.read_text())
    units = doc["checkpoints"][-1]["position"]["units"]
    uid = next(u for u, v in units.items() if v["place"] is not None)
    units[uid]["place"] = "0101" if units[uid]["place"] != "0101" else "0102"
    doc["final_state_hash"] = hashlib.sha256(canonical(doc["checkpoints"][-1]["position"]).encode()).hexdigest()
    assert doc["actions_sha256"] == actions_digest(doc["actions"])
    path.write_text(json.dumps(doc, indent=1))


def test_a_save_whose_log_and_checkpoint_disagree_is_refused_and_the_open_game_stays(qtbot, win, long_save):
    g, path = long_save
    before = win.port
    hash_before = before.game.state.state_hash()
    _tamper(path)
    assert win.open_path(str(path), asked=True)  # shown at once...
    tampered = win.port
    assert tampered is not before
    qtbot.waitUntil(lambda: win.port is before, timeout=20000)  # ...until the check refuses it
    assert before.game.state.state_hash() == hash_before and progress(win) is None
    assert win.controller.port is before
    box = win.problem_box
    assert "long.ddaysave was not opened" in box.text()
    assert "is not the one the action log leads to" in box.informativeText()


def test_an_old_save_is_replayed_whole_before_it_is_shown(qtbot, win, long_save, tmp_path):
    g, path = long_save
    doc = json.loads(path.read_text())
    del doc["checkpoints"]
    doc["version"] = 2
    old = tmp_path / "old.ddaysave"
    old.write_text(json.dumps(doc, indent=1))
    assert win.open_path(str(old), asked=True)
    assert win.port.check is None and progress(win) is None
    assert len(win.controller.view.log) == len(g.log)


@pytest.mark.parametrize("later", [False, True])
def test_a_refused_save_at_start_up_leaves_a_new_game_of_its_scenario(qtbot, settings, long_save, later):
    """``later``: refused before the window's docks were filled (ui/startup.py); they are
    filled for the new game."""
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.savecheck import check_opened

    g, path = long_save
    _tamper(path)
    port = open_engine_game(path)
    w = MainWindow(port, settings, autosave=False, later=later)
    qtbot.addWidget(w)
    w.show()
    check_opened(w, port, str(path), None)
    qtbot.waitUntil(lambda: w.port is not port, timeout=20000)
    assert w.port.game.pos == 0 and w.port.scenario.id == g.scenario.id and w.save_path is None
    assert "is not the one the action log leads to" in w.problem_box.informativeText()
    assert w.built is not later
    w.build()
    assert w.unit_model.rowCount() == len(w.controller.view.units)
    assert w.actions_panel.choices == w.controller.choices() and w.hex_info.port is w.port


def _deleted_and_collected() -> None:
    """What the window's event loop does when it next runs: objects whose deleteLater was
    called are deleted (``processEvents`` alone never does it)."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def test_the_game_a_save_replaced_is_let_go_once_the_save_checks_out(qtbot, win, long_save):
    """Memory: the game that was open is kept while the new one's log is checked (to put it
    back), not after; nor do the window's unit models keep it."""
    import weakref

    _g, path = long_save
    before = weakref.ref(win.port.game)
    assert win.open_path(str(path), asked=True)
    qtbot.waitUntil(lambda: win.port.check is None, timeout=20000)
    _deleted_and_collected()
    assert before() is None
