"""What ddaydesk keeps on disk between runs (ddaydesk.diskcache): a drawn map's layout comes
back the same as worked out afresh; a corrupt, foreign or stale file is made again, never
an error; a folder that cannot be written only costs the shortcut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddaydesk import diskcache
from ddaydesk.formats.mapfile import load_map
from tests.conftest import ROOT

DD2 = ROOT / "maps" / "dday2.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path))
    return tmp_path


def _files(cache: Path, kind: str) -> list[Path]:
    return sorted((cache / kind).glob("*.json"))


def test_a_drawn_maps_centres_come_back_from_the_cache_as_worked_out(cache):
    fresh = load_map(str(DD2))
    made = [fresh.centre(i) for i in range(fresh.n)]
    assert len(_files(cache, "map-centres")) == 1
    again = load_map(str(DD2))  # a new start: the board's own memory is empty
    assert [again.centre(i) for i in range(again.n)] == made
    assert all(isinstance(c, tuple) for c in made)
    expected = [(p.x, p.y) for p in (fresh.polygon(i).representative_point() for i in range(fresh.n))]
    assert made == expected


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"key": "someone else", "value": [[0, 0]]}',
                                    b"[1, 2, 3]"])
def test_a_damaged_or_foreign_cache_file_is_made_again(cache, damage):
    load_map(str(DD2)).centre(0)
    (path,) = _files(cache, "map-centres")
    path.write_bytes(damage)
    board = load_map(str(DD2))
    expected = board.polygon(3).representative_point()
    assert board.centre(3) == (expected.x, expected.y)
    assert json.loads(path.read_bytes())["value"][3] == [expected.x, expected.y]  # written again


def test_an_edited_module_changes_the_key(cache, monkeypatch):
    """An edit to the code that works a value out (its file's size or time) is a new key."""
    before = diskcache.key_of("map", modules=("ddaydesk.board.board",))
    real_stat = diskcache.os.stat

    def stat(path, *a, **k):
        st = real_stat(path, *a, **k)
        if str(path).endswith("board.py"):
            return type("S", (), {"st_size": st.st_size + 1, "st_mtime_ns": st.st_mtime_ns})()
        return st

    monkeypatch.setattr(diskcache.os, "stat", stat)
    assert diskcache.key_of("map", modules=("ddaydesk.board.board",)) != before
    assert diskcache.key_of("map", modules=("ddaydesk.ui.palette",)) != before


def test_a_cache_folder_that_cannot_be_written_only_costs_the_shortcut(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DDAYDESK_CACHE", str(blocker / "cache"))
    board = load_map(str(DD2))
    expected = board.polygon(0).representative_point()
    assert board.centre(0) == (expected.x, expected.y)


def test_the_window_layout_of_a_drawn_map_is_the_same_from_the_cache(cache, qapp):
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.profiles.dd2 import DD2Profile

    def geom():
        board = load_map(str(DD2))
        return board, BoardGeometry(board, keep_out=lambda: DD2Profile().keep_out(board), owner=DD2Profile)

    board, first = geom()
    shapes = DD2Profile().keep_out(board)
    direct = BoardGeometry(board, keep_out=shapes)  # the shapes as they are: worked out, not kept
    _board, second = geom()
    assert _files(cache, "map-area-layout-DD2Profile")
    for g in (first, second):
        assert g.centres == direct.centres
        assert g.label_width == direct.label_width
        assert g.keep_rects == direct.keep_rects and len(g.keep_rects) == len(shapes) > 0


def test_without_a_home_folder_the_cache_goes_to_the_temporary_folder(monkeypatch):
    import tempfile

    monkeypatch.delenv("DDAYDESK_CACHE", raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(diskcache.Path, "home", staticmethod(no_home))
    assert diskcache.cache_dir() == Path(tempfile.gettempdir()) / "ddaydesk-cache"
