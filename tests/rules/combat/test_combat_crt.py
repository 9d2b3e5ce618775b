"""CRTs as data: shipped tables, column lookup, validation, and the user drop-in lookup order."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.combat import load_crt, parse_crt
from ddaydesk.rules.combat.crt import Column, Fixed
from ddaydesk.rules.tables import SHIPPED, table_candidates, table_path, user_data_dir


@pytest.mark.parametrize(("att", "dfn", "label"), [
    (11, 4, "2-1"), (12, 4, "3-1"), (3, 7, "1-3"), (6, 7, "1-2"), (4, 4, "1-1"), (1, 6, "1-6"),
    (27, 4, "6-1"), (5, 2, "2-1")])
def test_odds_round_in_the_defenders_favour(att, dfn, label):
    col = load_crt("dday77").column(att, dfn)
    assert isinstance(col, Column) and col.label == label


@pytest.mark.parametrize(("att", "dfn", "result"), [(1, 7, "AE"), (0, 3, "AE"), (28, 4, "DE"), (5, 0, "DE")])
def test_odds_beyond_the_table_are_decided_without_a_roll(att, dfn, result):
    col = load_crt("dday77").column(att, dfn)
    assert isinstance(col, Fixed) and col.result == result


def test_every_column_and_result_is_tagged_with_source_and_confidence():
    for system in ("dday77", "fmu"):
        crt = load_crt(system)
        for table in crt.tables.values():
            for col in table.columns:
                assert col.rule and col.confidence in ("seed", "default") and col.source
                assert len(col.results) == crt.die
            for r in table.results.values():
                assert r.rule and r.confidence in ("seed", "default")


@pytest.mark.parametrize(("diff", "label"), [(-9, "-6 or less"), (-6, "-6 or less"), (0, "-2..0"), (1, "+1..+3"),
                                             (12, "+10..+12"), (20, "+20 or more"), (35, "+20 or more")])
def test_differential_columns(diff, label):
    assert load_crt("fmu").column(diff, 0).label == label


def test_fm_crt_has_the_two_beach_assault_lines_FMU_BEACH_03():
    # FMU-BEACH-03 rests on system CRT beach assault lines, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    crt = load_crt("fmu")
    assert {"beach_within_ezoc", "beach_not_in_ezoc"} <= set(crt.tables)  # FMU-BEACH-03
    assert crt.tables["beach_within_ezoc"].applies_to == "attacker"
    assert crt.result("D2", "beach_within_ezoc").attacker.reduce_all  # FMU-BEACH-05


def test_lookup_order_user_folder_first(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    assert user_data_dir() == tmp_path
    assert table_candidates("dday77", "crt") == [tmp_path / "rules" / "dday77" / "crt.yaml",
                                                SHIPPED / "dday77" / "crt.yaml"]
    assert table_path("dday77", "crt") == SHIPPED / "dday77" / "crt.yaml"
    corrected = tmp_path / "rules" / "dday77" / "crt.yaml"
    corrected.parent.mkdir(parents=True)
    text = (SHIPPED / "dday77" / "crt.yaml").read_text()
    corrected.write_text(text.replace('{odds: "3-1", results: [DE, EX, DB2, DB2, EX, DE], rule: STD-CRT, '
                                      'confidence: default, source: classic-ah}',
                                      '{odds: "3-1", results: [DE, DE, DE, DE, DE, DE], rule: AH77-11, '
                                      'confidence: seed, source: rulebook}'))
    crt = load_crt("dday77")
    assert crt.path == str(corrected)
    col = crt.column(12, 4)
    assert col.results == ("DE",) * 6 and col.confidence == "seed" and col.source == "rulebook"
    assert load_crt("dday77", user_dir=tmp_path / "elsewhere").column(12, 4).results[1] == "EX"


def _broken(tmp_path: Path, old: str, new: str, system: str = "dday77") -> str:
    p = tmp_path / "crt.yaml"
    text = (SHIPPED / system / "crt.yaml").read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    return str(p)


def test_bad_tables_name_file_line_col(tmp_path):
    path = _broken(tmp_path, "[AE, AE, AB2, AE, AE, AE]", "[AE, AE, AB2, AE, AE]")
    with pytest.raises(FormatError) as e:
        parse_crt(path)
    (p,) = e.value.problems
    assert p.path == path and "the die has 6 faces" in p.message
    # at the short list itself (line 33), not at the start of its column's entry
    lines = Path(path).read_text().splitlines()
    assert (p.line, p.col) == (33, lines[32].index("[AE, AE, AB2") + 1)
    path = _broken(tmp_path, "[AE, AE, AB2, AE, AE, AE]", "[AE, AE, XX, AE, AE, AE]")
    with pytest.raises(FormatError, match="unknown result 'XX'"):
        parse_crt(path)
    path = _broken(tmp_path, '{odds: "2-1"', '{odds: "1-4"')
    with pytest.raises(FormatError, match="weakest to strongest"):
        parse_crt(path)
    path = _broken(tmp_path, "attacker: {retreat: 2}", "attacker: [retreat, 2]")  # a side's effect not a mapping
    with pytest.raises(FormatError, match=r"results\.AB2\.attacker"):
        parse_crt(path)


def test_differential_columns_must_cover_every_value(tmp_path):
    path = _broken(tmp_path, "{min: 4, max: 6, results: [D2, D2, D1, D1, EX, NE]",
                   "{min: 5, max: 6, results: [D2, D2, D1, D1, EX, NE]", "fmu")
    with pytest.raises(FormatError, match="one more than the previous"):
        parse_crt(path)
    path = _broken(tmp_path, "{min: 4, max: 6, results: [D2, D2, D1, D1, EX, NE]",
                   "{min: 4, max: 3, results: [D2, D2, D1, D1, EX, NE]", "fmu")
    with pytest.raises(FormatError) as e:
        parse_crt(path)
    p = next(p for p in e.value.problems if "'max' is below 'min'" in p.message)
    assert Path(path).read_text().splitlines()[p.line - 1].lstrip().startswith("- {min: 4, max: 3")  # its own line


def test_defence_table_drop_in(tmp_path, monkeypatch):
    from ddaydesk.rules.combat.terrain import load_defence

    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    assert load_defence("dday77").terrain["city"].multiply == 2
    corrected = tmp_path / "rules" / "dday77" / "defence.yaml"
    corrected.parent.mkdir(parents=True)
    text = (SHIPPED / "dday77" / "defence.yaml").read_text()
    corrected.write_text(text.replace("city:      {multiply: 2, rule: STD-TEC-CITY",
                                      "city:      {multiply: 3, rule: STD-TEC-CITY", 1))
    table = load_defence("dday77")
    assert table.path == str(corrected) and table.terrain["city"].multiply == 3


def test_a_column_without_a_confidence_is_our_default(tmp_path):
    # a value no source gave is tagged ``default`` (a user may correct it), never left blank
    path = tmp_path / "crt.yaml"
    path.write_text("kind: odds\ndie: 6\nresults: {DE: {name: Defender Eliminated, text: gone}}\ntables:\n"
                    "  standard:\n    columns:\n      - {odds: 1-1, results: [DE, DE, DE, DE, DE, DE]}\n")
    crt = parse_crt(str(path))
    (col,) = crt.tables["standard"].columns
    assert (col.confidence, crt.tables["standard"].confidence, crt.tables["standard"].results["DE"].confidence) == (
        "default", "default", "default")


def test_a_table_without_columns_is_refused_at_its_columns(tmp_path):
    path = tmp_path / "crt.yaml"
    path.write_text("kind: odds\ndie: 6\nresults: {}\ntables:\n  standard:\n    columns: []\n")
    with pytest.raises(FormatError) as e:
        parse_crt(str(path))
    assert [str(p) for p in e.value.problems] == [
        f"{path}:6:14: crt.tables.standard.columns: a table needs at least one column"]


def test_a_crt_without_tables_is_named_with_its_missing_key(tmp_path):
    path = tmp_path / "crt.yaml"
    path.write_text("kind: odds\ndie: 6\nresults: {}\n")
    with pytest.raises(FormatError, match=r"crt.yaml:1:1: crt: missing key 'tables'"):
        parse_crt(str(path))
