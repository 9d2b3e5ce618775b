"""Koenig's battle dialog at a 1280x800 window with the whole map in view (as it opens): the
target hex and the hexes the defender may retreat to stay in sight, on the upper part of the map
too, and the map is as it was once the dialog closes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

pytest.importorskip("ddaydesk.engine")

from ddaydesk.rules.pkd.records import rec  # noqa: E402
from ddaydesk.ui.dialog_place import covers  # noqa: E402
from tests.ui.test_pkd_window import PLAYED, _cup, _window  # noqa: E402


def test_a_battle_high_on_the_map_keeps_its_hex_and_the_retreats_in_sight(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=10)  # the die: D1R, five hexes open
    board, view = port.board, w.view
    assert view.fitted
    before = (view.transform().m11(), view.mapToScene(view.viewport().rect().center()))
    _cup(w).buttons["op:combined"].click()
    le_plein = board.index("0908")  # the Ost-Bataillon, in the map's upper half
    _cup(w).buttons[f"close_combat:{le_plein}"].click()
    dlg = w.koenig_battle
    assert dlg.title.text().startswith("Close Combat at 0908") and not covers(dlg, w, le_plein)  # (was hidden)
    dlg.go.click()  # declared: the German answers without Support, the die rolls
    dlg.go.click()
    assert rec(port.game.state)["battle"]["stage"] == "withdraw" and w.controller.side == "german"
    retreats = [b.text().split("Retreat to ", 1)[1].split(" ")[0]
                for b in dlg.decision_buttons if b.text().startswith("Retreat to")]
    assert len(retreats) == 5
    hidden = [h for h in [board.labels[le_plein], *retreats] if covers(dlg, w, board.index(h))]
    assert hidden == []  # the German sees where he may go (was: every one under the dialog)
    dlg.close()
    assert view.fitted and view.sceneRect() == w.scene.sceneRect()
    assert view.transform().m11() == pytest.approx(before[0])
    after = view.mapToScene(view.viewport().rect().center())
    assert (after.x(), after.y()) == pytest.approx((before[1].x(), before[1].y()), abs=1)  # (was left scrolled)


def test_a_retreat_low_on_the_map_keeps_the_hexes_north_of_it_in_sight(qtbot, settings):
    """Four retreats from 0911 (the map's lower half, the dialog above it): the die's result and
    the retreat buttons stand under the strength lines, beside the odds, so the dialog does not
    grow down over the retreat hexes north of the target (was: 476 to 572 pixels tall, 0910
    Hérouvillette under it)."""
    from ddaydesk.ui.profiles.pkd_dialog_place import clear_of

    w, port = _window(qtbot, settings, options=PLAYED, seed=10)  # the die: D1R
    board = port.board
    _cup(w).buttons["op:move"].click()
    _cup(w).buttons[f"close_combat:{board.index('0911')}"].click()
    dlg = w.koenig_battle
    QCoreApplication.processEvents()  # (laid out and fitted)
    tall = dlg.height()
    dlg.go.click()  # declared: the German answers without Support, the die rolls
    dlg.go.click()
    assert rec(port.game.state)["battle"]["stage"] == "withdraw"
    retreats = [b.text().split("Retreat to ", 1)[1].split(" ")[0]
                for b in dlg.decision_buttons if b.text().startswith("Retreat to")]
    assert retreats == ["0910", "0811", "1011", "0812"]
    QCoreApplication.processEvents()  # (the new buttons shown and laid out, the dialog fitted)
    assert dlg.height() == tall  # (was 96 pixels taller)
    last = dlg.decision_buttons[-1]
    assert last.mapTo(dlg, last.rect().bottomLeft()).y() < dlg.odds_view.mapTo(dlg, dlg.odds_view.rect().bottomLeft()).y()
    clear_of(dlg)
    assert [h for h in ["0911", *retreats] if covers(dlg, w, board.index(h))] == []
