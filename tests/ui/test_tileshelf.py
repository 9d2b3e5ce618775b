"""The first frame's tiles kept on disk (ui/tileshelf.py): the next start blits the same
pixels without drawing the map; a damaged tile, another counter layout, palette or zoom is
drawn, never served from the shelf; zooming and play write nothing."""

from __future__ import annotations

import pytest

from ddaydesk.ui import mapview
from ddaydesk.ui.maprender import BLEED, TILE, MapRenderer
from ddaydesk.ui.palette import COLOUR_BLIND, DEFAULT
from ddaydesk.ui.profiles.base import UIProfile
from ddaydesk.ui.tileshelf import TileShelf


@pytest.fixture
def shelf_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path))
    return tmp_path / "tiles"


def _renderer(scenario, palette=DEFAULT):
    mapview._ART.clear()  # a new start: no art kept in this process
    _geom, r = mapview._board_art(scenario.board, UIProfile(), palette)
    assert isinstance(r.shelf, TileShelf)
    drawn = []
    real = r.render

    def render(*a, **k):
        drawn.append(a[0])
        return real(*a, **k)

    r.render = render
    return r, drawn


def _tiles(r, level, keys):
    return [r.tile(level, tx, ty).toImage() for tx, ty in keys]


KEYS = [(0, 0), (1, 0), (0, 1)]


def test_the_next_start_blits_the_first_frames_tiles_from_disk(qapp, scenario, shelf_dir):
    first, drawn = _renderer(scenario)
    made = _tiles(first, 0.5, KEYS)
    assert drawn == [0.5] * 3
    files = list(shelf_dir.glob("*/*.raw"))
    assert len(files) == 3 and all(f.stat().st_size == (TILE + 2 * BLEED) ** 2 * 4 for f in files)
    again, drawn = _renderer(scenario)
    assert _tiles(again, 0.5, KEYS) == made
    assert drawn == []  # from the shelf, not drawn


def test_a_damaged_tile_is_drawn_again_and_rewritten(qapp, scenario, shelf_dir):
    first, _ = _renderer(scenario)
    made = _tiles(first, 0.5, KEYS)
    (damaged,) = [f for f in shelf_dir.glob("*/*.raw") if f.name == "0.5_1_0.raw"]
    damaged.write_bytes(b"\0" * 100)
    again, drawn = _renderer(scenario)
    assert _tiles(again, 0.5, KEYS) == made
    assert drawn == [0.5]  # only the damaged one
    assert damaged.stat().st_size == (TILE + 2 * BLEED) ** 2 * 4


def test_another_palette_or_counter_layout_is_not_served_the_kept_tiles(qapp, scenario, shelf_dir):
    first, _ = _renderer(scenario)
    _tiles(first, 0.5, KEYS)
    other, drawn = _renderer(scenario, COLOUR_BLIND)
    _tiles(other, 0.5, KEYS)
    assert drawn == [0.5] * 3
    moved, drawn = _renderer(scenario)
    moved.names.stacks = {scenario.board.index("1007"): 2}
    _tiles(moved, 0.5, KEYS)
    assert drawn == [0.5] * 3


def test_zooming_after_the_first_frame_writes_nothing(qapp, scenario, shelf_dir):
    r, _ = _renderer(scenario)
    _tiles(r, 0.5, KEYS[:1])
    before = sorted(f.name for f in shelf_dir.glob("*/*.raw"))
    _tiles(r, 1.0, KEYS)  # zoomed in
    _tiles(r, 0.5, KEYS[1:])  # and back: the first frame is past
    assert sorted(f.name for f in shelf_dir.glob("*/*.raw")) == before == ["0.5_0_0.raw"]


def test_a_renderer_without_a_shelf_draws_as_before(qapp, scenario, shelf_dir):
    r = MapRenderer(scenario.board, mapview.BoardGeometry(scenario.board), DEFAULT)
    assert r.shelf is None
    r.tile(0.5, 0, 0)
    assert not shelf_dir.exists()


def test_every_shipped_scenario_started_in_turn_is_served_from_the_shelf(qapp, scenario, shelf_dir):
    """A player who goes round every shipped scenario (each its own set: its board and counter
    layout) starts each again from the shelf: the sets kept outnumber the scenarios. Beyond
    that, the least recently used set goes first."""
    from ddaydesk.formats.catalog import bundled_scenarios
    from ddaydesk.ui.tileshelf import KEEP_SETS

    count = len([e for e in bundled_scenarios() if e.ok])
    assert count < KEEP_SETS  # (6 did not: every big map was drawn again at every start)

    def start(layout: int):
        r, drawn = _renderer(scenario)
        r.names.stacks = {layout: 2}  # a set of its own
        _tiles(r, 0.5, KEYS[:1])
        return drawn

    for layout in range(count):
        assert start(layout) == [0.5]  # the first start of each: drawn, kept
    for layout in range(count):
        assert start(layout) == []  # round again: every one from the shelf
    for layout in range(count, KEEP_SETS + 1):  # more than the shelf keeps
        start(layout)
    assert len([d for d in shelf_dir.iterdir() if d.is_dir()]) == KEEP_SETS
    assert start(0) == [0.5]  # the least recently used went first
    assert start(KEEP_SETS) == []
