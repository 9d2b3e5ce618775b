"""The table mutator of tools/mutation: which mutants a table gives, the rule ids they carry,
the tests chosen for them, and a table written back unchanged reads the same."""

from __future__ import annotations

from pathlib import Path

import yaml

from tools.mutation import citations
from tools.mutation import tables_campaign as campaign
from tools.mutation.tables import enumerate_file, mutated_text, write

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "ddaydesk" / "rules" / "data"

TABLE = """\
rule: STD-X
limit: {value: 8, rule: D77-SUP-02, confidence: seed, note: "the same as D77-SUP-03's"}
order: [a, b, b]
phases:
  - {id: one, rule: FMU-SEQ-01, actions: [move]}
  - {id: two, actions: [attack, move]}
rules: [D77-SUP-01, D77-SUP-02]
odds: 1.5
"""


def _mutants(tmp_path):
    (tmp_path / "sys").mkdir()
    (tmp_path / "sys" / "t.yaml").write_text(TABLE)
    return {m.key: m for m in enumerate_file(tmp_path, "sys/t.yaml")}


def test_numbers_go_up_and_down_by_one_lists_swap_and_lose_their_ends(tmp_path):
    ms = _mutants(tmp_path)
    assert sorted(ms) == sorted([
        "sys/t.yaml:limit.value:+1", "sys/t.yaml:limit.value:-1",
        "sys/t.yaml:order:swap 0-1", "sys/t.yaml:order:drop 0", "sys/t.yaml:order:drop 2",
        "sys/t.yaml:phases:swap 0-1", "sys/t.yaml:phases:drop 0", "sys/t.yaml:phases:drop 1",
        "sys/t.yaml:phases[0].actions:drop 0",
        "sys/t.yaml:phases[1].actions:swap 0-1", "sys/t.yaml:phases[1].actions:drop 0",
        "sys/t.yaml:phases[1].actions:drop 1",
        "sys/t.yaml:odds:+1", "sys/t.yaml:odds:-1",
    ])  # the list of rule ids is a reference, not a rule: never mutated
    assert ms["sys/t.yaml:limit.value:+1"].after == "9" and ms["sys/t.yaml:odds:-1"].after == "0.5"


def test_a_mutant_carries_the_nearest_rule_or_its_entries_own(tmp_path):
    ms = _mutants(tmp_path)
    assert ms["sys/t.yaml:limit.value:-1"].rules == ("D77-SUP-02", "D77-SUP-03")  # the note's ids too
    assert ms["sys/t.yaml:order:drop 0"].rules == ("STD-X",)
    assert ms["sys/t.yaml:phases:swap 0-1"].rules == ("FMU-SEQ-01", "STD-X")
    assert ms["sys/t.yaml:phases:drop 0"].rules == ("FMU-SEQ-01",)
    assert ms["sys/t.yaml:phases[0].actions:drop 0"].rules == ("FMU-SEQ-01",)
    assert ms["sys/t.yaml:phases[0].actions:drop 0"].line == 5


def test_mutated_text_changes_that_value_only(tmp_path):
    ms = _mutants(tmp_path)
    before = yaml.safe_load(TABLE)
    after = yaml.safe_load(mutated_text(tmp_path, ms["sys/t.yaml:limit.value:+1"]))
    assert after["limit"]["value"] == 9 and {k: v for k, v in after.items() if k != "limit"} == {
        k: v for k, v in before.items() if k != "limit"}
    swapped = yaml.safe_load(mutated_text(tmp_path, ms["sys/t.yaml:phases:swap 0-1"]))
    assert [p["id"] for p in swapped["phases"]] == ["two", "one"]
    dropped = yaml.safe_load(mutated_text(tmp_path, ms["sys/t.yaml:order:drop 2"]))
    assert dropped["order"] == ["a", "b"]


def test_every_shipped_table_written_back_unchanged_reads_the_same():
    for path in sorted(DATA.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert yaml.safe_load(write(yaml.compose(text))) == yaml.safe_load(text), path


def test_the_tests_citing_a_rule_are_chosen_function_by_function(tmp_path):
    (tmp_path / "tests" / "rules").mkdir(parents=True)
    (tmp_path / "tests" / "rules" / "test_a.py").write_text(
        '"""About FMU-SEQ-02."""\n\n\ndef test_x():\n    assert 1  # D77-SUP-02\n\n\n'
        'def test_y():\n    pass\n')
    (tmp_path / "tests" / "rules" / "test_b.py").write_text(
        'import pytest\n\n\n@pytest.mark.parametrize("n", [pytest.param(8, id="D77-SUP-02")])\n'
        'def test_z(n):\n    assert n\n')
    cites = citations.index(tmp_path)
    assert cites["D77-SUP-02"] == {"tests/rules/test_a.py::test_x", "tests/rules/test_b.py::test_z"}
    assert cites["FMU-SEQ-02"] == {"tests/rules/test_a.py"}  # named outside a function: the file
    ms = _mutants(tmp_path)
    m = ms["sys/t.yaml:limit.value:+1"]
    assert campaign.tests_for(m, cites, {}) == (sorted(cites["D77-SUP-02"]), "cite")
    uncited = ms["sys/t.yaml:order:drop 0"]  # STD-X: no test cites it, the readers run instead
    assert campaign.tests_for(uncited, cites, {"tests/rules/test_c.py": ["sys/t.yaml"], "tests/d.py": []}) == (
        ["tests/rules/test_c.py"], "reads")
    assert [x.key for x in campaign.select(list(ms.values()), None, "t.yaml", "FMU-SEQ-01")] == [
        "sys/t.yaml:phases:swap 0-1", "sys/t.yaml:phases:drop 0", "sys/t.yaml:phases[0].actions:drop 0"]
