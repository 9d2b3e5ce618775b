"""D-Day Dice's actions (Atlantikwall's modules and Overlord's included). ``player`` names whose dice or Unit it is: an Allied Unit's id (its
scenario unit: ``us``, ``british``, ``french``, ``canadian``) or ``german``. Cards are named by
their id in ``rules/data/ddd/cards.yaml``; ``to`` is a Sector (a board place, written as its
label in the log). Their words for the player: ddaydesk/rules/ddd/text.py.

Here the landing, the roll (roll, lock, re-roll, keep) and the move, which a start lists or
asks about; the rest (the Final Tally, supply, cards, combat, answers to a choice, Atlantikwall's
modules, Overlord's campaign) are in actions_later.py, imported when one is first made or read
(each class is a dataclass made at a start's cost)."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import Action, action_type


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class LandUnit(Action):
    """Set-up: the Unit comes ashore in one of the map's landing Sectors."""

    kind = "land_unit"
    player: str
    to: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class RollDice(Action):
    """A player rolls the dice."""

    kind = "roll_dice"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class LockDie(Action):
    """Lock (or unlock) die ``die`` before the next re-roll."""

    kind = "lock_die"
    player: str
    die: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Reroll(Action):
    """A player rolls the unlocked dice again."""

    kind = "reroll"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class KeepDice(Action):
    """These dice are the Final Tally (no more re-rolls)."""

    kind = "keep_dice"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class SectorMove(Action):
    """Phase 5: ``player``'s Unit Advances or moves across to Sector ``to``."""

    kind = "sector_move"
    player: str
    to: int
