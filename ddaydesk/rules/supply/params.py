"""Supply tables (``rules/data/<system>/supply.yaml``) -> :class:`SupplyParams`.

Every value in those files is a ``{value, rule, confidence}`` leaf; the params keep the
tags so an explanation can say which rule set a limit. Keys are dotted paths
(``german.hq_kinds.ob_west.unit_to_hq``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ddaydesk.formats.errors import Problem
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.rules.tables import table_path

CONFIDENCE = ("seed", "default")

# Keys each system's file must give, with the Python type of the value.
REQUIRED: dict[str, dict[str, type | tuple[type, ...]]] = {
    "dday77": {
        "german.unit_to_source": int, "german.hq_to_source": int, "german.hq_capacity": int,
        "german.hq_kinds.ob_west.hq_radius": int,
        "german.fortress_isolated_defence": int, "german.fortress_defence": int,
        "allied.unit_to_source": int, "allied.unit_to_hq": int, "allied.max_supply_centres": int,
        "allied.shaef.unit_to_hq": int, "allied.shaef.hq_to_source": int, "allied.shaef.hq_to_hq": int,
        "allied.sc_capacity.coastal": int, "allied.sc_capacity.port": int,
        "allied.sc_capacity.inland_port": int, "allied.sc_values": dict,
        "allied.sc_return_delay": int,
        "weather.first_turn": int,
    },
    "fmu": {
        "allied.airborne_types": list, "allied.drop_zones_until_turn": int,
        "allied.beach_always_supplied": bool, "german.always_supplied": bool,
        "allied.check_after": str,
    },
}
BLOCKING = {"blocking.enemy_units": str, "blocking.enemy_zoc": str,
            "blocking.friendly_negates_zoc": bool, "blocking.no_zoc_types": list,
            "blocking.impassable_terrain": list}
ZOC_MODES = ("block", "enter_only", "ignore")
LIMIT_NAMES = {"unit_to_hq", "hq_to_source", "capacity", "hq_capacity", "hq_radius", "hq_to_hq",
               "unit_to_source"}


@dataclass(frozen=True)
class Tagged:
    """A supply parameter with its rule and confidence."""

    value: Any
    rule: str
    confidence: str


@dataclass(frozen=True)
class Blocking:
    """What stops a supply line (one system's reading); see blocking.py."""

    enemy_units_block: bool
    enemy_zoc: str  # block | enter_only | ignore
    friendly_negates_zoc: bool
    no_zoc_types: frozenset[str]
    impassable_terrain: frozenset[str]
    rule_zoc: str
    rule_enemy: str
    rule_terrain: str


@dataclass(frozen=True)
class SupplyParams:
    """A system's supply parameters (supply.yaml)."""

    system: str
    values: dict[str, Tagged]
    blocking: Blocking
    source: str

    def __post_init__(self) -> None:
        # Answers worked out from the values once (children(), under(), the supply code's
        # limits per kind): the values never change. A plain attribute, not a field (a frozen
        # dataclass still takes one this way), read on every lookup of a recompute.
        object.__setattr__(self, "_memo", {})

    def __getitem__(self, key: str) -> Any:
        return self.values[key].value

    def tag(self, key: str) -> Tagged:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        t = self.values.get(key)
        return default if t is None else t.value

    def children(self, prefix: str) -> list[str]:
        """Names directly under a dotted prefix (``german.hq_kinds`` -> HQ kinds)."""
        key = ("children", prefix)
        got = self._memo.get(key)
        if got is None:
            p = prefix + "."
            got = self._memo[key] = sorted({k[len(p):].split(".")[0] for k in self.values if k.startswith(p)})
        return got

    def under(self, prefix: str) -> list[Tagged]:
        """Every value whose key starts with ``prefix``."""
        key = ("under", prefix)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = [t for k, t in self.values.items() if k.startswith(prefix)]
        return got


    def range_reduction(self, weather: str, turn: int) -> int:
        """Hexes taken off every supply limit (D77-WX-13/18); none before the weather
        turns start (D77-WX-02) or in systems without this table."""
        if turn < self.get("weather.first_turn", 1):
            return 0
        return self.get(f"weather.range_reduction.{weather}", 0)


def _leaves(rd: Reader, node: MarkedDict, prefix: str, out: dict[str, Tagged],
            where: dict[str, tuple[int, int]]) -> None:
    for key, val in node.items():
        if key in ("format", "system") and not prefix:
            continue
        name = f"{prefix}.{key}" if prefix else str(key)
        if not isinstance(val, MarkedDict):
            rd.error(node.at(key), f"{name}: expected a table or a {{value, rule, confidence}} entry")
        elif "value" in val:
            leaf = rd.mapping(val, node.at(key), name, required=("value", "rule", "confidence"),
                              optional=("note",))
            if leaf is None:
                continue
            conf = rd.choice(leaf, "confidence", CONFIDENCE, name)
            rule = rd.text(leaf, "rule", name)
            out[name] = Tagged(leaf["value"], rule, conf)
            where[name] = val.at("value")
        else:
            _leaves(rd, val, name, out, where)


def parse_params(doc: Any, path: str, system: str) -> SupplyParams:
    """Validate a supply table; FormatError lists every problem with its position."""
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "supply", required=("format", "system", "blocking"),
                     optional=("german", "allied", "weather"))
    rd.raise_if_problems()
    if top["system"] != system:
        rd.error(top.at("system"), f"supply.system: {top['system']!r}, expected {system!r}")
    values: dict[str, Tagged] = {}
    where: dict[str, tuple[int, int]] = {}
    _leaves(rd, top, "", values, where)
    rd.raise_if_problems()
    for key, kind in {**REQUIRED.get(system, {}), **BLOCKING}.items():
        if key not in values:
            rd.error(top.pos, f"supply: missing entry {key}")
        elif not isinstance(values[key].value, kind) or isinstance(values[key].value, bool) and kind is int:
            rd.error(where[key], f"{key}: expected {getattr(kind, '__name__', kind)}, found {values[key].value!r}")
    for key, t in values.items():
        is_limit = key.rsplit(".", 1)[-1] in LIMIT_NAMES or ".nationality_limits." in key \
            or ".sc_capacity." in key
        if is_limit and not (isinstance(t.value, int) and not isinstance(t.value, bool) and t.value >= 0):
            rd.error(where[key], f"{key}: expected a whole number >= 0, found {t.value!r}")
    if system == "dday77":  # every German HQ kind needs its three numbers; german_army must exist
        kinds = {k.split(".")[2] for k in values if k.startswith("german.hq_kinds.")} | {"german_army"}
        for kind in sorted(kinds):
            for key in ("unit_to_hq", "hq_to_source", "capacity"):
                if f"german.hq_kinds.{kind}.{key}" not in values:
                    rd.error(top.pos, f"supply: missing entry german.hq_kinds.{kind}.{key}")
    mode = values.get("blocking.enemy_zoc")
    if mode is not None and mode.value not in ZOC_MODES:
        rd.error(where["blocking.enemy_zoc"], f"blocking.enemy_zoc: {mode.value!r} is not one of {', '.join(ZOC_MODES)}")
    rd.raise_if_problems()
    blocking = Blocking(
        enemy_units_block=values["blocking.enemy_units"].value == "block",
        enemy_zoc=values["blocking.enemy_zoc"].value,
        friendly_negates_zoc=values["blocking.friendly_negates_zoc"].value,
        no_zoc_types=frozenset(values["blocking.no_zoc_types"].value),
        impassable_terrain=frozenset(values["blocking.impassable_terrain"].value),
        rule_zoc=values["blocking.enemy_zoc"].rule,
        rule_enemy=values["blocking.enemy_units"].rule,
        rule_terrain=values["blocking.impassable_terrain"].rule,
    )
    return SupplyParams(system, values, blocking, path)


def load_params_file(path: str | Path, system: str) -> SupplyParams:
    return parse_params(load_file(str(path)), str(path), system)


@cache
def load_supply_params(system: str) -> SupplyParams:
    """The supply table of a system: the player's drop-in copy if there is one, else the
    shipped table (FormatError if it is missing or broken)."""
    path = table_path(system, "supply")
    if not path.is_file():
        from ddaydesk.formats.errors import FormatError

        raise FormatError([Problem(str(path), 0, 0, f"system {system!r} has no supply table")])
    return load_params_file(path, system)
