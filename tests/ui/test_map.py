"""Map geometry, tile rendering, counters and palettes, without the main window."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from ddaydesk.ui.counters import COUNTER, CounterArt, face_of, short_label, size_mark
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.maprender import LEVELS, MapRenderer, level_for
from ddaydesk.ui.mapview import MapScene, MapView
from ddaydesk.ui.palette import COLOUR_BLIND, DEFAULT, PALETTES
from tests.ui.fakeport import unit_info


def test_hex_at_finds_every_hex_from_its_centre_and_corners_inward(qapp, scenario):
    g = BoardGeometry(scenario.board)
    for i in range(g.n):
        assert g.hex_at(g.centres[i]) == i
        for corner in g.polygons[i]:
            inward = g.centres[i] + (corner - g.centres[i]) * 0.9
            assert g.hex_at(inward) == i
    assert g.hex_at(QPointF(-500, -500)) == -1


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-100, 1400), y=st.floats(-100, 1100), w=st.floats(1, 600), h=st.floats(1, 600))
def test_in_rect_matches_brute_force(qapp, scenario, x, y, w, h):
    g = BoardGeometry(scenario.board)
    rect = QRectF(x, y, w, h)
    assert set(g.in_rect(rect)) == {i for i in range(g.n) if g.bounds[i].intersects(rect)}


def test_boundary_of_one_hex_is_its_six_sides(qapp, scenario):
    g = BoardGeometry(scenario.board)
    inner = scenario.board.index("1007")
    path = g.boundary_path([inner])
    assert path.elementCount() == 12  # six moveTo/lineTo pairs
    two = g.boundary_path([inner, scenario.board.adj[inner][0]])
    assert two.elementCount() == 20  # the shared side is not drawn


def test_tile_colours_follow_terrain_and_palette(qapp, scenario):
    board = scenario.board
    g = BoardGeometry(board)
    sea = board.index("1203")  # open sea, no neighbouring land
    for pal in (DEFAULT, COLOUR_BLIND):
        r = MapRenderer(board, g, pal)
        c = g.centres[sea]
        img = r.render(1.0, QRectF(c.x() - 5, c.y() - 5, 10, 10), 10, 10)
        got = QColor(img.pixel(5, 9))
        want = QColor(pal.terrain_colour("sea"))
        assert abs(got.red() - want.red()) < 40 and abs(got.blue() - want.blue()) < 40, pal.id


def test_a_zoom_scales_a_coarse_level_up_by_less_than_twice():
    """A zooming frame reads no more than a screenful of a coarse level's pixels."""
    for scale in (0.1, 0.3, 0.5, 0.9, 1.0, 1.7, 3.9, 9.0):
        lv = level_for(scale)
        assert lv in LEVELS and (lv <= scale * 1.02 or lv == LEVELS[0])
        assert lv > scale / 2 or lv == LEVELS[-1]


def test_counter_labels_and_size_marks(scenario):
    units = {u.id: unit_info(u) for u in scenario.units}
    assert short_label(units["de-352-inf"]) == "352"
    assert short_label(units["de-12-ss"]) == "12 SS"
    assert short_label(units["us-1-army"]) == "1 US"
    assert short_label(units["de-pz-lehr"]) == "Lehr"
    assert size_mark(units["us-1-inf"]) == "XX"
    assert size_mark(units["us-1-army"]) == "XXXX"
    assert size_mark(units["de-agb"]) == "XXXXX"


def test_counter_pixmaps_are_cached_per_face_and_scale(qapp, scenario):
    art = CounterArt(DEFAULT)
    face = face_of(unit_info(scenario.units[0]))
    a = art.pixmap(face, 1.0)
    assert art.pixmap(face, 1.0).cacheKey() == a.cacheKey()
    b = art.pixmap(face, 2.0)
    assert b.width() == round(COUNTER * 2.0)
    # the logical size stays one counter at every scale (HiDPI and zoom)
    assert abs(b.deviceIndependentSize().width() - COUNTER) < 1e-6
    assert abs(a.deviceIndependentSize().width() - COUNTER) < 1e-6


def test_colour_blind_palette_changes_counter_colours(qapp, scenario):
    face = face_of(unit_info(next(u for u in scenario.units if u.nationality == "us")))
    centre = {}
    for pal in PALETTES.values():
        img = CounterArt(pal).pixmap(face, 1.0).toImage()
        centre[pal.id] = QColor(img.pixel(img.width() // 8, img.height() // 2)).name()
    assert centre["default"] != centre["colour-blind"]
    assert centre["colour-blind"] == QColor(COLOUR_BLIND.nationality["us"]).name()


def test_view_tiles_follow_device_pixel_ratio(qtbot, scenario, monkeypatch):
    """HiDPI: at ratio 2 the view asks for tiles and counters at twice the scale."""
    scene = MapScene(scenario.board, DEFAULT)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.set_zoom(1.0)
    assert view.device_scale() == 1.0 and scene.counters.level == 1.0
    monkeypatch.setattr(view, "devicePixelRatioF", lambda: 2.0)
    view.set_zoom(1.0)
    assert view.device_scale() == 2.0 and scene.counters.level == 2.0


def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot, scenario):
    scene = MapScene(scenario.board, DEFAULT)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.set_zoom(1.0)
    anchor = view.viewport().rect().center() + QPointF(120, 80).toPoint()
    before = view.mapToScene(anchor)
    view.zoom_by(1.5, anchor)
    after = view.mapToScene(anchor)
    assert abs(after.x() - before.x()) < 2 and abs(after.y() - before.y()) < 2
    assert abs(view.transform().m11() - 1.5) < 1e-9


def _drawn(view) -> set[float]:
    while view._prerender_step():
        pass
    return {key[0] for key in view.map.renderer._tiles}


def test_a_new_scale_at_rest_lets_go_of_the_last_scales_tiles(qtbot, scenario):
    """Tiles drawn at an exact scale are shown at that scale only: once the view rests at
    another, they go (memory), while the coarse levels a zoom shows stay."""
    scene = MapScene(scenario.board, DEFAULT)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.set_zoom(1.3)
    assert 1.3 in _drawn(view)
    view.set_zoom(1.7)
    levels = _drawn(view)
    assert 1.7 in levels and 1.3 not in levels
    assert levels - {1.7} and levels - {1.7} <= set(LEVELS)  # the coarse level zooming shows


def test_a_board_no_longer_shown_keeps_its_geometry_but_no_tiles(qtbot, scenario):
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir

    first = MapView(MapScene(scenario.board, DEFAULT))
    qtbot.addWidget(first)
    first.resize(800, 600)
    first.show()
    assert _drawn(first)
    other = MapScene(load_scenario(scenarios_dir() / "sword.yaml").board, DEFAULT)
    assert not first.map.renderer._tiles
    again = MapScene(scenario.board, DEFAULT)
    assert again.geom is first.map.geom  # reopening a game of the board reuses its geometry
    assert other.geom is not again.geom


def test_no_seam_between_the_table_and_the_map_at_a_fitted_zoom(qtbot, scenario):
    """At an uneven scale the tiles start mid-pixel: the table's fill must still meet them
    (a half-covered pixel showed the viewport's grey as a line down the map's edge)."""
    scene = MapScene(scenario.board, DEFAULT)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(1013, 707)
    view.show()
    view.fit()
    img = view.viewport().grab().toImage()
    left = view.mapFromScene(scene.geom.rect.topLeft()).x()
    light = [(x, y) for x in range(max(0, left - 3), left + 1) for y in range(0, img.height(), 7)
             if QColor(img.pixel(x, y)).lightness() > 120]
    assert not light, light[:5]
