"""One map view for every board kind (a hex grid, drawn areas with parts and boxes, a sector
graph), and the seam through which a system adds its own panels and map decorations
(``ddaydesk.ui.profiles``) without forking the window."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel

from ddaydesk.formats.mapfile import load_map
from ddaydesk.ui.maprender import render_board
from ddaydesk.ui.mapview import MapScene
from ddaydesk.ui.palette import DEFAULT
from ddaydesk.ui.port import UnitInfo
from ddaydesk.ui.profiles import profile_for
from ddaydesk.ui.profiles.base import UIProfile, ViewPart
from tests.conftest import DATA, ROOT


def unit(uid: str, place: int, part: str = "", kind: str = "infantry") -> UnitInfo:
    return UnitInfo(uid, f"Unit {uid}", "allied", "us", kind, 1, 2, 1, place, part=part)


def test_a_sector_graphs_links_are_drawn_between_its_sectors(qtbot):
    board = load_map(DATA / "ui" / "sectors.yaml")
    scale = 20.0
    img = render_board(board, scale)
    sea = QColor(DEFAULT.terrain_colour("sea"))

    def at(x: float, y: float) -> QColor:  # model units, from the map's origin as render_board draws it
        return img.pixelColor(round(x * scale), round(y * scale))
    assert at(3.5, 1.0) != sea  # the link Beach - Bluff, across open sea
    assert at(1.0, 3.5) != sea  # Beach - Draw
    assert at(3.5, 3.5) == sea  # Beach and Village are not linked: nothing between them


def test_every_board_kind_stands_units_where_its_profile_says(qtbot):
    hexes = load_map(ROOT / "maps" / "tutorial.yaml")
    zones = load_map(ROOT / "maps" / "dday2.yaml")
    sectors = load_map(DATA / "ui" / "sectors.yaml")
    for board, profile, part in ((hexes, UIProfile(), ""), (sectors, UIProfile(), ""),
                                 (zones, profile_for("dd2"), "G")):
        scene = MapScene(board, DEFAULT, profile=profile)
        scene.counters.set_units([unit("a", 1, part), unit("b", 1, part), unit("c", 1, part, "armour")])
        at, align = profile.slot(scene.geom, 1, part, frozenset({part}))
        counters = scene.counters
        drawn = counters.items[counters.key_of["a"]].sceneBoundingRect()
        for u in "bc":
            drawn = drawn.united(counters.items[counters.key_of[u]].sceneBoundingRect())
        assert align == 0  # a stack, or (D-Day2's German part) a row, centred on its spot
        assert abs(drawn.center().x() - at.x()) < 2 and abs(drawn.center().y() - at.y()) < 2
        assert counters.stack_at(1) == ["c", "b", "a"]
        grouped = len({counters.key_of[u] for u in "abc"})
        assert grouped == (2 if profile.group_alike else 3)  # alike units share one counter with a count


class _Panel(QLabel, ViewPart):
    title = "Support points"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("support")
        self.views = 0

    def set_view(self, view) -> None:
        self.views += 1
        self.setText(f"Turn {view.turn}")


class _Marks(ViewPart):
    def __init__(self):
        self.seen = []

    def set_view(self, view) -> None:
        self.seen.append(view.turn)


class _Profile(UIProfile):
    """What a new system would register: a panel of its own and a decoration."""

    def __init__(self):
        self.marks = _Marks()
        self.panel = None

    def decorations(self, scene, geom):
        return [self.marks]

    def panels(self, parent):
        self.panel = _Panel(parent)
        return [self.panel]


def test_a_systems_panels_and_decorations_plug_into_the_window(qtbot, game, settings, scenario):
    from ddaydesk.ui.mainwindow import MainWindow
    from tests.ui.fakeport import FakeGame

    profile = _Profile()
    game.profile = profile
    win = MainWindow(game, settings, autosave=False)
    qtbot.addWidget(win)
    dock = next(d for d in win.docks if d.widget() is profile.panel)
    assert dock.windowTitle() == "Support points" and dock.toggleViewAction() in win.docks_menu.actions()
    assert profile.panel.text() == f"Turn {game.turn}" and profile.marks.seen
    views = profile.panel.views
    win.end_phase()
    assert profile.panel.views > views and len(profile.marks.seen) > 1  # redrawn from every view
    other = FakeGame(scenario)  # a game of a system without a profile of its own: its panels go
    other.profile = UIProfile()
    win.set_game(other)
    assert dock not in win.docks and profile.panel not in [d.widget() for d in win.docks]


def test_a_battle_maps_printing_comes_from_the_dice_profile(qtbot):
    """D-Day Dice's Sector numbers, DEF and line costs are its profile's map art, not the
    renderer's; Sectors meeting at a corner get their line's Courage cost printed there too."""
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.maprender import MapRenderer
    from ddaydesk.ui.profiles.ddd_art import GOLD, _lines

    board = load_map(ROOT / "maps" / "ddd-omaha.yaml")
    profile = profile_for("ddd")
    assert not profile.map_names  # the Battle Map prints its Sectors' numbers itself
    corner = {(board.labels[i], board.labels[j]): (mid, is_corner) for i, j, _s, mid, _a, _b, is_corner in _lines(board)}
    assert corner[("2", "4")] == ((4.0, 9.6), True) and corner[("1", "2")][1] is False

    geom = BoardGeometry(board)
    scale = 20.0

    def pixel(paint_extra, x: float, y: float) -> QColor:
        r = MapRenderer(board, geom, DEFAULT, labels=False, paint_extra=paint_extra)
        rect = geom.rect
        img = r.render(scale / geom.scale, rect, round(rect.width() * scale / geom.scale),
                       round(rect.height() * scale / geom.scale))
        return img.pixelColor(round((x * geom.scale - rect.left()) * scale / geom.scale),
                              round((y * geom.scale - rect.top()) * scale / geom.scale))
    gold = pixel(profile.paint_map, 4.0 + 0.1, 9.6 + 0.1)  # inside the 2/4 corner's cost mark
    assert gold == GOLD
    assert pixel(None, 4.0 + 0.1, 9.6 + 0.1) != GOLD  # without the profile: terrain only
