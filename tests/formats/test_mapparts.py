"""Maps made of maps (``parts:``, formats/mapparts.py): the parts side by side as one board,
labels, props and regions of each part, a content hash that covers the parts, and bad parts
refused at their line."""

from __future__ import annotations

import pytest

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.mapfile import load_map
from ddaydesk.paths import maps_dir

HEAD = "format: 1\nid: both\ntitle: Both\nsystem: ddd\ngrid: {kind: area}\nparts:\n"


def test_parts_side_by_side_as_one_board():
    board = load_map(maps_dir() / "ddd-campaign-overlord.yaml")
    parts = [load_map(maps_dir() / f"{m}.yaml") for m in ("ddd-gold-single", "ddd-omaha", "ddd-strongpoint-daimler")]
    assert board.n == sum(p.n for p in parts)
    assert [(r.id, r.name, len(r.places)) for r in board.regions.values()] == [(p.id, p.title, p.n) for p in parts]
    i = board.index("2-8")
    assert board.props[i]["part"] == 1 and board.props[i]["sector"] == "8" and board.props[i]["def"] == 10
    assert {board.labels[j] for j in board.adj[i]} == {f"2-{x}" for x in ("5", "6", "7", "9", "10")}
    right_of_gold = max(x for k in board.regions["ddd-gold-single"].places for x, _ in board.outlines[k])
    left_of_omaha = min(x for k in board.regions["ddd-omaha"].places for x, _ in board.outlines[k])
    assert left_of_omaha > right_of_gold  # side by side, not on top of each other
    side = board.side_between(board.index("2-1"), board.index("2-4"))
    assert board.side_features(side) == ["mines"] and board.side_props[side] == {"courage": 2}


def test_a_changed_part_changes_the_boards_hash(tmp_path):
    (tmp_path / "a.yaml").write_text((maps_dir() / "ddd-omaha.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "both.yaml").write_text(HEAD + "  - {map: a.yaml}\n  - {map: ddd-gold}\n", encoding="utf-8")
    before = load_map(tmp_path / "both.yaml").content_hash
    (tmp_path / "a.yaml").write_text((tmp_path / "a.yaml").read_text().replace("def: 10", "def: 11"), encoding="utf-8")
    assert load_map(tmp_path / "both.yaml").content_hash != before


@pytest.mark.parametrize("parts,line,message", [
    ("  - {map: both.yaml}\n", 7, "may not be made of parts"),
    ("  - {map: dday77}\n", 7, "is not an area map of ddd"),
    ("  - {map: nowhere}\n", 7, "no map 'nowhere'"),
    ("  - {map: " + "z" * 400 + "}\n", 7, "no map 'zzz"),
    ("  - 5\n", 7, "expected a mapping"),
    ("  []\n", 7, "1 to 12 maps")])
def test_a_bad_part_is_refused_at_its_line(tmp_path, parts, line, message):
    f = tmp_path / "both.yaml"
    f.write_text(HEAD + parts, encoding="utf-8")
    with pytest.raises(FormatError) as exc:
        load_map(f)
    (p,) = exc.value.problems
    assert p.line == line and message in p.message and len(p.message) < 300
