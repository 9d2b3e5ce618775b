"""The engine: game state, sequence of play, actions and their log, dice, views, movement.

Pure Python, no Qt. docs/engine.md lists the public API; import it from here.
"""

from ddaydesk.engine.actions import (
    ACTION_TYPES,
    Action,
    Changes,
    IllegalAction,
    action_from_json,
    action_type,
)
from ddaydesk.engine.core import DeclareSurprise, EndPhase, Interdict, Move, RollWeather
from ddaydesk.engine.dice import Dice, RecordedDice, Roll, SeededDice, SystemDice
from ddaydesk.engine.game import Game, Replay
from ddaydesk.engine.movement import reach
from ddaydesk.engine.phases import OVER, current_phase, new_state
from ddaydesk.engine.play import apply, legal_actions, problem
from ddaydesk.engine.positions import positions, zoc_map
from ddaydesk.engine.savefile import load_game, save_game
from ddaydesk.engine.search import Reach
from ddaydesk.engine.sequence import Phase, Sequence, load_sequence
from ddaydesk.engine.state import (
    ATTACKED,
    ELIMINATED,
    MOVED,
    ON_MAP,
    PENDING,
    STRATEGIC,
    SURPRISE,
    WITHHELD,
    Deferred,
    GameState,
    Marker,
)
from ddaydesk.engine.systems import Handler, RulesModule, rules_module
from ddaydesk.engine.view import view

__all__ = [
    "ACTION_TYPES", "ATTACKED", "ELIMINATED", "MOVED", "ON_MAP", "OVER", "PENDING", "STRATEGIC",
    "SURPRISE", "WITHHELD", "Action", "Changes", "DeclareSurprise", "Deferred", "Dice", "EndPhase", "Game",
    "GameState", "Handler", "IllegalAction", "Interdict", "Marker", "Move", "Phase", "Reach",
    "RecordedDice", "Replay", "RollWeather", "Roll", "SeededDice", "SystemDice", "RulesModule", "Sequence", "action_from_json", "action_type",
    "apply", "current_phase", "legal_actions", "load_game", "load_sequence", "new_state",
    "positions", "problem", "reach", "rules_module", "save_game", "view", "zoc_map",
]
