"""The turn's automatic steps (turn start, upkeep, end of turn), the conditions that pass
phases over, what a phase waits for before it ends, and how the game ends.

The game ends when every Allied Unit has taken a final Bunker (co-operative), when any Unit
is wiped out (every game; a Unit destroyed in a Phase 7 assault while others play does not
count, DDD-GER-33), when a Unit wins a Phase 7 assault (DDD-GER-28), when the last Unit falls
in one, and in solitaire when the German has no Soldiers and no Specialists left
(DDD-SOLO-08) or survives the storming of the Bunker. With Carry On! a wiped-out Unit falls
back instead (carry_on.py). In a campaign a battle ends as campaign.py says, and the game
after the last one.
"""

from __future__ import annotations

from ddaydesk.engine import OVER, Changes, GameState, Phase
from ddaydesk.rules.ddd import campaign, conditions, scoring
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.moves import move_end_problem
from ddaydesk.rules.ddd.pending import waiting
from ddaydesk.rules.ddd.rolls import players


def turn_start(state: GameState, ch: Changes) -> None:
    r = m.own(state)
    r["new_battle"] = False
    for pid in r["order"]:
        m.reset_turn(m.player(r, pid))
    r["turnfx"] = {}
    r["solo"]["moved"] = False
    conditions.draw(state, ch)


def upkeep(state: GameState, ch: Changes) -> None:
    """Phase 3: every Unit marker turns up one face (wave2.md §1.4)."""
    r = m.own(state)
    for pid in m.active_units(r):
        m.player(r, pid)["marker"] += 1


def settle(state: GameState, ch: Changes) -> None:
    """End the game if it is decided (after every action and hook)."""
    r = m.rec(state)
    if r is None or state.phase == OVER or campaign.between(r):
        return
    winner, why = r["winner"], r["end"]
    if winner is None:
        units = m.allied_ids(r)
        lost = [u for u in units if m.player(r, u)["status"] == "wiped_out"]
        if r.get("campaign"):
            winner, why = campaign.battle_done(state) or (None, "")
        elif lost:
            winner, why = "german", f"{m.player_name(state, lost[0])} was wiped out: the Allies lose"
        elif m.solo(r) and m.force(m.player(r, m.GERMAN)) <= 0:
            winner, why = "allied", "the German has no Soldiers and no Specialists left"
        elif not m.has_german(r) and all(m.player(r, u)["status"] == "bunker" for u in units):
            winner, why = "allied", "every Unit has taken the Bunker"
    if winner is None:
        return
    if r.get("campaign"):
        if campaign.battle_over(state, winner, why, ch):
            m.own(state).update(winner=None, end="")
            state.phase, state.active = "debrief", "allied"  # straight to the record (as to OVER)
            ch.end_phase = False
            ch.phases.append("debrief")
            return
        why = campaign.champion(state)[1]
    r = m.own(state)
    r["winner"], r["end"], r["pending"] = winner, why, []
    state.game = {**state.game, "outcome": {"winner": winner, "turn": state.turn, "reason": why}}
    state.phase = OVER
    ch.end_phase = False
    ch.notes.append(f"game over: {why}")


def winner(state: GameState) -> str | None:
    r = m.rec(state)
    return r["winner"] if r else None


# -- conditions ---------------------------------------------------------------------------------
def _german_in_play(state: GameState) -> bool:
    return m.has_german(m.rec(state))


def _german_human(state: GameState) -> bool:
    r = m.rec(state)
    return m.has_german(r) and not r["auto_german"]


def _german_auto(state: GameState) -> bool:
    r = m.rec(state)
    return m.has_german(r) and r["auto_german"]


def _allied_humans(state: GameState) -> bool:
    return not m.solo(m.rec(state))


def _blind_choice(state: GameState) -> bool:
    return "blind" in m.rec(state) and not m.rec(state)["auto_german"]


# (no notes when they pass a phase over: every turn would say the same)
def _new_battle(state: GameState) -> bool:
    return bool(m.rec(state).get("new_battle"))


CONDITIONS = {
    "new_battle": _new_battle,
    "german_new_battle": lambda s: _new_battle(s) and _german_in_play(s),
    "fighting": campaign.fighting,
    "german_in_play": _german_in_play,
    "german_human": _german_human,
    "german_auto": _german_auto,
    "allied_humans": _allied_humans,
    "solitaire": lambda s: m.solo(m.rec(s)),
    "blind_choice": _blind_choice,
}


# -- what a phase waits for ------------------------------------------------------------------------
def end_problem(state: GameState, phase: Phase) -> str | None:
    if waiting(state):
        return "a choice is waiting"
    pid = phase.id
    side = phase.side
    r = m.rec(state)
    if pid in ("roll", "german_roll"):
        for p in players(state, side):
            q = m.player(r, p)
            if not q["kept"] or q.get("clasp"):
                return f"{m.player_name(state, p)} has not kept its Final Tally"
    elif pid in ("tally", "german_tally"):
        for p in players(state, side):
            if m.player(r, p)["scored"] is None and scoring.options(state, p):
                return f"{m.player_name(state, p)} has not scored its Final Tally"
    elif pid == "move":
        return move_end_problem(state)
    elif pid == "assault":
        if any(m.player(r, u)["status"] == "assaulting" for u in m.allied_ids(r)):
            return "every Unit in the Bunker assaults first"
    elif pid in ("landing", "blind_start"):
        return "the set-up choices come first"
    elif pid == "debrief":
        return "go on to the next battle"
    return None
