"""Koenig's movement defaults (the series' standard rules are not public; docs/rules/koenig.md):
two units a hex (STD-PKD-STACK), no zones of control (STD-PKD-ZOC), armour and recon on the
tracked costs, the rest on foot (STD-PKD-MOV)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, Move, reach
from ddaydesk.engine.tables import load_move_rules
from tests.rules.pkd.conftest import do, hex_, position


def test_two_units_a_hex_and_not_three():  # STD-PKD-STACK
    st = position({"a-inf1": "0502", "a-inf2": "0603", "a-hvy": "0602"}, op="move")
    after, _ = do(st, Move("allied", "a-inf1", hex_(st, "0602")))  # the second unit: fine
    assert after.place[after.unit("a-inf1")] == hex_(st, "0602")
    with pytest.raises(IllegalAction, match="stacking limit of 2"):
        do(after, Move("allied", "a-inf2", hex_(st, "0602")))


def test_no_zones_of_control():  # STD-PKD-ZOC
    # next to a German unit a unit neither stops nor pays to leave: it moves on past it
    st = position({"a-inf1": "0702", "g-inf1": "0801"}, op="move")
    r = reach(st, st.unit("a-inf1"))
    assert not r.zoc_stops
    alone = position({"a-inf1": "0702"}, op="move")
    free = reach(alone, alone.unit("a-inf1"))
    assert r.dest and all(r.dist[i] == free.dist[i] for i in r.dest)


def test_armour_and_recon_move_as_tracked_the_rest_on_foot():  # STD-PKD-MOV
    rules = load_move_rules("pkd")
    tracked = rules.classes.index("tracked")
    assert {t for t, c in rules.class_of_type.items() if c == tracked} == {"armour", "recon"}
    assert all(rules.classes[c] == "foot" for t, c in rules.class_of_type.items() if t not in ("armour", "recon"))
