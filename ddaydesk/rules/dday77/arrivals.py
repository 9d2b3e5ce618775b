"""Reinforcements and replacements as play (docs/rules/dday77.md §9-10).

Allied units in the pool come on the map by an ordinary ``move`` from an Allied supply source
(STD-REIN-04: a controlled coastal hex of an invasion area, port or inland port; with the
Allied supply option, a hex marked by a Supply Centre), charged to the turn's allotment
(STD-REIN-01/02, snow D77-WX-20). German units enter by the engine's default, the German
entry hexes. ``Replace`` spends replacement factors (STD-REPL-*) to send an eliminated unit
back to the pool: it enters like a reinforcement, outside the allotment.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ELIMINATED, PENDING, GameState
from ddaydesk.engine.systems import Handler
from ddaydesk.rules.allotments import replacement_cost, replacement_factors
from ddaydesk.rules.dday77.common import ALLIED, allotment_left, own_unit, spend_allotment
from ddaydesk.rules.dday77.control import SC, allied_bits, mark_path

SOURCE_KINDS = ("port", "inland_port")
REBUILT = "rebuilt"  # game: rebuilt units not yet back on the map (they enter outside the allotment)


def allied_sources(state: GameState) -> list[int]:
    """Hexes that are Allied supply sources now (STD-REIN-04, D77-ASUP-11)."""
    got = state._cache.get("allied_sources")
    if got is not None:
        return got
    bits = allied_bits(state)
    if state.options.get("allied_supply"):
        got = sorted({m.place for m in state.markers if m.kind == SC})
    else:
        board = state.scenario.board
        cands = state.scenario.__dict__.get("_allied_source_cands")
        if cands is None:
            cands = {p.place for p in board.places if p.kind in SOURCE_KINDS}
            cands |= {i for r in board.regions.values() if r.kind == "invasion_area" for i in r.places}
            cands = state.scenario.__dict__["_allied_source_cands"] = sorted(cands)
        got = [i for i in cands if bits >> i & 1]
    state._cache["allied_sources"] = got
    return got


def entry(state: GameState, k: int, places: list[int]) -> list[int]:
    """Entry filter (``add_move_limit(entry=)``): Allied units without a scenario region come
    on at the supply sources, and only when an allotment applies (not on the invasion turn)
    or they are returning replacements."""
    u = state.scenario.units[k]
    if u.side != ALLIED or u.arrive_region:
        return places
    if allotment_left(state) is None and state.scenario.units[k].id not in state.game.get(REBUILT, ()):
        return []
    return allied_sources(state)


def wrap_move(core: Handler) -> Handler:
    """The engine's ``move`` (``core``), plus the allotment for Allied units coming over from
    England and the loss of a lone Supply Centre an enemy unit enters (D77-ASUP-04)."""

    def charged(state: GameState, a) -> bool:
        k = state.scenario.unit_index.get(a.unit)
        return (k is not None and a.side == ALLIED and state.status[k] == PENDING
                and a.unit not in state.game.get(REBUILT, ()))

    def legal(state: GameState, side: str, phase: Phase):
        moves = core.legal(state, side, phase)
        left = allotment_left(state) if side == ALLIED else None
        if left is None:
            return moves
        units = state.scenario.units
        # (per unit, not per move: a side's moves run to tens of thousands on a big map)
        over = {u.id for k, u in enumerate(units) if u.side == side and state.status[k] == PENDING
                and u.attack > left and u.id not in state.game.get(REBUILT, ())}
        return [a for a in moves if a.unit not in over] if over else moves

    def apply(state: GameState, a, ch: Changes, phase: Phase) -> None:
        charge = charged(state, a)
        core.apply(state, a, ch, phase)  # the move's own checks first; the state is a copy
        if charge:
            spend_allotment(state, state.unit(a.unit), "reinforcements enter")
        mark_path(state, a.side, ch.moved[-1][3])
        if a.unit in state.game.get(REBUILT, ()):
            state.game[REBUILT] = [u for u in state.game[REBUILT] if u != a.unit]
        _sc_overrun(state, a, ch)

    return Handler("move", legal, apply, core.sides)


def _sc_overrun(state: GameState, a, ch: Changes) -> None:
    """D77-ASUP-04: a German unit entering (or passing through) a hex holding only an SC
    removes it from the game."""
    if a.side == ALLIED:
        return
    path = ch.moved[-1][3]
    passed = [m for m in state.markers if m.kind == SC and m.place in path]
    if not passed:
        return
    at = state.units_at()
    units = state.scenario.units
    lost = [m for m in passed if not any(units[j].side == ALLIED for j in at.get(m.place, ()))]
    if lost:
        state.markers = tuple(m for m in state.markers if m not in lost)
        state.game["sc_lost"] = state.game.get("sc_lost", 0) + len(lost)
        ch.markers = True
        for m in lost:
            ch.notes.append(f"supply centre at {state.scenario.board.labels[m.place]} overrun and lost (D77-ASUP-04)")


# -- replacements -----------------------------------------------------------------------------
@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Replace(Action):
    """Return eliminated ``unit`` to play with replacement factors (STD-REPL-01)."""

    kind = "replace"
    unit: str


def replacements_left(state: GameState, side: str) -> int:
    got = replacement_factors(side, state.turn, state.scenario.system.id).value
    return got - state.scratch.get("replacements_used", {}).get(side, 0)


def replace_problem(state: GameState, a: Replace) -> str | None:
    k = state.scenario.unit_index.get(a.unit)
    if k is None or state.scenario.units[k].side != a.side:
        return f"{a.unit!r} is not a {a.side} unit"
    u = state.scenario.units[k]
    if state.status[k] != ELIMINATED:
        return f"{a.unit} is not eliminated"
    cost = replacement_cost(a.side, u.type, u.attack, state.scenario.system.id)
    if cost is None:
        return f"{u.type} units are not rebuilt (STD-REPL-13, STD-REPL-24)"
    left = replacements_left(state, a.side)
    if cost.value > left:
        return f"{a.unit} costs {cost.value} replacement factors; {left} left this turn ({cost.rule})"
    return None


def replace_legal(state: GameState, side: str, phase: Phase):
    for k, u in enumerate(state.scenario.units):
        if u.side == side and state.status[k] == ELIMINATED:
            a = Replace(side, u.id)
            if replace_problem(state, a) is None:
                yield a


def replace_apply(state: GameState, a: Replace, ch: Changes, phase: Phase) -> None:
    problem = replace_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    k = own_unit(state, a)
    u = state.scenario.units[k]
    cost = replacement_cost(a.side, u.type, u.attack, state.scenario.system.id)
    used = state.scratch.get("replacements_used", {})
    state.scratch["replacements_used"] = {**used, a.side: used.get(a.side, 0) + cost.value}
    state.game[REBUILT] = [*state.game.get(REBUILT, []), a.unit]
    state.status[k], state.steps_lost[k] = PENDING, 0
    ch.units.append(a.unit)
    ch.notes.append(f"{a.unit} rebuilt for {cost.value} replacement factors ({cost.rule}); it enters as a reinforcement")
