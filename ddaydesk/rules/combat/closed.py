"""The combat record a state keeps (``state.extra["combat"]``, docs/rules/combat.md) as the
movement rules read it: the automatic victory's limits (D77-AUTO-04/07/16), checked for every
unit whenever moves are listed. A light module, wired at once (rules/combat/wiring.py); the
rest of combat is imported when first asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ddaydesk.engine import GameState

KEY = "combat"


def record(state: GameState) -> dict[str, Any]:
    """The combat record of ``state`` (read-only use; handlers call ``state_adapter.writable``)."""
    return state.extra.get(KEY) or {}


def _this_turn(state: GameState) -> dict:
    rec = record(state)
    return rec if rec.get("turn") == state.turn else {}


def stopped(state: GameState, k: int) -> str | None:
    """Why unit ``k`` may not move this turn: it took part in an automatic victory
    (D77-AUTO-04) or is committed to the attack CDS kept from one (D77-AUTO-16)."""
    stop = _this_turn(state).get("stopped")
    return stop.get(state.scenario.units[k].id) if stop else None


def closed_places(state: GameState, side: str) -> list[int]:
    """Hexes emptied by an automatic victory this phase: closed to the winner's other units
    (D77-AUTO-07)."""
    closed = _this_turn(state).get("closed")
    if not closed:
        return []
    index = state.scenario.board.index_of
    return [index[lab] for lab, s, ph in closed if s == side and ph == state.phase]


def closed_mask(state: GameState, k: int) -> tuple[bytes | None, None]:
    places = closed_places(state, state.scenario.units[k].side)
    if not places:
        return None, None
    mask = bytearray(state.scenario.board.n)
    for p in places:
        mask[p] = 1
    return bytes(mask), None


def closed_problem(state: GameState, side: str, to: int) -> str | None:
    if isinstance(to, int) and to in closed_places(state, side):
        return (f"{state.scenario.board.labels[to]} was emptied by an automatic victory: no other unit "
                "may enter it this phase (D77-AUTO-07)")
    return None
