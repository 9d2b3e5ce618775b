"""Movement costs of each terrain and hexside, per movement class, as the movement procedure
charges them (engine/movement.py ``edge_table``; ticks: SCALE per MP).

The terrain effects charts of F&M and of D-Day '77 are not public: these are our documented
defaults (FM-TEC, rules/data/fmu/terrain.yaml, docs/rules/fire-and-movement.md; STD-TEC,
rules/data/dday77/terrain.yaml, docs/rules/dday77.md).
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
  - {feature: river, sides: ["0305/0405"]}
  - {feature: stream, sides: ["0305/0405"]}
places: []
"""
LEG, MOBILE = 0, 1


def _cost(board, cls, frm, to, system="fmu"):
    edges, _ = edge_table(board, load_move_rules(system), cls)
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
    ("01", 1 + 2, 1 + 3), ("02", 1 + 1, 1 + 1), ("03", 1, 0.5), ("04", 1, 1), ("05", 1 + 2 + 1, 1 + 3 + 1)],
    ids=["FM-TEC-river-adds", "FM-TEC-stream-adds", "FM-TEC-road-replaces", "FM-TEC-trail-replaces",
         "FM-TEC-river-and-stream-both-add"])
def test_hexside_costs_add_or_replace(board, row, leg, mobile):
    assert _cost(board, LEG, "03" + row, "04" + row) == leg
    assert _cost(board, MOBILE, "03" + row, "04" + row) == mobile
    assert _cost(board, LEG, "04" + row, "05" + row) == 1  # the plain hexside beside it


# -- D-Day '77 (STD-TEC, rules/data/dday77/terrain.yaml: our default, docs/rules/dday77.md) --------
D77_MAP = MAP.replace("t-fmu-costs", "t-d77-costs").replace("system: fmu", "system: dday77").replace(
    """  rows: [". . . . . .", "B . . . . .", "T . . . . .", "C . . . . .", "b . . . . .", "w . . . . .",
         "m . . . . .", "f . . . . ."]""",
    """  rows: [". . . . . .", ", . . . . .", "C . . . . .", "F . . . . .", "w . . . . .", "W . . . . .",
         "^ . . . . .", ". . . . . ."]""").replace(
    """  - {feature: river, sides: ["0301/0401"]}
  - {feature: stream, sides: ["0302/0402"]}
  - {feature: road, sides: ["0303/0403"]}
  - {feature: trail, sides: ["0304/0404"]}
  - {feature: river, sides: ["0305/0405"]}
  - {feature: stream, sides: ["0305/0405"]}""",
    """  - {feature: river, sides: ["0301/0401"]}
  - {feature: major_river, sides: ["0302/0402"]}
  - {feature: road, sides: ["0303/0403"]}""")
FOOT, MECH = 0, 1


@pytest.fixture(scope="module")
def d77_board():
    return parse_map(load_text(D77_MAP, "t-d77-costs.yaml"), "t-d77-costs.yaml")


def _d77(board, cls, frm, to):
    return _cost(board, cls, frm, to, "dday77")


@pytest.mark.parametrize(("to", "cost"), [
    ("0101", 1), ("0102", 1), ("0103", 1), ("0104", 1), ("0105", 2), ("0106", 2), ("0107", 3)],
    ids=["STD-TEC-clear", "STD-TEC-coast", "STD-TEC-city", "STD-TEC-fortress", "STD-TEC-woods",
         "STD-TEC-fortified", "STD-TEC-mountain"])
def test_dday77_terrain_costs_foot_and_mechanised_alike(d77_board, to, cost):
    frm = "02" + to[2:]
    assert _d77(d77_board, FOOT, frm, to) == cost and _d77(d77_board, MECH, frm, to) == cost


@pytest.mark.parametrize(("row", "cost"), [("01", 1 + 1), ("02", 1 + 2), ("03", 0.5)],
                         ids=["STD-TEC-river-adds-1", "STD-TEC-major-river-adds-2", "STD-TEC-road-half"])
def test_dday77_hexside_costs(d77_board, row, cost):
    for cls in (FOOT, MECH):
        assert _d77(d77_board, cls, "03" + row, "04" + row) == cost
        assert _d77(d77_board, cls, "04" + row, "05" + row) == 1


# -- Koenig's D-Day (STD-PKD-TEC, rules/data/pkd/terrain.yaml: our default, docs/rules/koenig.md) ---
PKD_MAP = MAP.replace("t-fmu-costs", "t-pkd-costs").replace("system: fmu", "system: pkd").replace(
    """  rows: [". . . . . .", "B . . . . .", "T . . . . .", "C . . . . .", "b . . . . .", "w . . . . .",
         "m . . . . .", "f . . . . ."]""",
    """  rows: [". . . . . .", "B . . . . .", "T . . . . .", "C . . . . .", "b . . . . .", "s . . . . .",
         ". . . . . .", ". . . . . ."]""").replace(
    """  - {feature: river, sides: ["0301/0401"]}
  - {feature: stream, sides: ["0302/0402"]}
  - {feature: road, sides: ["0303/0403"]}
  - {feature: trail, sides: ["0304/0404"]}
  - {feature: river, sides: ["0305/0405"]}
  - {feature: stream, sides: ["0305/0405"]}""",
    """  - {feature: river, sides: ["0301/0401"]}
  - {feature: road, sides: ["0302/0402"]}
  - {feature: cliff, sides: ["0303/0403"]}""")
TRACKED = 1


@pytest.fixture(scope="module")
def pkd_board():
    return parse_map(load_text(PKD_MAP, "t-pkd-costs.yaml"), "t-pkd-costs.yaml")


def _pkd(board, cls, frm, to):
    return _cost(board, cls, frm, to, "pkd")


@pytest.mark.parametrize(("to", "foot", "tracked"), [
    ("0101", 1, 1), ("0102", 1, 1), ("0103", 1, 1), ("0104", 1, 2), ("0105", 2, 3), ("0106", 3, None)],
    ids=["STD-PKD-TEC-clear", "STD-PKD-TEC-beach", "STD-PKD-TEC-town", "STD-PKD-TEC-city",
         "STD-PKD-TEC-bocage", "STD-PKD-TEC-swamp"])
def test_koenig_terrain_costs_foot_and_tracked(pkd_board, to, foot, tracked):
    frm = "02" + to[2:]
    assert _pkd(pkd_board, LEG, frm, to) == foot
    assert _pkd(pkd_board, TRACKED, frm, to) == tracked  # None: tracked units may not enter swamp


@pytest.mark.parametrize(("row", "foot", "tracked"), [("01", 1 + 3, None), ("02", 1, 0.5), ("03", 1 + 2, None)],
                         ids=["STD-PKD-TEC-river", "STD-PKD-TEC-road", "STD-PKD-TEC-cliff"])
def test_koenig_hexside_costs(pkd_board, row, foot, tracked):
    assert _pkd(pkd_board, LEG, "03" + row, "04" + row) == foot
    assert _pkd(pkd_board, TRACKED, "03" + row, "04" + row) == tracked  # river, cliff: no tracked crossing
    assert _pkd(pkd_board, LEG, "04" + row, "05" + row) == 1


@pytest.mark.parametrize(("frm", "to", "foot", "tracked"), [("0611", "0612", 1, 1), ("0313", "0314", 1, 0.5)],
                         ids=["STD-PKD-TEC-bridge-between-towns", "STD-PKD-TEC-bridge-in-caen"])
def test_koenig_river_is_bridged_between_two_towns_or_cities(frm, to, foot, tracked):
    # STD-PKD-TEC, our default: where Sword's river runs between two town or city hexes
    # (Bénouville-Ranville, Caen) there is a bridge: no river cost, and tracked units cross
    # (0611/0612: the river alone, the town's cost; in Caen a road runs over it too)
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.conftest import ROOT

    board = load_scenario(ROOT / "scenarios" / "sword.yaml").board
    assert board.side_between(board.index(frm), board.index(to)) is not None
    assert _pkd(board, LEG, frm, to) == foot
    assert _pkd(board, TRACKED, frm, to) == tracked
