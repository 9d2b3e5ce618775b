"""Rule ids in text: finding them, expanding ranges, and turning them into links.

An id is a catalogue clause (``D77-SUP-03``), a standard rule ddaydesk reconstructed
(``STD-CRT-EX``, ``FM-TEC``): a system prefix, then dash-separated upper-case parts. Text may
cite a span, ``D77-SUP-01..17`` or ``D77-AIR-16/20``; a link to it opens its first id.
Links use the URL scheme ``rule:`` (``rule:D77-SUP-03``).
"""

from __future__ import annotations

import re
from html import escape

PREFIXES = ("D77", "FMU", "DD2", "PKD", "DDD", "STD", "FM")
ID = rf"(?:{'|'.join(PREFIXES)})-[A-Z0-9]+(?:-[A-Z0-9]+)*"
RULE_ID = re.compile(rf"\b{ID}\b")
# An id as cited, with an optional span after it: "..17", "..D77-SUP-17", "/20", "/03/04".
CITED = re.compile(rf"\b({ID})((?:\.\.(?:{ID}|\d+))|(?:/\d+)+)?(?![\w-])")
SCHEME = "rule:"


def rule_ids(text: str) -> list[str]:
    """The ids a text cites, in order, once each (a span counts as its first id)."""
    seen: dict[str, None] = {}
    for m in CITED.finditer(text):
        seen.setdefault(m.group(1))
    return list(seen)


def expand(spec: str) -> list[str]:
    """``"D77-AUTO-13..17"`` -> the five ids; ``"D77-AIR-16/20"`` -> two; an id -> itself."""
    m = CITED.fullmatch(spec.strip())
    if not m:
        return []
    first, span = m.group(1), m.group(2) or ""
    if not span:
        return [first]
    stem, _, num = first.rpartition("-")
    if span.startswith("/"):
        return [first] + [f"{stem}-{n}" for n in span[1:].split("/")]
    last = span[2:].rpartition("-")[2]
    if not (num.isdigit() and last.isdigit()) or int(last) < int(num):
        return [first]
    width = len(num)
    return [f"{stem}-{k:0{width}d}" for k in range(int(num), int(last) + 1)]


def in_span(rule: str, first: str, last: str) -> bool:
    """Whether ``rule`` lies between two ids of the same family (``D77-SUP-01``..``-17``)."""
    if rule in (first, last):
        return True
    stem, _, num = rule.rpartition("-")
    s1, _, a = first.rpartition("-")
    s2, _, b = last.rpartition("-")
    return stem == s1 == s2 and num.isdigit() and a.isdigit() and b.isdigit() and int(a) <= int(num) <= int(b)


def href(rule: str) -> str:
    return SCHEME + rule


def from_href(url: str) -> str:
    """The id of a ``rule:`` link, or "" for any other link."""
    return url[len(SCHEME):] if url.startswith(SCHEME) else ""


def linkify_html(text: str) -> str:
    """Plain text as HTML, every cited id a ``rule:`` link (the span stays in the link text)."""
    out, at = [], 0
    for m in CITED.finditer(text):
        out.append(escape(text[at:m.start()]))
        out.append(f'<a href="{href(m.group(1))}">{escape(m.group(0))}</a>')
        at = m.end()
    out.append(escape(text[at:]))
    return "".join(out)


# Markdown that must not be touched: code spans, links and images, autolinks.
_KEEP = re.compile(r"`[^`]*`|!?\[[^\]]*\]\([^)]*\)|<[^>]+>")


def linkify_markdown(md: str) -> str:
    """Markdown with every bare cited id in running text made a ``rule:`` link; headings,
    code and existing links are left alone (a heading is an entry's own id)."""
    lines = []
    fenced = False
    for line in md.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or line.lstrip().startswith("#") or line.startswith("    "):
            lines.append(line)
            continue
        out, at = [], 0
        for m in _KEEP.finditer(line):
            out.append(_link_ids(line[at:m.start()]))
            out.append(m.group(0))
            at = m.end()
        out.append(_link_ids(line[at:]))
        lines.append("".join(out))
    return "\n".join(lines)


def _link_ids(text: str) -> str:
    return CITED.sub(lambda m: f"[{m.group(0)}]({href(m.group(1))})", text)
