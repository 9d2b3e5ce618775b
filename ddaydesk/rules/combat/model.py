"""Plain-data inputs and outputs of the combat procedures.

The engine (or a test, or the ``odds`` command) describes the position with these: units
with their side, type and current values, the board, the turn, the support pools and the
support fire cups. Nothing here holds the game state; the procedures are pure functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ddaydesk.board import Board

ARMOUR_TYPES = frozenset({"armour", "mechanised"})  # armour and PG units (D77-ADV-01)


@dataclass(frozen=True)
class CombatUnit:
    """A unit as combat sees it: its values and where it stands."""

    id: str
    side: str
    type: str
    nationality: str
    attack: int  # current printed values (the reduced side's when reduced)
    defence: int
    place: int
    reduced: bool = False
    has_reduced_side: bool = False  # systems with steps: a full unit with a reduced side has 2 steps
    zoc: bool = True  # projects a ZOC (not HQs and SCs; not F&M airborne on GT 1)
    isolated: bool = False  # fortress unit cut off against its will (D77-FORT-01)
    name: str = ""
    strategic: bool = False  # used strategic movement this turn (D77-SURP-02)
    surprise: bool = False  # one of its side's surprise-attack units this turn
    interdicted: bool = False  # in an interdicted hex (D77-SURP-05, D77-AIR-13)

    @property
    def steps(self) -> int:
        return 2 if self.has_reduced_side and not self.reduced else 1

    @property
    def armoured(self) -> bool:
        return self.type in ARMOUR_TYPES


@dataclass(frozen=True)
class Marker:
    """One support fire marker (F&M). ``id`` is unique within the game."""

    id: str
    value: int
    cup: str  # the cup it is drawn from ("german", "allied_air", ...) or "naval"
    aircraft: bool = False
    naval: bool = False
    mines: bool = False
    nationality: str = ""  # campaign: markers back only their own nationality (FMU-CAMP-11)


@dataclass(frozen=True)
class TurnInfo:
    """The turn facts combat needs: turn, phase, active side, invasion turn."""

    turn: int = 1
    phase: str = "combat"  # "movement" for automatic victory, "combat" otherwise
    active_side: str = "allied"
    invasion_turn: bool = False  # D77: an invasion happens this turn
    invasion_number: int = 1
    brest_allied: bool = False  # D77-NAV-10
    cities_held: frozenset[str] = frozenset()  # Allied-held named cities (Boulogne, Rotterdam)
    weather: str = "clear"


@dataclass(frozen=True)
class Pools:
    """What support is left this turn; the engine keeps these in its state."""

    nbp_left: int = 0
    air_left: int = 0
    cds_hexes: frozenset[int] = frozenset()  # hexes that already have their CDS factor this phase
    cups: dict[str, tuple[Marker, ...]] = field(default_factory=dict)
    naval_left: tuple[Marker, ...] = ()
    mines_aside: Marker | None = None  # the German Mines marker set aside this GT (FMU-SFM-04)
    auto_blocked: frozenset[int] = frozenset()  # hexes where CDS cancelled an automatic victory


@dataclass(frozen=True)
class Support:
    """Support one combat asks for (announced before the roll)."""

    nbp: int = 0
    cas: int = 0
    cds: bool = False
    attacker_draws: tuple[str, ...] = ()  # cup names, one per marker to draw (F&M)
    defender_draws: tuple[str, ...] = ()
    naval: int = 0  # F&M naval gunfire markers chosen (not drawn)
    attacker_mines: bool = False  # play the set-aside Mines marker (FMU-SFM-04)
    defender_mines: bool = False
    mines_policy: str = "use"  # when Mines is drawn: "use" it or "redraw" (FMU-SFM-03)


@dataclass(frozen=True)
class Declaration:
    """An attack as declared: attackers, target and the support chosen."""

    attackers: tuple[str, ...]
    target: int
    defenders: tuple[str, ...] = ()  # empty: every enemy unit in the target hex
    kind: str = "normal"  # "normal", "beach_assault", "drop_hex" (FMU-AIRB-12), "automatic", "bombardment"
    support: Support = Support()
    side: str = ""  # the attacking side when no unit attacks (a bombardment, STD-FM-BOMB)


@dataclass
class Situation:
    """The position a combat is judged in."""

    system: str  # "dday77" or "fmu"
    board: Board
    units: list[CombatUnit]
    options: dict[str, bool] = field(default_factory=dict)
    turn: TurnInfo = TurnInfo()
    pools: Pools = Pools()
    stack_limit: int | None = None  # units per hex at the end of a retreat or advance
    beach_places: frozenset[int] = frozenset()  # F&M beach landing hexes
    # Ids of the units cut off against their will, worked out when a defender in a fortress
    # asks (from a game: the supply record, traced when first read); a unit's own
    # ``isolated`` counts too.
    isolation: Callable[[], frozenset[str]] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def isolated_ids(self) -> frozenset[str]:
        return self.isolation() if self.isolation is not None else frozenset()

    def is_isolated(self, unit: CombatUnit) -> bool:
        return unit.isolated or unit.id in self.isolated_ids

    @cached_property
    def by_id(self) -> dict[str, CombatUnit]:
        return {u.id: u for u in self.units}

    @cached_property
    def at(self) -> dict[int, list[CombatUnit]]:
        out: dict[int, list[CombatUnit]] = {}
        for u in self.units:
            if u.place >= 0:
                out.setdefault(u.place, []).append(u)
        return out

    def unit(self, uid: str) -> CombatUnit:
        try:
            return self.by_id[uid]
        except KeyError:
            raise KeyError(f"no unit {uid!r} on the map") from None

    def occupied_by(self, place: int, side: str) -> bool:
        return any(u.side == side for u in self.at.get(place, ()))

    def zoc_of(self, side: str) -> frozenset[int]:
        """Hexes in the ZOC of ``side``'s units: their own hexes' neighbours."""
        out: set[int] = set()
        for u in self.units:
            if u.side == side and u.zoc and u.place >= 0:
                out.update(self.board.adj[u.place])
        return frozenset(out)

    def hqs(self, side: str) -> list[CombatUnit]:
        return [u for u in self.units if u.side == side and u.type == "hq" and u.place >= 0]

    def is_sea(self, place: int) -> bool:
        return self.board.terrain_of(place) == "sea"


@dataclass(frozen=True)
class Line:
    """One term of a strength: ``value`` is what it adds to the total."""

    rule: str
    text: str
    value: int
    confidence: str = "seed"

    def as_dict(self) -> dict:
        return {"rule": self.rule, "text": self.text, "value": self.value, "confidence": self.confidence}
