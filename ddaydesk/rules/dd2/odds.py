"""Exact hit distributions for dice fire: each die hits when it shows its value or less.

The number of hits of independent dice with hit chances p1..pn is a Poisson-binomial
variable; its distribution is the convolution of the per-die (1 - p, p) distributions.
Fractions keep it exact, so the combat dialog can show 1/36, not 0.0278.
"""

from __future__ import annotations

from fractions import Fraction


def hit_chance(value: int, sides: int = 6) -> Fraction:
    return Fraction(max(0, min(value, sides)), sides)


def hit_distribution(values: list[int]) -> list[Fraction]:
    """P(exactly k hits) for k = 0..len(values), one die per value."""
    dist = [Fraction(1)]
    for v in values:
        p = hit_chance(v)
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def expected_hits(values: list[int]) -> Fraction:
    return sum((hit_chance(v) for v in values), Fraction(0))


def at_least(dist: list[Fraction], k: int) -> Fraction:
    return sum(dist[k:], Fraction(0))
