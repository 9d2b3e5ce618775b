"""Fire & Movement movement costs: each terrain and hexside for leg and mobile units.

The F&M terrain effects chart is not public: these are our documented default (FM-TEC,
rules/data/fmu/terrain.yaml, docs/rules/fire-and-movement.md), proven as the movement
procedure charges them (engine/movement.py ``edge_table``; ticks: SCALE per MP).
"""

from __future__ import annotations

import pytest

from ddaydesk.engine.movement import edge_table
from ddaydesk.engine.tables import SCALE, load_move_rules
from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.yamlmarks import load_text

# column 01 holds each terrain, entered from column 02 (clear) across a plain hexside;
# rows 01-04 of columns 03-04 are crossed by river, stream, road, trail
MAP = """
format: 1
id: t-fmu-costs
title: test
system: fmu
grid:
  kind: hex
  orientation: flat
  parity: odd
  width: 6
  height: 8
  numbering: {order: col-row, digits: 2, col_from: west, row_from: north, first: 1}
terrain:
  rows: [". . . . . .", "B . . . . .", "T . . . . .", "C . . . . .", "b . . . . .", "w . . . . .",
         "m . . . . .", "f . . . . ."]
hexsides:
  - {feature: river, sides: ["0301/0401"]}
  - {feature: stream, sides: ["0302/0402"]}
  - {feature: road, sides: ["0303/0403"]}
  - {feature: trail, sides: ["0304/0404"]}
places: []
"""
LEG, MOBILE = 0, 1


def _cost(board, cls, frm, to):
    edges, _ = edge_table(board, load_move_rules("fmu"), cls)
    got = dict(edges[board.index(frm)]).get(board.index(to))
    return None if got is None else got / SCALE


@pytest.fixture(scope="module")
def board():
    return parse_map(load_text(MAP, "t-fmu-costs.yaml"), "t-fmu-costs.yaml")


@pytest.mark.parametrize(("to", "leg", "mobile"), [
    ("0101", 1, 1), ("0102", 1, 1), ("0103", 1, 1), ("0104", 1, 1), ("0105", 2, 3), ("0106", 2, 3),
    ("0107", 3, 4), ("0108", 3, None)],
    ids=["FM-TEC-clear", "FM-TEC-beach", "FM-TEC-town", "FM-TEC-city", "FM-TEC-bocage", "FM-TEC-woods",
         "FM-TEC-marsh", "FM-TEC-flooded"])
def test_terrain_costs_leg_and_mobile_units(board, to, leg, mobile):
    frm = "02" + to[2:]
    assert _cost(board, LEG, frm, to) == leg
    assert _cost(board, MOBILE, frm, to) == mobile  # None: mobile units may not enter flooded hexes


@pytest.mark.parametrize(("row", "leg", "mobile"), [
    ("01", 1 + 2, 1 + 3), ("02", 1 + 1, 1 + 1), ("03", 1, 0.5), ("04", 1, 1)],
    ids=["FM-TEC-river-adds", "FM-TEC-stream-adds", "FM-TEC-road-replaces", "FM-TEC-trail-replaces"])
def test_hexside_costs_add_or_replace(board, row, leg, mobile):
    assert _cost(board, LEG, "03" + row, "04" + row) == leg
    assert _cost(board, MOBILE, "03" + row, "04" + row) == mobile
    assert _cost(board, LEG, "04" + row, "05" + row) == 1  # the plain hexside beside it
