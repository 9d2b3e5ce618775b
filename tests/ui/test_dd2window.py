"""The D-Day2 hot-seat window over the engine's Game: actions listed for the side to act,
zone picking, the battle odds before rolling, undo up to a die roll, the dice log."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ddaydesk.engine import Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import battles
from ddaydesk.rules.dd2.parts import part_anchors
from ddaydesk.ui.dd2window import DD2Window, battle_report
from tests.conftest import ROOT
from tests.rules.dd2.play import choose


@pytest.fixture(scope="module")
def sc():
    return load_scenario(ROOT / "scenarios" / "dday2.yaml")


def items(win):
    return [win.actions.item(i) for i in range(win.actions.count())]


def test_the_side_to_act_sees_its_actions_and_rolls_are_logged(qtbot, sc):  # DD2-PARA-01
    win = DD2Window(Game(sc, seed=1), confirm_battles=False)  # seed 1: the Germans pick
    qtbot.addWidget(win)
    assert [i.text() for i in items(win)] == ["para surprise attack (9 dice)"]
    assert "the Allied player acts" in win.seat.text()
    assert not win.undo_action.isEnabled() and win.undo_action.toolTip() == "nothing to undo"
    win.actions.itemActivated.emit(items(win)[0])
    assert len(win.game.log) == 1
    rolls = [win.log.item(i).text() for i in range(win.log.count()) if "d6 = " in win.log.item(i).text()]
    assert len(rolls) == 9 and all("para attack on" in r and "hits on 1" in r for r in rolls)
    assert not win.undo_action.isEnabled() and "rolled dice" in win.undo_action.toolTip()
    assert win.game.state.extra["dd2"]["pending"]  # the chooser is named, handed the seat, picks
    assert "the German player picks 1 casualty (para attack on" in win.seat.text()
    assert win.statusBar().currentMessage() == "Hand over to the German player"
    assert all(i.text().startswith("lose ") for i in items(win))


def test_a_move_can_be_undone_from_the_window(qtbot, sc):  # DD2-MOVE-01
    g = Game(sc, seed=3)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    win = DD2Window(g, confirm_battles=False)
    qtbot.addWidget(win)
    move = next(i for i in items(win) if i.text().startswith("move "))
    before = g.state.state_hash()
    win.do(move.data(Qt.ItemDataRole.UserRole))
    assert win.undo_action.isEnabled()
    win.undo()
    assert g.state.state_hash() == before and win.redo_action.isEnabled()


def test_clicking_a_zone_lists_its_actions(qtbot, sc):
    g = Game(sc, seed=3)
    while g.state.phase != "german_move":
        g.do(choose(g.state))
    win = DD2Window(g, confirm_battles=False)
    qtbot.addWidget(win)
    everything = win.actions.count()
    z = sc.board.index("12")
    x, y = part_anchors(sc.board)[z]["label"]
    assert win.view.zone_at(x * win.scene.scale, y * win.scene.scale) == z
    win.pick_zone(z)
    texts = [i.text() for i in items(win)]
    assert texts and all("12 Carentan" in t or not t.startswith(("move", "land", "place")) for t in texts)
    assert any(t.startswith("move g12-arm (armour) from 12 Carentan") for t in texts)
    assert len(texts) < everything and "12 Carentan" in win.filter.text()
    win.pick_zone(-1)
    assert win.actions.count() == everything


def test_battle_odds_are_shown_before_the_roll(qtbot, sc):  # DD2-GEN-01
    g = Game(sc, seed=3)
    while not (g.state.phase.endswith("battle") and battles(g.state)):
        g.do(choose(g.state))
    text = battle_report(g.state)
    draws = g.state.dice.draws
    assert text.count("<h3>") == len(battles(g.state)) and "hits 0: " in text and "%" in text
    assert g.state.dice.draws == draws  # nothing rolled to show them
    win = DD2Window(g, confirm_battles=False)
    qtbot.addWidget(win)
    fight = next(i for i in items(win) if i.text() == "fight every battle (one round)")
    ch = win.do(fight.data(Qt.ItemDataRole.UserRole))
    assert ch.dice and any("attack in" in r.purpose for r in ch.dice)


def test_the_app_opens_a_dd2_scenario_and_a_dd2_save_in_the_dd2_window(qtbot, sc, tmp_path):
    from PySide6.QtCore import QSettings

    from ddaydesk.engine import save_game
    from ddaydesk.ui.app import window_for
    from ddaydesk.ui.session import open_game

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = window_for(open_game(ROOT / "scenarios" / "dday2.yaml"), settings, autosave=False)
    qtbot.addWidget(win)
    assert isinstance(win, DD2Window) and win.game.pos == 0
    g = Game(sc, seed=9)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    save_game(g, tmp_path / "dd2.json")
    back = window_for(open_game(tmp_path / "dd2.json"), settings, autosave=False)
    qtbot.addWidget(back)
    assert isinstance(back, DD2Window) and back.game.state.state_hash() == g.state.state_hash()
    story = [back.log.item(i).text() for i in range(back.log.count())]
    assert story[0].startswith("T1 allied: para surprise attack") and sum("d6 = " in t for t in story) == \
        len(g.dice_log())  # the loaded game's story, every die with its purpose


def test_every_action_is_autosaved_and_the_autosave_loads(qtbot, sc, tmp_path, monkeypatch):
    from ddaydesk.engine import load_game
    from ddaydesk.ui import dd2window

    target = tmp_path / "auto.ddaysave"
    monkeypatch.setattr(dd2window, "autosave_path", lambda: target)
    win = DD2Window(Game(sc, seed=3), confirm_battles=False, autosave=True)
    qtbot.addWidget(win)
    win.do(items(win)[0].data(Qt.ItemDataRole.UserRole))
    assert load_game(target).state.state_hash() == win.game.state.state_hash()
