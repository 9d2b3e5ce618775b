"""The rules systems ddaydesk knows and the vocabulary each gives maps and scenarios.

``rules/data/<id>/system.yaml`` names a system's sides, terrain types, hexside features,
unit types, nationalities, HQ kinds, place and region kinds, and its optional rules (each
a named toggle). Values that come from the standard rules we do not have are tagged
``confidence: default``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ddaydesk.formats.errors import FormatError, show
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.records import Record

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True, eq=False, repr=False)
class TerrainType(Record):
    """A terrain type of a system: its glyph, whether it may be entered, sea or land."""

    name: str
    glyph: str
    passable: bool
    sea: bool
    confidence: str
    rule: str


@dataclass(frozen=True, eq=False, repr=False)
class PropSpec(Record):
    """A property an area or border of this system's maps may carry (formats/props.py)."""

    name: str
    type: str  # int, bool, text, choice (one of ``of``), list (of names in ``of``)
    lo: int | None = None
    hi: int | None = None
    of: tuple[str, ...] = ()

    def problem(self, v) -> str | None:
        """Why ``v`` is not a value of this property, or None."""
        if self.type == "int":
            if not isinstance(v, int) or isinstance(v, bool):
                return f"expected an integer, found {show(v)}"
            if self.lo is not None and v < self.lo or self.hi is not None and v > self.hi:
                return f"{show(v)} is out of range ({self.lo}..{'' if self.hi is None else self.hi})"
        elif self.type == "bool" and not isinstance(v, bool):
            return f"expected true or false, found {show(v)}"
        elif self.type in ("text", "choice") and (not isinstance(v, str) or not v.strip()):
            return f"expected a name, found {show(v)}"
        elif self.type == "choice" and self.of and v not in self.of:
            return f"{show(v)} is not one of: {', '.join(self.of)}"
        elif self.type == "list":
            if not isinstance(v, list):
                return f"expected a list, found {show(v)}"
            bad = [x for x in v if x not in self.of]
            if bad:
                return f"{show(bad[0])} is not one of: {', '.join(self.of)}"
        return None


PROP_TYPES = ("int", "bool", "text", "choice", "list")


@dataclass(frozen=True, eq=False, repr=False)
class Option(Record):
    """An optional rule of a system, the clauses it covers and its default."""

    id: str
    title: str
    rules: tuple[str, ...]
    default: bool
    implied_by: tuple[str, ...] = ()  # options that bring its rules in too (solitaire: the German's)


@dataclass(frozen=True, eq=False, repr=False)
class System(Record):
    """A rules system's vocabulary (system.yaml): sides, terrain, unit types, kinds, options."""

    id: str
    title: str
    catalogue: str
    map_kind: str
    sides: tuple[str, ...]
    terrain: dict[str, TerrainType]
    hexside_features: tuple[str, ...]
    unit_types: tuple[str, ...]
    nationalities: tuple[str, ...]
    hq_kinds: tuple[str, ...]
    # Area systems: sub-places of a place a unit may stand in (D-Day2: A, G, P, beach, drop)
    # and off-map holding boxes (air base, reinforcement charts).
    parts: tuple[str, ...]
    boxes: tuple[str, ...]
    place_kinds: tuple[str, ...]
    region_kinds: tuple[str, ...]
    options: dict[str, Option]
    folder: Path = field(compare=False)
    # What an area (a place of an area map) and a border between two areas may carry.
    area_props: dict[str, PropSpec] = field(default_factory=dict, compare=False)
    border_props: dict[str, PropSpec] = field(default_factory=dict, compare=False)

    def default_options(self) -> dict[str, bool]:
        return {o.id: o.default for o in self.options.values()}


def system_ids() -> list[str]:
    return sorted(p.name for p in DATA.iterdir() if (p / "system.yaml").is_file())


@cache
def load_system(system_id: str) -> System:
    """The system's vocabulary; FormatError if the id is unknown or its data is broken."""
    path = DATA / system_id / "system.yaml"
    if not path.is_file():
        from ddaydesk.formats.errors import Problem

        known = ", ".join(system_ids())
        raise FormatError([Problem(str(path), 0, 0, f"unknown rules system {system_id!r} (known: {known})")])
    doc = load_file(str(path))
    rd = Reader(str(path))
    top = rd.mapping(doc, (1, 1), "system", required=(
        "id", "title", "catalogue", "map_kind", "sides", "terrain", "unit_types", "nationalities",
        "place_kinds", "region_kinds", "options"), optional=("hexside_features", "hq_kinds", "parts", "boxes", "area_props", "border_props"))
    rd.raise_if_problems()
    terrain = {}
    for name, spec in top["terrain"].items():
        t = rd.mapping(spec, top["terrain"].at(name), f"terrain.{name}",
                       required=("glyph", "passable"), optional=("sea", "confidence", "rule", "note"))
        if t is None:
            continue
        terrain[name] = TerrainType(name, str(t["glyph"]), bool(t["passable"]), bool(t.get("sea", False)),
                                    str(t.get("confidence", "default")), str(t.get("rule", "")))
    options = {}
    for i, spec in enumerate(top["options"]):
        o = rd.mapping(spec, top["options"].at(i), "options[]", required=("id", "title"),
                       optional=("rules", "default", "note", "implied_by"))
        if o is None:
            continue
        options[o["id"]] = Option(o["id"], o["title"], tuple(o.get("rules", ())), bool(o.get("default", False)),
                                  tuple(o.get("implied_by", ())))
    props = {key: _prop_specs(rd, top, key) for key in ("area_props", "border_props")}
    rd.raise_if_problems()
    return System(
        id=top["id"], title=top["title"], catalogue=top["catalogue"], map_kind=top["map_kind"],
        sides=tuple(top["sides"]), terrain=terrain,
        hexside_features=tuple(top.get("hexside_features", ())),
        unit_types=tuple(top["unit_types"]), nationalities=tuple(top["nationalities"]),
        hq_kinds=tuple(top.get("hq_kinds", ())), parts=tuple(top.get("parts", ())),
        boxes=tuple(top.get("boxes", ())), place_kinds=tuple(top["place_kinds"]),
        region_kinds=tuple(top["region_kinds"]), options=options, folder=path.parent,
        area_props=props["area_props"], border_props=props["border_props"],
    )


def _prop_specs(rd: Reader, top, key: str) -> dict[str, PropSpec]:
    out: dict[str, PropSpec] = {}
    specs = top.get(key)
    if specs is not None and not isinstance(specs, MarkedDict):
        rd.error(top.at(key), f"{key}: expected a mapping of property names")
        specs = None
    for name, spec in (specs or {}).items():
        what = f"{key}.{name}"
        d = rd.mapping(spec, specs.at(name), what, required=("type",),
                       optional=("min", "max", "of", "rule", "confidence", "note"))
        if d is None:
            continue
        kind = rd.choice(d, "type", PROP_TYPES, what)
        if kind is not None:
            out[name] = PropSpec(name, kind, rd.integer(d, "min", what, default=None),
                                 rd.integer(d, "max", what, default=None),
                                 tuple(str(x) for x in rd.field(d, "of", list, what, default=()) or ()))
    return out
