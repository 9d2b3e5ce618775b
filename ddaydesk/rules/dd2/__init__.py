"""D-Day2 (seed 004): the territory-map rules as pure Python.

``game.new_game`` / ``game.legal_actions`` / ``game.apply`` are the per-system rules module
(setup, legal actions, apply); docs/rules/dd2.md describes the model.
"""

from ddaydesk.rules.dd2.actions import Action, IllegalAction
from ddaydesk.rules.dd2.game import apply, legal_actions, new_game
from ddaydesk.rules.dd2.state import DD2State

__all__ = ["Action", "DD2State", "IllegalAction", "apply", "legal_actions", "new_game"]
