"""D-Day2 tables, loaded from ``rules/data/dd2/*.yaml`` (units, rule parameters, charts), or
from the player's corrected copy of a table (``ddaydesk.rules.tables.table_path``).

The order of play (sequence.yaml) is read by the engine (``load_sequence("dd2")``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.records import Record
from ddaydesk.rules.tables import table_file

CODES = {"I": "infantry", "A": "artillery", "T": "armour"}


@dataclass(frozen=True, eq=False, repr=False)
class UnitStats(Record):
    """A D-Day2 unit type's values."""

    attack: int
    defence: int
    move: int
    rule: str
    aa: int = 0
    suicide: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class ChartEntry(Record):
    """One unit of a D-Day2 arrival chart, with its row and beaches."""

    type: str
    row: int
    beaches: tuple[str, ...]  # beach names it may land on; () = any of the chart's beaches


@dataclass(frozen=True, eq=False, repr=False)
class Chart(Record):
    """A D-Day2 arrival chart of one side and nation."""

    id: str
    side: str
    nationality: str
    dice: int
    entry: tuple[str, ...]  # German charts: entry region ids
    order: tuple[ChartEntry, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Tables(Record):
    """D-Day2's tables: units, special rules, rule parameters and charts."""

    units: dict[str, dict[str, UnitStats]]  # side -> type -> stats
    special: dict[str, dict]
    rules: dict[str, dict]
    charts: dict[str, Chart]

    def stats(self, side: str, utype: str) -> UnitStats:
        return self.units[side][utype]


def _load(name: str) -> dict:
    # (libyaml through formats/yamlmarks: a broken corrected copy is refused at file:line)
    return load_file(table_file("dd2", name.removesuffix(".yaml")))


@cache
def tables() -> Tables:
    u = _load("units.yaml")
    units = {
        side: {t: UnitStats(v["attack"], v["defence"], v["move"], v["rule"], v.get("aa", 0),
                            v.get("suicide", False)) for t, v in u[side].items()}
        for side in ("allied", "german")
    }
    charts = {}
    for cid, c in _load("charts.yaml").items():
        order = tuple(
            ChartEntry(CODES[code], seg["row"], tuple(seg.get("beaches", ())))
            for seg in c["segments"] for code in seg["units"].split()
        )
        charts[cid] = Chart(cid, c["side"], c["nationality"], c["dice"], tuple(c.get("entry", ())), order)
    return Tables(units, u["special"], _load("rules.yaml"), charts)
