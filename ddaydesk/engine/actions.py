"""Action objects, their JSON form, what an action changed, and the illegal-action error.

An action is a frozen dataclass with a class-level ``kind`` and a ``side`` (who does it).
Fields named in ``PLACE_FIELDS`` hold board place indices and are written as printed hex
labels in JSON; unit fields hold scenario unit ids. Rules modules add their own action
classes with :func:`action_type` (the combat developer's ``attack``, for instance).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from ddaydesk.engine.dice import Roll
from ddaydesk.formats.errors import clip, show
from ddaydesk.records import Record

if TYPE_CHECKING:
    from ddaydesk.board import Board
    from ddaydesk.engine.state import GameState

PLACE_FIELDS = frozenset({"to", "place", "target"})
PATH_FIELDS = frozenset({"via"})  # tuples of places
RESERVED = frozenset({"kind", "rolled"})  # keys of an action's JSON that are not its fields
ACTION_TYPES: dict[str, type[Action]] = {}
# Kinds whose class is in a module not imported yet (a rules package wires them by name,
# engine.systems.later): kind -> that module, imported when the kind is first looked up.
ACTION_MODULES: dict[str, str] = {}


class IllegalAction(Exception):
    """An action the rules do not allow now; ``reason`` says why, for the player."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


def action_kinds(module: str, *kinds: str) -> None:
    """The action ``kinds`` are classes of ``module``, imported on first use (:func:`action_class`)."""
    for kind in kinds:
        ACTION_MODULES[kind] = module


def action_class(kind: str) -> type[Action] | None:
    """The class of an action kind (its module imported now if it was not), or None."""
    cls = ACTION_TYPES.get(kind)
    if cls is None and kind in ACTION_MODULES:
        import_module(ACTION_MODULES[kind])
        cls = ACTION_TYPES.get(kind)
    return cls


def all_action_types() -> dict[str, type[Action]]:
    """:data:`ACTION_TYPES` with the classes of every kind named by :func:`action_kinds`."""
    for module in set(ACTION_MODULES.values()):
        import_module(module)
    return ACTION_TYPES


def action_type(cls: type[Action]) -> type[Action]:
    """Class decorator: register an action class by its ``kind`` for JSON loading."""
    if cls.kind in ACTION_TYPES and ACTION_TYPES[cls.kind] is not cls:
        raise ValueError(f"action kind {cls.kind!r} registered twice")
    if RESERVED & {f.name for f in dataclasses.fields(cls)}:
        raise ValueError(f"action {cls.kind!r}: a field may not be named {', '.join(sorted(RESERVED))} "
                         "(a save writes the action's rolls there)")
    ACTION_TYPES[cls.kind] = cls
    return cls


@dataclass(frozen=True, slots=True, eq=False, repr=False)  # (slots: legal_actions keeps thousands of moves)
class Action(Record):
    """An action of the log: what a side does, by kind (each kind a subclass registered with
    ``action_type``). A kind's class is made with ``eq=False, repr=False``: its equality, hash
    and repr are :class:`~ddaydesk.records.Record`'s (a start makes dozens of kinds); ``Move``,
    compared most, has its own."""

    kind: ClassVar[str] = ""
    secret: ClassVar[bool] = False  # its details are hidden from the other side's log view
    side: str

    def to_json(self, board: Board) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in _fields(type(self)):
            v = getattr(self, name)
            if name in PLACE_FIELDS and isinstance(v, int):
                v = board.labels[v] if v >= 0 else None
            elif name in PATH_FIELDS:
                v = [board.labels[p] for p in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[name] = v
        return out

    def describe(self, board: Board) -> str:
        body = ", ".join(f"{k}={v}" for k, v in self.to_json(board).items() if k != "kind")
        return f"{self.kind}({body})"


def action_from_json(d: Any, board: Board) -> Action:
    """The action a JSON object describes, every field checked against its declared type
    (engine/fieldtypes.py); ValueError saying what is wrong."""
    if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
        raise ValueError("an action must be an object with a 'kind'")
    cls = action_class(d["kind"])
    if cls is None:
        raise ValueError(f"unknown action kind {show(d['kind'])}")
    names = _fields(cls)
    extra = d.keys() - names.keys()
    extra.discard("kind")
    if extra:
        raise ValueError(f"{cls.kind}: unknown field(s) {clip(', '.join(sorted(map(str, extra))))}")
    readers = _readers(cls)
    kwargs: dict[str, Any] = {}
    for name, required in names.items():
        if name not in d:
            if required:
                raise ValueError(f"{cls.kind}: missing field {name!r}")
            continue
        try:
            kwargs[name] = readers[name](d[name], board)
        except ValueError as exc:
            raise ValueError(f"{cls.kind}.{name}: {exc}") from None
    return cls(**kwargs)


@cache
def _fields(cls: type[Action]) -> dict[str, bool]:
    """Field name -> required, per action class (dataclasses.fields is slow in a replay)."""
    return {f.name: f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            for f in dataclasses.fields(cls)}


@cache
def _readers(cls: type[Action]) -> dict[str, Any]:
    from ddaydesk.engine.fieldtypes import (
        field_readers,  # (when a save is read: not before a start's first frame)
    )

    return field_readers(cls, PLACE_FIELDS, PATH_FIELDS)


@dataclass
class Changes:
    """What one action changed, so the UI redraws only that and the log can show it.

    ``moved`` holds ``(unit id, from place, to place, path)``; ``dice`` every roll with its
    purpose; ``revealed`` hidden information made known. An action with dice or a reveal is
    a barrier: undo stops there (no re-rolling in hot-seat).
    """

    moved: list[tuple[str, int, int, tuple[int, ...]]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)  # other unit changes (steps, status, flags)
    revealed: list[str] = field(default_factory=list)
    dice: list[Roll] = field(default_factory=list)
    markers: bool = False
    phases: list[str] = field(default_factory=list)  # phases entered, in order
    turn_changed: bool = False
    notes: list[str] = field(default_factory=list)  # rule messages for the log ("weather: MUD")
    end_phase: bool = False  # set by a handler whose action also ends the phase

    def roll(self, state: GameState, sides: int, purpose: str) -> Roll:
        """Roll one die, drawn now from the state's dice (engine/dice.py), and record it."""
        state.dice = state.dice.copy()  # the state it was copied from shares the generator
        r = state.dice.roll(sides, purpose)
        self.dice.append(r)
        return r

    @property
    def barrier(self) -> bool:
        return bool(self.dice or self.revealed)

    def to_dict(self, board: Board) -> dict[str, Any]:
        lab = board.labels
        return {
            "moved": [{"unit": u, "from": lab[a] if a >= 0 else None, "to": lab[b],
                       "path": [lab[p] for p in path]} for u, a, b, path in self.moved],
            "removed": self.removed, "units": self.units, "revealed": self.revealed,
            "dice": [r.to_dict() for r in self.dice], "markers": self.markers,
            "phases": self.phases, "turn_changed": self.turn_changed, "notes": self.notes,
        }
