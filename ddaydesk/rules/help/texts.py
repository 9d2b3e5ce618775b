"""The players' texts: ``rules/text/<system>/NN-topic.md``, and the user's corrected copies.

A page is a Markdown file whose first line is its title (``# Supply``). A rule's **entry** is
a heading (level 2 to 4) that begins with the rule's id, or a list of ids and spans, then a
dash and a title::

    ### D77-SUP-02 — German units: 8 hexes to a supplied HQ
    ### D77-AUTO-13..17, D77-AIR-16 — Close defensive support against an automatic victory

Its body runs to the next heading of the same or a higher level, or to the next entry. A
corrected text is a file of the same name under ``<user data>/rules/text/<system>/``; it
replaces the shipped page whole (a new name adds a page). The user data folder is the one
the tables use (``ddaydesk.rules.tables.user_data_dir``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ddaydesk.rules.help.ids import CITED, expand
from ddaydesk.rules.tables import user_data_dir

TEXT = Path(__file__).resolve().parent.parent / "text"
CLAUSES = "clauses"  # the folder of paraphrased clauses, not a system
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_IDS = re.compile(rf"^(?P<ids>{CITED.pattern}(?:\s*,\s*{CITED.pattern})*)\s+[—–-]\s+(?P<title>.+)$")


@dataclass(frozen=True)
class Entry:
    system: str  # the text folder: dday77, fmu, dd2, pkd, ddd
    page: str  # file stem, e.g. "04-supply"
    head: str  # the ids as written ("D77-AUTO-13..17"): the heading starts with it
    ids: tuple[str, ...]  # every id it covers, spans expanded
    title: str
    level: int
    body: str  # Markdown
    line: int  # 1-based line of the heading in its file


@dataclass(frozen=True)
class Page:
    system: str
    name: str  # file stem
    title: str
    markdown: str
    path: str
    corrected: bool  # read from the user's copy
    entries: tuple[Entry, ...] = field(default=())


def text_systems(user_dir: Path | None = None) -> list[str]:
    """Every system with texts, shipped or the user's own."""
    names = {p.name for p in TEXT.iterdir() if p.is_dir()}
    user = (user_dir or user_data_dir()) / "rules" / "text"
    if user.is_dir():
        names |= {p.name for p in user.iterdir() if p.is_dir()}
    names.discard(CLAUSES)
    return sorted(n for n in names if not n.startswith(("_", ".")))


def page_files(system: str, user_dir: Path | None = None) -> list[tuple[Path, bool]]:
    """``(file, corrected)`` for each page of a system in name order; a user's file replaces
    the shipped one of the same name."""
    files = {p.name: (p, False) for p in sorted((TEXT / system).glob("*.md"))}
    user = (user_dir or user_data_dir()) / "rules" / "text" / system
    if user.is_dir():
        files.update({p.name: (p, True) for p in sorted(user.glob("*.md"))})
    return [files[k] for k in sorted(files)]


def load_pages(system: str, user_dir: Path | None = None) -> list[Page]:
    out = []
    for path, corrected in page_files(system, user_dir):
        out.append(_parse_cached(system, str(path), corrected, path.stat().st_mtime_ns))
    return out


@lru_cache(maxsize=256)
def _parse_cached(system: str, path: str, corrected: bool, _mtime: int) -> Page:
    return parse_page(system, Path(path).stem, Path(path).read_text(encoding="utf-8"), path, corrected)


def parse_page(system: str, name: str, text: str, path: str = "", corrected: bool = False) -> Page:
    lines = text.split("\n")
    title = name
    heads: list[tuple[int, int, str]] = []  # (line index, level, heading text)
    fenced = False
    for k, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        m = None if fenced else _HEADING.match(line)
        if m:
            if len(m.group(1)) == 1 and title == name:
                title = m.group(2)
            heads.append((k, len(m.group(1)), m.group(2)))
    entries = []
    for j, (k, level, head) in enumerate(heads):
        m = _IDS.match(head)
        if not m or level < 2 or level > 4:
            continue
        end = len(lines)
        for k2, level2, head2 in heads[j + 1:]:
            if level2 <= level or _IDS.match(head2):
                end = k2
                break
        spec = m.group("ids")
        ids = tuple(i for part in re.split(r"\s*,\s*", spec) for i in expand(part))
        body = "\n".join(lines[k + 1:end]).strip("\n")
        entries.append(Entry(system, name, spec.split(",")[0].strip(), ids, m.group("title").strip(),
                             level, body, k + 1))
    return Page(system, name, title, text, path, corrected, tuple(entries))


@dataclass
class Library:
    """Every system's pages, and which entry explains a rule id."""

    pages: dict[str, list[Page]]  # system -> pages in order

    @classmethod
    def load(cls, user_dir: Path | None = None) -> Library:
        return cls({s: load_pages(s, user_dir) for s in text_systems(user_dir)})

    def entries(self, system: str | None = None):
        for s, pages in self.pages.items():
            if system is None or s == system:
                for p in pages:
                    yield from p.entries

    def entry(self, rule: str, prefer: str | None = None) -> Entry | None:
        """The entry for ``rule``: one headed by it, else one whose span covers it; in the
        preferred system first, then any."""
        found = [e for e in self.entries() if rule in e.ids]
        if not found:
            return None
        found.sort(key=lambda e: (e.system != prefer, e.head != rule, e.system, e.page, e.line))
        return found[0]

    def page(self, system: str, name: str) -> Page | None:
        return next((p for p in self.pages.get(system, ()) if p.name == name), None)

    def duplicates(self) -> list[str]:
        """Ids headed twice within one system (each id has one place per system)."""
        out = []
        for system in self.pages:
            seen: dict[str, Entry] = {}
            for e in self.entries(system):
                for i in e.ids:
                    if i in seen:
                        out.append(f"{system}: {i} in {seen[i].page}:{seen[i].line} and {e.page}:{e.line}")
                    seen[i] = e
        return out
