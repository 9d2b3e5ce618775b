"""Search over every system's rules pages, charts and clauses (no Qt).

Each page is cut into passages (an entry or section of a text, a clause, a chart); a passage
matches when it holds every word of the query. Hits are ranked by where the words stand
(a title counts more) and how often, the current game's system first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ddaydesk.rules.help.pages import HelpPage, RulesHelp, page_link
from ddaydesk.rules.help.texts import _IDS

_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARK = re.compile(r"[*_`#>|]+")
_RULE_LINE = re.compile(r"^\s*\|?\s*-{3,}.*$", re.M)
_HEAD = re.compile(r"^(#{1,6})\s+(.*)$")
_CLAUSE = re.compile(r"^\*\*([A-Z0-9-]+)\*\*")
_PART = re.compile(r"^\*\*([^*]+)\*\*")  # a chart's part: a paragraph opening in bold


def plain(md: str) -> str:
    """Markdown as the words a reader sees."""
    text = _RULE_LINE.sub(" ", md)
    text = _LINK.sub(r"\1", _TAG.sub("", text)).replace("&nbsp;", " ")
    return " ".join(_MARK.sub(" ", text).split())


@dataclass(frozen=True)
class Passage:
    system: str
    page: str  # page key
    page_title: str
    locator: str  # where the browser scrolls to ("" = top)
    title: str
    text: str  # plain words


@dataclass(frozen=True)
class Hit:
    passage: Passage
    score: float
    snippet: str  # plain text around the first match

    @property
    def link(self) -> str:
        return page_link(self.passage.page, self.passage.locator)


def passages(page: HelpPage) -> list[Passage]:
    out: list[Passage] = []
    title, locator, lines = page.title, "", []

    def flush() -> None:
        text = plain("\n".join(lines))
        if text or locator:
            out.append(Passage(page.system, page.key, page.title, locator, plain(title), text))

    previous = ""
    for line in page.markdown.split("\n"):
        head = _HEAD.match(line)
        clause = _CLAUSE.match(line) if page.kind == "clauses" else None
        part = _PART.match(line) if page.kind == "chart" and not previous.strip() else None
        previous = line
        if (head and len(head.group(1)) > 1) or clause or part:
            flush()
            if clause:
                title, locator, lines = clause.group(1), clause.group(1) + " ", [line]
            elif part:
                title, locator, lines = part.group(1), plain(line), [line]
            else:
                title, lines = head.group(2), []
                m = _IDS.match(plain(title))
                locator = m.group("ids").split(",")[0].strip() if m else plain(title)
        elif not (head and len(head.group(1)) == 1):  # the page title is not a passage's words
            lines.append(line)
    flush()
    return out


class SearchIndex:
    def __init__(self, help_: RulesHelp):
        self.help = help_
        self.passages = []
        for system in help_.systems():
            pages = [p for p in help_.pages(system) if p.kind != "home"]
            charts = {p.title for p in pages if p.kind == "chart"}
            for page in pages:  # a chart embedded in a text is found on its own page
                self.passages += [p for p in passages(page) if page.kind != "text" or p.title not in charts]

    def search(self, query: str, system: str | None = None, limit: int = 60) -> list[Hit]:
        """Passages holding every word of ``query`` (or a form of it: "supply" finds
        "supplied"); ``system`` limits them to one system."""
        words = query_stems(query)
        if not words:
            return []
        hits = []
        for p in self.passages:
            if system is not None and p.system != system:
                continue
            title, text = p.title.lower(), p.text.lower()
            if not all(w in title or w in text for w in words):
                continue
            score = sum(5 * title.count(w) + min(text.count(w), 10) + 3 * p.page_title.lower().count(w) for w in words)
            hits.append(Hit(p, score, snippet(p.text, words)))
        current = self.help.ctx.system
        hits.sort(key=lambda h: (h.passage.system != current, -h.score, h.passage.page, h.passage.locator))
        return hits[:limit]


def query_stems(query: str) -> list[str]:
    """The query's words cut to a stem a plain substring test can match in every form."""
    return [re.sub(r"(ies|es|s|ed|ing|y)$", "", w) if len(w) > 4 else w
            for w in re.findall(r"[\w'-]+", query.lower())]


def snippet(text: str, words: list[str], width: int = 110) -> str:
    low = text.lower()
    at = min((low.find(w) for w in words if w in low), default=0)
    start = max(0, at - width // 3)
    end = min(len(text), start + width * 2)
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def results_page(help_: RulesHelp, query: str, hits: list[Hit], scope: str) -> HelpPage:
    """The hits as a page of links, grouped by system."""
    out = [f"# Search: {query}\n", f"{len(hits)} passage{'s' if len(hits) != 1 else ''} in {scope}.\n"]
    system = None
    for h in hits:
        if h.passage.system != system:
            system = h.passage.system
            out.append(f"## {help_.title(system)}\n")
        where = h.passage.page_title if h.passage.title == h.passage.page_title else \
            f"{h.passage.page_title}: {h.passage.title}"
        text = h.snippet
        for w in sorted(set(query_stems(query)), key=len, reverse=True):
            text = re.sub(rf"\b({re.escape(w)}\w*)", r"**\1**", text, flags=re.I)
        out.append(f"[{where}]({h.link})  \n{text}\n")
    if not hits:
        out.append("Nothing found. Try fewer words, or search all systems.\n")
    return HelpPage("search", "", f"Search: {query}", "results", "\n".join(out))
