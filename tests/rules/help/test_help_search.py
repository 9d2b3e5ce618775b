"""Search across every system's rules, charts and clauses, the current game's system first."""

from __future__ import annotations

from ddaydesk.rules.help.chartkit import Context
from ddaydesk.rules.help.pages import RulesHelp, parse_link
from ddaydesk.rules.help.search import SearchIndex, passages, plain, results_page


def test_supply_in_dday77_finds_the_8_10_24_32_limits():
    # D77-SUP-02/03/08/09: 8 hexes to an HQ, 24 from it to the edge; OB West 10 and 32
    help_ = RulesHelp(Context("dday77"))
    hits = SearchIndex(help_).search("supply", "dday77")
    assert hits and all(h.passage.system == "dday77" for h in hits)
    found = {h.passage.locator for h in hits}
    assert {"D77-SUP-01..05", "D77-SUP-08..11", "D77-SUP-12..14"} <= found
    table = next(h for h in hits if h.passage.page == "dday77/chart/supply" and "German supply" in h.passage.title)
    for limit in ("8 hexes (D77-SUP-02)", "24 hexes (D77-SUP-03)", "10 hexes (D77-SUP-08)", "32 hexes (D77-SUP-09)"):
        assert limit in table.passage.text
    shown = results_page(help_, "supply", hits, "D-Day '77").markdown  # what the player reads
    assert "German units: 8 hexes to a source or a supplied HQ, HQs 24 to the edge" in shown
    assert "OB West: 10 hexes to it, 32 to the edge" in shown


def test_every_word_must_match_and_the_current_system_comes_first():
    help_ = RulesHelp(Context("fmu"))
    idx = SearchIndex(help_)
    hits = idx.search("stiff resistance")
    assert hits and hits[0].passage.system == "fmu"
    assert all("stiff" in (h.passage.title + h.passage.text).lower() for h in hits)
    systems = [h.passage.system for h in hits]
    assert systems == sorted(systems, key=lambda s: s != "fmu")
    assert idx.search("stiff zeppelin") == []


def test_search_covers_the_clauses_of_every_system():
    idx = SearchIndex(RulesHelp())
    hits = idx.search("leadership marker")
    assert any(h.passage.page == "pkd/clauses" and h.passage.locator == "PKD-LEAD-01 " for h in hits)
    assert any(h.passage.page == "ddd/clauses" for h in idx.search("bunker assault"))


def test_results_link_to_the_passage_they_show():
    help_ = RulesHelp(Context("dday77"))
    hits = SearchIndex(help_).search("carpet bombing", "dday77")
    page = results_page(help_, "carpet bombing", hits, "D-Day '77")
    assert page.kind == "results" and "**carpet**" in page.markdown.lower()
    first = hits[0]
    kind, key, locator = parse_link(first.link)
    assert (kind, key, locator) == ("page", first.passage.page, first.passage.locator)
    target = help_.page(key)
    assert any(p.locator == locator for p in passages(target))


def test_plain_text_drops_markup_but_keeps_the_words():
    assert plain("| **AE** | [STD-CRT-AE](rule:STD-CRT-AE)<sup>†2</sup> |\n|---|---|") == "AE STD-CRT-AE†2"
