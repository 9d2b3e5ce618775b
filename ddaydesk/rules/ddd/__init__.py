"""D-Day Dice (seed 003: the Atlantikwall expansion; base game from wave2.md §1) as an engine
rules module: sector Battle Maps, the custom dice and their tally, cards, the German player
(a person or the program) and Atlantikwall solitaire. docs/rules/ddd.md describes the model;
``table(state, side)`` (view.py) is what a window shows, ``choices(state, side)`` what a
player may do now, in words."""

from ddaydesk.rules.ddd.actions import (
    Assault,
    BlindStart,
    ChooseLoss,
    DrawDecoration,
    FindItem,
    KeepDice,
    LandUnit,
    LockDie,
    OrderDecorations,
    PickDecoration,
    PickTally,
    Rally,
    Reroll,
    RollDice,
    ScoreTally,
    SectorMove,
    Trade,
    TradeDie,
    UseCard,
)
from ddaydesk.rules.ddd.game import register
from ddaydesk.rules.ddd.phases import winner

__all__ = ["Assault", "BlindStart", "ChooseLoss", "DrawDecoration", "FindItem", "KeepDice", "LandUnit", "LockDie",
           "OrderDecorations", "PickDecoration", "PickTally", "Rally", "Reroll", "RollDice", "ScoreTally",
           "SectorMove", "Trade", "TradeDie", "UseCard", "register", "winner"]
