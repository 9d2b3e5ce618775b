"""Allied Supply Centres placed and removed as actions (D77-ASUP-02..05, -10, -12, -13).

An SC is a marker of kind ``supply_centre`` in ``state.markers`` (side ``allied``): the
supply calculator reads their places. It has no strength or movement (D77-ASUP-03: it is
never a unit, so it cannot move or attack), exerts no ZOC and does not count for stacking
(D77-ASUP-05, -10); it counts as an Allied unit for control (``control.py``). An SC may be
placed at any time (D77-ASUP-12) on a coastal hex, port or inland port the Allies control;
removed in the Allied movement phase, it may not come back before the next game turn
(D77-ASUP-13); overrun alone it is gone for good (D77-ASUP-04, ``arrivals.py``).
Numbers: the supply calculator's ``supply.yaml`` (``allied.max_supply_centres``,
``allied.sc_return_delay``); where an SC may stand: ``rules.supply.centres.sc_site_kind``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import GameState, Marker
from ddaydesk.rules.dday77.common import ALLIED, check_place, enemy_at
from ddaydesk.rules.dday77.control import SC, allied_bits, controller
from ddaydesk.rules.supply.centres import sc_site_kind
from ddaydesk.rules.supply.params import load_supply_params

OPTION = "allied_supply"  # D77-ASUP-01..28
REMOVAL_PHASE = "allied.movement"  # D77-ASUP-13


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PlaceSupplyCentre(Action):
    """An Allied Supply Centre placed."""

    kind = "place_supply_centre"
    place: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class RemoveSupplyCentre(Action):
    """An Allied Supply Centre removed."""

    kind = "remove_supply_centre"
    place: int


def centres(state: GameState) -> list[int]:
    return sorted(m.place for m in state.markers if m.kind == SC)


def available(state: GameState) -> int:
    """SC markers the Allies may still place now: 13 less those on the map, those lost for
    good and those taken off this turn (D77-ASUP-02, -04, -13)."""
    return (_max(state) - len(centres(state)) - state.game.get("sc_lost", 0)
            - state.scratch.get("sc_removed", 0))


def _max(state: GameState) -> int:
    return load_supply_params(state.scenario.system.id)["allied.max_supply_centres"]


def is_site(state: GameState, place: int) -> bool:
    """A coastal hex, port or inland port (D77-ASUP-12), cached per board."""
    board = state.scenario.board
    sites = board.__dict__.get("_sc_sites")
    if sites is None:
        sites = board.__dict__["_sc_sites"] = frozenset(i for i in range(board.n) if sc_site_kind(board, i))
    return place in sites


def place_problem(state: GameState, a: PlaceSupplyCentre) -> str | None:
    if a.side != ALLIED:
        return "supply centres are Allied"
    if not state.options.get(OPTION):
        return "the Allied supply centre rule is not in use (D77-ASUP-01)"
    lab = state.scenario.board.labels[a.place]
    if available(state) <= 0:
        if state.scratch.get("sc_removed") and len(centres(state)) + state.game.get("sc_lost", 0) < _max(state):
            return "a supply centre taken off this turn may not come back before the next game turn (D77-ASUP-13)"
        return f"no supply centre left to place: at most {_max(state)} (D77-ASUP-02)"
    if a.place in centres(state):
        return f"{lab} already holds a supply centre"
    if not is_site(state, a.place):
        return f"{lab} is not a coastal hex, port or inland port (D77-ASUP-12)"
    if enemy_at(state, ALLIED, a.place) or controller(state, a.place) != ALLIED:
        return f"{lab} is not controlled by the Allies (D77-ASUP-12)"
    return None


def place_legal(state: GameState, side: str, phase: Phase):
    if side != ALLIED or not state.options.get(OPTION) or available(state) <= 0:
        return
    bits = allied_bits(state)
    board = state.scenario.board
    for i in range(board.n):
        if bits >> i & 1 and is_site(state, i):
            a = PlaceSupplyCentre(side, i)
            if place_problem(state, a) is None:
                yield a


def place_apply(state: GameState, a: PlaceSupplyCentre, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    problem = place_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    state.markers = tuple(sorted((*state.markers, Marker(SC, a.place, ALLIED))))
    ch.markers = True


def remove_problem(state: GameState, a: RemoveSupplyCentre, phase: Phase) -> str | None:
    if a.side != ALLIED:
        return "supply centres are Allied"
    if phase.id != REMOVAL_PHASE:
        return "supply centres are taken off in the Allied movement phase (D77-ASUP-13)"
    if a.place not in centres(state):
        return f"{state.scenario.board.labels[a.place]} holds no supply centre"
    return None


def remove_legal(state: GameState, side: str, phase: Phase):
    for p in centres(state):
        a = RemoveSupplyCentre(side, p)
        if remove_problem(state, a, phase) is None:
            yield a


def remove_apply(state: GameState, a: RemoveSupplyCentre, ch: Changes, phase: Phase) -> None:
    check_place(state, a.place)
    problem = remove_problem(state, a, phase)
    if problem:
        raise IllegalAction(problem)
    state.markers = tuple(m for m in state.markers if not (m.kind == SC and m.place == a.place))
    state.scratch["sc_removed"] = state.scratch.get("sc_removed", 0) + 1
    ch.markers = True
