"""D-Day Dice's actions (Atlantikwall's modules and Overlord's included). ``player`` names whose dice or Unit it is: an Allied Unit's id (its
scenario unit: ``us``, ``british``, ``french``, ``canadian``) or ``german``. Cards are named by
their id in ``rules/data/ddd/cards.yaml``; ``to`` is a Sector (a board place, written as its
label in the log). Their words for the player: ddaydesk/rules/ddd/text.py.

Here the landing, the dice and the move, which a start lists; the rest (supply, cards, combat,
answers to a choice, Atlantikwall's modules, Overlord's campaign) are in actions_later.py,
imported when one is first made or read (each a dataclass made at a start's cost)."""

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
class BlindStart(Action):
    """Blind start (DDD-GER-44): die ``die`` of the German's start roll is his Soldiers."""

    kind = "blind_start"
    die: int


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
class PickTally(Action):
    """Close Combat Clasp: keep the ``original`` Final Tally, or the new one (DDD-SOLO-14)."""

    kind = "pick_tally"
    player: str
    original: bool


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ScoreTally(Action):
    """Score the Final Tally: the RWBs taken (by face; ``options`` picks each one's
    alternative), a Straight or not, the dice the Active Skulls cancel (by face), and ``pick``:
    the used Item an Ingenuity RWB finds again."""

    kind = "score_tally"
    player: str
    rwbs: tuple[str, ...] = ()
    options: tuple[int, ...] = ()
    straight: bool = False
    cancel: tuple[str, ...] = ()
    pick: str = ""


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class SectorMove(Action):
    """Phase 5: ``player``'s Unit Advances or moves across to Sector ``to``."""

    kind = "sector_move"
    player: str
    to: int
