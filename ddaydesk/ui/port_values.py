"""The port's value types that a start's first frame does not use: a unit's moves, supply,
combat, compulsory attacks and arrivals. ``ddaydesk.ui.port`` gives them by name (import them
from there); this module is imported at the first use of one, so a start does not make these
dataclasses (each is a few compiled methods) before the map is drawn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class MoveRange:
    """Where a unit may go now: MP cost to each reachable place and the cheapest way there."""

    unit: str
    start: int
    cost: dict[int, float]  # MP (roads may cost halves)
    came_from: dict[int, int]  # place -> previous place on the cheapest path
    stops: frozenset[int] = frozenset()  # places where the unit must stop (entered enemy ZOC)
    passes: dict[int, float] = field(default_factory=dict)  # MP at places crossed, not ended in
    cost_unit: str = "MP"  # what the costs count; "" when a move has no cost to show

    def step_costs(self) -> dict[int, float]:
        """MP spent on reaching every place a path may show."""
        return {**self.passes, **self.cost}

    def path_to(self, place: int) -> list[int]:
        if place not in self.cost:
            return []
        out = [place]
        while out[-1] != self.start and out[-1] in self.came_from:  # entering units: no start
            out.append(self.came_from[out[-1]])
        out.reverse()
        return out


@dataclass(frozen=True)
class SupplyLeg:
    """One traced leg of a unit's supply line, with the rule that limited it."""

    kind: str  # "unit-hq", "hq-hq", "hq-source", "unit-source"
    places: tuple[int, ...]  # the traced path, first place to last
    rule: str = ""  # catalogue id of the limit that applied


@dataclass(frozen=True)
class UnitSupply:
    """A unit in or out of supply, its traced legs and why."""

    unit: str
    supplied: bool
    legs: tuple[SupplyLeg, ...]
    reason: str  # one line: why in or out of supply, with rule ids


@dataclass(frozen=True)
class HqUse:
    """How many units an HQ (or a supply centre) supplies, of how many it may."""

    hq: str  # HQ unit id, or a supply centre ("sc:<hex>")
    used: int
    capacity: int | None  # None: no limit
    place: int = -1  # where to label it; -1: where the HQ unit stands


@dataclass(frozen=True)
class SupplyView:
    """One side's supply as the supply overlay draws it: the area, each unit's lines, the HQ loads."""

    side: str
    supplied_places: frozenset[int]
    units: dict[str, UnitSupply]
    hqs: dict[str, HqUse] = field(default_factory=dict)


@dataclass(frozen=True)
class SupplyPreview:
    """Supply as it would be after a previewed move (hovering a hex the selected unit may
    reach): who is in supply (both sides), the units the move would cut off or restore, and
    each side's full view (area, traced lines, HQ loads) made when first asked for."""

    unit: str
    place: int
    supplied: dict[str, bool]  # every unit on the map after the move (both sides): in supply?
    cut_off: frozenset[str]
    restored: frozenset[str]
    make_view: Callable[[str], SupplyView] = field(compare=False, repr=False)
    _views: dict[str, SupplyView] = field(default_factory=dict, compare=False, repr=False)

    def view(self, side: str) -> SupplyView:
        """``side``'s supply after the move, as :meth:`GamePort.supply` draws it now."""
        if side not in self._views:
            self._views[side] = self.make_view(side)
        return self._views[side]


@dataclass(frozen=True)
class ModifierLine:
    """One line of a combat preview's modifiers: its words, its value and its rule."""

    text: str
    value: str  # "+2", "x2", "halved"
    rule: str  # catalogue id


@dataclass(frozen=True)
class SupportChoice:
    """A support the attacker may commit (air, naval, artillery points) and its limit."""

    id: str
    title: str
    maximum: int  # 0..maximum points may be committed (1: a yes/no choice)
    rule: str
    why: str = ""  # why not more (or, at 0, why none): the rules that cap it, with their ids


@dataclass(frozen=True)
class CombatPreview:
    """An attack before it is rolled: both sides' totals with their modifiers, the CRT and the exact odds."""

    attackers: tuple[str, ...]
    defender_place: int
    defenders: tuple[str, ...]
    attack_lines: tuple[ModifierLine, ...]
    defence_lines: tuple[ModifierLine, ...]
    attack_total: int
    defence_total: int
    column: str  # odds or differential the CRT is read at, e.g. "3-1"
    columns: tuple[str, ...]  # every CRT column, in order
    crt: dict[str, tuple[str, ...]]  # column -> result per die roll (index 0 is roll 1)
    distribution: tuple[tuple[str, float], ...]  # exact outcome probabilities, summing to 1
    support: tuple[SupportChoice, ...] = ()
    die_sides: int = 6
    rule: str = ""  # the CRT's catalogue id
    key: tuple[tuple[str, str], ...] = ()  # (code, what it means with its rule) for the table in use
    attack_range: tuple[int, int] | None = None  # lowest and highest attack when markers are to be drawn


@dataclass(frozen=True)
class CombatResult:
    """An attack rolled: the dice, the CRT entry, what it does, and the retreats or advances to choose."""

    roll: tuple[int, ...]
    result: str  # the CRT entry
    text: str  # what it does, in words
    retreat_choices: dict[str, frozenset[int]] = field(default_factory=dict)  # unit -> places
    advance_choices: dict[str, frozenset[int]] = field(default_factory=dict)
    column: str = ""  # the CRT column read (markers drawn decide it: known only after the roll)


@dataclass(frozen=True)
class Obligation:
    """A compulsory attack not made yet (D77-ZOC-04, D77-AUTO-16, FMU-BEACH-01, FMU-AIRB-12):
    ``text`` in words with its rule id; ``units`` that must attack, or the ``target`` hex that
    must be attacked (-1: any of ``attacks``); ``attacks``: (target, units to attack with)
    that settle it, each one click from its combat dialog."""

    rule: str
    text: str
    units: tuple[str, ...]
    target: int
    attacks: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Arrival:
    """Something that may come onto the map now (a reinforcement, a withheld unit, a landing
    force, an airborne unit, a drop zone, a beachhead or supply centre marker, a replacement),
    for the placement pool: ``places`` maps each place it may be put to the choice placing it
    there (-1: by the unit's move, ``move``); ``take`` is the choice of one with no place
    (a replacement sent back to the pool); ``why`` says why it cannot come on now;
    ``afloat``: the places among them where it waits at sea to attack the coast (STD-INV-20)."""

    key: str
    title: str
    group: str
    places: dict[int, int] = field(default_factory=dict)
    unit: str = ""
    move: bool = False
    take: int = -1
    why: str = ""
    detail: str = ""
    afloat: frozenset[int] = frozenset()
