"""GameState: everything that changes during a game, in flat per-unit lists.

The static scenario (map, unit values, scenario order) is referenced, never copied. Per-unit
lists are indexed by scenario order (``scenario.unit_index[id]``). A state is treated as
immutable once an action has produced it: :func:`ddaydesk.engine.apply` copies, then changes
the copy. A state a game keeps in its log, no longer its position, holds its per-unit lists of
ints as arrays (engine/kept.py): read them by index or iteration. :meth:`GameState.to_dict` is the canonical form (sorted, JSON-able) and
:meth:`GameState.state_hash` its sha256, so two states compare by hash.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ddaydesk.engine.dice import Dice
from ddaydesk.formats.scenariofile import Scenario

# Unit status values.
ON_MAP = "on_map"
PENDING = "pending"  # reinforcement not yet entered
ELIMINATED = "eliminated"
WITHHELD = "withheld"  # set aside at set-up (D77-SET-02), placed later

# Per-unit flag bits (``GameState.flags``); cleared as noted.
MOVED = 1  # moved in the current movement phase (cleared when a movement phase starts)
ATTACKED = 2  # attacked this game turn (cleared at turn start)
STRATEGIC = 4  # used strategic movement this turn: may not attack unless SURPRISE
SURPRISE = 8  # moved as one of the surprise-attack units this turn (D77-SURP-02)


@dataclass(frozen=True, order=True)
class Marker:
    """A counter on the map that is not a unit (interdiction, beachhead, Tac Air...)."""

    kind: str
    place: int
    side: str | None = None


class Deferred:
    """A record of ``GameState.extra`` worked out when it is first read. A rules hook whose
    result nobody may read before the next one replaces it stores one (the supply phases of a
    replay: only the last result, and those a rule asks for, are ever worked out). Read
    records through :meth:`GameState.record`; the canonical form reads them all."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], dict[str, Any]]):
        self._make: Callable[[], dict[str, Any]] | None = make
        self._value: dict[str, Any] | None = None

    def value(self) -> dict[str, Any]:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value


@dataclass(eq=False)
class GameState:
    """A game's whole position: turn, phase, units' places and states, markers, records."""

    scenario: Scenario
    turn: int
    phase: str  # id of a phase of the system's sequence (engine/sequence.py)
    active: str  # side whose phase it is
    weather: str
    options: dict[str, bool]
    place: list[int]  # board place index, -1 when not on the map
    status: list[str]
    steps_lost: list[int]  # 0 = full strength, 1 = reduced
    flags: list[int]  # bit set of MOVED, ATTACKED, STRATEGIC, SURPRISE
    markers: tuple[Marker, ...]
    # secrets, game and scratch: a copy shares their values, so a value (a side's secrets
    # included) is replaced with a new one, never changed in place.
    secrets: dict[str, dict[str, Any]]  # per side; absent from the other side's view
    game: dict[str, Any]  # game-long record (e.g. surprise attack used per side)
    scratch: dict[str, Any]  # cleared at each turn start
    dice: Dice
    # Rules modules' own records (supply, combat...), one per key. Copies share each record
    # until one of them changes it: read one with ``record(key)``, change it only through
    # ``own(key)`` (or replace it whole).
    extra: dict[str, Any] = field(default_factory=dict)
    # Where inside its place a unit stands, or its off-map box: area systems' parts of a zone
    # (D-Day2: "A", "G", "P", "beach", "usaaf"...). "" when the system has none (hex maps).
    part: list[str] = field(default_factory=list)
    # Derived data (ZOC maps, occupancy) cached per state; never serialised.
    _cache: dict = field(default_factory=dict, repr=False)
    # Keys of ``extra`` whose record this state alone holds (copy-on-write bookkeeping);
    # replaced, never changed in place: most states own nothing and share one empty set.
    _own: frozenset = field(default=frozenset(), repr=False)

    # -- copies -------------------------------------------------------------------------------
    def copy(self) -> GameState:
        """A copy another action may change. The per-unit lists and the top-level dicts are
        new; the scenario, the values in ``secrets``, ``game`` and ``scratch`` (replaced, never
        changed in place) and the dice (copied before a roll) are shared, and so are
        the records in ``extra`` until :meth:`own` copies one: from now on neither state holds
        any of them alone. (Made without the dataclass __init__: a replay copies once per
        action.)"""
        new = object.__new__(GameState)
        new.__dict__.update(  # (list(): a state kept in a game's log holds arrays, engine/kept.py)
            self.__dict__, options=dict(self.options), place=list(self.place), status=list(self.status),
            steps_lost=list(self.steps_lost), flags=list(self.flags), secrets=dict(self.secrets),
            game=dict(self.game), scratch=dict(self.scratch), extra=dict(self.extra),
            part=list(self.part), _cache={}, _own=_NONE,
        )
        self._own = _NONE
        return new

    def record(self, key: str) -> dict[str, Any] | None:
        """The record ``extra[key]`` to read (a :class:`Deferred` one worked out now), or None."""
        rec = self.extra.get(key)
        return rec.value() if type(rec) is Deferred else rec

    def own(self, key: str) -> dict[str, Any]:
        """``extra[key]`` to change in place (created empty if absent): this state's own copy
        of the record, made on the first call after the state was copied or copied from."""
        rec = self.record(key)
        if key not in self._own:
            rec = self.extra[key] = {} if rec is None else _deep(rec)
            self._own = self._own | {key}
        return rec

    # -- lookups ------------------------------------------------------------------------------
    @property
    def units(self):
        return self.scenario.units

    def unit(self, uid: str) -> int:
        """Scenario index of a unit id; KeyError naming the id if there is none."""
        try:
            return self.scenario.unit_index[uid]
        except KeyError:
            raise KeyError(f"no unit {uid!r} in scenario {self.scenario.id}") from None

    def units_at(self) -> dict[int, list[int]]:
        """Place -> unit indices on it (on-map units only), cached for this state."""
        got = self._cache.get("units_at")
        if got is None:
            got = {}
            for k, p in enumerate(self.place):
                if p >= 0 and self.status[k] == ON_MAP:
                    got.setdefault(p, []).append(k)
            self._cache["units_at"] = got
        return got

    def markers_of(self, kind: str) -> list[Marker]:
        return [m for m in self.markers if m.kind == kind]

    # -- canonical form -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        sc = self.scenario
        labels = sc.board.labels
        return {
            "scenario": {"id": sc.id, "content_hash": sc.content_hash},
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            "weather": self.weather,
            "options": dict(sorted(self.options.items())),
            "units": {
                u.id: {
                    "place": labels[self.place[k]] if self.place[k] >= 0 else None,
                    "status": self.status[k],
                    "steps_lost": self.steps_lost[k],
                    "flags": self.flags[k],
                    **({"part": self.part[k]} if self.part and self.part[k] else {}),
                }
                for k, u in enumerate(sc.units)
            },
            "markers": [
                {"kind": m.kind, "place": labels[m.place], "side": m.side} for m in sorted(self.markers)
            ],
            "secrets": self.secrets,
            "game": self.game,
            "scratch": self.scratch,
            "extra": {k: v.value() if type(v) is Deferred else v for k, v in self.extra.items()},
            "dice": self.dice.to_dict(),
        }

    def canonical_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def state_hash(self) -> str:
        """sha256 of the canonical form: equal hashes mean equal game states."""
        import hashlib  # (not imported before a start's first frame: ddaydesk/digest.py)

        return hashlib.sha256(self.canonical_json().encode()).hexdigest()


_NONE: frozenset = frozenset()  # the keys a state owns after a copy (GameState._own)
_LEAF = frozenset({str, int, float, bool, type(None), tuple})  # shared, never changed in place


def _deep(d: Any) -> Any:
    """Copy of nested JSON-like data (dicts, lists, scalars). Leaves are not visited one by
    one: a state is copied on every action, and its lists of unit ids are long."""
    if type(d) is dict or isinstance(d, dict):
        out = dict(d)
        for k, v in d.items():
            if type(v) not in _LEAF:
                out[k] = _deep(v)
        return out
    if type(d) is list or isinstance(d, list):
        return [v if type(v) in _LEAF else _deep(v) for v in d]
    return d
