"""A frozen dataclass over ``Record`` (ddaydesk/records.py) compares, hashes and prints as
the one dataclasses would make for it: fields left out of the comparison or the repr, other
classes, a record inside itself."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.engine import EndPhase, Move, rules_module
from ddaydesk.engine.actions import all_action_types
from ddaydesk.records import Record


@dataclass(frozen=True)
class Made:
    a: int
    b: str = field(default="x", compare=False)
    c: tuple = field(default=(), repr=False)
    d: object = None


@dataclass(frozen=True, eq=False, repr=False)
class Kept(Record):
    a: int
    b: str = field(default="x", compare=False)
    c: tuple = field(default=(), repr=False)
    d: object = None


values = st.tuples(st.integers(-3, 3), st.sampled_from("xyz"), st.lists(st.integers(0, 2), max_size=2).map(tuple),
                   st.none() | st.integers(0, 1) | st.text(max_size=2))


@given(values, values)
def test_a_record_compares_hashes_and_prints_as_a_dataclass_does(one, two):
    m1, m2, k1, k2 = Made(*one), Made(*two), Kept(*one), Kept(*two)
    assert repr(k1) == repr(m1).replace("Made(", "Kept(", 1)
    assert hash(k1) == hash(m1)
    assert (k1 == k2) == (m1 == m2) and (k1 != k2) == (m1 != m2)
    assert k1 != m1 and k1 != one and k1 == Kept(*one)
    with pytest.raises(FrozenInstanceError):
        k1.a = 5


def test_a_record_inside_itself_prints_as_a_dataclass_does():
    made, kept = Made(1, d=[]), Kept(1, d=[])
    made.d.append(made)
    kept.d.append(kept)
    assert repr(kept) == repr(made).replace("Made(", "Kept(")


def test_actions_of_every_system_are_records_but_the_move():
    for system in ("dday77", "fmu", "dd2", "pkd", "ddd"):
        rules_module(system)
    kinds = all_action_types()
    assert [k for k, cls in kinds.items() if cls.__eq__ is not Record.__eq__] == ["move"]
    assert EndPhase("allied") == EndPhase("allied") != EndPhase("german")
    assert Move("allied", "u", 3) == Move("allied", "u", 3, via=(1, 3))  # (its own: ``via`` not compared)
