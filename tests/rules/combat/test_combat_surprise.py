"""Surprise attack, the combat side (D77-SURP-01, D77-SURP-02, D77-SURP-05)."""

from __future__ import annotations

from ddaydesk.rules.combat import Declaration, assess
from ddaydesk.rules.combat.surprise import check_declaration


def test_once_a_game_per_side_D77_SURP_01(d77):
    d77.unit("a", "allied", "0404", 4, 4)
    sit = d77.sit()
    assert check_declaration(sit, "allied", ("a",), frozenset()) == []
    used = check_declaration(sit, "allied", ("a",), frozenset({"allied"}))
    assert [r.rule for r in used] == ["D77-SURP-01"]
    assert check_declaration(sit, "allied", ("a",), frozenset({"german"})) == []  # the other side's use


def test_at_most_three_units_D77_SURP_02(d77):
    # D77-SURP-02 rests on base Strategic Movement rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    for k in range(4):
        d77.unit(f"a{k}", "allied", "0404", 4, 4)
    sit = d77.sit()
    assert check_declaration(sit, "allied", ("a0", "a1", "a2"), frozenset()) == []
    assert [r.rule for r in check_declaration(sit, "allied", ("a0", "a1", "a2", "a3"), frozenset())] == ["D77-SURP-02"]


def test_strategic_movers_attack_only_as_surprise_units_D77_SURP_02(d77):
    # D77-SURP-02 rests on base Strategic Movement rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("g", "german", "0404", 2, 2)
    d77.unit("s", "allied", d77.nb("0404", 0), 4, 4, strategic=True, surprise=True)
    d77.unit("x", "allied", d77.nb("0404", 1), 4, 4, strategic=True)
    sit = d77.sit()
    t = d77.board.index("0404")
    assert assess(sit, Declaration(("s",), t)).legal
    assert "D77-SURP-02" in {r.rule for r in assess(sit, Declaration(("s", "x"), t)).refusals}


def test_interdicted_units_cannot_be_surprise_units_D77_SURP_05(d77):
    d77.unit("a", "allied", "0404", 4, 4, interdicted=True)
    assert [r.rule for r in check_declaration(d77.sit(), "allied", ("a",), frozenset())] == ["D77-SURP-05"]
