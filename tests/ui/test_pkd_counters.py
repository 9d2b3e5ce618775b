"""Koenig's counters as the series prints them: the order of battle's size mark, the formation's
colour, one combat value and the Movement Allowance (never "3-3-6"), a Heavy Weapons unit's red
value, and round Hit markers instead of a reduced side; the Units table's values alike."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from ddaydesk.ui.palette import DEFAULT  # noqa: E402
from ddaydesk.ui.profiles.pkd_art import HIT_RED, KoenigArt, formation_colour  # noqa: E402

SWORD = Path(__file__).resolve().parents[2] / "scenarios" / "sword.yaml"


@pytest.fixture(scope="module")
def port():
    return EnginePort(Game(load_scenario(SWORD), 3, {"interdiction": False}))


def _unit(port, uid):
    return next(u for u in port.view("allied").units if u.id == uid)


def test_sizes_come_from_the_order_of_battle(port):
    sizes = {u.id: u.size for u in load_scenario(SWORD).units}
    assert set(sizes.values()) == {"I", "II"}
    assert sizes["gb-7para"] == "II" and sizes["gb-dcoy-oxf"] == "I" and sizes["de-wn20"] == "I"
    assert sizes["gb-13-18h"] == "II"  # an armoured regiment is a battalion in all but name
    art = KoenigArt(DEFAULT)
    assert art.face(_unit(port, "gb-dcoy-oxf")).size == "I"


def test_a_counter_prints_one_combat_value_and_its_movement(qtbot, port):
    art = KoenigArt(DEFAULT)
    u = _unit(port, "gb-13para")
    face = art.face(u)
    assert (face.values, face.movement) == (str(u.attack), str(u.movement)) == ("3", "6")
    assert face.band == formation_colour("6abn") and not face.heavy
    hw = art.face(_unit(port, "de-wn12"))
    assert hw.heavy and hw.values == "2"
    assert port.profile.values(u) == "3-6" and port.profile.values_title == "CV-MP"


def test_hits_are_round_markers_not_a_reduced_side(qtbot, port):
    state = port.game.state
    k = state.unit("gb-13para")
    state.steps_lost[k] = 2
    try:
        u = _unit(port, "gb-13para")
    finally:
        state.steps_lost[k] = 0
    assert u.hits == 2 and not u.reduced  # STD-PKD-HITS: Hits, the counter keeps its face
    art = KoenigArt(DEFAULT)
    marked = art.pixmap(art.face(u), 1.0).toImage()
    clean = art.pixmap(art.face(replace(u, hits=0)), 1.0).toImage()
    side = marked.width()
    spot = (round(side * 0.79 - 9 * side / 100), round(side * 0.35))  # the marker's red, left of its "2"
    assert QColor(marked.pixel(*spot)).name() == HIT_RED.name()
    assert QColor(clean.pixel(*spot)).name() != HIT_RED.name()
    assert art.face(u) != art.face(replace(u, hits=1))  # one Hit and two are drawn apart


def test_the_units_table_prints_koenig_values(qtbot, settings, port):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    m = w.unit_model
    assert m.headerData(4, Qt.Orientation.Horizontal) == "CV-MP"
    row = next(r for r in range(m.rowCount()) if m.units[r].id == "gb-13para")
    assert m.data(m.index(row, 4)) == "3-6"
