"""Rest & Refit (optional rule 14.3) and Unit Recovery (a Leadership feat, PKD-LEAD-12).

An R&R Operation draws a chit from the R&R Cup (a roll: the cup keeps its four chits,
PKD-RR-03 note) and gives that many Replacements, each removing one Hit from a unit of the
formation (PKD-RR-04); the '2*' chit allows one per unit, or both to bring back one eliminated
unit of the formation (PKD-RR-05/06). A unit brought back has 2 Hits (PKD-RR-07), conducts no
Operation this turn (PKD-RR-08) and is placed by :func:`placements` (PKD-RR-09..11); when no hex
qualifies the chance is lost (PKD-RR-12)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from ddaydesk.engine import Changes, GameState, Handler, IllegalAction, Phase
from ddaydesk.engine.state import ON_MAP
from ddaydesk.rules.pkd.actions import Reconstitute, Recover, Refit
from ddaydesk.rules.pkd.data import table, val
from ddaydesk.rules.pkd.records import (
    eliminated,
    enemy,
    formation_name,
    formation_of,
    name,
    on_map,
    own,
    rec,
    units_at,
)


def draw_refit(state: GameState, ch: Changes) -> None:
    cup = table("refit")["cup"]
    chit = cup[ch.roll(state, len(cup), "R&R Cup").value - 1]
    r = own(state)
    n = int(chit["replacements"])
    r["act"] = {**r["act"], "refit": {"chit": str(chit["chit"]), "left": n,
                                       "max_per_unit": chit.get("max_per_unit"),
                                       "reconstitute": bool(chit.get("reconstitute"))}}
    ch.notes.append(f"R&R Cup: chit {chit['chit']}: {n} Replacement{'s' if n != 1 else ''}"
                    + (" (the formation's turn is wasted)" if n == 0 else ""))


# -- where a unit comes back (PKD-RR-09..11) ----------------------------------------------------
def placements(state: GameState, k: int) -> list[int]:
    """Hexes where eliminated unit ``k`` may be placed now."""
    sc = state.scenario
    board = sc.board
    side = sc.units[k].side
    foe = enemy(side)
    f = formation_of(state, k)
    foes = [state.place[j] for j in range(len(sc.units)) if sc.units[j].side == foe and on_map(state, j)]
    near_foe = {q for p in foes for q in board.adj[p]} | set(foes)
    own_form = {state.place[j] for j in range(len(sc.units))
                if j != k and sc.units[j].side == side and on_map(state, j) and formation_of(state, j) == f}
    town_gap = val("refit", "town_distance")
    out = []
    for p in range(board.n):
        if not sc.system.terrain[board.terrain_of(p)].passable:
            continue
        here = units_at(state, p)
        if p not in near_foe:
            if len(here) == 1 and formation_of(state, here[0]) == f and sc.units[here[0]].side == side:
                out.append(p)  # PKD-RR-09: with one other unit of its formation
                continue
            if not here and any(q in own_form for q in board.adj[p]):
                out.append(p)  # PKD-RR-10: empty, next to its formation
                continue
        if (board.terrain_of(p) in ("town", "city") and len(here) == 1 and sc.units[here[0]].side == side
                and all(board.distance(p, q) >= town_gap for q in foes)):
            out.append(p)  # PKD-RR-11: a town or city with one friendly unit, far from the enemy
    return out


def _bring_back(state: GameState, k: int, place: int, ch: Changes) -> None:
    r = own(state)
    uid = state.scenario.units[k].id
    if place < 0:
        ch.notes.append(f"no hex qualifies: {name(state, k)} cannot be brought back; the chance is lost (PKD-RR-12)")
        return
    state.status[k] = ON_MAP
    state.place[k] = place
    state.steps_lost[k] = val("refit", "reconstituted_hits")
    r["reconstituted"] = [*r["reconstituted"], uid]
    ch.moved.append((uid, -1, place, (place,)))
    ch.notes.append(f"{name(state, k)} returns at {state.scenario.board.labels[place]} with 2 Hits")
    state._cache.clear()


def _place_problem(state: GameState, uid: str, place: int, formation: str) -> str | None:
    k = state.scenario.unit_index.get(uid)
    if k is None or not eliminated(state, k) or formation_of(state, k) != formation:
        return f"{uid} is not an eliminated unit of the {formation_name(state, formation)}"
    legal = placements(state, k)
    if place == -1 and legal:
        return f"{name(state, k)} has a hex to return to"
    if place != -1 and place not in legal:
        return f"{name(state, k)} may not be placed there (PKD-RR-09..11)"
    return None


def _comeback_options(state: GameState, side: str, formation: str, cls):
    for k, u in enumerate(state.scenario.units):
        if u.side == side and eliminated(state, k) and formation_of(state, k) == formation:
            for p in placements(state, k) or [-1]:
                yield cls(side, u.id, p)


# -- R&R ----------------------------------------------------------------------------------------
def _refit_pending(state: GameState, side: str) -> dict | None:
    r = rec(state)
    act = r["act"]
    if act is None or r["battle"] or side != act["side"] or side != state.active:
        return None
    rf = act["refit"]
    return rf if rf and rf["left"] else None


def _damaged(state: GameState, formation: str) -> dict[str, int]:
    return {u.id: state.steps_lost[k] for k, u in enumerate(state.scenario.units)
            if formation_of(state, k) == formation and on_map(state, k) and state.steps_lost[k]}


def refit_problem(state: GameState, a: Refit) -> str | None:
    rf = _refit_pending(state, a.side)
    if rf is None:
        return "no Replacements wait to be assigned"
    damaged = _damaged(state, rec(state)["act"]["formation"])
    count = Counter(a.units)
    usable = min(rf["left"], sum(min(h, rf["max_per_unit"] or h) for h in damaged.values()))
    if len(a.units) != usable:
        return f"assign {usable} Replacement{'s' if usable != 1 else ''} (the chit gives {rf['left']})"
    for uid, n in count.items():
        if uid not in damaged:
            return f"{uid} is not a unit of this formation with Hits"
        if n > damaged[uid]:
            return f"{name(state, state.unit(uid))} has only {damaged[uid]} Hits"
        if rf["max_per_unit"] and n > rf["max_per_unit"]:
            return f"with the {rf['chit']} chit a unit receives at most {rf['max_per_unit']} Replacement (PKD-RR-05)"
    return None


def _refit_legal(state: GameState, side: str, phase: Phase):
    rf = _refit_pending(state, side)
    if rf is None:
        return
    act = rec(state)["act"]
    damaged = _damaged(state, act["formation"])
    n = min(rf["left"], sum(min(h, rf["max_per_unit"] or h) for h in damaged.values()))
    for pick in combinations_with_replacement(sorted(damaged), n):
        a = Refit(side, pick)
        if refit_problem(state, a) is None:
            yield a


def _reconstitute_legal(state: GameState, side: str, phase: Phase):
    rf = _refit_pending(state, side)
    if rf and rf["reconstitute"] and rf["left"] >= 2:
        yield from _comeback_options(state, side, rec(state)["act"]["formation"], Reconstitute)


def _refit_apply(state: GameState, a: Refit, ch: Changes, phase: Phase) -> None:
    problem = refit_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    for uid, n in Counter(a.units).items():
        k = state.unit(uid)
        state.steps_lost[k] -= n
        ch.units.append(uid)
        ch.notes.append(f"{name(state, k)}: {n} Hit{'s' if n > 1 else ''} removed")
    r = own(state)
    r["act"] = {**r["act"], "refit": {**r["act"]["refit"], "left": 0}}


def _reconstitute_apply(state: GameState, a: Reconstitute, ch: Changes, phase: Phase) -> None:
    rf = _refit_pending(state, a.side)
    if rf is None or not rf["reconstitute"] or rf["left"] < 2:
        raise IllegalAction("only both Replacements of the 2* chit reconstitute a unit (PKD-RR-06)")
    problem = _place_problem(state, a.unit, a.place, rec(state)["act"]["formation"])
    if problem:
        raise IllegalAction(problem)
    r = own(state)
    r["act"] = {**r["act"], "refit": {**rf, "left": 0}}
    _bring_back(state, state.unit(a.unit), a.place, ch)


# -- Unit Recovery (PKD-LEAD-12) ----------------------------------------------------------------
def _recover_side(state: GameState, side: str) -> str | None:
    """The activated formation, if ``side`` may spend its Leadership marker on it now."""
    r = rec(state)
    act = r["act"]
    if (not state.options.get("leadership") or r["leader"] != side or act is None or r["battle"]
            or act["side"] != side or state.active != side):
        return None
    return act["formation"]


def _recover_legal(state: GameState, side: str, phase: Phase):
    f = _recover_side(state, side)
    if f:
        yield from _comeback_options(state, side, f, Recover)


def _recover_apply(state: GameState, a: Recover, ch: Changes, phase: Phase) -> None:
    f = _recover_side(state, a.side)
    if f is None:
        raise IllegalAction("Unit Recovery spends the Leadership marker when the unit's formation is "
                            "activated (PKD-LEAD-12)")
    problem = _place_problem(state, a.unit, a.place, f)
    if problem:
        raise IllegalAction(problem)
    own(state)["leader"] = None
    ch.notes.append("Unit Recovery: the Leadership marker is spent")
    _bring_back(state, state.unit(a.unit), a.place, ch)


def register(rm) -> None:
    rm.add_action(Handler("refit", _refit_legal, _refit_apply, "any"))
    rm.add_action(Handler("reconstitute", _reconstitute_legal, _reconstitute_apply, "any"))
    rm.add_action(Handler("recover", _recover_legal, _recover_apply, "any"))
