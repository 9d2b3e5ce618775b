"""Any scenario or save opens from any other in the same window, with no restart: every
ordered pair of shipped scenarios, over the real engine. In each game the window plays a few
legal actions, undoes one, saves, and reopens the save; Qt warnings and exceptions in slots
fail the test (pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from ddaydesk.formats.catalog import bundled_scenarios
from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.mainwindow import MainWindow
from tests.ui.drive import play, scripted

SCENARIOS = sorted(e.path for e in bundled_scenarios() if e.ok)


def circuit(n: int) -> list[int]:
    """A walk through 0..n-1 that goes from every node to every other exactly once (an Euler
    circuit of the complete directed graph): all ordered pairs in n*(n-1) steps."""
    out_edges = {a: [b for b in range(n) if b != a] for a in range(n)}
    stack, walk = [0], []
    while stack:
        v = stack[-1]
        if out_edges[v]:
            stack.append(out_edges[v].pop())
        else:
            walk.append(stack.pop())
    return walk[::-1]


def test_every_shipped_scenario_takes_part():
    """Koenig's Sword and the D-Day Dice Battle Maps too: none drops out of the walk below."""
    shipped = sorted(str(p) for p in scenarios_dir().glob("*.yaml"))
    assert [str(Path(p)) for p in SCENARIOS] == shipped
    names = {Path(p).stem for p in SCENARIOS}
    assert {"sword", "ddd-omaha", "ddd-solitaire", "dday2", "tutorial"} <= names


def test_the_circuit_covers_every_ordered_pair_once():
    walk = circuit(6)
    pairs = list(zip(walk, walk[1:], strict=False))
    assert len(pairs) == 30 and set(pairs) == {(a, b) for a in range(6) for b in range(6) if a != b}


def play_undo_save_reopen(qtbot, win, save, seed: int) -> None:
    port = win.port
    game = port.game
    choose = scripted(seed)
    undone = False
    for _ in range(12):  # a few actions, until the last one may be taken back (no die rolled)
        if play(qtbot, win, choose, 1) == 0:
            break
        if win.undo_action.isEnabled():
            before = game.states[game.pos - 1].state_hash()
            win.undo_action.trigger()
            assert game.state.state_hash() == before
            undone = True
            break
    assert undone, f"{port.scenario.id}: no undoable action in twelve"
    assert win.save_to(str(save)) and not win.unsaved()
    expected = game.state.state_hash()
    assert win.open_path(str(save))  # saved: no question asked
    assert win.port is not port and win.port.game.state.state_hash() == expected
    assert win.save_path == str(save)


def test_every_scenario_opens_after_every_other_in_one_window(qtbot, settings, tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(MainWindow, "ask_unsaved", lambda self: asked.append(1) or QMessageBox.StandardButton.Save)
    walk = circuit(len(SCENARIOS))
    win = MainWindow(open_engine_game(SCENARIOS[walk[0]]), settings, autosave=True)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    seen = []
    for step, k in enumerate(walk):
        if step:
            assert win.open_path(SCENARIOS[k])
        QApplication.processEvents()  # drawn: map tiles, counters, docks
        assert Path(win.port.scenario.source).resolve() == Path(SCENARIOS[k]).resolve()
        assert win.windowTitle().endswith(win.port.scenario.title)
        assert win.view.fitted or win.controller.view.setup  # (a set-up opens on its places: test_playaids)
        on_map = {u.id for u in win.controller.view.units if u.place >= 0 and not u.eliminated}
        assert win.scene.board is win.port.board and set(win.scene.counters.units) == on_map
        play_undo_save_reopen(qtbot, win, tmp_path / f"{step}.ddaysave", step)
        seen.append(k)
    assert asked == [] and sorted(set(seen)) == list(range(len(SCENARIOS)))
    last = win.port.game.state.state_hash()
    win.open_path(SCENARIOS[walk[1]])
    win.restore_autosave()  # the game as it was after its last action (the undo before saving)
    assert win.port.game.state.state_hash() == last and win.save_path is None


@pytest.mark.parametrize("answer, leaves", [("Save", True), ("Discard", True), ("Cancel", False)])
def test_an_unsaved_game_asks_before_it_is_left(qtbot, settings, tmp_path, monkeypatch, answer, leaves):
    button = getattr(QMessageBox.StandardButton, answer)
    asked = []
    monkeypatch.setattr(MainWindow, "ask_unsaved", lambda self: asked.append(1) or button)
    monkeypatch.setattr(MainWindow, "save_as", lambda self: self.save_to(str(tmp_path / "asked.ddaysave")))
    win = MainWindow(open_engine_game(SCENARIOS[0]), settings, autosave=True)
    qtbot.addWidget(win)
    assert win.open_path(SCENARIOS[1]) and asked == []  # nothing done yet: nothing to ask
    port = win.port
    play(qtbot, win, scripted(1), 1)
    assert win.unsaved()
    assert win.open_path(SCENARIOS[2]) is leaves and asked == [1]
    assert (win.port is not port) is leaves
    assert (tmp_path / "asked.ddaysave").exists() is (answer == "Save")
    if not leaves:  # Quit asks the same; Cancel keeps the window and the game
        win.show()
        assert not win.close() and win.isVisible() and win.port is port and asked == [1, 1]
        win.controller.unsaved = 0  # let the fixture close it


def test_an_open_rules_browser_follows_the_game_opened_and_closes_with_the_window(qtbot, settings):
    win = MainWindow(open_engine_game(scenarios_dir() / "tutorial.yaml"), settings, autosave=False)
    qtbot.addWidget(win)
    win.show_rules()
    assert win.rules_browser.isVisible() and win.rules_browser.help.ctx.system == "dday77"
    assert win.open_path(str(scenarios_dir() / "sword.yaml"))
    assert win.rules_browser.isVisible() and win.rules_browser.help.ctx.system == "pkd"
    win.rules_browser.close()
    assert win.open_path(str(scenarios_dir() / "ddd-omaha.yaml"))
    assert not win.rules_browser.isVisible()  # a closed browser stays closed
    win.show_rules()
    assert win.close() and not win.rules_browser.isVisible()  # it goes with its game window
