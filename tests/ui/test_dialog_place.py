"""The shared combat dialog at a 1280x800 window (D-Day '77, through the real window over the
real engine, a two-unit attack): it stands at the window's side, the target hex, every attacker's hex and the hexes
around the target in sight on the map beside it, its own content whole; the map is as it was
once it closes."""

from __future__ import annotations

import pytest

pytest.importorskip("ddaydesk.engine")

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.ui.dialog_place import covers, hex_rect  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import (  # noqa: E402
    SEED_EX,
    TUTORIAL_THREE,
    ctrl_click,
    move,
    pick_and_attack,
    to_phase,
    window,
)


def _in_sight(w, dlg, place: int) -> bool:
    vp = w.view.viewport()
    return QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size()).contains(hex_rect(w, place)) and not covers(dlg, w, place)


@pytest.mark.parametrize("zoom", [None, 2.0, 4.0], ids=["whole map", "zoomed in", "zoomed in far"])
def test_an_attack_keeps_the_target_the_attackers_and_the_hexes_around_in_sight(qtbot, settings, zoom):
    """The 1st Infantry and the 3rd Canadian Infantry Division against the 21st Panzer Division at
    1308 (under the dialog at the window's middle, the play-tester's screenshot)."""
    port = open_engine_game(default_scenario_path(), seed=SEED_EX)
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.movement")
    move(qtbot, w, "us-1-inf", "1208")
    to_phase(qtbot, w, "allied.combat")
    view, board, attackers = w.view, port.board, ["us-1-inf", "ca-3-inf"]
    target = board.index("1308")
    click_place(qtbot, w, w.controller.unit(attackers[0]).place)
    ctrl_click(qtbot, w, w.controller.unit(attackers[1]).place)
    view.fit()  # the whole map in view, as it opens, or zoomed in with the target right of the middle
    if zoom:
        view.centre_on_place(board.index("1108"))
        view.zoom_by(zoom)
        assert view.viewport().width() / 2 < view.view_point_of(target).x() < view.viewport().width()
    before = (view.transform().m11(), view.mapToScene(view.viewport().rect().center()), view.fitted)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.view_point_of(target))
    dlg = w.aids.attacks.dialog
    assert dlg.attackers == attackers
    places = [target, *(w.controller.unit(u).place for u in attackers),
              *(p for p in range(board.n) if board.distance(p, target) == 1)]
    assert [board.labels[p] for p in places if not _in_sight(w, dlg, p)] == []  # (was: all under the dialog)
    assert (getattr(dlg, "map_before", None) is not None) == bool(zoom)  # (in sight as it was: the map stays)
    frame, win = dlg.frameGeometry(), QRect(w.mapToGlobal(QPoint(0, 0)), w.size())
    assert win.contains(frame) and frame.top() == view.mapToGlobal(QPoint(0, 0)).y()  # at the side, under the turn bar
    bar = w.statusBar()  # (was: the window's height, the turn and phase and the status bar's words hidden)
    assert frame.bottom() < bar.mapToGlobal(QPoint(0, 0)).y() and not frame.intersects(
        QRect(w.phase_label.mapToGlobal(QPoint(0, 0)), w.phase_label.size()))
    assert frame.left() == win.left() or frame.right() == win.right()
    # its content whole at that width: every CRT column and heading, the buttons
    head = dlg.crt.horizontalHeader()
    assert head.length() <= dlg.crt.viewport().width()
    for c in range(dlg.crt.columnCount()):
        label = dlg.crt.horizontalHeaderItem(c).text()
        assert all(head.fontMetrics().horizontalAdvance(x) + 4 <= head.sectionSize(c) for x in label.split("\n"))
    assert dlg.roll_button.isVisible() and dlg.rect().contains(dlg.roll_button.geometry())
    dlg.roll_button.click()  # the result in sight under the scrolled content, by the buttons
    assert dlg.outcome.text().startswith("Rolled") and dlg.outcome.visibleRegion().boundingRect().height() > 0
    res = dlg.result  # the CRT's cell read in sight over the choices listed
    cell = dlg.crt.visualItemRect(dlg.crt.item(res.roll[0] - 1, dlg.preview.columns.index(dlg.preview.column)))
    top = dlg.crt.viewport().mapTo(dlg.scroll.viewport(), cell.topLeft())
    assert dlg.choice_list.isVisible() and dlg.scroll.viewport().rect().contains(QRect(top, cell.size()))
    dlg.close()
    assert view.fitted == before[2] and view.sceneRect() == w.scene.sceneRect()
    assert view.transform().m11() == pytest.approx(before[0])
    after = view.mapToScene(view.viewport().rect().center())
    assert (after.x(), after.y()) == pytest.approx((before[1].x(), before[1].y()), abs=1)  # (was left scrolled)


SEED_ROW5 = 1  # the die: 5, an exchange at 3-1, the losses to take from three units


def test_the_crt_cell_read_stays_in_sight_over_the_results_choices(qtbot, settings):
    """Three attackers against the 352nd Infantry Division (the tutorial, air and naval support
    on): after the roll the outcome and the losses to choose take the dialog's foot, as tall as
    their lines; the CRT's cell read (row 5 of 6) stays in sight in the column above them (was:
    the list took half the dialog)."""
    port = open_engine_game(default_scenario_path(), {"tactical_air": True, "naval_bombardment": True}, seed=SEED_ROW5)
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.movement")
    for uid, label in zip(TUTORIAL_THREE, ("0908", "0808", "1008"), strict=True):
        move(qtbot, w, uid, label)
    to_phase(qtbot, w, "allied.combat")
    dlg = pick_and_attack(qtbot, w, TUTORIAL_THREE, port.board.index("0909"))
    dlg.roll_button.click()
    res = dlg.result
    assert res.roll == (5,) and dlg.choice_list.count() == 3
    cell = dlg.crt.visualItemRect(dlg.crt.item(res.roll[0] - 1, dlg.preview.columns.index(dlg.preview.column)))

    def cell_in_sight() -> bool:
        top = dlg.crt.viewport().mapTo(dlg.scroll.viewport(), cell.topLeft())
        return dlg.scroll.viewport().rect().contains(QRect(top, cell.size()))
    qtbot.waitUntil(cell_in_sight, timeout=2000)  # (once the dialog is laid out again)
