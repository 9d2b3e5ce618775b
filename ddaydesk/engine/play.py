"""``legal_actions`` and ``apply``: the only ways the game changes."""

from __future__ import annotations

from collections.abc import Collection

from ddaydesk.engine.actions import Action, Changes, IllegalAction
from ddaydesk.engine.phases import OVER, current_phase, end_phase
from ddaydesk.engine.state import GameState
from ddaydesk.engine.systems import rules_module


def legal_actions(state: GameState, side: str, kinds: Collection[str] | None = None) -> list[Action]:
    """Every action ``side`` may take now (moves: one per reachable place, cheapest path);
    with ``kinds``, only actions of those kinds (a list of choices without the moves, which
    cost a search per unit)."""
    if state.phase == OVER:
        return []
    phase = current_phase(state)
    rm = rules_module(state.scenario.system.id)
    out: list[Action] = []
    for kind in ("end_phase", *phase.actions):
        if kinds is not None and kind not in kinds:
            continue
        h = rm.handlers.get(kind)
        if h is None or (h.sides == "phase" and side != phase.side) or rm.held(state, kind):
            continue
        out.extend(h.legal(state, side, phase))
    return out


def apply(state: GameState, action: Action) -> tuple[GameState, Changes]:
    """The state after ``action`` and what changed; IllegalAction (state untouched) if the
    rules do not allow it now."""
    if state.phase == OVER:
        raise IllegalAction("the game is over")
    phase = current_phase(state)
    rm = rules_module(state.scenario.system.id)
    h = rm.handlers.get(action.kind)
    if h is None:
        raise IllegalAction(f"no rule handles {action.kind!r} actions in {state.scenario.system.id}")
    if action.kind != "end_phase" and action.kind not in phase.actions:
        allowed = ", ".join(("end_phase", *phase.actions))
        raise IllegalAction(f"{action.kind} is not allowed in the {phase.id} phase (allowed: {allowed})")
    if action.side not in state.scenario.system.sides:
        raise IllegalAction(f"{action.side!r} is not a side of {state.scenario.system.id}")
    if h.sides == "phase" and action.side != phase.side:
        raise IllegalAction(f"it is the {phase.side} player's {phase.id} phase; {action.side} may not act")
    why = rm.held(state, action.kind)
    if why:
        raise IllegalAction(why)
    new = state.copy()
    ch = Changes()
    h.apply(new, action, ch, phase)
    new._cache.clear()
    if ch.end_phase:
        end_phase(new, ch)
    return new, ch


def problem(state: GameState, action: Action) -> str | None:
    """Why ``action`` would be refused now, or None: for enabling a button or explaining a
    greyed-out one without listing every legal action."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None
