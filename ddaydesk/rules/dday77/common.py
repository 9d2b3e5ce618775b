"""Small lookups the D-Day '77 play modules share."""

from __future__ import annotations

from ddaydesk.engine.actions import Action, IllegalAction
from ddaydesk.engine.state import ON_MAP, GameState
from ddaydesk.rules.allotments import Allotment, allied_reinforcement_allotment

ALLIED, GERMAN = "allied", "german"


def is_combat(state: GameState, k: int) -> bool:
    return state.scenario.units[k].type != "hq"


def own_unit(state: GameState, a: Action) -> int:
    """The scenario index of ``a.unit``, which must belong to ``a.side``."""
    k = state.scenario.unit_index.get(a.unit)
    if k is None or state.scenario.units[k].side != a.side:
        raise IllegalAction(f"{a.unit!r} is not a {a.side} unit")
    return k


def check_place(state: GameState, place: int) -> None:
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < state.scenario.board.n:
        raise IllegalAction(f"{place!r} is not a place on the map")


def on_map(state: GameState, side: str) -> list[int]:
    units = state.scenario.units
    return [k for k, p in enumerate(state.place) if p >= 0 and state.status[k] == ON_MAP and units[k].side == side]


def allotment(state: GameState) -> Allotment | None:
    """The Allied reinforcement allotment of this turn (None on the invasion turn), snow cut
    included (D77-WX-20)."""
    return allied_reinforcement_allotment(state.turn, state.weather, state.options, state.scenario.system.id)


def allotment_left(state: GameState) -> int | None:
    a = allotment(state)
    return None if a is None else a.value - state.scratch.get("allotment_used", 0)


def spend_allotment(state: GameState, k: int, what: str) -> None:
    """Charge unit ``k``'s printed attack factors to this turn's allotment (STD-REIN-01)."""
    u = state.scenario.units[k]
    left = allotment_left(state)
    a = allotment(state)
    if left is None:
        raise IllegalAction(f"no reinforcement allotment on turn {state.turn}: {what} only in the invasion")
    if u.attack > left:
        raise IllegalAction(f"{u.id} needs {u.attack} of the allotment; {left} of {a.value} left "
                            f"this turn ({a.rule})")
    state.scratch["allotment_used"] = state.scratch.get("allotment_used", 0) + u.attack


def stack_room(state: GameState, k: int, place: int, limit: int) -> bool:
    """Whether unit ``k`` may end in ``place`` under a stacking ``limit`` (HQs never count)."""
    units = state.scenario.units
    if units[k].type == "hq":
        return True
    n = sum(1 for j in state.units_at().get(place, ()) if units[j].type != "hq")
    return n + 1 <= limit


def enemy_at(state: GameState, side: str, place: int) -> bool:
    units = state.scenario.units
    return any(units[j].side != side for j in state.units_at().get(place, ()))
