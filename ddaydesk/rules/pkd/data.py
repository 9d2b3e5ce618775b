"""Paul Koenig's D-Day tables (``rules/data/pkd/*.yaml``), loaded once per file version and
checked for their rule/confidence tags; a user's corrected copy replaces a shipped table
(``ddaydesk.rules.tables``). Read values with :func:`val`; a beach's turn track, formations
and objectives with :func:`beach`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.records import Record
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.tables import table_version

SYSTEM = "pkd"


@lru_cache(maxsize=32)
def _parsed(path: str, _mtime: int) -> Any:
    doc = load_file(path)
    problems = untagged(doc, path)
    if problems:
        raise FormatError(problems)
    return doc


def table(name: str) -> Any:
    """The whole table ``rules/data/pkd/<name>.yaml`` (the user's copy first)."""
    return _parsed(*table_version(SYSTEM, name))


def entry(name: str, dotted: str) -> Any:
    node: Any = table(name)
    for key in dotted.split("."):
        node = node[key]
    return node


def val(name: str, dotted: str) -> Any:
    """The ``value`` of a tagged entry: ``val("combat", "hits.eliminated_at")``."""
    return entry(name, dotted)["value"]


@dataclass(frozen=True, eq=False, repr=False)
class Formation(Record):
    """A Koenig formation (a chit of the Command Cup)."""

    id: str
    name: str
    side: str
    first_turn: int


@dataclass(frozen=True, eq=False, repr=False)
class Beach(Record):
    """A Koenig beach: its turns, formations, objectives and victory margins."""

    id: str
    turns: dict[int, tuple[str, bool]]  # turn -> (label, day?)
    formations: dict[str, Formation]
    objectives: tuple[tuple[str, int], ...]  # (place name, victory points)
    eliminated_vp: int
    allied_margin: int
    sudden_death: str

    def day(self, turn: int) -> bool:
        return self.turns.get(turn, ("", True))[1]

    def label(self, turn: int) -> str:
        return self.turns.get(turn, (f"turn {turn}", True))[0]


def beach(scenario) -> Beach:
    """The beach of a scenario's map (``beaches.yaml``); a map without an entry (a player's
    own, a test's) gets every turn by day, a chit per formation its units name, no objectives."""
    doc = table("beaches")
    b = doc.get(scenario.board.id)
    if b is None:
        got = scenario.__dict__.get("_pkd_beach")
        if got is None:
            got = scenario.__dict__["_pkd_beach"] = _plain_beach(scenario)
        return got
    return _beach(scenario.board.id, id(b))


def _plain_beach(scenario) -> Beach:
    forms: dict[str, Formation] = {}
    for u in scenario.units:
        if u.formation and u.formation not in forms:
            forms[u.formation] = Formation(u.formation, u.formation, u.side, 1)
    turns = {t: (f"turn {t}", True) for t in range(scenario.first_turn, scenario.last_turn + 1)}
    return Beach(scenario.board.id, turns, forms, (), 1, 1, "")


@lru_cache(maxsize=8)
def _beach(map_id: str, _key: int) -> Beach:
    b = table("beaches")[map_id]
    turns = {int(t["turn"]): (str(t["label"]), bool(t["day"])) for t in b["turns"]}
    forms = {str(f["id"]): Formation(str(f["id"]), str(f["name"]), str(f["side"]), int(f["from"]))
             for f in b["formations"]}
    objectives = tuple((str(o["place"]), int(o["vp"])) for o in b["objectives"])
    v = b["victory"]
    return Beach(map_id, turns, forms, objectives, int(v["eliminated_vp"]["value"]),
                 int(v["allied_margin"]["value"]), str(v["sudden_death"]["place"]))
