"""Carpet bombing (docs/rules/dday77.md §12.6): the seed's weather chart forbids it in snow
(D77-WX-17) but the standard rule it leans on is not public, so this is ddaydesk's default,
tagged STD-AIR-CARPET in ``support.yaml``: once a turn, in the Allied air phase, the Allies
spend air factors to carpet-bomb one German-held hex next to an Allied combat unit; the
units there may not move in the German movement phase of that turn (pinned)."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.rules.combat.support import param
from ddaydesk.rules.dday77.air import KEY, factors_left
from ddaydesk.rules.dday77.common import ALLIED, GERMAN, check_place

SNOW = "SNOW"
SCRATCH = "carpet"  # the label of this turn's carpet-bombed hex


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class CarpetBomb(Action):
    """An Allied carpet bombing of a place."""

    kind = "carpet_bomb"
    place: int


def _cost(state) -> int:
    return param(state.scenario.system.id, "air", "carpet_cost")


def problem(state, a: CarpetBomb) -> str | None:
    board = state.scenario.board
    units = state.scenario.units
    if a.side != ALLIED:
        return "carpet bombing is Allied"
    if state.options.get("weather") and state.weather == SNOW:
        return "no carpet bombing in snow (D77-WX-17)"
    if SCRATCH in state.scratch:
        return f"one carpet bombing a turn; {state.scratch[SCRATCH]} was bombed already (STD-AIR-CARPET)"
    if factors_left(state) < _cost(state):
        return f"carpet bombing needs {_cost(state)} air factors; {factors_left(state)} left (STD-AIR-CARPET)"
    at = state.units_at()
    lab = board.labels[a.place]
    if not any(units[k].side == GERMAN for k in at.get(a.place, ())):
        return f"{lab} holds no German unit (STD-AIR-CARPET)"
    if not any(units[k].side == ALLIED and units[k].type != "hq" for j in board.adj[a.place] for k in at.get(j, ())):
        return f"{lab} is not next to an Allied combat unit (STD-AIR-CARPET)"
    return None


def carpet_legal(state, side, phase):
    at = state.units_at()
    for place in sorted(at):
        a = CarpetBomb(side, place)
        if problem(state, a) is None:
            yield a


def carpet_apply(state, a: CarpetBomb, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    why = problem(state, a)
    if why:
        raise IllegalAction(why)
    lab = state.scenario.board.labels[a.place]
    state.own(KEY)["spent"] += _cost(state)
    state.scratch[SCRATCH] = lab
    ch.markers = True
    ch.notes.append(f"carpet bombing on {lab}: its units are pinned this turn (STD-AIR-CARPET)")


def pinned(state, k: int) -> str | None:
    """Move limit: German units in this turn's carpet-bombed hex stay put."""
    lab = state.scratch.get(SCRATCH)
    if lab is None or state.scenario.units[k].side != GERMAN or state.place[k] < 0:
        return None
    if state.scenario.board.labels[state.place[k]] == lab:
        return f"pinned by carpet bombing on {lab} this turn (STD-AIR-CARPET)"
    return None
