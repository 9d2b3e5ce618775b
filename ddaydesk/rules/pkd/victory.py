"""Who holds the objectives, and who has won (docs/rules/koenig.md §8, STD-PKD-VIC).

An objective hex belongs to the side that last had a unit in it (at the start: the side
standing there, else the German). ``sync_control`` runs after every move, battle and
activation; ``end_of_turn`` (hook ``pkd_end_of_turn``) checks the sudden death (the Allies
in every Caen hex) and, after the last turn, the victory points.
"""

from __future__ import annotations

from ddaydesk.engine import OVER, Changes, GameState
from ddaydesk.engine.state import ELIMINATED
from ddaydesk.rules.pkd.records import beach_of, own, rec


def objective_hexes(state: GameState) -> dict[str, list[int]]:
    """Objective name -> its hexes on the map (a name on several hexes: all of them)."""
    board = state.scenario.board
    wanted = {name for name, _vp in beach_of(state).objectives}
    out: dict[str, list[int]] = {}
    for p in board.places:
        if p.name in wanted:
            out.setdefault(p.name, []).append(p.place)
    return {k: sorted(set(v)) for k, v in out.items()}


def _occupant(state: GameState, place: int) -> str | None:
    here = state.units_at().get(place)
    return state.scenario.units[here[0]].side if here else None


def init_control(state: GameState) -> None:
    labels = state.scenario.board.labels
    control = {}
    for places in objective_hexes(state).values():
        for p in places:
            control[labels[p]] = _occupant(state, p) or "german"
    own(state)["control"] = control


def sync_control(state: GameState) -> None:
    index = state.scenario.board.index_of
    control = rec(state)["control"]
    changed = {}
    for label, side in control.items():
        who = _occupant(state, index[label])
        if who and who != side:
            changed[label] = who
    if changed:
        own(state)["control"] = {**control, **changed}


def held(state: GameState, name: str, side: str) -> bool:
    places = objective_hexes(state).get(name, [])
    control = rec(state)["control"]
    labels = state.scenario.board.labels
    return bool(places) and all(control.get(labels[p]) == side for p in places)


def score(state: GameState) -> dict[str, dict[str, int]]:
    """Victory points so far: per side, each objective held and the enemy units eliminated."""
    b = beach_of(state)
    out: dict[str, dict[str, int]] = {"allied": {}, "german": {}}
    for name, vp in b.objectives:
        for side in out:
            if held(state, name, side):
                out[side][name] = vp
    for side, enemy in (("allied", "german"), ("german", "allied")):
        n = sum(1 for k, u in enumerate(state.scenario.units) if u.side == enemy and state.status[k] == ELIMINATED)
        out[side]["enemy units eliminated"] = n * b.eliminated_vp
    return out


def totals(state: GameState) -> dict[str, int]:
    return {side: sum(v.values()) for side, v in score(state).items()}


def end_of_turn(state: GameState, ch: Changes) -> None:
    """Hook ``pkd_end_of_turn``: unspent Support lost (STD-PKD-SUP), then the victory check."""
    r = own(state)
    r["support"] = {"allied": {"artillery": 0, "allied_support": 0}, "german": {"artillery": 0}}
    r["act"] = None
    r["interdiction"] = {"traded": 0, "to_place": 0}
    sync_control(state)
    b = beach_of(state)
    outcome = None
    if held(state, b.sudden_death, "allied"):
        outcome = ("allied", f"the Allies hold {b.sudden_death} at the end of turn {state.turn}")
    elif state.turn >= state.scenario.last_turn:
        t = totals(state)
        margin = t["allied"] - t["german"]
        winner = "allied" if margin >= b.allied_margin else "german"
        outcome = (winner, f"victory points: Allies {t['allied']}, Germans {t['german']} "
                           f"(the Allies needed a lead of {b.allied_margin})")
    if outcome:
        state.game["outcome"] = {"winner": outcome[0], "reason": outcome[1], "rule": "STD-PKD-VIC",
                                 "turn": state.turn}
        ch.notes.append(f"game over: {outcome[0]} victory: {outcome[1]}")
        state.phase = OVER
