"""The shared combat dialog at a 1280x800 window (D-Day '77, through the real window over the
real engine): it stands at the window's side, the target hex, every attacker's hex and the hexes
around the target in sight on the map beside it, its own content whole; the map is as it was
once it closes."""

from __future__ import annotations

import pytest

pytest.importorskip("ddaydesk.engine")

from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402

from ddaydesk.ui.dialog_place import covers, hex_rect  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import TUTORIAL_THREE, ctrl_click  # noqa: E402
from tests.ui.test_attacks import tutorial_combat  # noqa: E402, F401  (the fixture)


def _in_sight(w, dlg, place: int) -> bool:
    vp = w.view.viewport()
    return QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size()).contains(hex_rect(w, place)) and not covers(dlg, w, place)


def test_a_three_unit_attack_keeps_the_target_the_attackers_and_the_hexes_around_in_sight(qtbot, tutorial_combat):
    w, port = tutorial_combat
    view, board = w.view, port.board
    target = board.index("0909")
    click_place(qtbot, w, w.controller.unit(TUTORIAL_THREE[0]).place)
    for uid in TUTORIAL_THREE[1:]:
        ctrl_click(qtbot, w, w.controller.unit(uid).place)
    view.fit()  # the whole map in view, as it opens: the target clicked where it is
    before = (view.transform().m11(), view.mapToScene(view.viewport().rect().center()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.view_point_of(target))
    dlg = w.aids.attacks.dialog
    assert dlg.attackers == TUTORIAL_THREE
    places = [target, *(w.controller.unit(u).place for u in TUTORIAL_THREE), *(p for p in range(board.n) if board.distance(p, target) == 1)]
    assert [board.labels[p] for p in places if not _in_sight(w, dlg, p)] == []  # (was: all under the dialog)
    frame, win = dlg.frameGeometry(), QRect(w.mapToGlobal(QPoint(0, 0)), w.size())
    assert win.contains(frame) and frame.height() == w.height()  # at the side, the window's height
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
    dlg.close()
    assert view.fitted and view.sceneRect() == w.scene.sceneRect()
    assert view.transform().m11() == pytest.approx(before[0])
    after = view.mapToScene(view.viewport().rect().center())
    assert (after.x(), after.y()) == pytest.approx((before[1].x(), before[1].y()), abs=1)
