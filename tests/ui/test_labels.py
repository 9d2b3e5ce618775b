"""Place names on the map (labels.py, drawn by maprender.py): one label per place, most
important first, clear of each other, of counters and of other places' marks, never cut."""

from __future__ import annotations

from collections import Counter

import pytest

from ddaydesk.formats.mapfile import load_map
from ddaydesk.paths import maps_dir, scenarios_dir
from ddaydesk.ui.engine_port import open_engine_game

LEVELS = (0.2, 0.3, 0.7, 1.4, 3.0)


@pytest.fixture(scope="module")
def planners(qapp):
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.maprender import MapRenderer
    from ddaydesk.ui.palette import DEFAULT

    out = {}
    for name in ("utah", "dday77", "tutorial"):
        board = load_map(maps_dir() / f"{name}.yaml")
        out[name] = MapRenderer(board, BoardGeometry(board), DEFAULT).names.planner
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_the_utah_map_names_utah_beach_and_carentan_once(planners, level):
    names = Counter(lb.name for lb in planners["utah"].plan(level, {}))
    assert names["Utah Beach"] == 1 and names["Carentan"] == 1  # six beach hexes, a town over two


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["utah", "dday77", "tutorial"])
def test_labels_never_overlap_and_are_never_cut(planners, name, level):
    planner = planners[name]
    plan = planner.plan(level, {})
    for k, a in enumerate(plan):
        assert planner.paper.contains(a.box), a.name  # wholly on the sheet: never cut off
        assert a.box.contains(a.path.boundingRect()), a.name
        for b in plan[k + 1:]:
            assert not a.box.intersects(b.box), (a.name, b.name)


def test_one_name_per_hex_the_most_important(planners):
    """Le Havre, Honfleur and Deauville share one 25 km hex: the port city is named."""
    board = load_map(maps_dir() / "dday77.yaml")
    plan = planners["dday77"].plan(1.4, {})
    at_le_havre = [lb.name for lb in plan if board.labels[lb.anchor] == "2220"]
    assert at_le_havre == ["Le Havre"]
    assert len({lb.anchor for lb in plan}) == len(plan)


def test_names_give_way_to_counters_and_cities_come_first(planners):
    planner = planners["dday77"]
    board = load_map(maps_dir() / "dday77.yaml")
    free = {lb.name: lb.box for lb in planner.plan(1.4, {})}
    # a stack on every hex around Ouistreham but its own
    ouistreham = board.index("2121")
    stacks = {j: 3 for j in board.adj[ouistreham] if j >= 0}
    plan = {lb.name: lb for lb in planner.plan(1.4, stacks)}
    rects = [planner.stack_rect(p, n) for p, n in stacks.items()]
    for lb in plan.values():
        if lb.anchor not in {p.place for p in board.places if p.kind in ("city", "port", "fortress")}:
            assert not any(lb.box.intersects(r) for r in rects), lb.name  # a lesser name never under a counter
    assert "Caen" in plan  # a city keeps its name even where every spot is crowded
    assert "Ouistreham" in free  # named on an empty map


def test_in_the_window_ouistreham_is_named_clear_of_the_caen_counter(qtbot, settings):
    """Issue 15: Ouistreham was hidden under the Caen counter in the campaign."""
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(open_engine_game(scenarios_dir() / "dday77-campaign.yaml"), settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    scene = w.view.map
    plan = {lb.name: lb for lb in scene.renderer.names.plan(1.4)}
    counters = [item.sceneBoundingRect() for item in scene.counters.items.values()]
    assert "Ouistreham" in plan and "Caen" in plan
    for name in ("Ouistreham", "Caen", "Isigny-sur-Mer"):
        assert not any(plan[name].box.intersects(r) for r in counters), name


def test_a_moved_counter_moves_the_name_and_redraws_only_there(qapp):
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.maprender import MapRenderer
    from ddaydesk.ui.palette import DEFAULT

    board = load_map(maps_dir() / "tutorial.yaml")
    r = MapRenderer(board, BoardGeometry(board), DEFAULT)
    before = {lb.name: lb.box for lb in r.names.plan(1.0)}
    for tx, ty in r.tiles_for(1.0, r.geom.rect):
        r.tile(1.0, tx, ty)
    caen = board.index("1307")
    stack = r.names.planner.stack_rect(caen, 3)
    assert before["Caen"].intersects(stack)  # where the name was, three counters now stand
    dirty = r.set_stacks({caen: 3})
    after = {lb.name: lb.box for lb in r.names.plan(1.0)}
    assert after["Caen"] != before["Caen"] and not after["Caen"].intersects(stack)
    assert dirty and all(d in (before["Caen"], after["Caen"]) for d in dirty)
    tiles = r.tiles_for(1.0, r.geom.rect)
    gone = [t for t in tiles if r.cached(1.0, *t) is None]
    assert gone and all(any(r.tile_rect(1.0, *t).intersects(d) for d in dirty) for t in gone)
    assert r.set_stacks({caen: 3}) == []  # nothing moved: nothing redrawn
