"""Dice: drawn from the OS when rolled (default), seeded for tests, recorded for replays."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.engine import Dice, RecordedDice, SeededDice, SystemDice
from ddaydesk.engine.dice import RecordMismatch


def test_pcg32_reference_stream():
    # The PCG32 reference (pcg32-demo, seed 42, sequence 54) prints 0xa15c02b7 0x7b47f409 ...
    d = SeededDice(0, (54 << 1) | 1)
    d._next32()
    d.state = (d.state + 42) & ((1 << 64) - 1)
    d._next32()
    assert [d._next32() for _ in range(3)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330]


@given(st.one_of(st.integers(), st.text(max_size=20)))
def test_same_seed_same_rolls(seed):
    a, b = Dice.from_seed(seed), Dice.from_seed(seed)
    rolls = [a.roll(6, "x").value for _ in range(20)]
    assert rolls == [b.roll(6, "x").value for _ in range(20)]
    c = a.copy()
    assert [c.roll(10, "y").value for _ in range(5)] == [a.roll(10, "y").value for _ in range(5)]
    assert all(1 <= r <= 6 for r in rolls)


def test_rolls_are_counted_and_labelled():
    for d in (Dice.from_seed(5), SystemDice(), RecordedDice(((6, 3), (6, 5)))):
        r1 = d.roll(6, "weather turn 6")
        r2 = d.roll(6, "combat at 1207")
        assert (r1.draw, r2.draw, d.draws) == (0, 1, 2)
        assert r2.purpose == "combat at 1207" and r2.text == f"d6={r2.value}"


def test_the_canonical_form_holds_the_count_only():
    for d in (Dice.from_seed(5), SystemDice(3), RecordedDice(((6, 3),), 1)):
        assert d.to_dict() == {"draws": d.draws}


@pytest.mark.parametrize("make", [lambda: Dice.from_seed("uniform"), SystemDice], ids=["seeded", "system"])
def test_faces_are_roughly_uniform(make):
    d = make()
    counts = Counter(d.roll(6, "").value for _ in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(850 < c < 1150 for c in counts.values())


def test_system_dice_cannot_be_replayed_from_a_copy():
    # two copies at the same count draw independently: nothing in one predicts the other
    a = SystemDice(10)
    firsts = {tuple(a.copy().roll(6, "").value for _ in range(4)) for _ in range(40)}
    assert len(firsts) > 30


def test_recorded_dice_give_back_the_record_and_refuse_anything_else():
    d = RecordedDice(((6, 4), (10, 7)))
    assert d.roll(6, "a").value == 4 and d.roll(10, "b").value == 7
    with pytest.raises(RecordMismatch, match="does not record"):
        d.roll(6, "c")
    with pytest.raises(RecordMismatch, match="recorded as a d6, the rules roll a d10"):
        RecordedDice(((6, 4),)).roll(10, "d")


@pytest.mark.parametrize("sides", [0, -1, True, 2.5])
def test_a_die_has_a_whole_number_of_sides(sides):
    with pytest.raises(ValueError):
        SystemDice().roll(sides, "x")
