"""Every rule id Koenig's D-Day shows (its tables, its messages) has one entry in the
players' rules texts (ddaydesk/rules/text/pkd), and so has every clause of seed 001."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.conftest import ROOT

ID = re.compile(r"\b(?:STD-PKD-[A-Z]+|PKD-[A-Z]+-\d+)\b")
TEXTS = ROOT / "ddaydesk" / "rules" / "text" / "pkd"


def _expand(head: str) -> list[str]:
    """'PKD-LEAD-03..05, STD-PKD-CC' -> the ids it covers."""
    out = []
    for part in re.split(r",\s*|/", head):
        part = part.strip()
        m = re.fullmatch(r"([A-Z]+-[A-Z]+-)(\d+)\.\.(\d+)", part)
        if m:
            out += [f"{m[1]}{n:02d}" for n in range(int(m[2]), int(m[3]) + 1)]
        elif ID.fullmatch(part):
            out.append(part)
    return out


def entries() -> list[str]:
    ids = []
    for page in sorted(TEXTS.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            m = re.match(r"#{2,4} (.+?) — ", line)
            if m:
                ids += _expand(m[1])
    return ids


def test_every_id_shown_has_one_entry():
    used = set()
    for path in [*(ROOT / "ddaydesk" / "rules" / "pkd").glob("*.py"), *(ROOT / "ddaydesk" / "rules" / "data" / "pkd").glob("*.yaml")]:
        used |= set(ID.findall(path.read_text(encoding="utf-8")))
    have = entries()
    assert len(have) == len(set(have)), "an id has two entries"
    assert used - set(have) == set()


def test_every_clause_of_seed_001_has_an_entry():
    catalogue = ROOT.parent / "shared" / "rules" / "catalogue.yaml"
    if not catalogue.is_file():
        pytest.skip("the shared rules catalogue is not next to this checkout")
    doc = yaml.safe_load(catalogue.read_text(encoding="utf-8"))
    clauses = {c["id"] for s in doc["systems"] if s["id"] == "PKD" for c in s["clauses"]}
    assert len(clauses) == 45 and clauses <= set(entries())
