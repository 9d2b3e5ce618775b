"""Scenario `count:` shorthand, area `part:` and off-map `box:` (used by D-Day2's set-up)."""

from __future__ import annotations

import pytest

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import DATA

HEAD = """format: 1
id: t
title: t
system: dd2
map: {map}
turns: {{first: 1, last: 10}}
first_player: allied
units:
"""


def write(tmp_path, units: str):
    p = tmp_path / "s.yaml"
    p.write_text(HEAD.format(map=DATA / "good" / "areas.yaml") + units)
    return p


INF = "side: german, nationality: german, type: infantry, attack: 1, defence: 2, movement: 1"


def test_count_expands_to_numbered_units_in_order(tmp_path):
    sc = load_scenario(write(tmp_path, f"""  - {{id: g, name: Grenadiers, {INF}, count: 3, hex: "1", part: G}}
  - {{id: r, {INF}, count: 2, box: rennes_chartres}}
"""))
    assert [u.id for u in sc.units] == ["g-1", "g-2", "g-3", "r-1", "r-2"]
    assert [u.name for u in sc.units[:2]] == ["Grenadiers 1", "Grenadiers 2"]
    assert {u.part for u in sc.units[:3]} == {"G"} and sc.units[0].hex == sc.board.index("1")
    assert sc.units[3].box == "rennes_chartres" and sc.units[3].hex == -1
    assert sc.unit_index["r-2"] == 4


@pytest.mark.parametrize("units, message", [
    (f'  - {{id: g, {INF}, count: 2, hex: "1"}}\n  - {{id: g-2, {INF}, hex: "1"}}\n', "duplicate unit id"),
    (f'  - {{id: g-1, {INF}, hex: "1"}}\n  - {{id: g, {INF}, count: 2, hex: "1"}}\n', "made by count is already used"),
    (f'  - {{id: g, {INF}, count: 0, hex: "1"}}\n', "count"),
    (f'  - {{id: g, {INF}, hex: "1", part: X}}\n', "part"),
    (f"  - {{id: g, {INF}, box: nowhere}}\n", "box"),
    (f'  - {{id: g, {INF}, box: usaaf, hex: "1"}}\n', "not hex and box"),
    (f"  - {{id: g, {INF}, part: A, box: usaaf}}\n", "a part is given only with a start 'hex'"),
])
def test_bad_count_part_box_is_a_positioned_problem(tmp_path, units, message):
    with pytest.raises(FormatError) as e:
        load_scenario(write(tmp_path, units))
    text = str(e.value)
    assert message in text and "s.yaml:" in text
