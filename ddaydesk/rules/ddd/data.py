"""D-Day Dice's rules tables (``rules/data/ddd/*.yaml``) as frozen data, read once per
version of the files (a player's corrected copy first: rules/tables.py).

``tables()`` gives the dice, the RWB bonuses, the procedure numbers and the cards. Loading
checks what the rules require of the data: the Decoration deck keeps 1 Black Decoration per
6 normal ones (DDD-GER-42) and the German has no Legendary cards (DDD-GER-43); a broken
table is a FormatError naming its line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.yamlmarks import MarkedDict, load_file
from ddaydesk.records import Record
from ddaydesk.rules import tables as _tables_module
from ddaydesk.rules.ddd.data_overlord import (
    Condition,
    MgfDie,
    add_card,
    read_conditions,
    read_mgf_die,
)
from ddaydesk.rules.ddd.gains import parse_gain
from ddaydesk.rules.tables import table_version

SYSTEM = "ddd"
FACES = ("soldier", "soldiers", "star", "courage", "tool", "skull")
SPECIALIST_CLASSES = ("regular", "reserve", "unique", "ranking", "legendary")


@dataclass(frozen=True, eq=False, repr=False)
class Face(Record):
    """A die face: what it gives."""

    id: str
    name: str
    resource: str  # one of RESOURCES, or "none" (Skull)
    amount: int


@dataclass(frozen=True, eq=False, repr=False)
class RWB(Record):
    """A red, white and blue set of dice: what it gives each nation, or the options it offers."""

    face: str
    name: str
    gains: dict[str, dict[str, int]]  # nation (or "german") -> gain; empty with options
    options: tuple[tuple[str, dict[str, dict[str, int]], str], ...]  # (title, gains per nation, effect)
    rule: str


@dataclass(frozen=True, eq=False, repr=False)
class Card(Record):
    """A D-Day Dice card (specialist, item, vehicle, award, badge, decoration...)."""

    id: str
    name: str
    kind: str  # specialist, item, vehicle, award, badge, german_specialist, german_item, decoration
    klass: str  # specialists: regular ... legendary; items: regular/special; else ""
    cost: int
    effect: str
    text: str
    rule: str
    confidence: str
    expansion: str = "base"  # base, atlantikwall(_general), gott_mit_uns, overlord(_general), legends, war_stories
    amount: int = 0
    gain: dict[str, int] = field(default_factory=dict)
    uses: str = ""  # "", per_turn, per_game
    permanent: bool = False  # items: kept after use
    target: str = ""  # "unit": the player names an Allied Unit
    black: bool = False
    losses: tuple[str, ...] = ()
    solo_effect: str = ""
    solo_text: str = ""
    face: str = ""
    what: str = ""  # activates: mines / mgf
    row: int = 0
    returns: bool = False  # back to the pool when lost (the Zwangsrekrut)
    explosive: int = 0  # Explosive icons (Playing with Fire)
    nation: str = ""  # a Rookie Officer's nation
    rookie: bool = False
    multiplayer: bool = False  # in the pool only with 2 Units or more (the War Correspondent)

    @property
    def german(self) -> bool:
        return self.kind.startswith("german") or self.kind == "decoration"


@dataclass(frozen=True, eq=False, repr=False)
class Tables(Record):
    """D-Day Dice's tables: dice, faces, cards and the rule parameters."""

    faces: dict[str, Face]
    dice_sets: dict[str, tuple[str, ...]]  # allied / german -> colours
    swap: dict[str, str]
    min_locked: int
    rerolls: int
    rwb: dict[str, dict[str, RWB]]  # allied / german -> face -> RWB
    straight: dict[str, tuple[str, str]]  # allied / german -> (effect, title)
    rules: dict[str, dict[str, Any]]  # section -> key -> value
    cards: dict[str, Card]
    solo_unavailable: frozenset[str]
    components: dict[str, Any]
    battle_maps: dict[str, dict[str, Any]]  # map id (or "default") -> number, special_items, special_damage
    conditions: dict[str, Condition]  # the Battle Conditions deck
    mgf_die: MgfDie
    overlord: dict[str, Any]  # Overlord's general components
    observers: frozenset[str]  # Items Forward Observation takes
    colours: dict[str, str]  # nation -> its colour

    def rookies(self) -> list[Card]:
        return [c for c in self.cards.values() if c.rookie]

    def value(self, section: str, key: str) -> Any:
        return self.rules[section][key]

    def battle_map(self, map_id: str) -> dict[str, Any]:
        return self.battle_maps.get(map_id, self.battle_maps["default"])

    def of_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == kind]


def tables() -> Tables:
    """The tables in force. Rules code asks for them dozens of times per action: outside a
    pinned replay (rules/tables.py) the files are looked at again at most once a second, so a
    corrected drop-in is read within a second of being saved."""
    global _recent
    if _tables_module._pinned is None:
        key = _tables_module._user_dir_now()
        now = time.monotonic()
        if _recent is not None and _recent[1] == key and now - _recent[0] < RECHECK_SECONDS:
            return _recent[2]
    versions = tuple(table_version(SYSTEM, name) for name in ("dice", "rwb", "procedure", "cards", "battle_maps",
                                                               "conditions"))
    got = _load(versions)
    if _tables_module._pinned is None:
        _recent = (now, key, got)
    return got


RECHECK_SECONDS = 1.0
_recent: tuple[float, str, Tables] | None = None


@lru_cache(maxsize=4)
def _load(versions: tuple[tuple[str, int], ...]) -> Tables:
    dice, rwb, rules, cards, maps, conds = (load_file(path) for path, _mtime in versions)
    problems: list[Problem] = []
    t = Tables(
        faces={f["id"]: Face(f["id"], f["name"], f["resource"], int(f["amount"])) for f in dice["faces"]},
        dice_sets={k: tuple(v["colours"]) for k, v in dice["sets"].items()},
        swap={k: v for k, v in dice["swap_colours"].items() if k not in ("rule", "confidence", "note")},
        min_locked=int(dice["roll"]["min_locked"]["value"]), rerolls=int(dice["roll"]["rerolls"]["value"]),
        rwb={side: _rwbs(rwb[side], side, versions[1][0], problems) for side in ("allied", "german")},
        straight={k: (v["effect"], v["title"]) for k, v in rwb["straight"].items()},
        rules={sec: {k: v["value"] for k, v in body.items()} for sec, body in rules.items()},
        cards=_cards(cards, versions[3][0], problems),
        solo_unavailable=frozenset(i for v in cards["solo_unavailable"].values() for i in v["ids"]),
        components=dict(cards["atlantikwall_components"]),
        battle_maps={mid: {k: v["value"] for k, v in body.items()} for mid, body in maps.items()},
        conditions=read_conditions(conds, versions[5][0], problems),
        mgf_die=read_mgf_die(dice, versions[0][0], problems),
        overlord=dict(cards["overlord_components"]),
        observers=frozenset(cards["forward_observation"]["ids"]),
        colours={k: str(v["colour"]) for k, v in rules["nations"].items()},
    )
    _check_cards(t, cards, versions[3][0], problems)
    if problems:
        raise FormatError(problems)
    return t


def _rwbs(doc: MarkedDict, side: str, path: str, problems: list[Problem]) -> dict[str, RWB]:
    out = {}
    for face, spec in doc.items():
        try:
            gains = {k: parse_gain(v) for k, v in spec.items() if k in _NATIONS}
            options = tuple((o["title"], {k: parse_gain(v) for k, v in o.items() if k in _NATIONS},
                             str(o.get("effect", ""))) for o in spec.get("options", ()))
        except ValueError as exc:
            problems.append(Problem(path, spec.pos[0], spec.pos[1], f"{side}.{face}: {exc}"))
            continue
        out[face] = RWB(face, spec["name"], gains, options, spec["rule"])
    return out


_NATIONS = ("us", "british", "french", "canadian", "greek", "norwegian", "german")
_KINDS = {"specialists": "specialist", "items": "item", "vehicles": "vehicle", "awards": "award", "badges": "badge",
          "german_specialists": "german_specialist", "german_items": "german_item", "decorations": "decoration"}


def _cards(doc: MarkedDict, path: str, problems: list[Problem]) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for section, kind in _KINDS.items():
        for c in doc[section]:
            add_card(out, c, partial(_card, kind=kind), path, section, problems)
    return out


def _card(c: MarkedDict, kind: str) -> Card:
    return Card(
        id=c["id"], name=c["name"], kind=kind, klass=str(c.get("class", "")), cost=int(c.get("cost", 0)),
        effect=c["effect"], text=c["text"], rule=c["rule"], confidence=c["confidence"],
        expansion=str(c.get("expansion", "base")), amount=int(c.get("amount", 0)),
        gain=parse_gain(c["gain"]) if "gain" in c else {}, uses=str(c.get("uses", "")),
        permanent=bool(c.get("permanent", False)), target=str(c.get("target", "")),
        black=bool(c.get("black", False)), losses=tuple(c.get("losses", ())),
        solo_effect=str(c.get("solo_effect", "")), solo_text=str(c.get("solo_text", "")),
        face=str(c.get("face", "")), what=str(c.get("what", "")), row=int(c.get("row", 0)),
        returns=bool(c.get("returns", False)), explosive=int(c.get("explosive", 0)),
        nation=str(c.get("nation", "")), rookie=bool(c.get("rookie", False)),
        multiplayer=bool(c.get("multiplayer", False)))


def _check_cards(t: Tables, doc: MarkedDict, path: str, problems: list[Problem]) -> None:
    for section in ("german_specialists", "german_items", "decorations"):
        for c in doc[section]:
            if str(c.get("class", "")) == "legendary":  # DDD-GER-43
                problems.append(Problem(path, c.pos[0], c.pos[1],
                                        f"{section}: {c['name']}: the German may not use Legendary cards"))
    problems.extend(deck_ratio_problems([c for c in t.of_kind("decoration") if c.expansion == "base"], path,
                                        doc["decorations"].pos))
    named = [*t.observers, *doc["overlord_components"]["awards"]["ids"], *doc["overlord_components"]["specialists"]["ids"]]
    for cid in sorted(set(named) - set(t.cards)):
        problems.append(Problem(path, doc.pos[0], doc.pos[1], f"forward_observation/overlord_components: no card {cid!r}"))


def deck_ratio_problems(deck: list[Card], path: str = "", pos: tuple[int, int] = (0, 0)) -> list[Problem]:
    """A Decoration deck holds 1 Black Decoration per 6 normal ones (DDD-GER-42)."""
    black = sum(c.black for c in deck)
    normal = len(deck) - black
    want = normal // 6
    if black != want:
        return [Problem(path, pos[0], pos[1], f"decorations: {normal} normal Decorations need {want} Black ones "
                                              f"(1 per 6, DDD-GER-42), not {black}")]
    return []
