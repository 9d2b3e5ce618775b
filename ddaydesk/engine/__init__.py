"""The engine: game state, sequence of play, actions and their log, dice, views, movement.

Pure Python, no Qt. docs/engine.md lists the public API; import it from here.
"""

from ddaydesk.engine.dice import Dice, Roll
from ddaydesk.engine.state import (
    ATTACKED,
    ELIMINATED,
    MOVED,
    ON_MAP,
    PENDING,
    STRATEGIC,
    SURPRISE,
    WITHHELD,
    GameState,
    Marker,
)

__all__ = [
    "ATTACKED", "ELIMINATED", "MOVED", "ON_MAP", "PENDING", "STRATEGIC", "SURPRISE", "WITHHELD",
    "Dice", "GameState", "Marker", "Roll",
]
