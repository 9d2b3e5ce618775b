"""The movement and weather tables' types and their readers (engine/tables.py loads them, once per
system): what a start that draws its first frame before any movement rule is asked does not import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ddaydesk.engine.tables import SCALE
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.records import Record
from ddaydesk.rules.systems import load_system
from ddaydesk.rules.tables import table_path


@dataclass(frozen=True, eq=False, repr=False)
class Hexside(Record):
    """What crossing a hexside feature costs each movement class."""

    feature: str
    replace: bool  # True: crossing costs this instead of the hex's cost (roads)
    cost: tuple[int | None, ...]  # ticks per class; None: that class may not cross (Koenig's rivers)
    bridged_between: frozenset[str] = frozenset()  # no cost between two hexes of these terrains (FMU-GEN-04)


@dataclass(frozen=True, eq=False, repr=False)
class ArmouredZoc(Record):
    """The optional rule by which only some unit types stop on entering an enemy zone of control."""

    option: str
    types: frozenset[str]
    stopped_by: frozenset[str]


@dataclass(frozen=True, eq=False, repr=False)
class Strategic(Record):
    """Strategic movement: its multiplier and where a unit so moving may start, go and attack."""

    multiplier: int
    may_start_adjacent_enemy: bool
    may_move_next_to_enemy: bool
    may_attack: bool


@dataclass(frozen=True, eq=False, repr=False)
class Surprise(Record):
    """The surprise attack option: how many units, how often."""

    option: str
    max_units: int
    uses_per_game: int


@dataclass(frozen=True, eq=False, repr=False)
class Interdiction(Record):
    """Interdiction markers: their option, costs to enter and leave, and how many a turn."""

    option: str  # optional rule that allows placing markers (they cost movement whenever present)
    marker: str
    enter: int  # ticks
    exit: int
    max_per_turn: int
    river: int = 0  # ticks added to cross an interdicted river hexside (0: no river missions)
    river_features: tuple[str, ...] = ()  # hexside features a river mission may be flown on


@dataclass(frozen=True, eq=False, repr=False)
class WeatherEffect(Record):
    """What a weather does to movement allowances, per class."""

    mf_change: tuple[int, ...]  # movement points per class
    mf_half_up: bool


@dataclass(frozen=True, eq=False, repr=False)
class MoveRules(Record):
    """A system's movement tables: classes, costs by terrain and hexside, stacking, ZOC and options."""

    system: str
    classes: tuple[str, ...]
    class_of_type: dict[str, int]
    entry_cost: dict[str, tuple[int | None, ...]]  # terrain -> ticks per class (None: may not enter)
    hexsides: tuple[Hexside, ...]
    stack_limit: int
    stack_exempt: frozenset[str]
    no_zoc_types: frozenset[str]
    zoc_stop: bool
    zoc_leave_cost: int  # ticks
    zoc_to_zoc: bool
    armoured_zoc: ArmouredZoc | None
    strategic: Strategic | None
    surprise: Surprise | None
    interdiction: Interdiction | None
    weather: dict[str, WeatherEffect]


@dataclass(frozen=True, eq=False, repr=False)
class WeatherChart(Record):
    """The weather chart: the die, the rows by turns and their results."""

    die: int
    first_turn: int
    before: str
    rows: tuple[tuple[int, int, tuple[str, ...], str], ...]  # (first, last, results, rule)

    def row(self, turn: int) -> tuple[int, int, tuple[str, ...], str] | None:
        for r in self.rows:
            if r[0] <= turn <= r[1]:
                return r
        return None


def _ticks(rd: Reader, d: MarkedDict, key: str, what: str, step: bool = False) -> int | None:
    """A cost in ticks; ``step``: the whole cost of a step, which is never free (the movement
    search settles places in order of cost and finds a path's steps back from its costs)."""
    v = d.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0 or v * SCALE != int(v * SCALE):
        rd.error(d.at(key), f"{what}.{key}: expected a cost in steps of 1/{SCALE} MP, found {v!r}")
        return None
    if step and v == 0:
        rd.error(d.at(key), f"{what}.{key}: a step costs at least 1/{SCALE} MP, found 0")
        return None
    return int(v * SCALE)


def _tagged(rd: Reader, d: Any, pos, what: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()):
    return rd.mapping(d, pos, what, required=(*keys, "rule", "confidence"), optional=(*optional, "note"))


def read_move_rules(system_id: str) -> MoveRules:
    system = load_system(system_id)
    tpath = str(table_path(system_id, "terrain"))
    mpath = str(table_path(system_id, "movement"))
    rd = Reader(mpath)
    mdoc = rd.mapping(load_file(mpath), (1, 1), "movement", required=("system", "classes", "zoc"),
                      optional=("stacking", "armoured_zoc", "strategic", "surprise", "interdiction", "weather"))
    rd.raise_if_problems()
    classes: list[str] = []
    class_of_type: dict[str, int] = {}
    for name, spec in mdoc["classes"].items():
        c = _tagged(rd, spec, mdoc["classes"].at(name), f"classes.{name}", ("types",))
        if c is None:
            continue
        for t in c["types"]:
            if t not in system.unit_types:
                rd.error(c.at("types"), f"classes.{name}.types: {t!r} is not a unit type of {system_id}")
            class_of_type[t] = len(classes)
        classes.append(str(name))
    for t in system.unit_types:
        if t not in class_of_type:
            rd.error(mdoc["classes"].pos, f"classes: unit type {t!r} has no movement class")
    stacking = _stacking(rd, mdoc, system_id)
    zc = _tagged(rd, mdoc["zoc"], mdoc.at("zoc"), "zoc", ("no_zoc_types", "stop_on_entry", "leave_cost", "zoc_to_zoc"))
    armoured = strategic = surprise = interdiction = None
    if "armoured_zoc" in mdoc:
        a = _tagged(rd, mdoc["armoured_zoc"], mdoc.at("armoured_zoc"), "armoured_zoc", ("option", "types", "stopped_by"))
        if a is not None:
            armoured = ArmouredZoc(str(a["option"]), frozenset(a["types"]), frozenset(a["stopped_by"]))
    if "strategic" in mdoc:
        s = _tagged(rd, mdoc["strategic"], mdoc.at("strategic"), "strategic",
                    ("multiplier", "may_start_adjacent_enemy", "may_move_next_to_enemy", "may_attack"))
        if s is not None:
            strategic = Strategic(int(s["multiplier"]), bool(s["may_start_adjacent_enemy"]),
                                  bool(s["may_move_next_to_enemy"]), bool(s["may_attack"]))
    if "surprise" in mdoc:
        s = _tagged(rd, mdoc["surprise"], mdoc.at("surprise"), "surprise", ("option", "max_units", "uses_per_game"))
        if s is not None:
            surprise = Surprise(str(s["option"]), int(s["max_units"]), int(s["uses_per_game"]))
    if "interdiction" in mdoc:
        i = _tagged(rd, mdoc["interdiction"], mdoc.at("interdiction"), "interdiction",
                    ("option", "marker", "enter", "exit", "max_per_turn"), ("river",))
        if i is not None:
            river, features = 0, ()
            if i.get("river") is not None:
                r = _tagged(rd, i["river"], i.at("river"), "interdiction.river", ("cross", "features"))
                if r is not None:
                    river = _ticks(rd, r, "cross", "interdiction.river") or 0
                    features = tuple(str(f) for f in r["features"])
            interdiction = Interdiction(str(i["option"]), str(i["marker"]), _ticks(rd, i, "enter", "interdiction") or 0,
                                        _ticks(rd, i, "exit", "interdiction") or 0, int(i["max_per_turn"]),
                                        river, features)
    weather: dict[str, WeatherEffect] = {}
    for code, spec in (mdoc.get("weather") or {}).items():
        w = _tagged(rd, spec, mdoc["weather"].at(code), f"weather.{code}", (), ("mf_change", "mf_half_up"))
        if w is None:
            continue
        change = [0] * len(classes)
        for cname, delta in (w.get("mf_change") or {}).items():
            if cname not in classes:
                rd.error(w.at("mf_change"), f"weather.{code}.mf_change: no movement class {cname!r}")
            else:
                change[classes.index(cname)] = int(delta)
        weather[str(code)] = WeatherEffect(tuple(change), bool(w.get("mf_half_up", False)))

    trd = Reader(tpath)
    tdoc = trd.mapping(load_file(tpath), (1, 1), "terrain file", required=("system", "terrain", "hexsides"))
    trd.raise_if_problems()
    entry: dict[str, tuple[int | None, ...]] = {}
    for name, spec in tdoc["terrain"].items():
        if name not in system.terrain:
            trd.error(tdoc["terrain"].key_pos.get(name, tdoc.pos), f"terrain.{name}: not a terrain type of {system_id}")
            continue
        t = _tagged(trd, spec, tdoc["terrain"].at(name), f"terrain.{name}", tuple(classes))
        if t is not None:
            entry[name] = tuple(_ticks(trd, t, c, f"terrain.{name}", step=True) for c in classes)
    for name, tt in system.terrain.items():
        if tt.passable and name not in entry:
            trd.error(tdoc["terrain"].pos, f"terrain: passable terrain {name!r} has no movement cost")
    hexsides = []
    for name, spec in tdoc["hexsides"].items():
        if name not in system.hexside_features:
            trd.error(tdoc["hexsides"].key_pos.get(name, tdoc.pos), f"hexsides.{name}: not a hexside feature of {system_id}")
            continue
        h = _tagged(trd, spec, tdoc["hexsides"].at(name), f"hexsides.{name}", ("mode", *classes),
                    optional=("bridged_between",))
        if h is None:
            continue
        if h["mode"] not in ("add", "replace"):
            trd.error(h.at("mode"), f"hexsides.{name}.mode: expected add or replace, found {h['mode']!r}")
        bridged = h.get("bridged_between") or []
        for t in bridged:
            if t not in system.terrain:
                trd.error(h.at("bridged_between"), f"hexsides.{name}.bridged_between: {t!r} is not a terrain of {system_id}")
        hexsides.append(Hexside(str(name), h["mode"] == "replace",
                                tuple(_ticks(trd, h, c, f"hexsides.{name}", step=h["mode"] == "replace")
                                      for c in classes),
                                frozenset(str(t) for t in bridged)))
    problems = rd.problems + trd.problems
    if problems or stacking is None:
        raise FormatError(problems)
    return MoveRules(
        system=system_id, classes=tuple(classes), class_of_type=class_of_type, entry_cost=entry,
        hexsides=tuple(hexsides), stack_limit=stacking[0], stack_exempt=stacking[1],
        no_zoc_types=frozenset(zc["no_zoc_types"]), zoc_stop=bool(zc["stop_on_entry"]),
        zoc_leave_cost=int(zc["leave_cost"]) * SCALE, zoc_to_zoc=bool(zc["zoc_to_zoc"]),
        armoured_zoc=armoured, strategic=strategic, surprise=surprise, interdiction=interdiction,
        weather=weather,
    )


def _stacking(rd: Reader, mdoc: MarkedDict, system_id: str) -> tuple[int, frozenset[str]] | None:
    """``(limit, exempt unit types)`` from the system's stacking.yaml, else movement.yaml."""
    spath = table_path(system_id, "stacking")
    if spath.is_file():
        srd = Reader(str(spath))
        sdoc = srd.mapping(load_file(str(spath)), (1, 1), "stacking", required=("system", "limit", "not_counted"),
                           optional=("rule", "confidence", "supply_centres", "when", "excess", "nationalities", "enemy"))
        srd.raise_if_problems()
        lim = _tagged(srd, sdoc["limit"], sdoc.at("limit"), "limit", ("value",), ("counts",))
        free = _tagged(srd, sdoc["not_counted"], sdoc.at("not_counted"), "not_counted", ("types",))
        srd.raise_if_problems()
        return int(lim["value"]), frozenset(free["types"])
    if "stacking" not in mdoc:
        rd.error(mdoc.pos, f"movement: no stacking entry and no stacking.yaml for {system_id}")
        return None
    st = _tagged(rd, mdoc["stacking"], mdoc.at("stacking"), "stacking", ("limit", "exempt_types"))
    return None if st is None else (int(st["limit"]), frozenset(st["exempt_types"]))


def read_weather_chart(system_id: str) -> WeatherChart | None:
    path = table_path(system_id, "weather")
    if not path.is_file():
        return None
    rd = Reader(str(path))
    top = rd.mapping(load_file(str(path)), (1, 1), "weather", required=("system", "die", "first_turn", "before", "chart"))
    rd.raise_if_problems()
    rows = []
    for k, item in enumerate(top["chart"]):
        r = _tagged(rd, item, top["chart"].at(k), f"chart[{k}]", ("turns", "results"))
        if r is None:
            continue
        if len(r["results"]) != top["die"]:
            rd.error(r.at("results"), f"chart[{k}].results: expected {top['die']} results, one per die face")
        rows.append((int(r["turns"][0]), int(r["turns"][1]), tuple(r["results"]), str(r["rule"])))
    rd.raise_if_problems()
    return WeatherChart(int(top["die"]), int(top["first_turn"]["value"]), str(top["before"]), tuple(rows))

