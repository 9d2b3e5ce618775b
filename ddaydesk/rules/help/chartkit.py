"""What every chart needs: the table the engine reads, Markdown tables, and the marks that
say a value is ddaydesk's default (and why) or that a table is the player's corrected copy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.tables import SHIPPED, table_path

GENERIC_STD = ("the printed standard rule is not public, so ddaydesk plays its own documented "
               "default; correct it with a drop-in table if your rulebook differs")
GENERIC_SEED = "the source rules do not print this value; this is ddaydesk's reading"


@dataclass(frozen=True)
class Context:
    """The game the rules are read for: its system, its optional rules as set, its scenario."""

    system: str | None = None
    options: dict[str, bool] = field(default_factory=dict)
    scenario: Scenario | None = None
    user_dir: Path | None = None

    def scenario_of(self, system: str) -> Scenario | None:
        return self.scenario if self.scenario is not None and self.scenario.system.id == system else None


def table(system: str, name: str, user_dir: Path | None = None) -> tuple[Any, Path, bool] | None:
    """``(document, file, corrected)`` of the table the engine reads for ``system/name``:
    the player's drop-in copy if there is one, else the shipped file; None if neither."""
    path = table_path(system, name, user_dir)
    if not path.is_file():
        return None
    return load_file(str(path)), path, not path.resolve().is_relative_to(SHIPPED.resolve())


def opened(system: str, name: str, ctx: Context) -> tuple[Any, str] | None:
    """``(document, banner)`` of the table the engine reads for ``system/name``, the banner
    saying when it is the player's corrected copy (else ""); None if there is no such table."""
    got = table(system, name, ctx.user_dir)
    return None if got is None else (got[0], corrected_banner(got[1], got[2]))


def corrected_banner(path: Path, corrected: bool) -> str:
    if not corrected:
        return ""
    return (f'<span style="background-color:#fde8b0">**Corrected table**</span> read from your copy '
            f"`{path}`; it replaces the shipped table, and the game plays by it.\n\n")


def cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def md_table(headers: list[str], rows: list[list[Any]], right: tuple[int, ...] = (),
             centre: tuple[int, ...] = ()) -> str:
    align = ["---:" if k in right else ":---:" if k in centre else "---" for k in range(len(headers))]
    out = ["| " + " | ".join(cell(h) for h in headers) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def get(node: Any, key: str, default: Any = None) -> Any:
    if isinstance(node, dict):
        return node.get(key, default)
    return getattr(node, key, default)


@dataclass
class Marks:
    """Footnote marks: ``marks(node)`` is "" for a printed value (``confidence: seed``) and a
    numbered dagger for one of ddaydesk's defaults; ``footnotes()`` says why for each."""

    why: Callable[[str], str] = lambda _rule: ""
    notes: dict[tuple[str, str], int] = field(default_factory=dict)  # (reason, note) -> number
    rules: dict[int, list[str]] = field(default_factory=dict)  # number -> rule ids marked with it

    def __call__(self, node: Any) -> str:
        if get(node, "confidence", "default") != "default":
            return ""
        rule = str(get(node, "rule", "") or "")
        reason = self.why(rule) or (GENERIC_STD if rule.startswith(("STD-", "FM-")) else GENERIC_SEED)
        n = self.notes.setdefault((reason, player_note(get(node, "note", ""))), len(self.notes) + 1)
        if rule not in self.rules.setdefault(n, []):
            self.rules[n].append(rule)
        return f"<sup>†{n}</sup>"

    def footnotes(self) -> str:
        lines = []
        for (reason, note), n in self.notes.items():
            extra = f" *{note[0].upper() + note[1:].rstrip('.')}.*" if note else ""
            lines.append(f"- <sup>†{n}</sup> **ddaydesk's default** ({', '.join(self.rules[n])}): "
                         f"{reason.rstrip('.')}.{extra}")
        return "\n".join(lines) + "\n" if lines else ""


NAMES = {"hq": "HQ", "anti_tank": "anti-tank", "anti_aircraft": "anti-aircraft", "us": "U.S.",
         "uk": "U.K.", "british": "British", "canadian": "Canadian", "french": "French", "polish": "Polish",
         "german": "German", "greek": "Greek", "norwegian": "Norwegian", "recon": "reconnaissance"}


_DEVELOPER_WORDS = ("seed", "research", "catalogue", ".yaml", "§", "engine")


def player_note(note: Any) -> str:
    """A table's note as a footnote for players; notes written for developers (citing the
    seed texts, the research files or the catalogue) are left to docs/rules/."""
    text = str(note or "")
    return "" if any(w in text.lower() for w in _DEVELOPER_WORDS) else text


def words(key: str) -> str:
    """A table key as a player reads it: ``major_river`` -> "major river", ``hq`` -> "HQ"."""
    return NAMES.get(str(key), str(key).replace("_", " "))


def listed(items: Any) -> str:
    """``["a", "b", "c"]`` -> "a, b and c" (table keys in words)."""
    names = [words(x) for x in items]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names) or "none"


def turns(span: Any) -> str:
    a, b = int(span[0]), int(span[1])
    return f"{a}" if a == b else (f"{a} and later" if b >= 99 else f"{a}–{b}")
