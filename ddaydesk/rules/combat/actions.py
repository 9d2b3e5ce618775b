"""The combat actions of the action log (docs/rules/combat.md, "Action log").

A combat is played as a short run of actions: the attacker declares it, the defender answers
(close defensive support, F&M support draws, the beach-stack defender), the attacker commits
his support and rolls, then the owners make the result's choices (losses, retreats, stiff
resistance, advance). Everything before the roll can be undone; the roll cannot. Places are
board indices, written as printed labels in JSON (``target``; ``via`` is a path).
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import Action, action_type


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class DeclareAttack(Action):
    """Announce an attack on ``target`` by ``attackers`` (combat phase). ``mode``: normal,
    beach_assault or drop_hex (F&M landing hexes due an assault), or bombardment (F&M: no
    attackers, support fire markers alone; ``hit`` is the unit the bombarding player picks in a
    stack, FMU-BEACH-07)."""

    kind = "attack"
    attackers: tuple[str, ...]
    target: int
    mode: str = "normal"
    hit: str = ""


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class AutomaticVictory(Action):
    """Announce an automatic victory at 7-1 during the own movement phase (D77-AUTO-01/03)."""

    kind = "automatic_victory"
    attackers: tuple[str, ...]
    target: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Respond(Action):
    """The defender's answer to an announced attack: commit close defensive support (D-Day
    '77, D77-AIR-16/20, D77-AUTO-13/14), draw support fire markers and play the set-aside
    Mines marker (F&M), pick the unit defending a stacked beach hex (FMU-AREIN-09)."""

    kind = "respond"
    cds: bool = False
    draws: tuple[str, ...] = ()
    mines: bool = False
    mines_policy: str = "use"
    defender: str = ""


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ResolveCombat(Action):
    """Commit the attacker's support and roll: naval bombardment points and close attack
    support (D77-NAV-*, D77-AIR-10: stated just before the roll), F&M marker draws by cup,
    naval gunfire markers and the Mines marker. A barrier: it cannot be undone."""

    kind = "resolve_combat"
    nbp: int = 0
    cas: int = 0
    draws: tuple[str, ...] = ()
    naval: int = 0
    mines: bool = False
    mines_policy: str = "use"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class TakeLosses(Action):
    """The owner's choice of losses: an exchange loss set (D77 EX) or which units lose the
    steps a result calls for (one entry per step)."""

    kind = "take_losses"
    units: tuple[str, ...]


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Retreat(Action):
    """Retreat ``unit`` along ``via`` (the hexes entered, in order), one of the listed paths."""

    kind = "retreat"
    unit: str
    via: tuple[int, ...]


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class StiffResistance(Action):
    """F&M: hold the hex instead of retreating; ``unit`` loses the step."""

    kind = "stiff_resistance"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Advance(Action):
    """Advance after combat into the emptied hex (``units`` may be empty: no advance)."""

    kind = "advance"
    units: tuple[str, ...]


KINDS = ("attack", "automatic_victory", "respond", "resolve_combat", "take_losses", "retreat",
         "stiff_resistance", "advance")
