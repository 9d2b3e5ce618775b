"""The turn track over the real engine: every turn reachable, boxes that keep their places
from phase to phase, the current turn kept in view, arrivals named in each box's tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402


@pytest.fixture
def window(qtbot, settings):
    from ddaydesk.ui.mainwindow import MainWindow

    def make(name: str):
        w = MainWindow(open_engine_game(scenarios_dir() / name), settings, autosave=False)
        qtbot.addWidget(w)
        w.resize(1280, 800)
        w.show()
        qtbot.waitExposed(w)
        return w

    return make


def _visible(track, turn: int) -> bool:
    r = track.box_rect(turn)
    left = track.boxes.mapTo(track.viewport(), r.topLeft()).x()
    return left >= 0 and left + r.width() <= track.viewport().width()


def test_every_turn_of_the_campaign_is_reachable_by_scrolling(window):
    w = window("dday77-campaign.yaml")
    track = w.turn_track
    assert track.horizontalScrollBar().maximum() > 0  # 50 boxes do not fit: the strip scrolls
    assert _visible(track, w.controller.view.turn)
    bar = track.horizontalScrollBar()
    for turn in range(1, 51):
        r = track.box_rect(turn)
        track.show_turn(turn)
        assert _visible(track, turn), turn
        assert track.turn_at(r.center().x()) == turn
    bar.setValue(bar.maximum())
    assert _visible(track, 50)


def test_boxes_keep_their_places_from_phase_to_phase(qtbot, window):
    w = window("tutorial.yaml")
    track = w.turn_track
    port = w.controller.port

    def where(turn):
        return track.boxes.mapTo(w, track.box_rect(turn).topLeft())

    before = {t: where(t) for t in range(1, 7)}
    phases = set()
    for _ in range(6):  # through several phases of turn 1 (the phase label changes width)
        if port.game.state.turn != 1:
            break
        phases.add(port.game.state.phase)
        w.controller.end_phase()
        qtbot.wait(1)
        assert {t: where(t) for t in range(1, 7)} == before
    assert len(phases) >= 2


def test_the_current_turn_is_brought_into_view_when_the_turn_changes(window):
    w = window("dday77-campaign.yaml")
    track = w.turn_track
    view = w.controller.view
    track.horizontalScrollBar().setValue(0)
    later = type(view)(**{**view.__dict__, "turn": 40})
    track.set_view(later)
    assert _visible(track, 40)
    track.horizontalScrollBar().setValue(0)  # the player scrolls away: a new phase leaves it be
    track.set_view(type(view)(**{**later.__dict__, "phase": "combat"}))
    assert track.horizontalScrollBar().value() == 0


def test_each_box_names_the_units_arriving_on_it(window):
    w = window("tutorial.yaml")
    track = w.turn_track
    tip = track.tooltip(2)
    assert "2nd Armored Division" in tip and "Panzer Lehr Division" in tip
    assert "Allied arrivals (1):" in tip and "German arrivals (1):" in tip
    assert track.tooltip(3).endswith("No units arrive.")
    assert track.tooltip(1).startswith("Turn 1 of 6 (now: ")


def test_a_scenario_starting_later_starts_its_track_there(window):
    w = window("dday77-breakout.yaml")
    track = w.turn_track
    assert track.first_turn == 8 and track.turn_at(track.box_rect(8).center().x()) == 8
    assert track.box_rect(8).left() < track.box_rect(9).left()
    assert track.turn_at(QPoint(track.box_rect(12).right() + 10, 0).x()) is None  # past the last turn
    assert "Arrivals" not in track.tooltip(8) or "28th Infantry Division" in track.tooltip(8)
