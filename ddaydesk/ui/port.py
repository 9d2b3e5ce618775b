"""The one seam between the interface and the rules engine.

Everything the UI reads or sends goes through :class:`GamePort`: a per-side view of the
state, the legal moves of a unit, ZOC, supply explanations, combat previews and the
actions themselves. The UI holds no rules; wiring the real engine (docs/engine.md, when it
lands) means writing one adapter class with these methods and nothing else.

The value types here are what the views need, in the board's place indices. They are plain
frozen dataclasses so models and tests can build them directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario


class PortError(Exception):
    """An action was refused (illegal, or not available); ``str()`` is the reason to show."""


@dataclass(frozen=True)
class UnitInfo:
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


@dataclass(frozen=True)
class DieRoll:
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


@dataclass(frozen=True)
class LogEntry:
    seq: int  # position in the action log
    turn: int
    phase: str
    side: str
    text: str
    dice: tuple[int, ...] = ()  # the rolls this action used, for the dice log
    rolls: tuple[DieRoll, ...] = ()  # each roll in words, with its table and result


@dataclass(frozen=True)
class GameView:
    """What one side may see: the UI shows nothing that is not in here."""

    side: str
    turn: int
    last_turn: int
    phase: str
    phases: tuple[str, ...]
    active_side: str
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
    tracks: tuple[tuple[str, str], ...] = ()  # counters the game keeps: (title, value)
    first_turn: int = 1  # the scenario's first turn (the turn track starts there)
    extra: object = None  # the system's own view for its panels (``UIProfile.extra``); None for most
    table: object = None  # a system's own table for its panels (UIProfile.table), or None


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
    kind: str  # "unit-hq", "hq-hq", "hq-source", "unit-source"
    places: tuple[int, ...]  # the traced path, first place to last
    rule: str = ""  # catalogue id of the limit that applied


@dataclass(frozen=True)
class UnitSupply:
    unit: str
    supplied: bool
    legs: tuple[SupplyLeg, ...]
    reason: str  # one line: why in or out of supply, with rule ids


@dataclass(frozen=True)
class HqUse:
    hq: str  # HQ unit id, or a supply centre ("sc:<hex>")
    used: int
    capacity: int | None  # None: no limit
    place: int = -1  # where to label it; -1: where the HQ unit stands


@dataclass(frozen=True)
class SupplyView:
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
    text: str
    value: str  # "+2", "x2", "halved"
    rule: str  # catalogue id


@dataclass(frozen=True)
class SupportChoice:
    id: str
    title: str
    maximum: int  # 0..maximum points may be committed (1: a yes/no choice)
    rule: str
    why: str = ""  # why not more (or, at 0, why none): the rules that cap it, with their ids


@dataclass(frozen=True)
class CombatPreview:
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


@dataclass(frozen=True)
class CombatResult:
    roll: tuple[int, ...]
    result: str  # the CRT entry
    text: str  # what it does, in words
    retreat_choices: dict[str, frozenset[int]] = field(default_factory=dict)  # unit -> places
    advance_choices: dict[str, frozenset[int]] = field(default_factory=dict)


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
    (a replacement sent back to the pool); ``why`` says why it cannot come on now."""

    key: str
    title: str
    group: str
    places: dict[int, int] = field(default_factory=dict)
    unit: str = ""
    move: bool = False
    take: int = -1
    why: str = ""
    detail: str = ""


#: Features a game may lack; :meth:`GamePort.capabilities` says why for each one missing.
FEATURES = ("move", "attack", "supply", "zoc", "withhold")


@dataclass(frozen=True)
class Capabilities:
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
