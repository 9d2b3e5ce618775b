"""The Actions dock's End phase button over the real engine: greyed, with the reason, only
while the rules hold every other action for a decision (Koenig's battle waiting for the
defender's answer); where the phase's own end checks refuse (D-Day '77's first invasion,
D-Day Dice's landing set-up) it stays a button that says what is owed when clicked."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.pkd.records import rec
from ddaydesk.ui.engine_port import open_engine_game
from tests.ui.conftest import open_window
from tests.ui.test_pkd_window import PLAYED, _cup, _window


def test_end_phase_is_greyed_with_its_reason_while_the_defender_answers_a_battle(qtbot, settings):
    """It stayed enabled and only refused when clicked."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    p = w.actions_panel
    assert p.end_button.isEnabled()
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0911')}"].click()
    dlg = w.koenig_battle
    dlg.go.click()  # the fire declared: the German answers it at the screen
    QCoreApplication.processEvents()
    assert w.controller.side == "german" and p.end_button.isVisibleTo(p)
    assert not p.end_button.isEnabled()
    why = "the german player answers the battle first"
    assert p.end_button.toolTip() == f"Not now: {why}"
    assert p.end_note.isVisibleTo(p) and f"not yet: {why}" in p.end_note.text()
    assert w.end_phase_action.toolTip() == f"End phase: not now: {why}"
    dlg.go.click()  # answered without Support; the Leadership holder keeps the roll
    next(b for b in dlg.decision_buttons if b.text().startswith("Keep")).click()
    QCoreApplication.processEvents()
    assert rec(port.game.state)["battle"] is None
    assert p.end_button.isEnabled() and p.end_button.toolTip() == "Ctrl+E"


def test_end_phase_stays_a_button_where_the_phase_s_own_checks_refuse(qtbot, settings):
    """D-Day '77's opening movement (the first invasion owed) and D-Day Dice's landing (the
    set-up choices first): a click says what is owed; the button is not greyed."""
    for name in ("dday77-campaign", "ddd-omaha"):
        w = open_window(qtbot, settings, open_engine_game(scenarios_dir() / f"{name}.yaml"), autosave=False)
        p = w.actions_panel
        assert w.controller.port.view(w.controller.side).end_phase_held == ""
        if p.end_button.isVisibleTo(p):
            assert p.end_button.isEnabled(), name
        assert w.end_phase_action.isEnabled(), name
        w.close()
