"""Combat Results Tables as data: odds tables (D-Day '77) and differential tables (F&M).

``load_crt(system)`` reads ``<system>/crt.yaml`` through :func:`ddaydesk.rules.tables.table_path`
(the user's corrected copy first). Every column and result keeps its ``rule``, ``confidence``
and ``source`` so a dialog can say where a number comes from. A broken table is a
:class:`FormatError` naming ``file:line:col``; nothing half-loaded is returned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.rules.tables import table_version

CONFIDENCES = ("seed", "default")
SIDE_EFFECTS = ("eliminate", "retreat", "steps", "reduce_all", "stiff_resistance")
_ODDS = re.compile(r"^(\d+)-(\d+)$")


@dataclass(frozen=True)
class SideEffect:
    """What a CRT result does to one side."""

    eliminate: bool = False
    retreat: int = 0
    steps: int = 0
    reduce_all: bool = False
    stiff_resistance: bool = False

    @property
    def empty(self) -> bool:
        return self == SideEffect()


@dataclass(frozen=True)
class ResultDef:
    """A CRT result code: its words and what it does to each side."""

    code: str
    text: str  # what it does: "attacker retreats 2 hexes"
    attacker: SideEffect
    defender: SideEffect
    exchange: str | None  # "printed": defender eliminated, attacker loses >= printed factors
    rule: str
    confidence: str
    name: str = ""  # what the letters stand for: "Attacker Back 2" (the code when the table gives none)


@dataclass(frozen=True)
class Column:
    """One column of a CRT: its label and the results by die."""

    label: str  # "3-1" or "+4..+6"
    results: tuple[str, ...]  # by die, index 0 = die 1
    rule: str
    confidence: str
    source: str
    ratio: tuple[int, int] | None = None  # odds columns: (attack, defence)
    low: int | None = None  # differential columns: bounds, None = open
    high: int | None = None


@dataclass(frozen=True)
class Table:
    """One table of a CRT (a system may have several: open ground, beach lines)."""

    name: str
    title: str
    columns: tuple[Column, ...]
    results: dict[str, ResultDef]
    applies_to: str  # "both" or "attacker" (beach lines: every result hits the assaulting units)
    rule: str
    confidence: str


@dataclass(frozen=True)
class Fixed:
    """A result decided without a die roll (odds beyond the table's ends)."""

    result: str
    rule: str
    confidence: str
    label: str


@dataclass(frozen=True)
class CRT:
    """A combat results table: its kind (odds or differential), die and tables."""

    kind: str  # "odds" or "differential"
    title: str
    die: int
    tables: dict[str, Table]
    below: Fixed | None
    above: Fixed | None
    stiff_resistance_steps: int
    stiff_resistance_rule: str
    path: str = field(compare=False)
    rule: str = ""
    confidence: str = "default"

    def table(self, name: str = "standard") -> Table:
        return self.tables[name]

    def column(self, attack: int, defence: int, table: str = "standard") -> Column | Fixed:
        """The column an attack uses, or the fixed result beyond the table's ends."""
        if self.kind == "odds":
            return self._odds_column(attack, defence, self.tables[table])
        return self._diff_column(attack - defence, self.tables[table])

    def _odds_column(self, attack: int, defence: int, table: Table) -> Column | Fixed:
        # Rounded in the defender's favour: 11:4 -> 2-1, 3:7 -> 1-3, 0 attack -> below the table.
        if defence <= 0:
            return self.above or table.columns[-1]
        if attack <= 0:
            return self.below or table.columns[0]
        a, d = (attack // defence, 1) if attack >= defence else (1, -(-defence // attack))
        first, last = table.columns[0].ratio, table.columns[-1].ratio
        if a * first[1] < first[0] * d:
            return self.below or table.columns[0]
        if a * last[1] > last[0] * d:
            return self.above or table.columns[-1]
        best = table.columns[0]
        for col in table.columns:  # the strongest column not better than a:d
            if col.ratio[0] * d <= a * col.ratio[1]:
                best = col
        return best

    @staticmethod
    def _diff_column(diff: int, table: Table) -> Column:
        for col in table.columns:
            if (col.low is None or diff >= col.low) and (col.high is None or diff <= col.high):
                return col
        raise AssertionError("validated tables cover every differential")

    def result(self, code: str, table: str = "standard") -> ResultDef:
        return self.tables[table].results[code]


def load_crt(system: str, user_dir: Path | None = None) -> CRT:
    """The system's CRT: the user's drop-in if there is one, else the shipped table. Parsed
    once per file version (path and modification time)."""
    return _parse_cached(*table_version(system, "crt", user_dir))


@lru_cache(maxsize=16)
def _parse_cached(path: str, mtime_ns: int) -> CRT:
    return parse_crt(path)


def parse_crt(path: str) -> CRT:
    doc = load_file(path)
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "crt", required=("kind", "die", "results", "tables"),
                     optional=("title", "rule", "confidence", "source", "rounding", "below",
                               "above", "stiff_resistance"))
    rd.raise_if_problems()
    kind = rd.choice(top, "kind", ("odds", "differential"), "crt")
    die = rd.integer(top, "die", "crt", lo=2, hi=20)
    conf = _confidence(rd, top, "crt")
    if "rounding" in top:
        rd.choice(top, "rounding", ("defender",), "crt")
    rd.raise_if_problems()
    shared = _results(rd, top["results"], top.at("results"), "crt.results")
    tables: dict[str, Table] = {}
    tdoc = rd.mapping(top["tables"], top.at("tables"), "crt.tables", required=("standard",),
                      optional=tuple(k for k in top["tables"] if isinstance(top["tables"], MarkedDict)))
    for name in tdoc or ():
        t = _table(rd, name, tdoc[name], tdoc.at(name), kind, die, shared)
        if t is not None:
            tables[name] = t
    below = _fixed(rd, top, "below", shared)
    above = _fixed(rd, top, "above", shared)
    sr_steps, sr_rule = 1, "STD-FM-SR"
    if "stiff_resistance" in top:
        sr = rd.mapping(top["stiff_resistance"], top.at("stiff_resistance"), "crt.stiff_resistance",
                        required=("steps",), optional=("rule", "confidence", "note"))
        if sr is not None:
            sr_steps = rd.integer(sr, "steps", "crt.stiff_resistance", lo=0, hi=9) or 0
            sr_rule = rd.text(sr, "rule", "crt.stiff_resistance", default=sr_rule)
    rd.raise_if_problems()
    return CRT(kind=kind, title=rd.text(top, "title", "crt", default="Combat Results Table"), die=die,
               tables=tables, below=below, above=above, stiff_resistance_steps=sr_steps,
               stiff_resistance_rule=sr_rule, path=path, rule=rd.text(top, "rule", "crt", default=""),
               confidence=conf)


def _confidence(rd: Reader, d: MarkedDict, what: str) -> str:
    return rd.choice(d, "confidence", CONFIDENCES, what, default="default") or "default"


def _results(rd: Reader, doc, pos, what: str) -> dict[str, ResultDef]:
    out: dict[str, ResultDef] = {}
    rdoc = rd.mapping(doc, pos, what, optional=tuple(doc) if isinstance(doc, MarkedDict) else ())
    for code in rdoc or ():
        r = rd.mapping(rdoc[code], rdoc.at(code), f"{what}.{code}",
                       optional=("name", "text", "attacker", "defender", "exchange", "rule", "confidence", "note"))
        if r is None:
            continue
        sides = {}
        for side in ("attacker", "defender"):
            sides[side] = SideEffect()
            if side in r:
                s = rd.mapping(r[side], r.at(side), f"{what}.{code}.{side}", optional=SIDE_EFFECTS)
                if s is not None:
                    sides[side] = SideEffect(
                        eliminate=bool(rd.field(s, "eliminate", bool, f"{what}.{code}.{side}", False)),
                        retreat=rd.integer(s, "retreat", f"{what}.{code}.{side}", lo=0, hi=9, default=0) or 0,
                        steps=rd.integer(s, "steps", f"{what}.{code}.{side}", lo=0, hi=9, default=0) or 0,
                        reduce_all=bool(rd.field(s, "reduce_all", bool, f"{what}.{code}.{side}", False)),
                        stiff_resistance=bool(rd.field(s, "stiff_resistance", bool, f"{what}.{code}.{side}", False)),
                    )
        exchange = rd.choice(r, "exchange", ("printed",), f"{what}.{code}", default=None)
        out[str(code)] = ResultDef(str(code), rd.text(r, "text", f"{what}.{code}", default=str(code)),
                                   sides["attacker"], sides["defender"], exchange,
                                   rd.text(r, "rule", f"{what}.{code}", default="STD-CRT"),
                                   _confidence(rd, r, f"{what}.{code}"),
                                   rd.text(r, "name", f"{what}.{code}", default=str(code)))
    return out


def _table(rd: Reader, name: str, doc, pos, kind: str, die: int,
           shared: dict[str, ResultDef]) -> Table | None:
    what = f"crt.tables.{name}"
    t = rd.mapping(doc, pos, what, required=("columns",),
                   optional=("title", "rule", "confidence", "source", "applies_to", "results", "note"))
    if t is None:
        return None
    results = dict(shared)
    if "results" in t:
        results.update(_results(rd, t["results"], t.at("results"), f"{what}.results"))
    cols_doc = rd.seq(t["columns"], t.at("columns"), f"{what}.columns")
    columns: list[Column] = []
    for k, c in enumerate(cols_doc or ()):
        cw = f"{what}.columns[{k}]"
        keys = ("odds",) if kind == "odds" else ()
        cd = rd.mapping(c, cols_doc.at(k), cw, required=("results", *keys),
                        optional=("rule", "confidence", "source", "min", "max", "note"))
        if cd is None:
            continue
        res = rd.seq(cd["results"], cd.at("results"), f"{cw}.results")
        if res is not None:
            if len(res) != die:
                rd.error(cd.at("results"), f"{cw}.results: {len(res)} results, the die has {die} faces")
            for j, code in enumerate(res):
                if str(code) not in results:
                    rd.error(res.at(j), f"{cw}.results[{j}]: unknown result {code!r} (known: {', '.join(results)})")
        common = dict(results=tuple(str(x) for x in res or ()), rule=rd.text(cd, "rule", cw, default="STD-CRT"),
                      confidence=_confidence(rd, cd, cw), source=rd.text(cd, "source", cw, default=""))
        if kind == "odds":
            m = _ODDS.match(str(cd["odds"]))
            if not m or int(m[1]) < 1 or int(m[2]) < 1:
                rd.error(cd.at("odds"), f"{cw}.odds: expected 'A-D' such as '3-1' or '1-2', found {cd['odds']!r}")
                continue
            ratio = (int(m[1]), int(m[2]))
            if columns and columns[-1].ratio and ratio[0] * columns[-1].ratio[1] <= columns[-1].ratio[0] * ratio[1]:
                rd.error(cd.at("odds"), f"{cw}.odds: columns must go from weakest to strongest odds")
            columns.append(Column(label=str(cd["odds"]), ratio=ratio, **common))
        else:
            low = rd.integer(cd, "min", cw, default=None)
            high = rd.integer(cd, "max", cw, default=None)
            columns.append(Column(label=_diff_label(low, high), low=low, high=high, **common))
    if kind == "differential" and columns:
        _check_cover(rd, columns, cols_doc, what)
    if not columns:
        rd.error(t.at("columns"), f"{what}.columns: a table needs at least one column")
    applies = rd.choice(t, "applies_to", ("both", "attacker"), what, default="both")
    return Table(name=name, title=rd.text(t, "title", what, default=name), columns=tuple(columns),
                 results=results, applies_to=applies or "both", rule=rd.text(t, "rule", what, default="STD-CRT"),
                 confidence=_confidence(rd, t, what))


def _check_cover(rd: Reader, columns: list[Column], cols_doc, what: str) -> None:
    """Differential columns must cover every integer exactly once, in order."""
    if columns[0].low is not None:
        rd.error(cols_doc.at(0), f"{what}.columns[0]: the first column must have no 'min' (it takes everything below)")
    if columns[-1].high is not None:
        rd.error(cols_doc.at(len(columns) - 1), f"{what}.columns[-1]: the last column must have no 'max'")
    for k in range(1, len(columns)):
        prev, col = columns[k - 1], columns[k]
        if prev.high is None or col.low is None or col.low != prev.high + 1:
            rd.error(cols_doc.at(k), f"{what}.columns[{k}]: 'min' must be one more than the previous column's 'max'")
        elif col.high is not None and col.high < col.low:
            rd.error(cols_doc.at(k), f"{what}.columns[{k}]: 'max' is below 'min'")


def _diff_label(low: int | None, high: int | None) -> str:
    def s(v: int) -> str:
        return f"{v:+d}" if v else "0"

    if low is None:
        return f"{s(high)} or less"
    if high is None:
        return f"{s(low)} or more"
    return s(low) if low == high else f"{s(low)}..{s(high)}"


def _fixed(rd: Reader, top: MarkedDict, key: str, results: dict[str, ResultDef]) -> Fixed | None:
    if key not in top:
        return None
    f = rd.mapping(top[key], top.at(key), f"crt.{key}", required=("result",),
                   optional=("rule", "confidence", "source", "note"))
    if f is None:
        return None
    code = str(f["result"])
    if code not in results:
        rd.error(f.at("result"), f"crt.{key}.result: unknown result {code!r}")
    label = "beyond the weakest column" if key == "below" else "beyond the strongest column"
    return Fixed(code, rd.text(f, "rule", f"crt.{key}", default="STD-CRT"), _confidence(rd, f, f"crt.{key}"), label)

