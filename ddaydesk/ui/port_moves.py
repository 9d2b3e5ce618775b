"""Movement for the engine port: a unit's legal range, why a place is out of reach, and the
moves the map shows afterwards (airborne drift; the trails are ``action_marks.last_moves``).

Hex systems search with the engine's ``reach`` (MP costs, the cheapest paths, ZOC stops);
a system whose rules module lists its own moves (D-Day2: one zone a step) is read from
``legal_actions``, so what the map shades is exactly what the rules accept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import current_phase, legal_actions, problem, reach
from ddaydesk.engine.movement import move_problem, why_not
from ddaydesk.ui.port import PortError

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import MoveRange

MODE_TITLES = {"normal": "Normal movement",
               "strategic": "Strategic movement (double, kept away from the enemy)",
               "surprise": "Surprise attack movement (strategic, may end next to the enemy)"}


def move_modes(port) -> tuple[tuple[str, str, str], ...]:
    """(mode, title, why not now) of each way of moving the rules have: normal; D-Day '77's
    strategic movement and, with the surprise attack option, surprise movement (D77-SURP-01..05)."""
    from ddaydesk.engine.tables import load_move_rules
    from ddaydesk.formats.errors import FormatError

    only = (("normal", MODE_TITLES["normal"], ""),)
    if port._own_moves or port._caps.why_not("move"):
        return only
    try:
        rules = load_move_rules(port.scenario.system.id)
    except FormatError:  # a system without a movement table (its own moves)
        return only
    if rules.strategic is None:
        return only
    state = port.game.state
    phase = current_phase(state)
    moving = "move" in phase.actions and phase.kind == "movement"
    why_strategic = "" if moving else "only in a movement phase"
    why_surprise = why_strategic
    s = rules.surprise
    if s is None or not state.options.get(s.option):
        why_surprise = "the surprise attack optional rule is not in play (D77-SURP-01)"
    elif not why_surprise and state.scratch.get("surprise") != phase.side:
        why_surprise = "declare the surprise attack first (Actions dock, D77-SURP-01)"
    elif not why_surprise and len(state.scratch.get("surprise_units", [])) >= s.max_units:
        why_surprise = f"{s.max_units} units have already moved for the surprise attack (D77-SURP-02)"
    return (("normal", MODE_TITLES["normal"], ""), ("strategic", MODE_TITLES["strategic"], why_strategic),
            ("surprise", MODE_TITLES["surprise"], why_surprise))


def move_range(port, unit: str, mode: str = "normal") -> MoveRange:
    from ddaydesk.ui.port_values import MoveRange  # (not before a start's first frame)

    state = port.game.state
    k = port.scenario.unit_index[unit]
    name = port.scenario.units[k].name
    phase = current_phase(state)
    if "place_withheld" in phase.actions:  # set-up: a withheld unit goes where it may stand
        spots = {a.place: 0 for a in legal_actions(state, phase.side, ("place_withheld",)) if a.unit == unit}
        if not spots:
            raise PortError(f"{name} is not a withheld {phase.side} unit")
        return MoveRange(unit, -1, spots, {})
    if port.profile.move_kind not in phase.actions or phase.side != port.scenario.units[k].side:
        raise PortError(f"{name} cannot move now ({port.phase_title(phase.id)})")
    if port._own_moves:
        return _listed_range(port, unit, k)
    why = move_problem(state, k, mode, phase.units)
    if why:
        raise PortError(port.name(why))
    r = reach(state, k, mode)
    cost = {i: r.cost(i) for i in r.dest}
    came: dict[int, int] = {}
    passes: dict[int, float] = {}
    for i in r.dest:  # predecessors along every path, which may cross non-destinations
        j = i
        while r.prev[j] >= 0 and j not in came:
            came[j] = r.prev[j]
            j = r.prev[j]
            if j not in cost and j != r.start:
                passes[j] = r.cost(j)
    if r.start >= 0:
        cost[r.start] = 0
    return MoveRange(unit, r.start, cost, came, frozenset(r.zoc_stops), passes)


def listed_moves(port, unit: str) -> dict:
    """Place -> the listed action moving ``unit`` there (the profile's move kind; its mover is
    the action's ``unit``, or ``player`` where a player's marker is the unit)."""
    state = port.game.state
    k = port.scenario.unit_index.get(unit)
    here = state.place[k] if k is not None else -1  # (an action naming no place: into the unit's own)
    kinds = (port.profile.move_kind, *port.profile.more_move_kinds)
    return {getattr(a, "to", here): a for a in legal_actions(state, state.active, kinds)
            if getattr(a, "unit", getattr(a, "player", None)) == unit}


def _listed_range(port, unit: str, k: int) -> MoveRange:
    """The places the rules list a move to, one step each, with the profile's cost of each."""
    from ddaydesk.ui.port_values import MoveRange

    state = port.game.state
    start = state.place[k]
    profile = port.profile
    dest = listed_moves(port, unit)
    if not dest:
        probe = next(iter(port.board.adj[start]), start) if start >= 0 else 0
        why = problem(state, profile.move_action(state, unit, probe))
        raise PortError(port.name(why or "it has no legal move now"))
    cost = {i: profile.move_cost(state, a) if profile.move_cost_unit else 1.0 for i, a in dest.items()}
    if start in dest:  # beside the place it goes into (D-Day2's beachhead): it starts nowhere on the map
        return MoveRange(unit, -1, cost, {}, cost_unit=profile.move_cost_unit)
    cost[start] = 0.0
    return MoveRange(unit, start, cost, {i: start for i in dest}, cost_unit=profile.move_cost_unit)


def why_not_move(port, unit: str, place: int, mode: str = "normal") -> str:
    state = port.game.state
    k = port.scenario.unit_index[unit]
    if port._own_moves:
        return port.name(problem(state, port.profile.move_action(state, unit, place)) or "")
    why = move_problem(state, k, mode, current_phase(state).units)
    return port.name(why or why_not(state, reach(state, k, mode), place))


def drifts(state, board) -> tuple[tuple[int, int], ...]:
    """Where airborne units were dropped against where they landed (FMU-AIRB-08), from the
    drop record the landing rules keep (docs/rules/fire-and-movement.md)."""
    out = []
    for d in state.extra.get("fmu", {}).get("drops", {}).values():
        planned, landed = d.get("planned"), d.get("landed")
        if planned and landed and planned != landed:
            out.append((board.index(planned), board.index(landed)))
    return tuple(sorted(out))
