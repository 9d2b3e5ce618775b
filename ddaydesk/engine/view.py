"""Per-side views: what one side may see. The other side's secrets are absent, not hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ddaydesk.engine.dice import SystemDice
from ddaydesk.engine.state import WITHHELD, GameState

if TYPE_CHECKING:
    from ddaydesk.engine.game import Game


def view(state: GameState, side: str) -> GameState:
    """A copy of ``state`` for ``side``: the other sides' ``secrets`` are removed, their
    withheld units carry no place, and its dice are the operating system's (a seeded or
    recorded source would let a player predict the next rolls); only the number of draws
    stays."""
    if side not in state.scenario.system.sides:
        raise ValueError(f"{side!r} is not a side of {state.scenario.system.id}")
    v = state.copy()
    v.secrets = {side: v.secrets.get(side, {})}
    for k, u in enumerate(state.scenario.units):
        if u.side != side and v.status[k] == WITHHELD:
            v.place[k] = -1
    v.dice = SystemDice(state.dice.draws)
    return v


def visible_log(game: Game, side: str) -> list[dict[str, Any]]:
    """The action log as ``side`` may read it: the other side's secret actions (a recorded
    invasion area...) show only their kind and side."""
    board = game.scenario.board
    return [{"kind": a.kind, "side": a.side, "hidden": True} if a.secret and a.side != side else a.to_json(board)
            for a in game.log]
