"""Combat in words: the key to every CRT result code (with its rule id) and the log's sentences."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddaydesk.engine import legal_actions
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.actions import DeclareAttack
from ddaydesk.rules.combat.crt import load_crt
from ddaydesk.rules.combat.words import _NOTE, key_line, log_text, result_key, result_note
from tests.engine.conftest import at
from tests.rules.combat.conftest import first, game_at, seeded_result

TUTORIAL = load_scenario(default_scenario_path())


@pytest.mark.parametrize("system", ["dday77", "fmu"])
def test_every_result_code_of_every_table_has_a_key_entry_with_its_rule(system):
    crt = load_crt(system)
    key = result_key(system)
    for table in crt.tables.values():
        for col in table.columns:
            for code in col.results:
                r = table.results[code]
                assert any(e.code == code and e.text == r.text and e.rule == r.rule for e in key), (table.name, code)
    for e in key:
        assert e.rule and e.text and e.name and e.confidence in ("seed", "default")


def test_the_dday77_key_spells_out_the_codes():
    key = {e.code: e for e in result_key("dday77")}
    assert list(key) == ["AE", "AB2", "DB2", "EX", "DE"]  # as they first appear from the 1-6 column
    assert key_line(key["AB2"]) == "AB2 — Attacker Back 2: attacker retreats 2 hexes (STD-CRT-AB)"
    assert key["EX"].name == "Exchange" and key["DE"].rule == "STD-CRT-DE"


def test_the_fmu_beach_lines_keep_their_own_meaning_of_a_code():
    """FMU-BEACH-05: on the beach lines D2 hits the assaulting units."""
    d2 = [e for e in result_key("fmu") if e.code == "D2"]
    assert {e.text for e in d2} == {"defender retreats 2 hexes (stiff resistance may apply)",
                                    "all assaulting units reduced (no retreat from the beach)"}
    assert {e.rule for e in d2} == {"FMU-BEACH-05"}


@given(st.text("0123456789", min_size=4, max_size=4), st.sampled_from(["3-1", "1-2", "+4..+6", "-6 or less"]),
       st.sampled_from(["AB2", "D1", "EX"]), st.integers(-9, 99), st.integers(-9, 99),
       st.one_of(st.none(), st.integers(1, 6)), st.lists(st.sampled_from(["german +3", "allied_air +8"]), max_size=3))
def test_the_roll_note_is_read_back(label, column, code, attack, defence, die, markers):
    m = _NOTE.match(result_note(label, column, code, attack, defence, die, markers))
    assert (m["hex"], m["column"], m["code"], int(m["attack"]), int(m["defence"])) == (label, column, code, attack, defence)
    assert m["die"] == (str(die) if die is not None else None)
    assert (m["markers"] or "") == ", ".join(markers)


def _retreat_game():
    def make(seed):
        return game_at(TUTORIAL, {"br-7-arm": "1207", "de-21-pz": "1308", "de-12-ss": "1409"},
                       phase="allied.combat", seed=seed)

    return seeded_result(make, lambda g: g.do(DeclareAttack("allied", ("br-7-arm",), at(TUTORIAL, "1308"))), "AB2")


def test_the_log_tells_a_retreat_in_words():
    g = _retreat_game()
    roll = log_text(TUTORIAL, g.actions[-1], g.states[-2], g.changes[-1])
    assert roll.startswith("combat at 1308: ") and ": AB2 — attacker retreats 2 hexes" in roll
    retreat = first(legal_actions(g.state, "allied"), "retreat")
    before = g.state
    ch = g.do(retreat)
    to = TUTORIAL.board.labels[retreat.via[-1]]
    assert log_text(TUTORIAL, retreat, before, ch) == f"7th Armoured Division retreats 2 hexes to {to} (AB2)"


def test_the_log_names_attackers_and_defenders_and_hexes_with_their_places():
    g = game_at(TUTORIAL, {"br-7-arm": "1207", "ca-3-inf": "1206", "de-21-pz": "1307"}, phase="allied.combat")
    decl = DeclareAttack("allied", ("ca-3-inf", "br-7-arm"), at(TUTORIAL, "1307"))
    before = g.state
    text = log_text(TUTORIAL, decl, before, g.do(decl))
    assert text == "3rd Canadian Infantry Division and 7th Armoured Division attack 21st Panzer Division at 1307 Caen"
    assert "ca-3-inf" not in text


def test_other_actions_are_left_to_the_generic_log():
    g = game_at(TUTORIAL, {"br-7-arm": "1207"}, phase="allied.combat")
    end = first(legal_actions(g.state, "allied"), "end_phase")
    before = g.state
    assert log_text(TUTORIAL, end, before, g.do(end)) is None


def test_a_beach_assault_reads_as_one_FMU_BEACH_01():
    """The assaulting units stand in the beach hex themselves: never "X attacks X"."""
    from ddaydesk.engine import Changes, Game
    from ddaydesk.paths import scenarios_dir

    sc = load_scenario(scenarios_dir() / "utah-landing.yaml")
    g = Game(sc, 1)
    while g.state.phase != "landing.beach_assault":
        acts = legal_actions(g.state, g.state.active)
        g.do(next((a for a in acts if a.kind not in ("end_phase", "move")), None) or
             next(a for a in acts if a.kind == "end_phase"))
    a = next(a for a in legal_actions(g.state, "allied", ("attack",)) if a.mode == "beach_assault")
    text = log_text(sc, a, g.state, Changes())
    names = [sc.units[sc.unit_index[u]].name for u in a.attackers]
    assert f"the beach at {sc.board.labels[a.target]}" in text and text.endswith("(FMU-BEACH-01)")
    assert text.count(names[0]) == 1
