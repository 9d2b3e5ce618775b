"""D-Day2 (seed 004): the territory-map rules as an engine rules module.

The engine calls ``register`` when it builds system ``dd2``'s rules module (engine/systems.py,
the system's own package registers last); play it with
the engine's ``Game``, ``legal_actions`` and ``apply``. ``DD2State`` reads a GameState the
D-Day2 way (zones, parts, counters); docs/rules/dd2.md describes the model.
"""

from ddaydesk.rules.dd2.actions import (
    BlockhouseFire,
    Bomb,
    Bombard,
    Casualties,
    Fight,
    GoAshore,
    ParaDrop,
    Patrol,
    Reinforce,
    RollReinforcements,
)
from ddaydesk.rules.dd2.fire import battle_odds, battles
from ddaydesk.rules.dd2.game import active_side, cities_clear, holders, register, winner
from ddaydesk.rules.dd2.state import DD2State

__all__ = ["BlockhouseFire", "Bomb", "Bombard", "Casualties", "DD2State", "Fight", "GoAshore", "ParaDrop",
           "Patrol", "Reinforce", "RollReinforcements", "active_side", "battle_odds", "battles", "cities_clear", "holders", "register",
           "winner"]
