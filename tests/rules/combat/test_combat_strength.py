"""An assessment as the odds command and the combat dialog read it (Assessment.as_dict): the
strengths, the CRT table with its confidence, and the odds or differential each CRT kind
shows."""

from __future__ import annotations

from ddaydesk.rules.combat import Declaration, assess
from tests.rules.combat.conftest import Build


def _attack(b: Build, att: int, dfn: int):
    b.unit("g", "german", "0404", dfn, dfn)
    b.unit("a", "allied", b.nb("0404", 0), att, att)
    return assess(b.sit(), Declaration(("a",), b.board.index("0404")))


def test_an_odds_assessment_shows_its_ratio_and_no_differential(d77):
    a = _attack(d77, 12, 4)
    d = a.as_dict()
    assert d["legal"] is True and d["refusals"] == []
    assert d["crt"] == {"kind": "odds", "table": a.table, "path": a.crt.path,
                        "confidence": a.crt.tables[a.table].confidence}
    assert (d["attack"]["total"], d["defence"]["total"]) == (12, 4)
    assert d["defence"]["lines"] == [{"rule": "STD-CRT", "text": "g: defence 4", "value": 4, "confidence": "seed"}]
    assert d["ratio"] == "12:4" and d["differential"] is None
    assert d["column"]["label"] == "3-1" and d["column"]["fixed"] is None
    assert len(d["column"]["results"]) == 6
    assert d["markers_to_draw"] == {"attacker": [], "defender": []}


def test_a_differential_assessment_shows_its_difference_and_no_ratio(fmu):
    a = _attack(fmu, 6, 2)
    d = a.as_dict()
    assert d["crt"]["kind"] == "differential"
    assert d["crt"]["confidence"] == a.crt.tables[a.table].confidence
    assert d["differential"] == a.attack - a.defence and d["ratio"] is None


def test_attackers_of_both_sides_are_refused(d77):
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("a", "allied", d77.nb("0404", 0), 6, 6)
    d77.unit("g2", "german", d77.nb("0404", 1), 6, 6)
    a = assess(d77.sit(), Declaration(("a", "g2"), d77.board.index("0404")))
    assert not a.legal
    assert [(r.rule, r.reason) for r in a.refusals if "one side" in r.reason] == [
        ("STD-CRT", "attackers must all be on one side")]
