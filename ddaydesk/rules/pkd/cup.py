"""The Command Cup: HQ chits drawn one at a time, each activating its formation for one
Operation (docs/rules/koenig.md §2, STD-PKD-CUP). A draw is a roll of the engine's dice (an
index into the chits left), so it is in the log and undo stops there.

Entering ``allied.activation`` at the start of the Command Phase fills the cup and draws the
first chit; the drawn formation acts in its side's activation phase; ending the activation
(``end_phase``) draws the next. When the cup is empty the turn ends.
"""

from __future__ import annotations

from ddaydesk.engine import Action, Changes, EndPhase, GameState, Handler, IllegalAction, Phase
from ddaydesk.engine.state import ON_MAP
from ddaydesk.rules.pkd.records import (
    beach_of,
    can_arrive,
    formation_name,
    formation_of,
    own,
    rec,
)
from ddaydesk.rules.pkd.victory import sync_control

ACTIVATION = {"allied": "allied.activation", "german": "german.activation"}


def cup_contents(state: GameState) -> list[str]:
    """The formations whose chits go into the cup this turn: in play from this turn on, with a
    unit on the map or arriving."""
    b = beach_of(state)
    units = state.scenario.units
    alive = {formation_of(state, k) for k in range(len(units))
             if state.status[k] == ON_MAP or can_arrive(state, k)}
    return sorted(f.id for f in b.formations.values() if f.first_turn <= state.turn and f.id in alive)


def fill_and_draw(state: GameState, ch: Changes) -> None:
    """Hook ``pkd_command``: the cup filled for the turn, and its first chit drawn."""
    r = own(state)
    r["cup"] = cup_contents(state)
    r["drawn"] = []
    r["attached_used"] = []
    r["reconstituted"] = []
    draw_next(state, ch)


def draw_next(state: GameState, ch: Changes) -> bool:
    """Draw a chit and start its formation's activation; False when the cup is empty."""
    r = own(state)
    r["act"] = None
    if not r["cup"]:
        return False
    cup = list(r["cup"])
    i = 0 if len(cup) == 1 else ch.roll(state, len(cup), f"Command Cup, turn {state.turn}").value - 1
    fid = cup.pop(i)
    r["cup"] = cup
    r["drawn"] = [*r["drawn"], fid]
    side = beach_of(state).formations[fid].side
    r["act"] = {"formation": fid, "side": side, "op": None, "spent": {}, "fired": [], "done": [], "cc": {},
                "overrun": [], "force_march": None, "attached": [], "refit": None}
    state.phase = ACTIVATION[side]
    state.active = side
    if not ch.phases or ch.phases[-1] != state.phase:
        ch.phases.append(state.phase)
    left = f"{len(cup)} chit{'s' if len(cup) != 1 else ''} left"
    ch.notes.append(f"Command Cup: {formation_name(state, fid)} drawn ({left})")
    return True


def end_problem(state: GameState) -> str | None:
    r = rec(state)
    if r["battle"]:
        return "a battle waits for a decision"
    if state.phase == "interdiction":
        left = r["interdiction"]["to_place"]
        if left:
            return f"place the {left} Interdiction marker{'s' if left > 1 else ''} traded in first (PKD-INT-02)"
        return None
    act = r["act"]
    if act and act["refit"] and act["refit"]["left"]:
        return "assign the Rest & Refit Replacements first"
    return None


def _end_legal(state: GameState, side: str, phase: Phase):
    if side == state.active and end_problem(state) is None:
        yield EndPhase(side)


def _end_apply(state: GameState, a: Action, ch: Changes, phase: Phase) -> None:
    if a.side != state.active:
        raise IllegalAction(f"it is the {state.active} player's turn to act")
    problem = end_problem(state)
    if problem:
        raise IllegalAction(problem)
    if state.phase not in ACTIVATION.values():
        ch.end_phase = True
        return
    act = rec(state)["act"]
    if act:
        ch.notes.append(f"end of the {formation_name(state, act['formation'])} activation")
    sync_control(state)
    if draw_next(state, ch):
        return
    state.phase = ACTIVATION["german"]  # the last activation phase: the engine goes on to the end
    ch.end_phase = True


def end_handler() -> Handler:
    """``end_phase`` for Koenig: ends the activation under way (or the interdiction window)."""
    return Handler("end_phase", _end_legal, _end_apply, "any")
