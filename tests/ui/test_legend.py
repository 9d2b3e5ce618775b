"""The map legend in the real window: it explains what the overlays shown now mean, with the
overlays' own pens and brushes, and follows them as they are switched and filled."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from PySide6.QtCore import Qt  # noqa: E402

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from ddaydesk.ui.legend import entries, swatch  # noqa: E402


@pytest.fixture
def win(qtbot, settings):
    from tests.ui.conftest import open_window

    return open_window(qtbot, settings, open_engine_game(default_scenario_path()), autosave=False)


def _titles(w) -> list[str]:
    return [t for t in w.legend.texts() if t in ("Movement range and path", "Zones of control", "Supply view",
                                                  "Last-move trails", "Map markers")]


def test_the_legend_follows_what_the_map_shows(qtbot, win):
    c = win.controller
    assert _titles(win) == ["Map markers"]  # the tutorial's supply centres; nothing else drawn
    assert "supply centre" in win.legend.texts()
    win.set_layer("supply", True)
    assert "Supply view" in _titles(win)
    assert {"a unit out of supply", "HQ load: units supplied / capacity",
            "counter out of supply this turn"} <= set(win.legend.texts())
    while engine.current_phase(c.port.game.state).kind != "movement":
        c.end_phase()
    c.select("br-7-arm")
    assert _titles(win)[0] == "Movement range and path"
    c.select(None)
    assert "Movement range and path" not in _titles(win)
    win.set_layer("supply", False)
    assert _titles(win) == ["Map markers"]


def test_samples_are_the_overlays_own_pens_and_brushes(qtbot, win):
    ov = win.scene.overlays
    win.set_layer("supply", True)
    by_text = {text: sample for _layer, text, sample in entries(ov)}
    assert by_text["a unit out of supply"] is ov.supply_out
    assert by_text["an HQ's line to its source"] is ov.supply_hq_lines
    for item, colour in ((ov.supply_hq_lines, ov.supply_hq_lines.pen().color()),
                         (ov.supply_out, ov.supply_out.brush().color())):
        img = swatch(ov, item).toImage()
        assert img.pixelColor(0, 0).alpha() == 0  # drawn inside its box
        near = [img.pixelColor(x, y) for x in range(img.width()) for y in range(img.height())]
        assert any(abs(q.red() - colour.red()) + abs(q.green() - colour.green()) + abs(q.blue() - colour.blue()) < 60
                   and q.alpha() > 100 for q in near)


def test_the_legend_sits_in_the_maps_bottom_left_corner_and_lets_clicks_through(qtbot, win):
    qtbot.mouseMove(win.view.viewport(), win.view.viewport().rect().center())  # the pointer away from it
    win.set_layer("supply", True)
    vp = win.view.viewport().geometry()
    g = win.legend.geometry()
    assert g.left() == vp.left() + 10 and g.bottom() == vp.bottom() - 10
    win.view.pan_by(120, 80)  # the map scrolls under it; the legend stays
    qtbot.wait(1)
    assert win.legend.geometry() == g
    win.resize(1100, 700)
    qtbot.wait(1)
    assert win.legend.geometry().bottom() == win.view.viewport().geometry().bottom() - 10
    from PySide6.QtCore import Qt

    assert win.legend.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)


def test_a_combat_results_choice_places_are_explained_while_marked(qtbot, win):
    ov = win.scene.overlays
    assert "Combat result" not in win.legend.texts()
    ov.show_choice_ends([win.port.board.index("0909"), win.port.board.index("0910")])
    by_text = {text: sample for _layer, text, sample in entries(ov)}
    assert by_text["a retreat or advance may end there: click to choose it"] is ov.choice_ends
    assert "Combat result" in win.legend.texts()
    ov.show_choice_ends([])
    assert "Combat result" not in win.legend.texts()


def test_the_legend_moves_out_of_the_pointers_way_and_the_view_menu_hides_it(qtbot, win):
    """It never hides the map under it for long: the pointer near it sends it to another corner
    (the one covering the fewest counters); View > Map legend (L) hides it, and the choice is
    kept for the next game."""
    vp = win.view.viewport()
    qtbot.mouseMove(vp, vp.rect().center())
    win.set_layer("supply", True)
    first = win.legend.geometry()
    pointer = first.translated(-vp.geometry().topLeft()).center()
    qtbot.mouseMove(vp, pointer)
    moved = win.legend.geometry()
    assert moved != first and not moved.translated(-vp.geometry().topLeft()).adjusted(-24, -24, 24, 24).contains(pointer)
    assert win.legend.fade.opacity() == 1.0  # out of the way: fully drawn
    corners = {win.legend._rect(k).translated(vp.geometry().topLeft()).topLeft() for k in range(4)}
    assert moved.topLeft() in corners
    action = win.aids.legend_action
    assert action.isChecked() and action.shortcut().toString() == "L"
    action.trigger()
    assert not win.legend.isVisible() and not win.settings.value("legend/shown", type=bool)
    win.set_layer("zoc", True)  # something more to explain: still hidden
    assert not win.legend.isVisible()
    action.trigger()
    assert win.legend.isVisible()


def test_a_tall_legend_goes_into_columns(qtbot, win):
    for layer in ("supply", "zoc", "trails", "range"):
        win.set_layer(layer, True)
    win.resize(1280, 560)
    qtbot.wait(1)
    assert win.legend.rows.count() >= 2  # columns side by side
    assert win.legend.height() <= win.view.viewport().height() * 0.6


def test_the_must_stop_hatching_is_explained_for_the_unit_selected(qtbot, win):
    """Selecting a unit whose range has hexes where it must stop (enemy ZOC, hatched) explains
    the hatching (it did not: the legend was read before the hatching was drawn)."""
    from tests.ui.drive import click_place

    c = win.controller
    while engine.current_phase(c.port.game.state).kind != "movement":
        c.end_phase()
    stops = "it must stop there (enemy zone of control)"
    click_place(qtbot, win, c.unit("us-1-inf").place)
    rng = c.port.legal_moves("us-1-inf")
    assert c.selected == "us-1-inf" and set(rng.stops) & set(rng.cost)  # (hatched hexes on the map)
    assert stops in win.legend.texts()
    c.select(None)  # no range, no line
    assert c.selected is None and stops not in win.legend.texts()


def test_the_maps_invasion_areas_and_supply_sources_are_explained(qtbot, settings):
    """The campaign map's dashed red coasts (invasion areas) and the German east edge's band are
    drawn in the tiles; the legend says what they are, in the tiles' own ink."""
    from ddaydesk.paths import scenarios_dir
    from tests.ui.conftest import open_window

    w = open_window(qtbot, settings, open_engine_game(scenarios_dir() / "dday77-campaign.yaml"), autosave=False)
    texts = w.legend.texts()
    assert "Printed on the map" in texts and w.legend.isVisible()
    assert "invasion area: a coast the Allies may invade (the Hex dock names it)" in texts
    assert "German supply source (map edge)" in texts
    by_text = {text: sample for _layer, text, sample in entries(w.scene.overlays)}
    edge = by_text["invasion area: a coast the Allies may invade (the Hex dock names it)"]
    assert edge.pen().color().name() == w.scene.overlays.palette.invasion and edge.pen().style() == Qt.PenStyle.DashLine
