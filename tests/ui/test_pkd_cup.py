"""The Command Cup panel in a 1280x800 window: the page of one activation keeps its place while
the player acts (the units' table and the attacks are below the fold), and the next chit's page
opens at its top, where the chit drawn and its Operations are."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QPushButton

pytest.importorskip("ddaydesk.engine")

from ddaydesk.rules.pkd.records import rec  # noqa: E402
from tests.ui.test_pkd_window import _cup, _window, _words  # noqa: E402
from tests.ui.test_play import click  # noqa: E402


def test_a_new_chit_opens_the_panel_at_its_top(qtbot, settings):
    w, port = _window(qtbot, settings)  # the 6th Airborne drawn first
    cup = _cup(w)
    cup.buttons["op:combined"].click()
    bar = cup.verticalScrollBar()
    assert bar.maximum() > 0  # (the page is taller than the dock at 1280x800)
    bar.setValue(bar.maximum())  # down to the attacks open and "End the activation"
    click(qtbot, w, port.game.state.place[port.game.state.unit("gb-13para")])
    click(qtbot, w, port.board.index("0811"))  # a move: the same activation goes on
    assert port.game.log[-1].kind == "move" and bar.value() == bar.maximum() > 0
    formation = rec(port.game.state)["act"]["formation"]
    cup.buttons["end"].click()  # the next chit is drawn
    assert rec(port.game.state)["act"]["formation"] != formation
    assert bar.value() == 0  # its chit and Operations in sight (was: the old page's place kept)


def test_units_to_enter_are_brought_on_from_the_panel(qtbot, settings):
    """The 8th Infantry Brigade's chit on 6 June: its battalions are 'to enter' (STD-PKD-OPS: they
    come on by their move); the panel says how and its button opens the Arrivals dock at one."""
    w, port = _window(qtbot, settings, formation="8bde")
    cup = _cup(w)
    assert "enter" not in cup.buttons  # (no Operation yet: nothing may come on)
    cup.buttons["op:move"].click()
    assert "6 units to enter" in "".join(lb.text() for lb in cup.body.findChildren(QLabel))
    cup.buttons["enter"].click()
    a = w.aids.pool.current()
    assert a is not None and a.unit == "gb-1slancs" and a.places and w.controller.selected == "gb-1slancs"
    assert not w.aids.pool_dock.visibleRegion().isEmpty()  # the dock in front of the Command Cup's tab
    to = min(a.places, key=lambda p: port.board.labels[p])
    click(qtbot, w, to)
    assert port.game.state.place[port.game.state.unit("gb-1slancs")] == to
    assert "5 units to enter" in "".join(lb.text() for lb in _cup(w).body.findChildren(QLabel))


def test_the_turn_bar_keeps_the_operation_in_sight(qtbot, settings):
    """'Allied activation: 6th Airborne Division, Combined Operation' is longer than the turn
    bar's phase: it breaks at its comma rather than losing the Operation to an ellipsis."""
    w, _port = _window(qtbot, settings)
    _cup(w).buttons["op:combined"].click()
    lines = w.phase_label.text().split("\n")
    assert lines == ["Turn 1 of 12", "Allied activation: 6th Airborne Division,", "Combined Operation"]
    assert w.phase_label.toolTip() == "Allied activation: 6th Airborne Division, Combined Operation"
    assert w.turn_track.isVisible() and w.tracks_label.isVisible()  # (the bar still holds them)


def test_a_long_phase_without_a_comma_goes_on_two_lines(qtbot, settings):
    """The German's answer to a declared battle ('German answer to the 6th Airborne Division's
    Close Combat at 0911') on two whole lines, broken between words."""
    from tests.ui.test_pkd_battle import _close_combat
    from tests.ui.test_pkd_window import PLAYED

    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    _close_combat(qtbot, w, port).go.click()  # declared: the German answers
    lines = w.phase_label.text().split("\n")[1:]
    assert len(lines) == 2 and "…" not in "".join(lines)
    assert " ".join(lines) == w.phase_label.toolTip() == "German answer to the 6th Airborne Division's Close Combat at 0911"


def test_each_attack_open_has_one_button(qtbot, settings):
    """With the Leadership marker in hand, a Close Combat may also be declared with it as Corps
    Artillery (PKD-LEAD-10): still one button for the hex, the marker chosen in the dialog (was:
    two 'Close Combat at 0606 Colleville-Montgomery…' buttons, the first one dead)."""
    from tests.ui.test_pkd_window import PLAYED

    w, port = _window(qtbot, settings, options=PLAYED, seed=32)  # No. 1 Special Service Brigade, the Allies lead
    assert rec(port.game.state)["leader"] == "allied" and rec(port.game.state)["act"]["formation"] == "1ssbde"
    cup = _cup(w)
    cup.buttons["op:move"].click()
    cup.buttons["enter"].click()
    click(qtbot, w, port.board.index("0506"))  # No. 3 Commando ashore, next to Hillman
    assert port.game.state.place[port.game.state.unit("gb-3cdo")] == port.board.index("0506")
    attacks = [b.text() for b in _cup(w).findChildren(QPushButton) if b.text().startswith(("Close Combat", "Fire"))]
    assert attacks and len(attacks) == len(set(attacks))
    assert "Close Combat at 0606 Colleville-Montgomery…" in attacks


def test_a_unit_clicked_after_its_move_says_what_the_player_may_do_instead(qtbot, settings):
    """A unit moves once in its formation's Operation (STD-PKD-OPS): clicked again, the status bar
    says so in Koenig's words and what is left to do (was: '... has already moved this phase')."""
    from tests.ui.conftest import shown

    w, port = _window(qtbot, settings)  # the 6th Airborne drawn first
    _cup(w).buttons["op:move"].click()
    click(qtbot, w, port.game.state.place[port.game.state.unit("gb-13para")])
    click(qtbot, w, port.board.index("0811"))
    click(qtbot, w, port.board.index("0811"))  # the battalion again
    assert shown(w.hint) == ("13th Parachute Battalion has moved this activation: move another unit, attack, "
                             "or end it (STD-PKD-OPS)")


def test_the_leadership_buttons_show_their_whole_words(qtbot, settings):
    """The Leadership marker's Force Marches and Temporary Attachments (PKD-LEAD-08, -11) in a
    1280x800 window: each button's words fit it, the attachment's term said once above them (was:
    'Attach D Company, 2nd Ox and Bucks (coup de main) to this' cut at the dock's edge)."""
    from tests.ui.conftest import shown
    from tests.ui.test_pkd_window import PLAYED

    w, port = _window(qtbot, settings, options=PLAYED, seed=32)  # the 1st Special Service Brigade, the Allies lead
    _cup(w).buttons["op:move"].click()
    QCoreApplication.processEvents()  # (laid out in the dock)
    cup = _cup(w)
    leader = [b for k, b in cup.buttons.items() if k.startswith(("force_march:", "attach:"))]
    assert any(b.text() == "Attach D Company, 2nd Ox and Bucks (coup de main)" for b in leader)
    assert all(b.fontMetrics().horizontalAdvance(b.text()) < b.width() for b in leader)
    assert all("for the turn" in b.toolTip() for b in leader if b.text().startswith("Attach"))
    assert "unit to this one for the turn (<a" in _words(w)  # (the rule id a link)
    next(b for b in leader if b.text() == "Attach 7th Parachute Battalion").click()
    assert rec(port.game.state)["leader"] is None  # spent
    assert shown(w.hint).startswith("Attach 7th Parachute Battalion to this formation for the turn")  # (was 'attach ...')


def test_an_arrival_of_another_formation_says_why_naming_it_once(qtbot, settings):
    """The Arrivals dock while the 1st Special Service Brigade acts: the 8th Brigade's battalions
    wait, and say why without naming themselves twice (was '1st South Lancashire (3-6): 1st South
    Lancashire is not in the activated formation ...')."""
    w, _port = _window(qtbot, settings, formation="1ssbde")
    _cup(w).buttons["op:move"].click()
    t = w.aids.pool.tree
    texts = [t.topLevelItem(g).child(k).text(0) for g in range(t.topLevelItemCount())
             for k in range(t.topLevelItem(g).childCount())]
    assert "1st South Lancashire (3-6) is not in the activated formation (1st Special Service Brigade)" in texts
    assert "No. 3 Commando (3-7)" in texts  # (one that may come on: no reason)


def test_an_overrun_under_way_is_explained_and_ended_from_the_panel(qtbot, settings):
    """PKD-OVR-01/02 at the screen: a unit overrunning is told in the Command Cup panel with what it
    may do, and its overrun is ended there (was: 'overrunning' in the table, the end only in the
    Actions dock)."""
    import random

    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow
    from tests.rules.pkd.play import choose
    from tests.ui.test_pkd_window import SWORD

    game, rng = Game(load_scenario(SWORD), 18, {"interdiction": False, "overruns": True}), random.Random(18)
    while not (rec(game.state)["act"] and rec(game.state)["act"]["overrun"] and rec(game.state)["battle"] is None):
        game.do(choose(game.state, rng))
    uid = rec(game.state)["act"]["overrun"][0]
    unit = game.state.scenario.units[game.state.unit(uid)].name
    port = EnginePort(game)
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    assert f"{unit} may move on and start another Close Combat" in _words(w)
    assert any(u.status == "to enter" for u in w.controller.view.extra.units)
    assert "enter" not in _cup(w).buttons  # (no other unit may come on before the overrun ends)
    halt = next(b for k, b in _cup(w).buttons.items() if k.startswith("halt_overrun:"))
    assert halt.text() == f"{unit} ends its overrun" and halt.isEnabled()
    halt.click()
    assert port.game.log[-1].kind == "halt_overrun" and not rec(port.game.state)["act"]["overrun"]
    assert "may move on" not in _words(w)
