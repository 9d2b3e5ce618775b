"""D-Day2 actions: engine actions (JSON via the engine's ``to_json``/``action_from_json``).

Moving a unit one zone is the engine's ``Move``; ending a phase (forgoing the remaining naval
shots, resolving the bombing, launching the patrols, ending moves or placement) is its
``EndPhase``. Place fields (``target``, ``place``) are zone indices, written as labels.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import Action, action_type


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ParaDrop(Action):
    """Turn 1: all ParaSurprise units fire along their arrows (DD2-PARA-01)."""

    kind = "para_drop"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Bombard(Action):
    """One naval shot at a blockhouse (DD2-NAV-01/02)."""

    kind = "bombard"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Bomb(Action):
    """Send a bomber from the USAAF base against a zone (resolved when the phase ends)."""

    kind = "bomb"
    unit: str
    target: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Patrol(Action):
    """Put ``n`` fighters on the patrol part of zone ``place`` (DD2-AIR-05)."""

    kind = "patrol"
    place: int
    n: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class BlockhouseFire(Action):
    """Every blockhouse with an arrow fires at its beach (DD2-BLK-01)."""

    kind = "blockhouse_fire"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class GoAshore(Action):
    """From a beachhead into its zone (DD2-MOVE-02/03)."""

    kind = "go_ashore"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Fight(Action):
    """Every battle of the phase: one round each (DD2-GEN-01)."""

    kind = "fight"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class RollReinforcements(Action):
    """2d6 per chart of the side (DD2-REIN-01/04)."""

    kind = "roll_reinforcements"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Reinforce(Action):
    """The chart's next unit onto a beach (Allies) or an entry zone (Germans)."""

    kind = "reinforce"
    unit: str
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Casualties(Action):
    """The chooser's pick of the units hit (the first pending choice)."""

    kind = "casualties"
    units: tuple[str, ...]


__all__ = ["Bomb", "Bombard", "BlockhouseFire", "Casualties", "Fight", "GoAshore", "ParaDrop", "Patrol",
           "Reinforce", "RollReinforcements"]
