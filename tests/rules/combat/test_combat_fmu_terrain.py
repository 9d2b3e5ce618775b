"""Fire & Movement terrain in combat: what each terrain and hexside adds to the defence.

The F&M terrain effects chart is not public: these are our documented default (STD-FM-TEC,
defence.yaml, docs/rules/fire-and-movement.md), proven here as combat adds them up.
"""

from __future__ import annotations

import pytest

from ddaydesk.rules.combat import Declaration, assess
from tests.rules.combat.conftest import Build, make_board, river_around

# column 03 holds each terrain once; column 01 sea, 02 beach
ROWS = [
    "~ B . . . .",
    "~ B b . . .",
    "~ B w . . .",
    "~ B T . . .",
    "~ B C . . .",
    "~ B f . . .",
    "~ B m . . .",
]


@pytest.mark.parametrize(("hex_", "add"), [
    ("0301", 0), ("0302", 2), ("0303", 2), ("0304", 2), ("0305", 3), ("0306", 1), ("0307", 1)],
    ids=["STD-FM-TEC-clear", "STD-FM-TEC-bocage", "STD-FM-TEC-woods", "STD-FM-TEC-town",
         "STD-FM-TEC-city", "STD-FM-TEC-flooded", "STD-FM-TEC-marsh"])
def test_terrain_adds_to_the_defence(hex_, add):
    b = Build(make_board("fmu", ROWS), "fmu")
    b.unit("g", "german", hex_, 4, 4)
    b.unit("a", "allied", "0401" if hex_ == "0301" else b.nb(hex_, 0), 6, 6)
    a = assess(b.sit(), Declaration(("a",), b.board.index(hex_)))
    assert a.legal, a.refusals
    assert a.defence == 4 + add  # STD-FM-TEC: added, never multiplied


def test_a_river_hexside_adds_two_to_a_defence_attacked_across_it():
    # STD-FM-TEC: river +2 (our default), on top of the terrain (clear: 0)
    b = Build(river_around("fmu", ROWS, "0403"), "fmu")
    b.unit("g", "german", "0403", 4, 4)
    b.unit("a", "allied", b.nb("0403", 0), 6, 6)
    assert assess(b.sit(), Declaration(("a",), b.board.index("0403"))).defence == 6
