"""D-Day Dice (seed 003: the Atlantikwall and Overlord expansions; base game from wave2.md §1)
as an engine rules module: sector Battle Maps, the custom dice and their tally, cards, the
German player (a person or the program) and Atlantikwall solitaire; Battle Conditions, Badges,
Overlord's optional rules, the Rookie Officer, Greece and Norway, Victory Points and campaigns.
docs/rules/ddd.md describes the model; ``table(state, side)`` (view.py) is what a window
shows, ``choices(state, side)`` what a player may do now, in words."""

from ddaydesk.rules.ddd.actions import (
    KeepDice,
    LandUnit,
    LockDie,
    Reroll,
    RollDice,
    SectorMove,
)
from ddaydesk.rules.ddd.game import register
from ddaydesk.rules.ddd.phases import winner


def __getattr__(name: str):
    """The actions a start never lists, from actions_later.py, imported when first named here."""
    from importlib import import_module  # (``from . import`` would ask this function again)

    try:
        return getattr(import_module("ddaydesk.rules.ddd.actions_later"), name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


__all__ = ["AddResult", "Assault", "BlindStart", "BuyBadge", "ChooseLoss", "Decide", "DrawDecoration", "FindItem",
           "GiveBadge", "KeepDice", "LandUnit", "LockDie", "Mulligan", "NextBattle", "Observe", "OrderConditions",
           "OrderDecorations", "PickDecoration", "PickTally", "Rally", "Reroll", "RollDice", "ScoreTally",
           "SectorMove", "Trade", "TradeDie", "UseCard", "register", "winner"]
