"""The D-Day2 board drawing: every zone shows its A, G and P parts; units, patrols, beachheads."""

from __future__ import annotations

from shapely.geometry import Point

from ddaydesk.engine import new_state
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2.parts import BOX, box_at, part_anchors
from ddaydesk.ui.dd2view import DD2Scene, render_dd2
from ddaydesk.ui.palette import DEFAULT
from tests.conftest import ROOT


def test_part_anchors_sit_inside_their_zone_and_boxes_at_sea():  # DD2-TERR-01
    sc = load_scenario(ROOT / "scenarios" / "dday2.yaml")
    board = sc.board
    anchors = part_anchors(board)
    land = [board.polygon(i) for i in range(board.n)]
    for z, a in anchors.items():
        for part in ("A", "G", "P"):
            assert land[z].contains(Point(a[part])), (board.labels[z], part)
        for box in ("beach", "drop"):
            if box in a and z != board.index("10"):
                assert not any(p.intersects(box_at(*a[box])) for p in land), (board.labels[z], box)
    assert sorted(board.labels[z] for z, a in anchors.items() if "beach" in a) == ["11", "14", "15", "16", "17"]
    assert BOX[0] > BOX[1]


def test_render_shows_units_in_their_parts(qapp):
    sc = load_scenario(ROOT / "scenarios" / "dday2.yaml")
    s = new_state(sc, 0)
    img = render_dd2(s, 30.0)
    assert s.dice.draws == 0  # drawing rolls nothing
    assert img.width() > 900 and img.height() > 600
    a = part_anchors(sc.board)
    z = sc.board.index("10")  # US airborne infantry in the Allied part of zone 10
    x, y = a[z]["A"]
    colour = img.pixelColor(int(x * 30 - 0.25 * 30 + 3), int(y * 30 + 3)).name()  # the chip's left edge
    assert colour == DEFAULT.nationality["us"]
    z = sc.board.index("27")  # nobody there: the empty frame, land colour inside
    x, y = a[z]["G"]
    assert img.pixelColor(int(x * 30) + 2, int(y * 30) + 3).name() != DEFAULT.nationality["german"]


def test_scene_follows_the_state(qapp):
    sc = load_scenario(ROOT / "scenarios" / "dday2.yaml")
    s = new_state(sc, 0)
    scene = DD2Scene(s, scale=20.0)
    before = scene.item.pixmap().toImage()
    t = s.copy()
    t.part[t.unit("g12-arm")] = "dead"  # zone 12's only unit gone: its G part shows an empty frame
    scene.show_state(t)
    after = scene.item.pixmap().toImage()
    assert scene.state is t and before.size() == after.size() and before != after
