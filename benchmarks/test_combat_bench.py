"""Combat timings: the dialog recomputes the assessment and the exact distribution whenever a
support choice changes, so both must feel instant. Run:
``.venv/bin/python -m pytest benchmarks/test_combat_bench.py --benchmark-only``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules" / "combat"))

from conftest import D77_ROWS, FMU_ROWS, Build, make_board  # noqa: E402

from ddaydesk.rules.combat import Declaration, Support, assess, outcome_distribution  # noqa: E402


def _fmu():
    b = Build(make_board("fmu", FMU_ROWS), "fmu")
    b.unit("g", "german", "0404", 5, 5)
    b.unit("aa", "german", b.nb("0404", 2), 1, 1, type="anti_aircraft")
    b.unit("a", "allied", b.nb("0404", 0), 6, 6)
    sit = b.sit()
    decl = Declaration(("a",), b.board.index("0404"), support=Support(
        attacker_draws=("allied_ground", "allied_ground"), defender_draws=("german", "german"),
        mines_policy="redraw"))
    return sit, decl


def test_fmu_assess_and_distribution_two_draws_each(benchmark):
    sit, decl = _fmu()

    def run():
        a = assess(sit, decl)
        return outcome_distribution(a, sit.pools.cups)

    d = benchmark(run)
    assert sum(d.results.values()) == 1


def test_d77_assess_and_distribution(benchmark):
    b = Build(make_board("dday77", D77_ROWS), "dday77")
    b.unit("g", "german", "0404", 4, 4)
    for k in range(3):
        b.unit(f"a{k}", "allied", b.nb("0404", k), 5, 5)
    sit = b.sit()
    decl = Declaration(("a0", "a1", "a2"), b.board.index("0404"))
    d = benchmark(lambda: outcome_distribution(assess(sit, decl)))
    assert sum(d.results.values()) == 1


def test_fmu_distribution_cold_cache(benchmark):
    """The first distribution for a new cup content (after each draw the cups change)."""
    from ddaydesk.rules.combat.distribution import _marker_totals

    sit, decl = _fmu()
    a = assess(sit, decl)

    def run():
        _marker_totals.cache_clear()
        return outcome_distribution(a, sit.pools.cups)

    assert sum(benchmark(run).results.values()) == 1
