"""The clauses of the optional rules in ddaydesk's own words: ``rules/text/clauses/<system>.yaml``.

Each file lists one system's clauses in catalogue order, each with its id, the section of
the source text it comes from, and a paraphrase (never the printed wording)::

    system: dday77
    catalogue: D77
    title: "Avalon Hill D-Day ('77): optional rules"
    clauses:
      - {id: D77-SET-02, section: "Set-up", text: "The German may keep up to 10 units ..."}

A user's file of the same name under ``<user data>/rules/text/clauses/`` replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.help.ids import RULE_ID
from ddaydesk.rules.help.texts import CLAUSES, TEXT
from ddaydesk.rules.tables import user_data_dir


@dataclass(frozen=True)
class Clause:
    id: str
    system: str  # text folder (dday77, fmu, ...)
    section: str
    text: str


@dataclass(frozen=True)
class ClauseSet:
    system: str
    catalogue: str  # id prefix: D77, FMU, ...
    title: str
    clauses: tuple[Clause, ...]
    path: str
    corrected: bool

    def by_id(self, rule: str) -> Clause | None:
        return next((c for c in self.clauses if c.id == rule), None)


def clause_files(user_dir: Path | None = None) -> list[tuple[Path, bool]]:
    files = {p.name: (p, False) for p in sorted((TEXT / CLAUSES).glob("*.yaml"))}
    user = (user_dir or user_data_dir()) / "rules" / "text" / CLAUSES
    if user.is_dir():
        files.update({p.name: (p, True) for p in sorted(user.glob("*.yaml"))})
    return [files[k] for k in sorted(files)]


def load_clauses(user_dir: Path | None = None) -> dict[str, ClauseSet]:
    """Every system's clause set, by text folder; a broken file raises FormatError."""
    out = {}
    for path, corrected in clause_files(user_dir):
        cs = _parse_cached(str(path), corrected, path.stat().st_mtime_ns)
        out[cs.system] = cs
    return out


@lru_cache(maxsize=32)
def _parse_cached(path: str, corrected: bool, _mtime: int) -> ClauseSet:
    return parse_clauses(path, corrected)


def parse_clauses(path: str, corrected: bool = False) -> ClauseSet:
    rd = Reader(path)
    top = rd.mapping(load_file(path), (1, 1), "clauses", required=("system", "catalogue", "title", "clauses"))
    rd.raise_if_problems()
    system, prefix = str(top["system"]), str(top["catalogue"])
    items = rd.seq(top["clauses"], top.at("clauses"), "clauses") or []
    clauses, seen = [], set()
    for k, item in enumerate(items):
        c = rd.mapping(item, items.at(k), f"clauses[{k}]", required=("id", "section", "text"))
        if c is None:
            continue
        cid = str(c["id"])
        if not RULE_ID.fullmatch(cid) or not cid.startswith(prefix + "-"):
            rd.error(c.at("id"), f"clauses[{k}].id: {cid!r} is not a {prefix}-... rule id")
        elif cid in seen:
            rd.error(c.at("id"), f"clauses[{k}].id: {cid} is listed twice")
        seen.add(cid)
        clauses.append(Clause(cid, system, str(c["section"]), " ".join(str(c["text"]).split())))
    rd.raise_if_problems()
    return ClauseSet(system, prefix, str(top["title"]), tuple(clauses), path, corrected)
