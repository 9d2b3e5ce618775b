"""Hidden information in review (D77-SET-03): in an unfinished game, the German side reviewing
it never learns the Allied invasion area. The proof is non-interference: the same game played
twice, the Allies recording another area each time, shows the German exactly the same words
and the same map at every position of the review. The hand-over screen guards the secret
when the review switches sides, as in play; the report of the unfinished game keeps it too."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel

from ddaydesk.engine import EndPhase, Game, legal_actions
from ddaydesk.engine.hidden_setup import SECRET_KEY, ChooseArea, PlaceWithheld, Withhold
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import EnginePort

AREAS = ("bay_of_biscay", "pas_de_calais")  # the two games' secrets


def unfinished_game(area: str) -> Game:
    """The campaign with withheld set-up, stopped while the German places his withheld units:
    the Allied area is recorded and not yet revealed."""
    g = Game(load_scenario(scenarios_dir() / "dday77-campaign.yaml"), 5, {"withheld_setup": True})
    for uid in ("ge-352", "ge-716"):
        g.do(Withhold("german", uid))
    g.do(EndPhase("german"))
    g.do(ChooseArea("allied", area))
    g.do(EndPhase("allied"))
    first = next(a for a in legal_actions(g.state, "german", ("place_withheld",)) if a.unit == "ge-352")
    g.do(PlaceWithheld("german", first.unit, first.place))
    assert g.state.secrets["allied"][SECRET_KEY] == area and g.state.active == "german"
    return g


def texts(win) -> list[str]:
    """Every word the window holds: labels, buttons, combo boxes, actions' texts and tips, the
    title, and every cell (and its tooltip) of every model it shows."""
    out = [win.windowTitle()]
    out += [w.text() + "|" + w.toolTip() for w in win.findChildren(QLabel)]
    out += [w.text() + "|" + w.toolTip() for w in win.findChildren(QAbstractButton)]
    out += [a.text() + "|" + a.toolTip() + "|" + a.statusTip() for a in win.findChildren(QAction)]
    for box in win.findChildren(QComboBox):
        out += [box.itemText(k) for k in range(box.count())]
    for model in dict.fromkeys([*win.findChildren(QAbstractItemModel), win.log_model, win.dice_log.model]):
        for r in range(model.rowCount(QModelIndex())):
            c = 0
            while (index := model.index(r, c)).isValid():  # (a list model hides its columnCount)
                out += [str(model.data(index, role)) for role in (Qt.ItemDataRole.DisplayRole,
                                                                  Qt.ItemDataRole.ToolTipRole)]
                c += 1
    return out


def seen(win) -> dict:
    """What the German sees at the reviewed position: words, counters, marks, markers."""
    scene = win.scene
    return {"texts": texts(win), "units": {u: x.place for u, x in scene.counters.units.items()},
            "marks": win.review.marks.marks, "trail": win.review.trail_attacks.marks,
            "markers": win.controller.view.markers, "secrets": win.controller.view.secrets}


def review_as_german(qtbot, settings, area: str) -> tuple[list[dict], object]:
    from ddaydesk.ui.mainwindow import MainWindow

    g = unfinished_game(area)
    win = MainWindow(EnginePort(g), settings, autosave=False)
    qtbot.addWidget(win)
    win.show()
    assert win.controller.side == "german"
    win.review.enter(0)
    views = []
    for i in range(g.pos + 1):
        win.review.go(i)
        hovered = []
        for place in (p for a in AREAS for p in win.port.board.regions[a].places[:3]):  # at both areas
            win._hovered(place)
            hovered.append(texts(win))
        views.append({**seen(win), "hovered": hovered})
    return views, win


def test_review_never_shows_the_german_the_secret_area_D77_SET_03(qtbot, settings, tmp_path):
    a, win_a = review_as_german(qtbot, settings, AREAS[0])
    b, win_b = review_as_german(qtbot, settings, AREAS[1])
    assert len(a) == len(b) == win_a.review.port.end + 1
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        assert x == y, f"position {i}: the German's review differs with the Allied area"
        assert x["secrets"] == {}
    assert any("a secret choice was recorded" in t for t in a[-1]["texts"])
    for win in (win_a, win_b):
        win.review.leave()
        win.close()


def test_switching_sides_in_review_goes_through_the_hand_over(qtbot, settings):
    from ddaydesk.ui.mainwindow import MainWindow

    g = unfinished_game(AREAS[0])
    win = MainWindow(EnginePort(g), settings, autosave=False)
    qtbot.addWidget(win)
    win.show()
    rv = win.review
    rv.enter(4)  # just after the area was recorded
    rv.bar.side.setCurrentIndex(rv.bar.side.findData("allied"))
    rv.bar.side.activated.emit(rv.bar.side.currentIndex())
    assert win.stack.currentWidget() is win.handover and not rv.bar.isVisible()
    assert win.scene.counters.items == {} and win.log_model.rowCount() == 0  # the screen is blank
    win.handover.button.click()  # the Allied player sits down
    assert win.controller.side == "allied" and rv.bar.isVisible() and rv.port.at == 4
    assert win.controller.view.secrets == {SECRET_KEY: AREAS[0]}  # his own secret, in his view
    rv.leave()  # back to the German's seat, and the secret stays behind the hand-over
    assert win.stack.currentWidget() is win.handover
    win.handover.button.click()
    assert win.controller.side == "german" and win.controller.view.secrets == {}
    win.close()


@pytest.mark.parametrize("area", AREAS)
def test_the_report_of_the_unfinished_game_keeps_the_secret(qtbot, area):
    from ddaydesk.report import report_html

    g = unfinished_game(area)
    page = report_html(g, width=400)
    name = g.scenario.board.regions[area].name
    assert name not in page and area not in page and "a secret choice was recorded" in page
