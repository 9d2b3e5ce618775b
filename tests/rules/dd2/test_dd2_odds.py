"""Exact hit distributions by convolution (the combat dialog's odds)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.rules.dd2.fire import battle_odds
from ddaydesk.rules.dd2.odds import at_least, expected_hits, hit_distribution


def brute_force(values):
    dist = [Fraction(0)] * (len(values) + 1)
    for faces in product(range(1, 7), repeat=len(values)):
        dist[sum(f <= v for f, v in zip(faces, values, strict=True))] += Fraction(1, 6 ** len(values))
    return dist


def test_known_values():
    assert hit_distribution([1]) == [Fraction(5, 6), Fraction(1, 6)]
    assert hit_distribution([3, 3]) == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    assert hit_distribution([]) == [1]


@given(st.lists(st.integers(0, 6), max_size=4))
def test_convolution_equals_enumeration(values):
    assert hit_distribution(values) == brute_force(values)


@given(st.lists(st.integers(0, 6), max_size=12))
def test_distribution_sums_to_one_and_has_the_right_mean(values):
    d = hit_distribution(values)
    assert sum(d) == 1
    assert sum(k * p for k, p in enumerate(d)) == expected_hits(values)
    assert at_least(d, 0) == 1


def test_battle_odds_shown_before_rolling(game):  # DD2-GEN-01: the one round's exact odds
    s = game
    draws = s.dice.draws
    odds = battle_odds(s.gs, s.board.index("10"), "allied")
    assert odds["attack"] == [1, 1, 1] and sorted(odds["defence"]) == [2, 2]
    assert odds["attacker_hits"] == hit_distribution([1, 1, 1])
    assert odds["defender_hits"][2] == Fraction(1, 9)
    assert s.dice.draws == draws  # nothing rolled
