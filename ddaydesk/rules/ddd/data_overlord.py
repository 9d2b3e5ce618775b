"""The tables Atlantikwall's modules and Overlord add (``conditions.yaml``, the MGF die of
``dice.yaml``) as frozen data, read with the rest of D-Day Dice's tables (data.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.formats.errors import Problem
from ddaydesk.formats.yamlmarks import MarkedDict
from ddaydesk.records import Record
from ddaydesk.rules.ddd.gains import parse_gain

ATTRIBUTES = ("cant_stay", "fight_once", "lose_specialist", "no_lock", "five_dice", "no_items", "gain_d6_soldiers",
              "max_one_unit")
_NUMBERS = ("def", "mgf", "advance", "rerolls")
_FLAGS = ("mgf_off", "mines_off", "trade_off")
_GAINS = ("lose", "gain", "all_gain", "german_gain", "german_lose", "skull_loss")
_KEYS = {"id", "name", "weather", "text", "rule", "clause", "confidence", "cancel", "attrs_on", "attrs_off",
         "lose_card", *_NUMBERS, *_FLAGS, *_GAINS}


@dataclass(frozen=True, eq=False, repr=False)
class Condition(Record):
    """A Battle Conditions card: what it does this turn (conditions.yaml's keys)."""

    id: str
    name: str
    weather: bool
    text: str
    rule: str
    confidence: str
    numbers: dict[str, int] = field(default_factory=dict)  # def, mgf, advance, rerolls
    flags: frozenset[str] = frozenset()  # mgf_off, mines_off, trade_off
    gains: dict[str, dict[str, int]] = field(default_factory=dict)  # lose, gain, all_gain, german_*, skull_loss
    attrs_on: frozenset[str] = frozenset()
    attrs_off: frozenset[str] = frozenset()
    lose_card: str = ""  # specialist, item
    cancel: tuple[str, ...] = ()  # what a Unit may give up to ignore it: specialist, item

    @property
    def names_german(self) -> bool:
        return bool(self.gains.get("german_gain") or self.gains.get("german_lose") or self.gains.get("all_gain"))


def read_conditions(doc: MarkedDict, path: str, problems: list[Problem]) -> dict[str, Condition]:
    out: dict[str, Condition] = {}
    for c in doc["cards"]:
        where = f"cards: {c.get('id', '?')}"
        bad = sorted(set(c) - _KEYS)
        if bad:
            problems.append(Problem(path, c.pos[0], c.pos[1], f"{where}: unknown key(s) {', '.join(bad)}"))
            continue
        add_card(out, c, _condition, path, where, problems)
    return out


def _condition(c: MarkedDict) -> Condition:
    on = frozenset(c.get("attrs_on", ()))
    off = frozenset(ATTRIBUTES if list(c.get("attrs_off", ())) == ["all"] else c.get("attrs_off", ()))
    unknown = sorted((on | off) - set(ATTRIBUTES))
    if unknown or not set(c.get("cancel", ())) <= {"specialist", "item"} \
            or c.get("lose_card", "") not in ("", "specialist", "item"):
        raise ValueError(f"unknown attribute or card kind {unknown or c.get('cancel') or c.get('lose_card')}")
    return Condition(
        id=c["id"], name=c["name"], weather=bool(c.get("weather", False)), text=c["text"], rule=c["rule"],
        confidence=c["confidence"], numbers={k: int(c[k]) for k in _NUMBERS if k in c},
        flags=frozenset(k for k in _FLAGS if c.get(k)), gains={k: parse_gain(c[k]) for k in _GAINS if k in c},
        attrs_on=on, attrs_off=off, lose_card=str(c.get("lose_card", "")), cancel=tuple(c.get("cancel", ())))


def add_card(out: dict, c: MarkedDict, make, path: str, where: str, problems: list[Problem]) -> None:
    """``make(c)`` into ``out`` under its id; an entry that does not make a card, or repeats
    an id, is a problem at its line instead (every card list of the game reads this way)."""
    try:
        card = make(c)
    except (KeyError, ValueError, TypeError) as exc:
        problems.append(Problem(path, c.pos[0], c.pos[1], f"{where}: {exc}"))
        return
    if card.id in out:
        problems.append(Problem(path, c.pos[0], c.pos[1], f"{where}: card id {card.id!r} twice"))
    out[card.id] = card


@dataclass(frozen=True, eq=False, repr=False)
class MgfFace(Record):
    """A face of the machine-gun-fire die (Overlord)."""

    id: str
    name: str
    loss: dict[str, int]
    icons: int
    skull: bool


@dataclass(frozen=True, eq=False, repr=False)
class MgfDie(Record):
    """The optional MGF die (DDD-OPT-15..20)."""

    faces: tuple[MgfFace, ...]
    values: dict[int, int]  # icons -> the d6 value it stands for (DDD-OPT-19)
    skull_value: int
    fallback_loss: int  # Soldiers lost when the Unit lacks what the die shows
    skull_loss: int

    def face(self, fid: str) -> MgfFace:
        return next(f for f in self.faces if f.id == fid)

    def value(self, fid: str) -> int:
        f = self.face(fid)
        return self.skull_value if f.skull else self.values[f.icons]


def read_mgf_die(doc: MarkedDict, path: str, problems: list[Problem]) -> MgfDie | None:
    d = doc.get("mgf_die")
    if d is None:
        problems.append(Problem(path, 1, 1, "dice: no mgf_die"))
        return None
    try:
        faces = tuple(MgfFace(f["id"], f["name"], parse_gain(f["loss"]) if f["loss"] else {}, int(f["icons"]),
                              bool(f.get("skull", False))) for f in d["faces"])
        values = {int(k): int(v) for k, v in d["value"].items() if k not in ("rule", "confidence", "note")}
        die = MgfDie(faces, values, int(d["skull_value"]["value"]), int(d["fallback_loss"]["value"]),
                     int(d["skull_loss"]["value"]))
        missing = [f.name for f in faces if not f.skull and f.icons not in values]
        if missing:
            raise ValueError(f"no d6 value for {', '.join(missing)}")
    except (KeyError, ValueError, TypeError) as exc:
        problems.append(Problem(path, d.pos[0], d.pos[1], f"mgf_die: {exc}"))
        return None
    return die
