"""The D-Day2 game state: where each unit is (zone and part), counters, pending choices.

A unit's position is a zone (board place index, -1 off the map) and a ``part``:
``A``/``G`` (the Allied or German part of the zone), ``P`` (the fighter-patrol part),
``beach``/``drop`` (the beachhead or airborne box drawn beside the zone), an off-map box of
the system (``usaaf``, a chart), or ``dead`` / ``spent`` (out of play). All three parts of a
zone count as the zone (DD2-TERR-01); the part says where the unit stands inside it.

This thin state is for the rules module on its own; once the engine's GameState lands,
``zone`` maps onto ``GameState.place`` and the rest onto ``GameState.extra['dd2']``.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario

LAND_TYPES = ("infantry", "artillery", "armour")
GROUND_TYPES = (*LAND_TYPES, "blockhouse")  # units that hold a zone
OUT = ("dead", "spent")


class DiceLike(Protocol):
    def roll(self, sides: int, purpose: str): ...  # -> object with .value
    def copy(self) -> DiceLike: ...


@dataclass(frozen=True)
class Beach:
    name: str
    zone: int
    capacity: int
    nationality: str  # "us" or "british"


@dataclass(frozen=True)
class MapInfo:
    """The D-Day2 facts of a map: beaches, airborne boxes, entry areas, cities, arrows."""

    beaches: dict[int, Beach]  # landing zone -> beach
    drop_zones: tuple[int, ...]
    entry: dict[str, tuple[int, ...]]  # rennes / chartres / rouen -> zones
    victory: tuple[int, ...]
    fire: dict[int, tuple[int, ...]]  # beach zone -> zones whose blockhouses fire at it

    @classmethod
    def of(cls, board: Board) -> MapInfo:
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


class _Tracked(list):
    """A per-unit list that drops its state's occupancy index whenever an item is set."""

    def __init__(self, owner: DD2State, items):
        super().__init__(items)
        self.owner = owner

    def __setitem__(self, i, v):
        super().__setitem__(i, v)
        self.owner._occ = None


@dataclass(eq=False)
class DD2State:
    scenario: Scenario
    info: MapInfo
    turn: int
    phase: str
    zone: list[int]
    part: list[str]
    moved: list[int]  # zones moved this phase
    stopped: list[bool]  # entered an enemy-held zone this phase: may go no further
    game: dict[str, Any]  # counters and per-phase records (JSON-able)
    pending: list[dict]  # casualty choices waiting for a player, first one first
    dice: DiceLike
    rolls: list[dict] = field(default_factory=list)  # the dice log: every roll of the game
    notes: list[str] = field(default_factory=list)  # what happened, for the UI's log pane
    _occ: dict[int, list[int]] | None = field(default=None, repr=False)  # zone -> units in A/G/P

    def __post_init__(self):
        self.zone = _Tracked(self, self.zone)
        self.part = _Tracked(self, self.part)

    # -- lookups --------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.scenario.board

    @property
    def units(self):
        return self.scenario.units

    def k(self, uid: str) -> int:
        try:
            return self.scenario.unit_index[uid]
        except KeyError:
            raise KeyError(f"no unit {uid!r} in scenario {self.scenario.id}") from None

    def side(self, k: int) -> str:
        return self.units[k].side

    def type(self, k: int) -> str:
        return self.units[k].type

    def alive(self, k: int) -> bool:
        return self.part[k] not in OUT

    def in_zone(self, z: int, side: str | None = None, types=GROUND_TYPES) -> list[int]:
        """Units standing in zone z (A, G or P part), optionally of one side and some types."""
        if self._occ is None:
            occ: dict[int, list[int]] = {}
            for k, (zk, pk) in enumerate(zip(self.zone, self.part, strict=True)):
                if zk >= 0 and pk in ("A", "G", "P"):
                    occ.setdefault(zk, []).append(k)
            self._occ = occ
        units = self.units
        return [k for k in self._occ.get(z, ())
                if (side is None or units[k].side == side) and units[k].type in types]

    def on_beach(self, z: int) -> list[int]:
        return [k for k in range(len(self.zone)) if self.zone[k] == z and self.part[k] == "beach"]

    def in_box(self, box: str) -> list[int]:
        return [k for k in range(len(self.zone)) if self.part[k] == box]

    def contested(self, z: int) -> bool:
        """Both sides hold ground units in zone z (air does not count)."""
        return bool(self.in_zone(z, "allied")) and bool(self.in_zone(z, "german"))

    def label(self, z: int) -> str:
        return self.board.labels[z]

    # -- copies and identity -------------------------------------------------------------
    def copy(self) -> DD2State:
        return DD2State(self.scenario, self.info, self.turn, self.phase, list(self.zone),
                        list(self.part), list(self.moved), list(self.stopped),
                        copy.deepcopy(self.game), copy.deepcopy(self.pending), self.dice.copy(),
                        list(self.rolls), list(self.notes))

    def to_dict(self) -> dict:
        labels = self.board.labels
        return {
            "turn": self.turn, "phase": self.phase, "game": self.game, "pending": self.pending,
            "units": {u.id: [labels[self.zone[k]] if self.zone[k] >= 0 else None, self.part[k]]
                      for k, u in enumerate(self.units)},
            "rolls": len(self.rolls),
        }

    def state_hash(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
