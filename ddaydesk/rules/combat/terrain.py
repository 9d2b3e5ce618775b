"""Terrain effects on a defender's strength, from ``<system>/defence.yaml``.

Separate from the movement terrain table on purpose: these numbers are combat numbers with
their own rule ids, and a player may correct one without touching the other (drop-in file).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.rules.combat.model import CombatUnit, Line, Situation
from ddaydesk.rules.tables import table_version


@dataclass(frozen=True)
class Effect:
    """A terrain, place or hexside effect on the defence."""

    where: str  # "terrain city", "place fortress", "hexside river"
    multiply: int = 1
    add: int = 0
    sides: tuple[str, ...] = ()
    rule: str = "STD-TEC"
    confidence: str = "default"

    def applies_to(self, unit: CombatUnit) -> bool:
        return not self.sides or unit.side in self.sides


@dataclass(frozen=True)
class DefenceTable:
    """A system's terrain effects on combat, and how they combine."""

    combine: str  # "max" (multipliers, the largest applies) or "add"
    terrain: dict[str, Effect]
    places: dict[str, Effect]
    hexsides: dict[str, Effect]
    isolation: Effect | None
    no_auto_terrain: frozenset[str]
    no_auto_places: frozenset[str]
    advance_needs: int  # multiplier a defender needed for non-armour advance (D77 11.5)
    path: str


_EFFECT_KEYS = ("multiply", "add", "sides", "rule", "confidence", "note")


def load_defence(system: str, user_dir: Path | None = None) -> DefenceTable:
    """The system's defence table (user drop-in first), parsed once per file version."""
    return _parse_defence(*table_version(system, "defence", user_dir))


@lru_cache(maxsize=16)
def _parse_defence(path: str, mtime_ns: int) -> DefenceTable:
    doc = load_file(path)
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "defence", required=("combine", "terrain", "hexsides"),
                     optional=("places", "fortress_isolation", "no_automatic_victory",
                               "advance_needs_multiplier"))
    rd.raise_if_problems()
    combine = rd.choice(top, "combine", ("max", "add"), "defence")

    def effects(key: str) -> dict[str, Effect]:
        out = {}
        block = top.get(key) or MarkedDict()
        if not isinstance(block, MarkedDict):
            rd.error(top.at(key), f"defence.{key}: expected a mapping")
            return out
        for name, spec in block.items():
            e = _effect(rd, spec, block.at(name), f"defence.{key}.{name}", f"{key.rstrip('s')} {name}")
            if e is not None:
                out[str(name)] = e
        return out

    terrain, places, hexsides = effects("terrain"), effects("places"), effects("hexsides")
    iso = None
    if "fortress_isolation" in top:
        iso = _effect(rd, top["fortress_isolation"], top.at("fortress_isolation"),
                      "defence.fortress_isolation", "fortress isolated")
    no_t: frozenset[str] = frozenset()
    no_p: frozenset[str] = frozenset()
    if "no_automatic_victory" in top:
        nav = rd.mapping(top["no_automatic_victory"], top.at("no_automatic_victory"),
                         "defence.no_automatic_victory", optional=("terrain", "places", "rule", "confidence"))
        if nav is not None:
            no_t = frozenset(nav.get("terrain", ()))
            no_p = frozenset(nav.get("places", ()))
    adv = 1
    if "advance_needs_multiplier" in top:
        a = rd.mapping(top["advance_needs_multiplier"], top.at("advance_needs_multiplier"),
                       "defence.advance_needs_multiplier", required=("value",),
                       optional=("rule", "confidence", "note"))
        adv = rd.integer(a, "value", "defence.advance_needs_multiplier", lo=1, hi=9) if a else 1
    rd.raise_if_problems()
    return DefenceTable(combine, terrain, places, hexsides, iso, no_t, no_p, adv or 1, path)


def _effect(rd: Reader, spec, pos, what: str, where: str) -> Effect | None:
    e = rd.mapping(spec, pos, what, optional=_EFFECT_KEYS)
    if e is None:
        return None
    return Effect(where=where, multiply=rd.integer(e, "multiply", what, lo=1, hi=9, default=1) or 1,
                  add=rd.integer(e, "add", what, lo=0, hi=99, default=0) or 0,
                  sides=tuple(e.get("sides", ())), rule=rd.text(e, "rule", what, default="STD-TEC"),
                  confidence=rd.text(e, "confidence", what, default="default"))


def crossed_features(sit: Situation, target: int, attackers: list[CombatUnit]) -> set[str]:
    """Hexside features that every attacker attacks across (none if any attacker is in the hex
    itself or not adjacent)."""
    common: set[str] | None = None
    for u in attackers:
        side = sit.board.side_between(u.place, target)
        feats = set(sit.board.side_features(side)) if side >= 0 else set()
        common = feats if common is None else common & feats
    return common or set()


def hex_effects(sit: Situation, table: DefenceTable, target: int, attackers: list[CombatUnit]) -> list[Effect]:
    """Every entry of the table that the target hex and the attack's hexsides trigger."""
    out = []
    terrain = sit.board.terrain_of(target)
    if terrain in table.terrain:
        out.append(table.terrain[terrain])
    for p in sit.board.places_at.get(target, ()):
        if p.kind in table.places:
            out.append(table.places[p.kind])
    for feat in sorted(crossed_features(sit, target, attackers)):
        if feat in table.hexsides:
            out.append(table.hexsides[feat])
    return out


def _is_fortress(e: Effect) -> bool:
    return e.where.endswith(" fortress")


def defender_terms(sit: Situation, table: DefenceTable, unit: CombatUnit, effects: list[Effect],
                   fortress_isolation: bool) -> tuple[list[Line], int]:
    """Lines for one defender's terrain bonus and the multiplier it got (1 when none)."""
    mine = [e for e in effects if e.applies_to(unit)]
    lines: list[Line] = []
    if table.combine == "add":
        hexes = [e for e in mine if not e.where.startswith("hexside")]
        best = max(hexes, key=lambda e: e.add, default=None)
        chosen = ([best] if best and best.add else []) + [e for e in mine if e.where.startswith("hexside")]
        for e in chosen:
            lines.append(Line(e.rule, f"{unit.name or unit.id}: {e.where} +{e.add}", e.add, e.confidence))
        return lines, 1
    if (fortress_isolation and table.isolation is not None and any(map(_is_fortress, mine))
            and sit.is_isolated(unit)):
        # the table's multiplier for an isolated fortress unit replaces the fortress's own
        # (1 as shipped: printed strength, D77-FORT-01)
        mine = [e for e in mine if not _is_fortress(e)] + ([table.isolation] if table.isolation.multiply > 1 else [])
        lines.append(Line(table.isolation.rule, f"{unit.name or unit.id}: isolated in a fortress, "
                                                 "not tripled", 0, table.isolation.confidence))
    best = max(mine, key=lambda e: e.multiply, default=None)
    if best is None or best.multiply == 1:
        return lines, 1
    extra = unit.defence * (best.multiply - 1)
    word = {2: "doubled", 3: "tripled"}.get(best.multiply, f"x{best.multiply}")
    lines.append(Line(best.rule, f"{unit.name or unit.id}: {best.where}, defence {word}", extra, best.confidence))
    return lines, best.multiply


def automatic_victory_barred(sit: Situation, table: DefenceTable, target: int) -> str | None:
    """The rule id that bars an automatic victory against this hex, or None (D77-AUTO-09/10/11)."""
    ids = {"city": "D77-AUTO-09", "port": "D77-AUTO-09", "fortress": "D77-AUTO-10", "fortified": "D77-AUTO-11"}
    terrain = sit.board.terrain_of(target)
    if terrain in table.no_auto_terrain:
        return ids.get(terrain, "D77-AUTO-09")
    for p in sit.board.places_at.get(target, ()):
        if p.kind in table.no_auto_places:
            return ids.get(p.kind, "D77-AUTO-09")
    return None
