"""A rolled combat's result in the game: forced losses at once, then the owners' choices one
after another (losses, retreats or stiff resistance, advance), each an action of the log.

The pending combat (``extra["combat"]["pending"]``) holds the queue of choices still to be
made; its head names the side that must choose, and ``state.active`` is that side while it
waits, so ``legal_actions(state, state.active)`` always lists what the game waits for.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from ddaydesk.engine import ATTACKED, ELIMINATED, Changes, GameState, IllegalAction, current_phase
from ddaydesk.rules.combat.actions import Advance, Retreat, StiffResistance, TakeLosses
from ddaydesk.rules.combat.retreat import retreat_paths
from ddaydesk.rules.combat.state_adapter import record, situation, writable

if TYPE_CHECKING:
    from ddaydesk.rules.combat.results import ResultPlan


# ---- unit changes ------------------------------------------------------------------------------
def eliminate(state: GameState, uid: str, ch: Changes) -> None:
    k = state.unit(uid)
    state.status[k] = ELIMINATED
    state.place[k] = -1
    ch.removed.append(uid)
    state._cache.clear()


def lose_step(state: GameState, uid: str, ch: Changes) -> None:
    """One step lost: a full unit with a reduced side flips, any other unit is eliminated."""
    k = state.unit(uid)
    if state.steps_lost[k] == 0 and state.scenario.units[k].reduced is not None:
        state.steps_lost[k] = 1
        ch.units.append(uid)
        state._cache.clear()
    else:
        eliminate(state, uid, ch)


def move_unit(state: GameState, uid: str, path: tuple[int, ...], ch: Changes) -> None:
    k = state.unit(uid)
    frm = state.place[k]
    state.place[k] = path[-1]
    ch.moved.append((uid, frm, path[-1], (frm, *path)))
    state._cache.clear()


def mark_attacked(state: GameState, uids: tuple[str, ...]) -> None:
    rec = writable(state)
    rec["attacked"] = sorted({*rec["attacked"], *uids})
    for uid in uids:
        state.flags[state.unit(uid)] |= ATTACKED
    state._cache.clear()


# ---- the queue ---------------------------------------------------------------------------------
def queue_from_plan(plan: ResultPlan, attacker: str, defender: str, retreat: int, ignore_ezoc: bool,
                    target_label: str) -> list[dict]:
    q: list[dict] = []
    for c in sorted(plan.step_choices, key=lambda c: c.side != defender):
        q.append({"do": "steps", "side": c.side, "steps": c.steps, "candidates": list(c.candidates)})
    if plan.exchange_options:
        q.append({"do": "exchange", "side": attacker, "need": plan.exchange_need,
                  "options": [list(o) for o in plan.exchange_options]})
    if plan.retreats:
        q.append({"do": "retreat", "side": plan.retreat_side, "units": sorted(plan.retreats), "hexes": retreat,
                  "stiff": plan.stiff_resistance, "stiff_steps": plan.stiff_resistance_steps,
                  "ignore_ezoc": ignore_ezoc, "started": False})
    if plan.advance_units:
        q.append({"do": "advance", "side": attacker, "units": list(plan.advance_units), "hex": target_label,
                  "max": plan.advance_max})
    return q


def settle(state: GameState, ch: Changes) -> None:
    """Drop choices that have nothing left to decide, run what is forced (a retreating unit
    with no path is eliminated), then hand the turn to whoever must choose next, or end the
    combat and give it back to the phasing side."""
    rec = writable(state)
    p = rec.get("pending")
    while p is not None and p.get("stage") == "result":
        q = p["queue"]
        if not q:
            rec["pending"] = p = None
            break
        head = q[0]
        if not _still_open(state, head, ch):
            q.pop(0)
            continue
        state.active = head["side"]
        return
    state.active = current_phase(state).side


def _on_map(state: GameState, uid: str) -> bool:
    k = state.unit(uid)
    return state.status[k] == "on_map" and state.place[k] >= 0


def _still_open(state: GameState, head: dict, ch: Changes) -> bool:
    do = head["do"]
    if do == "exchange":
        head["options"] = [o for o in head["options"] if all(_on_map(state, u) for u in o)]
        return bool(head["options"])
    if do == "steps":
        head["candidates"] = [u for u in head["candidates"] if _on_map(state, u)]
        if sum(_steps_of(state, u) for u in head["candidates"]) <= head["steps"]:
            for uid in head["candidates"]:  # no choice left: every step goes
                eliminate(state, uid, ch)
            return False
        return True
    if do == "retreat":
        head["units"] = [u for u in head["units"] if _on_map(state, u)]
        for uid in list(head["units"]):
            if not paths_for(state, head, uid):
                eliminate(state, uid, ch)
                ch.notes.append(f"{uid} has no legal retreat path and is eliminated (STD-RETREAT)")
                head["units"].remove(uid)
        return bool(head["units"])
    # advance: the hex must be empty of enemy units and someone must be able to go
    target = state.scenario.board.index(head["hex"])
    at = state.units_at().get(target, [])
    units = state.scenario.units
    if any(units[k].side != head["side"] for k in at):
        return False
    head["units"] = [u for u in head["units"] if _on_map(state, u)
                     and target in state.scenario.board.adj[state.place[state.unit(u)]]]
    return bool(head["units"])


def paths_for(state: GameState, head: dict, uid: str) -> list[tuple[int, ...]]:
    sit = situation(state)
    leaving = frozenset(head["units"])
    return retreat_paths(sit, sit.unit(uid), head["hexes"], head["ignore_ezoc"], leaving)


def head_of(state: GameState, side: str, do: tuple[str, ...]) -> dict | None:
    p = record(state).get("pending")
    if not p or p.get("stage") != "result" or not p["queue"]:
        return None
    head = p["queue"][0]
    return head if head["do"] in do and head["side"] == side else None


def _head_or_refuse(state: GameState, side: str, do: tuple[str, ...], what: str) -> dict:
    p = record(state).get("pending")
    head = head_of(state, side, do)
    if head is None:
        if not p or p.get("stage") != "result":
            raise IllegalAction(f"no combat result waits for {what}")
        h = p["queue"][0]
        raise IllegalAction(f"the combat at {p['target']} waits for the {h['side']} player's {h['do']} choice")
    return writable(state)["pending"]["queue"][0]


# ---- take_losses -----------------------------------------------------------------------------
def losses_legal(state: GameState, side: str, phase):
    head = head_of(state, side, ("steps", "exchange"))
    if head is None:
        return
    if head["do"] == "exchange":
        for o in head["options"]:
            yield TakeLosses(side, tuple(o))
        return
    for combo in combinations_with_replacement(head["candidates"], head["steps"]):
        if _steps_ok(state, combo):
            yield TakeLosses(side, combo)


def _steps_of(state: GameState, uid: str) -> int:
    k = state.unit(uid)
    return 2 if state.scenario.units[k].reduced is not None and not state.steps_lost[k] else 1


def _steps_ok(state: GameState, units: tuple[str, ...]) -> bool:
    """No unit loses more steps than it has."""
    return all(units.count(uid) <= _steps_of(state, uid) for uid in set(units))


def losses_apply(state: GameState, a: TakeLosses, ch: Changes, phase) -> None:
    head = _head_or_refuse(state, a.side, ("steps", "exchange"), "losses")
    units = tuple(a.units)
    if head["do"] == "exchange":
        if sorted(units) not in [sorted(o) for o in head["options"]]:
            opts = "; ".join(", ".join(o) for o in head["options"])
            raise IllegalAction(f"the exchange needs units with at least {head['need']} printed attack factors: "
                                f"choose one of {opts} (D77-NAV-11: naval and air points do not count)")
        for uid in units:
            eliminate(state, uid, ch)
        ch.notes.append(f"exchange: {a.side} loses {', '.join(units)}")
    else:
        if len(units) != head["steps"] or not set(units) <= set(head["candidates"]) or not _steps_ok(state, units):
            raise IllegalAction(f"choose {head['steps']} step loss(es) among {', '.join(head['candidates'])}")
        for uid in units:
            lose_step(state, uid, ch)
        ch.notes.append(f"{a.side} step losses: {', '.join(units)}")
    writable(state)["pending"]["queue"].pop(0)
    settle(state, ch)


# ---- retreat and stiff resistance ------------------------------------------------------------------
def retreat_legal(state: GameState, side: str, phase):
    head = head_of(state, side, ("retreat",))
    if head is None:
        return
    for uid in head["units"]:
        for path in paths_for(state, head, uid):
            yield Retreat(side, uid, path)


def retreat_apply(state: GameState, a: Retreat, ch: Changes, phase) -> None:
    head = _head_or_refuse(state, a.side, ("retreat",), "a retreat")
    if a.unit not in head["units"]:
        raise IllegalAction(f"{a.unit} does not retreat in this combat (retreating: {', '.join(head['units'])})")
    paths = paths_for(state, head, a.unit)
    if tuple(a.via) not in paths:
        lab = state.scenario.board.labels
        shown = "; ".join("-".join(lab[p] for p in path) for path in paths)
        raise IllegalAction(f"{a.unit} must retreat {head['hexes']} hexes along one of: {shown} (STD-RETREAT)")
    move_unit(state, a.unit, tuple(a.via), ch)
    head["units"].remove(a.unit)
    head["started"] = True
    if not head["units"]:
        writable(state)["pending"]["queue"].pop(0)
    settle(state, ch)


def stiff_legal(state: GameState, side: str, phase):
    head = head_of(state, side, ("retreat",))
    if head is None or not head["stiff"] or head["started"]:
        return
    for uid in head["units"]:
        yield StiffResistance(side, uid)


def stiff_apply(state: GameState, a: StiffResistance, ch: Changes, phase) -> None:
    head = _head_or_refuse(state, a.side, ("retreat",), "stiff resistance")
    if not head["stiff"] or head["started"] or a.unit not in head["units"]:
        raise IllegalAction("stiff resistance is not possible here: it replaces the whole retreat "
                            "with one defender's step loss (STD-FM-SR, not in a drop-hex attack: FMU-AIRB-13)")
    for _ in range(max(head["stiff_steps"], 1)):
        if _on_map(state, a.unit):
            lose_step(state, a.unit, ch)
    ch.notes.append(f"stiff resistance: {a.unit} loses a step and the defenders hold (STD-FM-SR)")
    writable(state)["pending"]["queue"].pop(0)
    settle(state, ch)


# ---- advance after combat ------------------------------------------------------------------------
def advance_legal(state: GameState, side: str, phase):
    head = head_of(state, side, ("advance",))
    if head is None:
        return
    yield Advance(side, ())
    room = _room(state, head)
    units = head["units"]
    # every subset up to the room left, in scenario order (a stack is at most a few units)
    subsets: list[tuple[str, ...]] = [()]
    for uid in units:
        subsets += [(*s, uid) for s in subsets if len(s) < room]
    for s in subsets[1:]:
        yield Advance(side, s)


def _room(state: GameState, head: dict) -> int:
    limit = head["max"]
    return len(head["units"]) if limit is None else limit


def advance_apply(state: GameState, a: Advance, ch: Changes, phase) -> None:
    head = _head_or_refuse(state, a.side, ("advance",), "an advance")
    units = tuple(a.units)
    if len(set(units)) != len(units) or not set(units) <= set(head["units"]):
        raise IllegalAction(f"only {', '.join(head['units'])} may advance into {head['hex']}")
    if len(units) > _room(state, head):
        raise IllegalAction(f"at most {_room(state, head)} units may advance into {head['hex']} (stacking)")
    target = state.scenario.board.index(head["hex"])
    for uid in units:
        move_unit(state, uid, (target,), ch)
    if units:
        ch.notes.append(f"advance after combat into {head['hex']}: {', '.join(units)}")
    writable(state)["pending"]["queue"].pop(0)
    settle(state, ch)
