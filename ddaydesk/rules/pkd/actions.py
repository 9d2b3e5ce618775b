"""The actions of Koenig's D-Day (besides the engine's ``move``, ``end_phase`` and
``interdict``). Unit fields hold scenario unit ids, ``target`` and ``place`` board places.
``EndPhase`` ends the activation under way (and draws the next chit)."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, action_type


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ChooseOperation(Action):
    """The drawn formation's Operation: move, fire, combined or rest_refit (PKD-RR-01)."""

    kind = "operation"
    operation: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class FireAttack(Action):
    """Fire at ``target``: Full Fire in a Fire Operation, Mobile Fire in a Combined one.
    ``indirect``: the attackers firing indirectly (PKD-IND-01..07). ``support``: Support points
    committed; ``corps``: the Leadership marker spent as one more (PKD-LEAD-10)."""

    kind = "fire_attack"
    attackers: tuple[str, ...]
    target: int
    indirect: tuple[str, ...] = ()
    support: int = 0
    corps: bool = False


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class CloseCombat(Action):
    """A Close Combat declared by Koenig's attackers on a place."""

    kind = "close_combat"
    attackers: tuple[str, ...]
    target: int
    support: int = 0
    corps: bool = False


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class AnswerBattle(Action):
    """The defender's Support for a battle just declared, before the die is rolled."""

    kind = "answer_battle"
    support: int = 0
    corps: bool = False


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Leadership(Action):
    """After a combat roll the Leadership marker's holder may spend it: ``reroll`` the die
    (PKD-LEAD-06) or ``stand`` against a Close Combat retreat (PKD-LEAD-07); or ``keep`` it."""

    kind = "leadership"
    feat: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Withdraw(Action):
    """The defenders of a Close Combat retreat into hex ``to``."""

    kind = "withdraw"
    to: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Occupy(Action):
    """Attackers move into the hex a Close Combat emptied (none: they stay)."""

    kind = "occupy"
    units: tuple[str, ...] = ()


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class HaltOverrun(Action):
    """An overrunning unit ends its overrun."""

    kind = "halt_overrun"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ForceMarch(Action):
    """Force March (PKD-LEAD-08..09): the unit's movement allowance doubled before it moves."""

    kind = "force_march"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Attach(Action):
    """Temporary Attachment (PKD-LEAD-11): a unit of a formation not drawn yet acts with this one."""

    kind = "attach"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Recover(Action):
    """Unit Recovery (PKD-LEAD-12): an eliminated unit of the activated formation returns at
    ``place`` (-1: no hex qualifies and the chance is lost, PKD-RR-12)."""

    kind = "recover"
    unit: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Refit(Action):
    """The replacements of an R&R chit: one unit id per Hit removed."""

    kind = "refit"
    units: tuple[str, ...] = ()


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Reconstitute(Action):
    """Both replacements of the '2*' chit bring back one eliminated unit (PKD-RR-06)."""

    kind = "reconstitute"
    unit: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class TradeSupport(Action):
    """One Interdiction marker for a Support point or the Leadership marker (PKD-INT-02):
    ``pay`` is artillery, allied_support or leadership."""

    kind = "trade_support"
    pay: str
