"""The clauses of the optional rules in our own words: every clause of the catalogue, with its
source section, none copying the printed text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.help.clauses import load_clauses, parse_clauses

SHARED = Path(__file__).resolve().parents[4] / "shared"
CATALOGUE = SHARED / "rules" / "catalogue.yaml"
needs_shared = pytest.mark.skipif(not CATALOGUE.is_file(), reason="the rules catalogue (../shared) is not here")
FOLDER = {"D77": "dday77", "FMU": "fmu", "PKD": "pkd", "DDD": "ddd", "DD2": "dd2"}
# Clauses that name cards, units or hexes in a list: a list of names has no other wording.
LISTS = {"DDD-GER-05", "DDD-SOLO-16", "DDD-SOLO-17", "DDD-ROOKIE-02", "FMU-SFM-06"}


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@needs_shared
def test_every_catalogue_clause_is_paraphrased_with_its_section():
    cat = yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))
    ours = load_clauses()
    for system in cat["systems"]:
        cs = ours[FOLDER[system["id"]]]
        assert cs.catalogue == system["id"]
        assert [c.id for c in cs.clauses] == [c["id"] for c in system["clauses"]]
        for c, theirs in zip(cs.clauses, system["clauses"], strict=True):
            assert c.section == theirs["section"] and len(c.text) > 20


@needs_shared
def test_no_paraphrase_copies_eight_words_of_the_printed_rules():
    seeds = [words(p.read_text(encoding="utf-8", errors="replace")) for p in (SHARED / "seeds").glob("*.txt")]
    printed = {tuple(ws[k:k + 8]) for ws in seeds for k in range(len(ws) - 7)}
    for cs in load_clauses().values():
        for c in cs.clauses:
            ws = words(c.text)
            copied = [" ".join(ws[k:k + 8]) for k in range(len(ws) - 7) if tuple(ws[k:k + 8]) in printed]
            assert not copied or c.id in LISTS, f"{c.id} copies the printed text: {copied[0]}"


def test_a_broken_clause_file_is_refused_with_its_line(tmp_path):
    bad = tmp_path / "x.yaml"
    bad.write_text("system: dday77\ncatalogue: D77\ntitle: t\nclauses:\n  - {id: FMU-GEN-01, section: s, text: t}\n")
    with pytest.raises(FormatError) as exc:
        parse_clauses(str(bad))
    assert exc.value.problems[0].line == 5 and "not a D77-" in exc.value.problems[0].message


def test_a_corrected_clause_file_replaces_the_shipped_one(user_data):
    mine = user_data / "rules" / "text" / "clauses" / "dday77.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text("system: dday77\ncatalogue: D77\ntitle: Mine\nclauses:\n"
                    "  - {id: D77-SET-01, section: Set-up, text: My own reading of the set-up.}\n")
    cs = load_clauses()["dday77"]
    assert cs.corrected and [c.text for c in cs.clauses] == ["My own reading of the set-up."]
    from ddaydesk.rules.help.pages import RulesHelp

    page = RulesHelp().page("dday77/clauses")
    assert page.corrected == str(mine) and "My own reading" in page.markdown
