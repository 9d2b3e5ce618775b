"""Operations of a drawn formation (docs/rules/koenig.md §4): the choice of Operation, who may
move and how far (engine movement limits), the moves themselves (the MP each unit spends is
kept, so an overrunning unit goes on with the rest), and the Leadership feats spent during an
activation: Force March (PKD-LEAD-08/09) and Temporary Attachment (PKD-LEAD-11)."""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine import Action, Changes, GameState, Handler, IllegalAction, Phase
from ddaydesk.engine.movement import check_move, path_cost
from ddaydesk.engine.state import MOVED, ON_MAP
from ddaydesk.rules.pkd.actions import Attach, ChooseOperation, ForceMarch, HaltOverrun
from ddaydesk.rules.pkd.data import entry
from ddaydesk.rules.pkd.records import (
    OPERATIONS,
    can_arrive,
    formation_name,
    formation_of,
    full_allowance,
    in_activation,
    name,
    own,
    rec,
)
from ddaydesk.rules.pkd.victory import sync_control


def _act_side(state: GameState, side: str) -> dict | None:
    """The activation under way if ``side`` is the one to act in it, else None."""
    r = rec(state)
    act = r["act"]
    if act is None or r["battle"] or side != act["side"] or side != state.active:
        return None
    return act


def op_title(op: str) -> str:
    return entry("operations", f"operations.{op}")["title"]


# -- the Operation ----------------------------------------------------------------------------
def operation_problem(state: GameState, side: str, op: str) -> str | None:
    act = _act_side(state, side)
    if act is None:
        return "only the player whose formation was drawn chooses its Operation"
    if act["op"] is not None:
        return f"the {formation_name(state, act['formation'])} already carries out a {op_title(act['op'])} Operation"
    if op not in OPERATIONS:
        return f"no Operation {op!r} (one of: {', '.join(OPERATIONS)})"
    if op == "rest_refit" and not state.options.get("rest_refit"):
        return "the Rest & Refit rule is not in use (PKD-RR-01)"
    return None


def _op_legal(state: GameState, side: str, phase: Phase):
    for op in OPERATIONS:
        if operation_problem(state, side, op) is None:
            yield ChooseOperation(side, op)


def _op_apply(state: GameState, a: ChooseOperation, ch: Changes, phase: Phase) -> None:
    problem = operation_problem(state, a.side, a.operation)
    if problem:
        raise IllegalAction(problem)
    r = own(state)
    r["act"] = {**r["act"], "op": a.operation}
    ch.notes.append(f"{formation_name(state, r['act']['formation'])}: {op_title(a.operation)} Operation")
    if a.operation == "rest_refit":
        from ddaydesk.rules.pkd.refit import draw_refit

        draw_refit(state, ch)


# -- who moves, and how far ---------------------------------------------------------------------
def move_check(state: GameState, k: int) -> str | None:
    """Why unit ``k`` may not move now (engine ``move_problem``), or None."""
    r = rec(state)
    act = r["act"]
    if act is None:
        return "units move when their formation's chit is drawn"
    if not in_activation(state, k):
        uid = state.scenario.units[k].id
        if uid in r["reconstituted"]:
            return f"{name(state, k)} was reconstituted this turn and conducts no Operation (PKD-RR-08)"
        return f"{name(state, k)} is not in the activated formation ({formation_name(state, act['formation'])})"
    op = act["op"]
    if op is None:
        return "choose the formation's Operation first"
    if op not in ("move", "combined"):
        return f"units do not move in a {op_title(op)} Operation" + (" (PKD-RR-02)" if op == "rest_refit" else "")
    uid = state.scenario.units[k].id
    if uid in act["done"]:
        return f"{name(state, k)} has ended its move"
    if act["overrun"] and uid not in act["overrun"]:
        return (f"{', '.join(name(state, state.unit(u)) for u in act['overrun'])} must finish its overrun "
                "before another unit moves (PKD-OVR-02)")
    return None


def moved_words(state: GameState, k: int) -> str:
    """A unit moves once in its formation's Operation (the engine's ``moved_words``)."""
    return f"{name(state, k)} has moved this activation: move another unit, attack, or end it (STD-PKD-OPS)"


def allowance(state: GameState, k: int, ticks: int) -> int:
    """Engine allowance filter: in its activation a unit has this Operation's allowance less
    what it spent; elsewhere (a planning view) its printed MA."""
    act = rec(state)["act"]
    if act is None or act["op"] is None or not in_activation(state, k):
        return ticks
    return max(0, full_allowance(state, k, act) - act["spent"].get(state.scenario.units[k].id, 0))


def wrap_move(core: Handler) -> Handler:
    """The engine's move, with the MP spent kept for the activation."""

    def apply(state: GameState, a: Action, ch: Changes, phase: Phase) -> None:
        try:
            k = state.unit(a.unit)
        except (KeyError, TypeError):
            raise IllegalAction(f"there is no unit {a.unit!r}") from None
        if state.scenario.units[k].side != a.side:
            raise IllegalAction(f"{name(state, k)} is not a {a.side} unit")
        path = check_move(state, k, a.to, a.mode, phase.units, a.via)
        cost = path_cost(state, k, a.mode, path)
        core.apply(state, replace(a, via=path), ch, phase)
        r = own(state)
        act = r["act"]
        uid = a.unit
        spent = {**act["spent"], uid: act["spent"].get(uid, 0) + cost}
        act = {**act, "spent": spent}
        if uid in act["overrun"] and full_allowance(state, k, act) - spent[uid] <= 0:
            act["overrun"] = [u for u in act["overrun"] if u != uid]
            act["done"] = [*act["done"], uid]
        r["act"] = act
        state._cache.clear()
        sync_control(state)

    return Handler("move", core.legal, apply, core.sides)


# -- overruns ---------------------------------------------------------------------------------
def _halt_legal(state: GameState, side: str, phase: Phase):
    act = _act_side(state, side)
    for uid in act["overrun"] if act else ():
        yield HaltOverrun(side, uid)


def _halt_apply(state: GameState, a: HaltOverrun, ch: Changes, phase: Phase) -> None:
    act = _act_side(state, a.side)
    if act is None or a.unit not in act["overrun"]:
        raise IllegalAction("that unit is not overrunning")
    r = own(state)
    r["act"] = {**act, "overrun": [u for u in act["overrun"] if u != a.unit], "done": [*act["done"], a.unit]}
    ch.notes.append(f"{name(state, state.unit(a.unit))} ends its overrun")


# -- Leadership feats of an activation ----------------------------------------------------------
def _holder(state: GameState, side: str) -> bool:
    return bool(state.options.get("leadership")) and rec(state)["leader"] == side


def force_march_problem(state: GameState, side: str, uid: str) -> str | None:
    act = _act_side(state, side)
    if act is None or not _holder(state, side):
        return "Force March spends the Leadership marker of the player whose formation is active (PKD-LEAD-08)"
    if act["op"] not in ("move", "combined"):
        return "Force March is for a Move or Combined Operation"
    if act["force_march"]:
        return "the marker has been spent"
    k = state.scenario.unit_index.get(uid)
    if k is None or not in_activation(state, k):
        return f"{uid} is not an activated unit"
    if state.flags[k] & MOVED or uid in act["spent"] or uid in act["done"]:
        return f"{name(state, k)} has already moved"
    if state.status[k] != ON_MAP and not can_arrive(state, k):
        return f"{name(state, k)} is not in play"
    return None


def _feat_legal(cls, problem):
    """A feat's legal actions: one per friendly unit it may be spent on now."""

    def legal(state: GameState, side: str, phase: Phase):
        if _holder(state, side) and _act_side(state, side) is not None:
            yield from (cls(side, u.id) for u in state.scenario.units
                        if u.side == side and problem(state, side, u.id) is None)

    return legal


def _spend_on(state: GameState, a, problem) -> dict:
    """Check a feat, spend the Leadership marker (PKD-LEAD-05) and give the record to change."""
    why = problem(state, a.side, a.unit)
    if why:
        raise IllegalAction(why)
    r = own(state)
    r["leader"] = None
    return r


def _fm_apply(state: GameState, a: ForceMarch, ch: Changes, phase: Phase) -> None:
    r = _spend_on(state, a, force_march_problem)
    r["act"] = {**r["act"], "force_march": a.unit}
    ch.notes.append(f"Force March: {name(state, state.unit(a.unit))} (the Leadership marker is spent)")


def attach_problem(state: GameState, side: str, uid: str) -> str | None:
    act = _act_side(state, side)
    if act is None or not _holder(state, side):
        return "Temporary Attachment spends the Leadership marker of the active player (PKD-LEAD-11)"
    k = state.scenario.unit_index.get(uid)
    if k is None or state.scenario.units[k].side != side or state.status[k] != ON_MAP:
        return f"{uid} is not a friendly unit on the map"
    f = formation_of(state, k)
    r = rec(state)
    if f == act["formation"] or uid in r["attached_used"]:
        return f"{name(state, k)} already acts with this formation or was attached this turn"
    if f in r["drawn"]:
        return f"{formation_name(state, f)} has already been activated this turn (PKD-LEAD-11)"
    return None


def _attach_apply(state: GameState, a: Attach, ch: Changes, phase: Phase) -> None:
    r = _spend_on(state, a, attach_problem)
    r["act"] = {**r["act"], "attached": [*r["act"]["attached"], a.unit]}
    r["attached_used"] = [*r["attached_used"], a.unit]
    k = state.unit(a.unit)
    ch.notes.append(f"Temporary Attachment: {name(state, k)} acts with the "
                    f"{formation_name(state, r['act']['formation'])} this turn")


def register(rm) -> None:
    rm.add_action(Handler("operation", _op_legal, _op_apply, "any"))
    rm.add_action(wrap_move(rm.handlers["move"]))
    rm.add_action(Handler("halt_overrun", _halt_legal, _halt_apply, "any"))
    rm.add_action(Handler("force_march", _feat_legal(ForceMarch, force_march_problem), _fm_apply, "any"))
    rm.add_action(Handler("attach", _feat_legal(Attach, attach_problem), _attach_apply, "any"))
    rm.add_move_limit(check=move_check, allowance=allowance)
    rm.moved_words = moved_words
