"""The overlays over the real engine, as drawn: a map marker stays readable under the pointer."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import open_engine_game
from tests.ui.conftest import open_window


def _chip_inside(w) -> QRectF:
    """The scene box inside the one marker chip drawn (its edge and rounded corners, drawn
    smooth over what lies under them, left out)."""
    m = w.scene.geom.scale * 0.08
    return w.scene.overlays.marker_chips.path().boundingRect().adjusted(m, m, -m, -m)


def test_the_hover_outline_does_not_run_through_a_beachhead_marker(qtbot, settings):
    """Utah Beach's BH marker at 3005 sits on the hex's west edge: pointing at the hex drew the
    hover outline across its letters."""
    port = open_engine_game(scenarios_dir() / "utah-landing.yaml", seed=1)
    k = next(k for k, (_kind, text, _p) in enumerate(port.choices()) if "(3005)" in text)
    port.choose(k)
    w = open_window(qtbot, settings, port)
    w.view.set_zoom(1.0)
    place = port.board.index("3005")
    w.view.centre_on_place(place)
    assert ("beachhead", place) in {(kind, p) for kind, p, _s in w.controller.view.markers}
    assert len(w.controller.view.markers) == 1
    box = w.view.mapFromScene(_chip_inside(w)).boundingRect()
    assert box.width() > 10
    before = w.view.viewport().grab(box).toImage()
    w._hovered(place)
    assert not w.scene.overlays.hover.path().isEmpty()
    assert w.view.viewport().grab(box).toImage() == before
