"""Search over every system's rules pages, charts and clauses (no Qt).

Each page is cut into passages (an entry or section of a text, a clause, a chart); a passage
matches when it holds every word of the query. Hits are ranked by where the words stand
(a title counts more) and how often, the current game's system first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ddaydesk.rules.help.pages import HelpPage, RulesHelp, page_link

_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARK = re.compile(r"[*_`#>|]+")
_RULE_LINE = re.compile(r"^\s*\|?\s*-{3,}.*$", re.M)
_HEAD = re.compile(r"^(#{1,6})\s+(.*)$")
_CLAUSE = re.compile(r"^\*\*([A-Z0-9-]+)\*\*")


def plain(md: str) -> str:
    """Markdown as the words a reader sees."""
    text = _RULE_LINE.sub(" ", md)
    text = _LINK.sub(r"\1", _TAG.sub("", text))
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

    for line in page.markdown.split("\n"):
        head = _HEAD.match(line) if page.kind != "chart" else None
        clause = _CLAUSE.match(line) if page.kind == "clauses" else None
        if (head and len(head.group(1)) > 1) or clause:
            flush()
            if clause:
                title, locator, lines = clause.group(1), clause.group(1) + " ", [line]
            else:
                title, locator, lines = head.group(2), plain(head.group(2)), []
        else:
            lines.append(line)
    flush()
    return out


class SearchIndex:
    def __init__(self, help_: RulesHelp):
        self.help = help_
        self.passages = [p for s in help_.systems() for page in help_.pages(s) if page.kind != "home"
                         for p in passages(page)]

    def search(self, query: str, system: str | None = None, limit: int = 60) -> list[Hit]:
        """Passages holding every word of ``query``; ``system`` limits them to one system."""
        words = [w for w in re.findall(r"[\w'-]+", query.lower()) if w]
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
        for w in sorted(set(re.findall(r"[\w'-]+", query.lower())), key=len, reverse=True):
            text = re.sub(f"({re.escape(w)})", r"**\1**", text, flags=re.I)
        out.append(f"[{where}]({h.link})  \n{text}\n")
    if not hits:
        out.append("Nothing found. Try fewer words, or search all systems.\n")
    return HelpPage("search", "", f"Search: {query}", "results", "\n".join(out))
