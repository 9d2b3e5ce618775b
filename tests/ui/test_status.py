"""The status bar and the dialogs as a player meets them, over the real engine: messages name
units and places, and they go on undo, redo, a change of phase and a new game; a combat
dialog never says "chooses below" over an empty list."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from PySide6.QtCore import Qt  # noqa: E402

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import move, play_to, to_phase, window  # noqa: E402


@pytest.fixture
def moved(qtbot, settings):
    """The tutorial: the 1st Infantry Division moved, then clicked again (it may not move twice)."""
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    move(qtbot, w, "us-1-inf", "0908")
    click_place(qtbot, w, w.controller.unit("us-1-inf").place)
    assert "1st Infantry Division has already moved this phase" in shown(w.hint)
    assert "us-1-inf" not in shown(w.hint)  # names, never ids
    return w, port


def test_ctrl_z_clears_the_status_message(qtbot, moved):
    w, port = moved
    qtbot.keyClick(w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.controller.unit("us-1-inf").place == port.board.index("0907")  # undone
    assert shown(w.hint) == ""


def test_redo_clears_it_too(qtbot, moved):
    w, port = moved
    w.undo_action.trigger()
    click_place(qtbot, w, port.board.index("1513"))  # a place with nothing to say: a message all the same
    w.show_hint("an old message")
    w.redo_action.trigger()
    assert w.controller.unit("us-1-inf").place == port.board.index("0908")
    assert shown(w.hint) == ""


def test_a_change_of_phase_clears_it(qtbot, moved):
    w, port = moved
    to_phase(qtbot, w, "allied.combat")
    assert "already moved" not in shown(w.hint)


def test_an_other_sides_unit_is_named_with_its_side(qtbot, settings):
    """During German movement an Allied counter clicked says whose it is (never "cannot move in
    the movement phase")."""
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    play_to(w, 1, "german.movement")
    assert w.controller.side == "german"
    click_place(qtbot, w, w.controller.unit("br-7-arm").place)
    assert shown(w.hint) == "7th Armoured Division is an Allied unit; the German player is at the screen"


def test_a_new_game_starts_with_an_empty_status_bar(qtbot, moved):
    w, _port = moved
    w.set_game(open_engine_game(scenarios_dir() / "dday77-campaign.yaml"))
    assert shown(w.hint) == ""


def test_a_settled_combat_never_says_chooses_below_over_an_empty_list(qtbot, settings):
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.combat")
    w.controller.select("ca-3-inf")
    w._hovered(port.board.index("1308"))
    dlg = w.attack_dialog()
    dlg.roll_button.click()
    while dlg.choice_list.count():
        assert "chooses below" in shown(dlg.outcome)
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
    assert "chooses below" not in shown(dlg.outcome) and not dlg.choice_list.isVisible()
    assert "The combat is settled." in shown(dlg.outcome)
    dlg.close()
