"""A large YAML text read before comes back from the cache (formats/yamlmarks.py with
ddaydesk.diskcache): the same values, types and positions as parsed; a damaged kept file
is parsed again; a changed text is never served the old values."""

from __future__ import annotations

import pytest

from ddaydesk.formats import yamlmarks as ym
from ddaydesk.formats.textfile import read_text
from tests.conftest import ROOT


@pytest.fixture
def kept(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path))
    return tmp_path / "yaml"


def _same(a, b) -> None:
    assert type(a) is type(b)
    if isinstance(a, ym.MarkedDict):
        assert (a.pos, a.key_pos, a.value_pos, list(a)) == (b.pos, b.key_pos, b.value_pos, list(b))
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, ym.MarkedList):
        assert (a.pos, a.item_pos, len(a)) == (b.pos, b.item_pos, len(b))
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    else:
        assert a == b


@pytest.mark.parametrize("name", ["maps/dday77.yaml", "scenarios/dday77-campaign.yaml", "maps/dday2.yaml"])
def test_a_kept_reading_is_the_parsed_one_positions_and_all(kept, name):
    path = str(ROOT / name)
    text = read_text(path)[1]
    parsed = ym.load_text(text, path)
    assert len(list(kept.glob("*.pickle"))) == 1
    again = ym.load_text(text, path)
    assert again is not parsed  # a fresh copy: a reader may change its own
    _same(parsed, again)
    _same(ym.load_text(text, path, fast=False), again)


def test_a_damaged_kept_reading_is_parsed_again(kept):
    path = str(ROOT / "maps" / "dday77.yaml")
    text = read_text(path)[1]
    parsed = ym.load_text(text, path)
    (f,) = kept.glob("*.pickle")
    f.write_bytes(f.read_bytes()[:100])
    _same(ym.load_text(text, path), parsed)
    _same(ym.load_text(text, path), parsed)  # and written again whole


def test_an_edited_text_is_not_served_the_old_values(kept):
    path = str(ROOT / "maps" / "dday77.yaml")
    text = read_text(path)[1]
    ym.load_text(text, path)
    edited = text.replace("title:", "title: Edited", 1) if "title:" in text else text + "\n# edit\n"
    assert ym.load_text(edited, path) == ym.load_text(edited, path, fast=False)
    assert len(list(kept.glob("*.pickle"))) == 2


def test_a_short_text_is_not_kept(kept):
    assert ym.load_text("a: 1\nb: [1, 2]\n", "short.yaml") == {"a": 1, "b": [1, 2]}
    assert not kept.exists()
