"""The one seam between the interface and the rules engine.

Everything the UI reads or sends goes through :class:`GamePort`: a per-side view of the
state, the legal moves of a unit, ZOC, supply explanations, combat previews and the
actions themselves. The UI holds no rules; wiring the real engine (docs/engine.md, when it
lands) means writing one adapter class with these methods and nothing else.

The value types here are what the views need, in the board's place indices. They are plain
frozen dataclasses so models and tests can build them directly. Those a start's first frame does
not use (moves, supply, combat, arrivals) are in ``port_values.py``, given here by name and made
on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.records import Record

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import (
        CombatPreview,
        CombatResult,
        MoveRange,
        SupplyPreview,
        SupplyView,
    )


class PortError(Exception):
    """An action was refused (illegal, or not available); ``str()`` is the reason to show."""


@dataclass(frozen=True, eq=False, repr=False)
class UnitInfo(Record):
    """A unit as one side sees it: its counter's values, where it stands, its marks."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    attack: int
    defence: int
    movement: int
    place: int  # -1 when not on the map (reinforcement, eliminated)
    reduced: bool = False
    hq: str | None = None
    arrive_turn: int | None = None
    mp_left: int | None = None
    turns_out_of_supply: int = 0  # 0 in supply; 1 out this turn ("!"); 2+ longer (red "!")
    eliminated: bool = False
    part: str = ""  # area systems: where inside its place it stands, or its off-map box (place -1)
    where: str = ""  # its place (and part or box) in words, as the port names it
    size: str = ""  # the size mark from the order of battle ("XX", "III"; "" when it gives none)
    hits: int = 0  # Hit markers on the counter (systems whose losses are marked, not a reduced side)
    formation: str = ""  # the formation it answers to, where the system has them (Koenig's chits)
    peril: str = ""  # what the rules will do to it unless something changes ("at sea: lost when ...")


@dataclass(frozen=True, eq=False, repr=False)
class DieRoll(Record):
    """One roll in the dice log, in words: what it was rolled for, the table (chart, cup,
    deck) it was read on and what it led to ("" where the log does not say)."""

    value: int
    sides: int
    purpose: str
    table: str = ""
    result: str = ""
    drawn: bool = False  # a draw from a cup or deck of ``sides``, not a die

    @property
    def die(self) -> str:
        """"4 on d6"; a draw from a cup or deck of n: "2 of 4"."""
        return f"{self.value} of {self.sides}" if self.drawn else f"{self.value} on d{self.sides}"

    def __str__(self) -> str:
        table = f" ({self.table})" if self.table else ""
        return f"{self.die}: {self.purpose}{table}" + (f" → {self.result}" if self.result else "")


@dataclass(frozen=True, eq=False, repr=False)
class LogEntry(Record):
    """One action of the log in words, with the dice it used."""

    seq: int  # position in the action log
    turn: int
    phase: str
    side: str
    text: str
    dice: tuple[int, ...] = ()  # the rolls this action used, for the dice log
    rolls: tuple[DieRoll, ...] = ()  # each roll in words, with its table and result


@dataclass(frozen=True, eq=False, repr=False)
class GameView(Record):
    """What one side may see: the UI shows nothing that is not in here."""

    side: str
    turn: int
    last_turn: int
    phase: str
    phases: tuple[str, ...]
    active_side: str  # who acts now (a casualty's chooser, a defender answering)
    units: tuple[UnitInfo, ...]
    log: tuple[LogEntry, ...]
    secrets: dict[str, str] = field(default_factory=dict)  # this side's own secret choices
    secret_pending: str | None = None  # key of a secret choice this side must now make
    secret_options: tuple[tuple[str, str], ...] = ()  # (value, title) for that choice
    trails: tuple[tuple[int, ...], ...] = ()  # last moves: the other side's since this side's turn, its own this turn
    trail_attacks: tuple[tuple[tuple[int, ...], int], ...] = ()  # the other side's attacks then: (from, target)
    markers: tuple[tuple[str, int, str | None], ...] = ()  # (kind, place, side) on the map
    drifts: tuple[tuple[int, int], ...] = ()  # airborne drops: (planned, landed) where they differ
    outcome: str = ""  # game over: who won and why, in words (with the rule id); "" while playing
    end_phase_text: str = ""  # what ending this phase does, in words ("send the bombers")
    end_phase_held: str = ""  # why it cannot end now: a decision the rules hold every other action for
    tracks: tuple[tuple[str, str], ...] = ()  # counters the game keeps: (title, value)
    first_turn: int = 1  # the scenario's first turn (the turn track starts there)
    extra: object = None  # the system's own view for its panels (``UIProfile.extra``); None for most
    table: object = None  # a system's own table for its panels (UIProfile.table), or None
    phase_side: str = ""  # whose phase it is ("": the side acting), which the turn bar names
    setup: bool = False  # the phase sets the game up (Utah Beach's beachheads): the map opens on its choices


#: the value types made on first use (``port_values.py``: a start's first frame needs none)
LATER = frozenset({"MoveRange", "SupplyLeg", "UnitSupply", "HqUse", "SupplyView", "SupplyPreview", "ModifierLine",
                   "SupportChoice", "CombatPreview", "CombatResult", "Obligation", "Arrival"})


def __getattr__(name: str):
    if name in LATER:
        from ddaydesk.ui import port_values

        return getattr(port_values, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Features a game may lack; :meth:`GamePort.capabilities` says why for each one missing.
FEATURES = ("move", "attack", "bombard", "supply", "zoc", "withhold")


@dataclass(frozen=True, eq=False, repr=False)
class Capabilities(Record):
    """What this game offers the window: every feature of :data:`FEATURES` not in
    ``missing`` is there; ``missing`` maps each other one to the reason, in words, shown on
    its greyed-out command."""

    missing: dict[str, str] = field(default_factory=dict)

    def why_not(self, feature: str) -> str:
        return self.missing.get(feature, "")


class GamePort(Protocol):
    """The engine as the UI sees it. Methods raise :class:`PortError` with a reason."""

    scenario: Scenario

    @property
    def board(self) -> Board: ...

    def sides(self) -> tuple[str, ...]: ...

    def active_side(self) -> str:
        """The side the game waits for now (a view's ``active_side``, without reading one)."""

    def capabilities(self) -> Capabilities:
        """The features this game lacks, each with the reason (never raises)."""

    def place_name(self, place: int, part: str = "") -> str:
        """A place (and a part of it, or an off-map box when ``place`` is -1) in words."""

    def view(self, side: str) -> GameView: ...

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        """True when ``to_side`` has secrets ``from_side`` must not see (blank the map)."""

    def legal_moves(self, unit: str) -> MoveRange: ...

    def move(self, unit: str, path: list[int]) -> None: ...

    def why_not(self, unit: str, place: int) -> str:
        """Why ``unit`` may not end its move in ``place`` now, for the player."""

    def withhold(self, unit: str) -> None:
        """Hold a unit back at set-up (withheld set-up option)."""

    def zoc(self, side: str) -> frozenset[int]:
        """Places in the zone of control of ``side``'s units."""

    def supply(self, side: str) -> SupplyView: ...

    def supply_after_move(self, unit: str, place: int, via: tuple[int, ...] = ()) -> SupplyPreview | None:
        """Supply as it would be after moving ``unit`` to ``place`` (along ``via``, start
        first); None when the rules refuse that move."""

    def combat_preview(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatPreview: ...

    def resolve_combat(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatResult: ...

    def end_phase(self) -> None: ...

    def choices(self) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """(kind, words, places) of every action open now besides moves and the end of the phase."""

    def choose(self, index: int) -> None: ...

    def perform(self, action: object) -> None:
        """An action a profile's panel took from the system's view (``GameView.extra``) or
        answer (``ask``), e.g. a Koenig declaration with fewer units than its listed one."""

    def ask(self, question: str, **args: object) -> object:
        """A system's own question about the game now, answered by its profile's port side
        (``UIProfile.ask``: the odds of any group of Koenig attackers); PortError if unknown."""

    def choice_preview(self, index: int) -> str:
        """What a choice would do, as rich text shown before it is taken (odds before a roll),
        or "" when it needs no confirmation."""

    def set_secret(self, key: str, value: str) -> None: ...

    def undo(self) -> None:
        """Drop the last action from the log (only deterministic actions are undoable)."""

    def redo(self) -> None: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def last_action_text(self) -> str: ...

    def save_bytes(self) -> bytes:
        """The whole game (scenario reference, options, action log with its rolls) as a save file."""
