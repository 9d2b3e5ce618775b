"""D-Day2's reading of the engine's GameState: zones, parts, counters and pending choices.

The game state is the engine's :class:`~ddaydesk.engine.GameState`. A unit's zone is
``GameState.place`` (board place index, -1 off the map); where it stands is
``GameState.part``: ``A``/``G`` (the Allied or German part of the zone), ``P`` (the
fighter-patrol part), ``beach``/``drop`` (the beachhead or airborne box drawn beside the
zone), an off-map box of the system (``usaaf``, a chart), or ``dead`` / ``spent`` (out of
play). All three parts of a zone count as the zone (DD2-TERR-01). Counters, per-phase records
and casualty choices waiting for a player live in ``GameState.extra["dd2"]``.

:class:`DD2State` wraps one GameState (and, inside an action, its Changes) with the lookups
the rules need. It holds no state of its own: changing it changes the GameState.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ddaydesk.board import Board
from ddaydesk.engine.state import ELIMINATED, ON_MAP, PENDING
from ddaydesk.records import Record
from ddaydesk.rules.dd2.data import tables

if TYPE_CHECKING:
    from ddaydesk.engine import Changes, GameState

LAND_TYPES = ("infantry", "artillery", "armour")
GROUND_TYPES = (*LAND_TYPES, "blockhouse")  # units that hold a zone
OUT = ("dead", "spent")
ZONE_PARTS = ("A", "G", "P")
EXTRA = "dd2"  # key of GameState.extra


@dataclass(frozen=True, eq=False, repr=False)
class Beach(Record):
    """A D-Day2 beach: its zone, capacity and nation."""

    name: str
    zone: int
    capacity: int
    nationality: str  # "us" or "british"


@dataclass(frozen=True, eq=False, repr=False)
class MapInfo(Record):
    """The D-Day2 facts of a map: beaches, airborne boxes, entry areas, cities, arrows."""

    beaches: dict[int, Beach]  # landing zone -> beach
    drop_zones: tuple[int, ...]
    entry: dict[str, tuple[int, ...]]  # rennes / chartres / rouen -> zones
    victory: tuple[int, ...]
    fire: dict[int, tuple[int, ...]]  # beach zone -> zones whose blockhouses fire at it

    @classmethod
    def of(cls, board: Board) -> MapInfo:
        key = board.content_hash or str(id(board))
        got = _INFO.get(key)
        if got is None:
            got = _INFO[key] = cls._read(board)
        return got

    @classmethod
    def _read(cls, board: Board) -> MapInfo:
        nation = {}
        for r in board.regions_of_kind("beach"):
            for z in r.places:
                nation[z] = "us" if r.id.endswith("-us") else "british"
        beaches = {p.place: Beach(p.name, p.place, p.capacity or 0, nation.get(p.place, "us"))
                   for p in board.places_of_kind("beach")}
        by_name = {b.name: b.zone for b in beaches.values()}
        return cls(
            beaches=beaches,
            drop_zones=tuple(p.place for p in board.places_of_kind("drop_box")),
            entry={r.id: r.places for r in board.regions_of_kind("entry")},
            victory=tuple(z for r in board.regions_of_kind("victory_city") for z in r.places),
            fire={by_name[r.name]: r.places for r in board.regions_of_kind("blockhouse_fire")},
        )


_INFO: dict[str, MapInfo] = {}


def status_of(part: str) -> str:
    """The engine's unit status for a D-Day2 part: out of play, waiting on a chart, or in play
    (on the map, or at the USAAF base ready to fly)."""
    return ELIMINATED if part in OUT else PENDING if part in tables().charts else ON_MAP


class DD2State:
    """D-Day2 lookups over one GameState. ``ch`` (the Changes of the action being applied) is
    needed to roll dice and to change units; without it the wrapper only reads."""

    __slots__ = ("gs", "ch", "info")

    def __init__(self, gs: GameState, ch: Changes | None = None):
        self.gs = gs
        self.ch = ch
        self.info = MapInfo.of(gs.scenario.board)

    # -- the GameState's fields under D-Day2 names ----------------------------------------
    @property
    def scenario(self):
        return self.gs.scenario

    @property
    def board(self) -> Board:
        return self.gs.scenario.board

    @property
    def units(self):
        return self.gs.scenario.units

    @property
    def turn(self) -> int:
        return self.gs.turn

    @property
    def phase(self) -> str:
        return self.gs.phase

    @property
    def zone(self) -> list[int]:
        return self.gs.place

    @property
    def part(self) -> list[str]:
        return self.gs.part

    @property
    def game(self) -> dict[str, Any]:
        return self.gs.own(EXTRA)

    @property
    def pending(self) -> list[dict]:
        """Casualty choices waiting for a player, first one first."""
        return self.game["pending"]

    def moved(self, k: int) -> int:
        """Zones unit k moved this phase (kept sparse: a state is copied at every action)."""
        return self.game["moved"].get(self.units[k].id, 0)

    def stopped(self, k: int) -> bool:
        """Unit k entered an enemy-held zone (or landed) this phase: it goes no further."""
        return self.units[k].id in self.game["stopped"]

    # -- lookups --------------------------------------------------------------------------
    def k(self, uid: str) -> int:
        return self.gs.unit(uid)

    def side(self, k: int) -> str:
        return self.units[k].side

    def type(self, k: int) -> str:
        return self.units[k].type

    def alive(self, k: int) -> bool:
        return self.part[k] not in OUT

    def in_zone(self, z: int, side: str | None = None, types=GROUND_TYPES) -> list[int]:
        """Units standing in zone z (A, G or P part), optionally of one side and some types
        (None: of any type)."""
        occ = self.gs._cache.get("dd2_occ")
        if occ is None:
            occ = {}
            for k, (zk, pk) in enumerate(zip(self.zone, self.part, strict=True)):
                if zk >= 0 and pk in ZONE_PARTS:
                    occ.setdefault(zk, []).append(k)
            self.gs._cache["dd2_occ"] = occ
        units = self.units
        return [k for k in occ.get(z, ())
                if (side is None or units[k].side == side) and (types is None or units[k].type in types)]

    def on_beach(self, z: int) -> list[int]:
        return [k for k in range(len(self.zone)) if self.zone[k] == z and self.part[k] == "beach"]

    def in_box(self, box: str) -> list[int]:
        return [k for k in range(len(self.zone)) if self.part[k] == box]

    def contested(self, z: int) -> bool:
        """Both sides hold ground units in zone z (air does not count)."""
        return bool(self.in_zone(z, "allied")) and bool(self.in_zone(z, "german"))

    def label(self, z: int) -> str:
        return self.board.labels[z]

    # -- changing it (inside an action) ----------------------------------------------------
    def set(self, k: int, zone: int, part: str) -> None:
        """Put unit k in `zone` (-1 off the map) and `part`, and tell the Changes."""
        gs, frm, was = self.gs, self.gs.place[k], self.gs.part[k]
        gs.place[k], gs.part[k] = zone, part
        gs.status[k] = status_of(part)
        occ = gs._cache.get("dd2_occ")  # kept up to date, not rebuilt (a hot path in replays)
        gs._cache.clear()
        if occ is not None:
            if frm >= 0 and was in ZONE_PARTS:
                occ[frm].remove(k)
            if zone >= 0 and part in ZONE_PARTS:
                occ.setdefault(zone, []).append(k)
                occ[zone].sort()
            gs._cache["dd2_occ"] = occ
        if self.ch is not None:
            uid = self.units[k].id
            if part in OUT:
                self.ch.removed.append(uid)
            elif zone >= 0 and zone != frm:
                self.ch.moved.append((uid, frm, zone, (frm, zone) if frm >= 0 else (zone,)))
            else:
                self.ch.units.append(uid)

    def roll(self, need: int, purpose: str, who: str = "") -> int:
        """One d6 through the engine (logged with its purpose): ``need`` is the hit number
        (0 when the die is a count), ``who`` the unit that fires, if any."""
        if need:
            purpose = f"{purpose} ({who + ' ' if who else ''}hits on {need})"
        return self.ch.roll(self.gs, 6, purpose).value

    def note(self, text: str) -> None:
        self.ch.notes.append(text)
