"""The players' texts: entries headed by rule ids, one place per id and system, an entry for
every rule id the tables and the program cite, a reason for every default, drop-in copies."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import _values
from ddaydesk.rules.help.ids import CITED, expand, in_span, linkify_html, linkify_markdown, rule_ids
from ddaydesk.rules.help.pages import RulesHelp
from ddaydesk.rules.help.texts import Library, parse_page
from ddaydesk.rules.tables import SHIPPED

ROOT = Path(__file__).resolve().parents[3]


def test_ids_are_found_with_their_spans_and_expanded():
    text = "limits (D77-SUP-01..17), CDS (D77-AIR-16/20), STD-CRT-EX and FM-TEC; not D77-SUP-\\*"
    assert rule_ids(text) == ["D77-SUP-01", "D77-AIR-16", "STD-CRT-EX", "FM-TEC"]
    assert expand("D77-AUTO-13..17") == [f"D77-AUTO-{k}" for k in range(13, 18)]
    assert expand("D77-AIR-16/20") == ["D77-AIR-16", "D77-AIR-20"]
    assert expand("STD-CRT") == ["STD-CRT"]
    assert in_span("D77-SUP-09", "D77-SUP-01", "D77-SUP-17") and not in_span("D77-SUP-09", "D77-SUP-10", "D77-SUP-17")
    assert not in_span("D77-ASUP-03", "D77-SUP-01", "D77-SUP-17")


def test_links_in_html_and_markdown_leave_headings_code_and_links_alone():
    assert linkify_html("a <b> D77-SUP-03") == 'a &lt;b&gt; <a href="rule:D77-SUP-03">D77-SUP-03</a>'
    md = "### D77-SUP-02 — title\nsee D77-SUP-03 and `D77-SUP-04` and [x](rule:D77-SUP-05)"
    out = linkify_markdown(md).split("\n")
    assert out[0] == "### D77-SUP-02 — title"
    assert out[1] == "see [D77-SUP-03](rule:D77-SUP-03) and `D77-SUP-04` and [x](rule:D77-SUP-05)"


def test_an_entry_runs_to_the_next_heading_of_its_level_or_the_next_entry():
    page = parse_page("dday77", "09-x", "# Title\n\n## D77-SUP-01..05, STD-ZOC — Lines\n\nbody\n\n"
                      "### A plain subsection\n\nmore\n\n### D77-SUP-08 — OB West\n\nten\n\n## Next\n\nnot it\n")
    first, second = page.entries
    assert page.title == "Title"
    assert first.head == "D77-SUP-01..05" and first.title == "Lines"
    assert first.ids == ("D77-SUP-01", "D77-SUP-02", "D77-SUP-03", "D77-SUP-04", "D77-SUP-05", "STD-ZOC")
    assert "more" in first.body and "ten" not in first.body
    assert second.body == "ten"


def test_no_rule_id_is_headed_twice_in_one_system():
    assert Library.load().duplicates() == []


def _data_ids() -> set[str]:
    return {i for f in SHIPPED.rglob("*.yaml") for i in rule_ids(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("rule", sorted(_data_ids()))
def test_every_rule_id_cited_in_the_rules_data_has_an_entry(rule):
    assert Library.load().entry(rule) is not None, f"{rule} is cited in ddaydesk/rules/data but no text explains it"


def _shown_ids() -> set[str]:
    """Rule ids in the program's strings (not its comments or docstrings): what a window,
    a log line or a refusal can show."""
    found = set()
    for f in (ROOT / "ddaydesk").rglob("*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                found.update(m.group(1) for m in CITED.finditer(n.value))
    known = _data_ids() | found
    # a bare family such as "D77-AIR" is a prefix the code matches on, never a rule shown
    return {i for i in found if not any(k.startswith(i + "-") for k in known)} - {"PKD-LEAD-06"}


@pytest.mark.parametrize("rule", sorted(_shown_ids()))
def test_every_rule_id_the_program_can_show_has_an_entry(rule):
    # PKD-LEAD-06 is left out above: only the command line's `odds --reroll` help names it.
    assert Library.load().entry(rule) is not None


def test_every_default_value_has_an_entry_that_says_why_it_is_ours():
    help_ = RulesHelp()
    for f in sorted(SHIPPED.glob("*/*.yaml")):
        for where, d in _values(load_file(str(f)), ""):
            if d.get("confidence") == "default":
                assert help_.why(str(d["rule"]), f.parent.name), f"{f.parent.name}/{f.name} {where}: {d['rule']}"


def test_a_corrected_text_replaces_the_shipped_page_and_says_so(user_data):
    mine = user_data / "rules" / "text" / "dday77" / "04-supply.md"
    mine.parent.mkdir(parents=True)
    mine.write_text("# Supply\n\n### D77-SUP-01..17 — German supply as my rulebook has it\n\nNine hexes.\n",
                    encoding="utf-8")
    help_ = RulesHelp()
    page = help_.page("dday77/04-supply")
    assert page.corrected == str(mine)
    assert "Corrected text" in page.markdown and "Nine hexes." in page.markdown
    assert "Lengths count the hexes" not in page.markdown  # the shipped page is not shown
    assert help_.target("D77-SUP-09").page == "dday77/04-supply"
    assert help_.library.entry("D77-ASUP-15") is None  # it was only on the shipped page
