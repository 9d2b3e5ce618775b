"""Paul Koenig's D-Day in the main window: what the map and its bars show (the turn bar, the
turn track's dates and nights, the legend, the Arrivals dock's values, place names clear of the
drawn formation's rings and the rings' colour)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.rules.pkd.records import rec  # noqa: E402
from ddaydesk.ui.profiles.pkd_art import formation_colour  # noqa: E402
from tests.ui.test_pkd_window import PLAYED, SEED, _cup, _window  # noqa: E402


def test_the_turn_bar_shows_the_cup_support_and_victory_points(qtbot, settings):
    w, port = _window(qtbot, settings)
    text = w.tracks_label.text()
    cup = len(rec(port.game.state)["cup"])
    assert f"Command Cup: {cup} chits left" in text and "Victory points: Allied" in text
    art = rec(port.game.state)["support"]["german"]["artillery"]
    assert (f"German Support: {art} Artillery" if art else "German Support: none") in text
    assert "Allied activation: 6th Airborne Division" in w.phase_label.text()  # the rules' own label


def test_the_turn_track_dates_each_turn_and_darkens_the_nights(qtbot, settings):
    """STD-PKD-TURNS (our default): Sword's twelve turns, three of them nights."""
    from ddaydesk.ui.widgets.turntrack import NIGHT

    w, _port = _window(qtbot, settings)
    track = w.turn_track
    nights = sorted(t for t, (_label, night) in track.notes.items() if night)
    assert nights == [5, 8, 11]
    assert track.tooltip(5).startswith("Turn 5 of 12: night of 6-7 June") and "07:30" in track.tooltip(1)
    img = track.boxes.grab().toImage()
    at = {t: img.pixelColor(track.box_rect(t).center()).name() for t in (4, 5, 6)}
    assert at[5] == NIGHT[True].name() and at[4] != at[5] and at[6] == at[4]


def test_the_legend_explains_the_drawn_formation_and_no_zone_of_control(qtbot, settings):
    w, port = _window(qtbot, settings)
    texts = w.legend.texts()
    assert "the drawn formation's units (dashed: done for this activation)" in texts
    rings = next(d for d in w.scene.decorations if hasattr(d, "ready"))
    assert not rings.ready.path().isEmpty() and rings.spent.path().isEmpty()  # every 6th Airborne unit may act
    _cup(w).buttons["op:move"].click()
    w.controller.select("gb-13para")
    texts = w.legend.texts()
    assert "the selected unit can reach" in texts
    assert not any("zone of control" in t for t in texts)  # Koenig's D-Day has none (STD-PKD-ZOC)


def test_the_arrivals_dock_prints_koenig_values(qtbot, settings):
    """The 8th Infantry Brigade's landing listed in the Arrivals dock with the values its
    counter prints (combat and movement), not a D-Day '77 attack-defence-movement triple."""
    w, _port = _window(qtbot, settings, formation="8bde")
    _cup(w).buttons["op:move"].click()
    tree = w.aids.pool.tree
    rows = [tree.topLevelItem(0).child(i).text(0) for i in range(tree.topLevelItem(0).childCount())]
    assert "1st South Lancashire (3-6)" in rows and "13th/18th Royal Hussars (DD) (4-10)" in rows


def test_place_names_stay_clear_of_the_drawn_formations_rings(qtbot, settings):
    """The 6th Airborne's rings around its counters (Bénouville, Ranville, Le Bas de Ranville
    have its units on them) never cover a place name, at the fitted map and zoomed in."""
    from PySide6.QtGui import QPainterPathStroker

    from ddaydesk.ui.profiles.pkd_art import ActiveFormation

    w, _port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    ring = next(d for d in w.scene.decorations if isinstance(d, ActiveFormation)).ready
    assert ring.path().elementCount() > 0
    stroke = QPainterPathStroker(ring.pen())
    outline = stroke.createStroke(ring.path())
    renderer = w.scene.renderer
    for level in (0.72, 1.25, 2.0):
        names = renderer.names.plan_for(level, renderer.names.stacks)
        assert "Bénouville" in {n.name for n in names}
        assert [n.name for n in names if outline.intersects(n.path)] == []


def _ring_sample(w) -> QColor:
    """The colour in the middle of the legend's sample for the drawn formation's rings."""
    rows = [r for r in w.legend.findChildren(QWidget) if isinstance(r.layout(), QHBoxLayout)
            and any(lb.text().startswith("the drawn formation's units") for lb in r.findChildren(QLabel))]
    pic = next(lb for lb in rows[-1].findChildren(QLabel) if lb.pixmap() is not None and not lb.pixmap().isNull())
    img = pic.pixmap().toImage()
    return img.pixelColor(img.width() // 2, img.height() // 2)


def test_the_legend_sample_and_the_rings_take_the_colour_of_the_formation_drawn_now(qtbot, settings):
    """The 6th Airborne's maroon, then the 716th's rings in a dark ink on its grey counters
    (its pale chit colour would not show), the legend's sample following (it kept the last
    formation's colour)."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    rings = next(d for d in w.scene.decorations if hasattr(d, "ready"))
    assert rings.ready.pen().color() == QColor(formation_colour("6abn"))
    assert _ring_sample(w).red() > _ring_sample(w).green() + 40  # maroon
    while rec(port.game.state)["act"]["formation"] != "716id":
        w.end_phase_action.trigger()  # the next chit drawn, as Ctrl+E does
    ink = rings.ready.pen().color()
    assert ink.lightness() < 100 and ink != QColor(formation_colour("716id"))
    sample = _ring_sample(w)
    assert abs(sample.red() - ink.red()) < 40 and abs(sample.green() - sample.red()) < 25  # dark grey


def test_the_turn_bar_says_a_long_formation_name_whole_beside_the_whole_turn_track(qtbot, settings):
    """At 1280 wide the phase had 40 characters: "1st Special Service Br…" with room to spare."""
    w, _port = _window(qtbot, settings, formation="1ssbde")
    _cup(w).buttons["op:move"].click()
    text = w.phase_label.text()
    assert "1st Special Service Brigade," in text and "Move Operation" in text and "…" not in text
    assert w.turn_track.width() >= w.turn_track.boxes.width()  # every turn's box in sight
    assert w.phase_label.geometry().right() < w.tracks_label.geometry().left()
