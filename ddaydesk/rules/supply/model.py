"""What the supply calculator reads (:class:`SupplyInput`) and what it answers
(:class:`SupplyResult`). Places are board indices; the JSON form (``to_json``) prints
hex labels. Units not on the map are not part of the input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ddaydesk.board import Board


class SupplyUnit(NamedTuple):
    """One unit on the map (a named tuple: the engine's hook makes every unit's anew at
    each supply phase, and a frozen dataclass costs ten times as much to build)."""

    id: str
    side: str
    nationality: str
    type: str
    place: int
    hq: str | None = None  # HQ kind for HQ units
    fortress: bool = False  # stands in a fortress hex (D-Day '77 German units)
    reduced: bool = False  # reduced side up (Utah Beach attrition)


@dataclass
class SupplyInput:
    """A position as the supply calculator reads it."""

    system: str  # "dday77" | "fmu"
    board: Board
    units: Sequence[SupplyUnit]
    turn: int = 1
    weather: str = "clear"
    german_sources: tuple[int, ...] = ()  # D-Day '77: east-edge source hexes
    supply_centres: tuple[int, ...] = ()  # D-Day '77: hexes holding an Allied SC marker
    beachheads: tuple[int, ...] = ()  # Utah Beach: beach landing hexes with a beachhead marker
    drop_zones: tuple[int, ...] = ()  # Utah Beach: drop zone markers on the map
    beach_landing: tuple[int, ...] = ()  # Utah Beach: every beach landing hex
    supplied_at_start: frozenset[str] = frozenset()  # D77-ASUP-14: SC-supplied when the turn began


@dataclass
class Leg:
    """One line of a chain: from a unit or HQ to the HQ or source it draws on.

    ``trace`` is the :class:`~ddaydesk.rules.supply.trace.Trace` that found the line,
    traced from the far end (or, with ``traced_from_tracer``, from the tracer, and ``place``
    is then the far end); the hexes are walked back from ``place`` only when someone asks
    for them."""

    frm: str  # unit or HQ id
    to: str  # HQ id, or "source", "sc", "beachhead", "drop_zone"
    to_kind: str  # hq | source | sc | beachhead | drop_zone | ob_west_radius
    place: int  # the tracer's hex
    trace: Any = field(repr=False, compare=False)
    limit: int | None = None  # None: any length
    rule: str = ""
    traced_from_tracer: bool = False

    @property
    def length(self) -> int:
        return self.trace[self.place]

    @cached_property
    def hexes(self) -> list[int]:
        """Places from the tracer to the end, both included."""
        path = self.trace.path(self.place)
        return path[::-1] if self.traced_from_tracer else path


@dataclass
class UnitSupply:
    """A unit's supply: whether, how and through which chain."""

    id: str
    side: str
    supplied: bool
    status: str  # supplied | fortress | always | unsupplied
    chain: list[Leg] = field(default_factory=list)
    draws_on: str | None = None  # the HQ or SC whose capacity this unit uses
    why: dict[str, Any] | None = None  # why not, for unsupplied units (and isolated fortresses)
    effect: str | None = None  # reduce | eliminate | never_eliminated | None
    defence_multiplier: int | None = None  # D-Day '77 fortress units
    rule: str = ""

    # A recompute makes one per unit: these pass the fields by position, cheaper than by keyword.
    @staticmethod
    def in_supply(uid: str, side: str, chain: list[Leg], draws_on: str | None, rule: str) -> UnitSupply:
        """A unit in supply through ``chain``."""
        return UnitSupply(uid, side, True, "supplied", chain, draws_on, None, None, None, rule)

    @staticmethod
    def out_of_supply(uid: str, side: str, why: dict[str, Any] | None, rule: str) -> UnitSupply:
        return UnitSupply(uid, side, False, "unsupplied", [], None, why, None, None, rule)


@dataclass
class CapacityUse:
    """One capacity holder: a German HQ (slots) or an Allied SC hex."""

    id: str  # HQ id or "sc:<hex label>"
    kind: str  # HQ kind, or "sc"
    side: str
    place: int
    capacity: int | None
    units: list[str]
    supplied: bool = True
    rule: str = ""

    @property
    def used(self) -> int:
        return len(self.units)


class SideSupply(NamedTuple):
    """One side's recompute: who is in supply, at once; each unit's result (its chain, or why
    not) from ``units()``, made only when someone reads it."""

    in_supply: dict[str, str | None]  # id -> the HQ or SC it draws on (None: none), any order
    units: Callable[[], dict[str, UnitSupply]]
    capacity: list[CapacityUse]
    notes: list[str]


class LazyUnits(Mapping[str, UnitSupply]):
    """Unit id -> :class:`UnitSupply`, in input order, made on first read: most recomputes
    (the engine's hook, the overlay's marks) ask only who is in supply, and the results with
    their chains cost as much again as finding that."""

    __slots__ = ("_make", "_got")

    def __init__(self, make: Callable[[], dict[str, UnitSupply]]):
        self._make: Callable[[], dict[str, UnitSupply]] | None = make
        self._got: dict[str, UnitSupply] | None = None

    @property
    def _units(self) -> dict[str, UnitSupply]:
        if self._got is None:
            self._got, self._make = self._make(), None
        return self._got

    def __getitem__(self, uid: str) -> UnitSupply:
        return self._units[uid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._units)

    def __len__(self) -> int:
        return len(self._units)

    def __eq__(self, other: object) -> bool:
        return self._units == other

    def keys(self):  # the dict's own views: faster than the generic ones
        return self._units.keys()

    def values(self):
        return self._units.values()

    def items(self):
        return self._units.items()

    def __repr__(self) -> str:
        return repr(self._units)


@dataclass
class SupplyResult:
    """The supply of every unit of a position, and the capacity used."""

    system: str
    board: Board
    units: Mapping[str, UnitSupply]
    capacity: list[CapacityUse]
    range_reduction: int = 0
    notes: list[str] = field(default_factory=list)
    in_supply: dict[str, str | None] | None = None  # id -> what it draws on, for each unit in supply

    def __post_init__(self) -> None:
        if self.in_supply is None:
            self.in_supply = {u.id: u.draws_on for u in self.units.values() if u.supplied}

    def supplied_ids(self) -> set[str]:
        return set(self.in_supply)

    def to_json(self, side: str | None = None) -> dict[str, Any]:
        lab = self.board.labels
        units = [u for u in self.units.values() if side is None or u.side == side]
        holders = [c for c in self.capacity if side is None or c.side == side]
        return {
            "system": self.system,
            "range_reduction": self.range_reduction,
            "notes": list(self.notes),
            "summary": {
                "units": len(units),
                "supplied": sum(1 for u in units if u.supplied),
                "unsupplied": sum(1 for u in units if not u.supplied),
            },
            "units": [_unit_json(u, lab) for u in units],
            "capacity": [{
                "id": c.id, "kind": c.kind, "side": c.side, "hex": lab[c.place],
                "supplied": c.supplied, "capacity": c.capacity, "used": c.used,
                "available": None if c.capacity is None else c.capacity - c.used,
                "units": list(c.units), "rule": c.rule,
            } for c in holders],
        }


def _unit_json(u: UnitSupply, lab: list[str]) -> dict[str, Any]:
    return {
        "id": u.id, "side": u.side, "supplied": u.supplied, "status": u.status,
        "draws_on": u.draws_on, "rule": u.rule,
        "chain": [{
            "from": leg.frm, "to": leg.to, "to_kind": leg.to_kind,
            "hexes": [lab[i] for i in leg.hexes], "length": leg.length,
            "limit": leg.limit, "rule": leg.rule,
        } for leg in u.chain],
        "why": _labels(u.why, lab),
        "effect": u.effect,
        "defence_multiplier": u.defence_multiplier,
    }


def _labels(why: Any, lab: list[str]) -> Any:
    """Explanations hold place indices under keys ending in ``hex``/``hexes``: print labels."""
    if isinstance(why, dict):
        out = {}
        for k, v in why.items():
            if k.endswith("hexes") and isinstance(v, list):
                out[k] = [lab[i] for i in v]
            elif k.endswith("hex") and isinstance(v, int):
                out[k] = lab[v]
            else:
                out[k] = _labels(v, lab)
        return out
    if isinstance(why, list):
        return [_labels(x, lab) for x in why]
    return why
