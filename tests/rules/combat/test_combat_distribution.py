"""Exact outcome distributions: sums to 1, matches 20,000 seeded simulated resolutions, and the
Koenig leadership re-roll hook (PKD-LEAD-06)."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.rules.combat import Declaration, Support, assess, draw, outcome_distribution, resolve
from ddaydesk.rules.combat import support as sup
from tests.rules.combat.conftest import D77_ROWS, FMU_ROWS, Build, make_board


def d77_attack(b: Build, att: int, dfn: int, hex_="0404"):
    b.unit("g", "german", hex_, dfn, dfn)
    b.unit("a", "allied", b.nb(hex_, 0), att, att)
    sit = b.sit()
    return sit, assess(sit, Declaration(("a",), b.board.index(hex_)))


def test_d77_column_distribution_is_exact(d77):
    sit, a = d77_attack(d77, 12, 4)
    d = outcome_distribution(a)
    assert d.results == {"EX": Fraction(1, 3), "DB2": Fraction(1, 3), "DE": Fraction(1, 3)}
    assert d.columns == {"3-1": 1}


def test_fixed_result_has_probability_one(d77):
    sit, a = d77_attack(d77, 30, 4)
    assert outcome_distribution(a).results == {"DE": 1}


def test_marker_draws_enumerated_without_replacement():
    from ddaydesk.rules.combat import Marker
    from ddaydesk.rules.combat.distribution import marker_totals
    cup = {"c": (Marker("a", 1, "c"), Marker("b", 2, "c"), Marker("d", 2, "c"))}
    # two draws from {1, 2, 2}: totals 3 (1+2 either order) with p 2/3, 4 (2+2) with p 1/3
    assert marker_totals(cup, ("c", "c"), "use", False) == {3: Fraction(2, 3), 4: Fraction(1, 3)}


def test_leadership_reroll_hook_PKD_LEAD_06(d77):
    sit, a = d77_attack(d77, 4, 4)  # 1-1: DE EX AB2 AB2 AE AE
    d = outcome_distribution(a, reroll=frozenset({"AE"}))
    assert d.results["AE"] == Fraction(1, 9)  # PKD-LEAD-06: AE re-rolled once
    assert d.results["DE"] == Fraction(1, 6) + Fraction(1, 3) * Fraction(1, 6)
    assert sum(d.results.values()) == 1
    dice = iter([5, 1])
    r = resolve(a, lambda: next(dice), reroll=lambda result: result == "AE")
    assert (r.result, r.first_die, r.die) == ("DE", 5, 1)


def fmu_case(fmu: Build, policy: str = "redraw"):
    fmu.unit("g", "german", "0404", 5, 5)
    fmu.unit("aa", "german", fmu.nb("0404", 2), 1, 1, type="anti_aircraft")
    fmu.unit("a", "allied", fmu.nb("0404", 0), 6, 6)
    sit = fmu.sit()
    support = Support(attacker_draws=("allied_air", "allied_ground"), defender_draws=("german", "german"),
                      mines_policy=policy)
    return sit, assess(sit, Declaration(("a",), fmu.board.index("0404"), support=support))


def simulate(sit, a, n: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    s = a.decl.support
    counts: dict[str, int] = {}
    for _ in range(n):
        att = draw(sit.pools.cups, s.attacker_draws, s.mines_policy, rng.randrange)
        dfn = draw(sit.pools.cups, s.defender_draws, s.mines_policy, rng.randrange)
        r = resolve(a, lambda: rng.randint(1, 6), att.markers, dfn.markers)
        counts[r.result] = counts.get(r.result, 0) + 1
    return counts


def test_distribution_matches_20000_seeded_resolutions(fmu):
    sit, a = fmu_case(fmu)
    assert a.legal and a.flak
    exact = outcome_distribution(a, sit.pools.cups)
    assert sum(exact.results.values()) == 1
    n = 20_000
    counts = simulate(sit, a, n, seed=20240606)
    assert set(counts) <= set(exact.results)
    for code, p in exact.results.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(code, 0) / n - float(p)) <= 4.5 * sigma + 1e-9, code


def test_d77_distribution_matches_seeded_resolutions(d77):
    sit, a = d77_attack(d77, 7, 3)
    exact = outcome_distribution(a)
    counts = simulate(sit, a, 20_000, seed=7)
    for code, p in exact.results.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / 20_000)
        assert abs(counts.get(code, 0) / 20_000 - float(p)) <= 4.5 * sigma


CUPS = sup.initial_cups()


@settings(max_examples=60, deadline=None)
@given(att=st.integers(0, 20), dfn=st.integers(0, 20),
       a_draws=st.lists(st.sampled_from(["allied_air", "allied_ground"]), max_size=2),
       d_draws=st.lists(st.just("german"), max_size=2), policy=st.sampled_from(["use", "redraw"]),
       flak=st.booleans())
def test_fmu_distribution_sums_to_one(att, dfn, a_draws, d_draws, policy, flak):
    b = Build(_fmu_board(), "fmu")
    b.unit("g", "german", "0404", dfn, dfn)
    if flak:
        b.unit("aa", "german", b.nb("0404", 2), 1, 1, type="anti_aircraft")
    b.unit("a", "allied", b.nb("0404", 0), att, att)
    sit = b.sit()
    a = assess(sit, Declaration(("a",), b.board.index("0404"), support=Support(
        attacker_draws=tuple(a_draws), defender_draws=tuple(d_draws), mines_policy=policy)))
    assert a.legal
    d = outcome_distribution(a, CUPS)
    assert sum(d.results.values()) == 1
    assert sum(d.columns.values()) == 1
    assert set(d.results) <= set(a.crt.tables["standard"].results)


@settings(max_examples=60, deadline=None)
@given(att=st.integers(0, 60), dfn=st.integers(0, 30))
def test_d77_distribution_sums_to_one(att, dfn):
    b = Build(_d77_board(), "dday77")
    sit, a = d77_attack(b, att, dfn)
    d = outcome_distribution(a)
    assert sum(d.results.values()) == 1


@cache
def _fmu_board():
    return make_board("fmu", FMU_ROWS)


@cache
def _d77_board():
    return make_board("dday77", D77_ROWS)


def test_draw_leaves_the_cups_without_the_drawn_markers(fmu):
    sit, a = fmu_case(fmu, policy="use")
    picks = iter([0, 0])
    d = draw(sit.pools.cups, ("allied_air", "allied_ground"), "use", lambda n: next(picks))
    assert len(d.cups["allied_air"]) == len(sit.pools.cups["allied_air"]) - 1
    assert len(d.cups["allied_ground"]) == len(sit.pools.cups["allied_ground"]) - 1
    assert d.markers == (sit.pools.cups["allied_air"][0], sit.pools.cups["allied_ground"][0])
    assert replace(sit.pools).cups == sit.pools.cups  # the input is not changed


def test_the_distribution_as_the_odds_command_writes_it(fmu):
    # each drawn total of both sides' markers with its probability, as float and exact
    sit, a = fmu_case(fmu)
    d = outcome_distribution(a, sit.pools.cups)
    out = d.as_dict()
    assert set(out) == {"results", "columns", "attacker_marker_total", "defender_marker_total"}
    assert d.attacker_markers and d.defender_markers
    for key, totals in (("attacker_marker_total", d.attacker_markers), ("defender_marker_total", d.defender_markers)):
        assert out[key] == [{"key": k, "p": float(p), "exact": str(p)} for k, p in totals.items()]
    assert {r["result"]: Fraction(r["exact"]) for r in out["results"]} == d.results
    assert {c["column"]: Fraction(c["exact"]) for c in out["columns"]} == d.columns
