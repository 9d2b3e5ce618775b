"""A map read before comes back from the cache as it was built (formats/mapfile.py with
ddaydesk.diskcache): every field the same as a fresh parse, its own source path; a map made
of parts is built every time; an edited map is built again; a damaged kept board is built
again."""

from __future__ import annotations

import dataclasses

import pytest

from ddaydesk.formats.mapfile import load_map, parse_map
from ddaydesk.formats.yamlmarks import load_file
from tests.conftest import ROOT

MAPS = sorted(p.name for p in (ROOT / "maps").glob("*.yaml"))


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path))
    return tmp_path / "board"


def _same(a, b, skip: str = "") -> None:
    for f in dataclasses.fields(a):
        if f.name == skip:
            continue
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "grid" and x is not None:  # (a HexGrid compares by identity: its arrays, then)
            assert [getattr(x, s) for s in type(x).__slots__] == [getattr(y, s) for s in type(y).__slots__]
        else:
            assert x == y, f.name


@pytest.mark.parametrize("name", MAPS)
def test_a_kept_map_is_the_built_one(kept, name, tmp_path):
    path = str(ROOT / "maps" / name)
    built = load_map(path)
    doc = load_file(path)
    parts = bool(parse_map(doc, path).content_hash)  # (its parts are kept, each a map of its own)
    assert len(list(kept.glob("*.pickle"))) == (len(doc["parts"]) if parts else 1)
    copy = tmp_path / name  # the same map elsewhere: its own source, the same key
    copy.write_bytes((ROOT / "maps" / name).read_bytes())
    again = load_map(copy)
    assert again is not built and again.source == str(copy) and built.source == path
    _same(built, again, skip="source")


def test_an_edited_or_damaged_map_is_built_again(kept, tmp_path):
    src = (ROOT / "maps" / "tutorial.yaml").read_text(encoding="utf-8")
    path = tmp_path / "m.yaml"
    path.write_text(src, encoding="utf-8")
    first = load_map(path)
    path.write_text(src.replace(f'title: "{first.title}"', "title: Edited", 1), encoding="utf-8")
    edited = load_map(path)
    assert edited.title == "Edited" and edited.content_hash != first.content_hash
    assert len(list(kept.glob("*.pickle"))) == 2
    for f in kept.glob("*.pickle"):
        f.write_bytes(f.read_bytes()[:50])
    _same(load_map(path), edited)
    _same(load_map(path), edited)  # (and kept whole again)
