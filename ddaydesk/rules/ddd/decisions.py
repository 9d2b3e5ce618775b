"""The choices Atlantikwall's modules and Overlord put to a player (pending.py waits for them):
what each allows and what each answer does. Answered by a ``Decide`` (the order of the Battle
Conditions seen, by an ``OrderConditions``)."""

from __future__ import annotations

from itertools import permutations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import carry_on, conditions, mgf, rookie
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables


def decision_answers(state: GameState, c: dict) -> list[str]:
    kind, pid = c["kind"], c["player"]
    if kind == "cancel_condition":
        return conditions.cancel_answers(state, pid, tables().conditions[c["card"]])
    if kind == "retreat":
        return carry_on.retreat_answers(state, pid)
    if kind == "keep":
        return carry_on.keep_answers(state, pid)
    if kind == "split":
        return carry_on.split_answers(state, pid)
    if kind == "major":
        return rookie.major_answers(state, pid)
    if kind == "rookie_award":
        return rookie.award_answers(state)
    if kind == "mgf":
        return mgf.turn_answers(state, c)
    if kind == "order_conditions":
        seen = state.secrets.get(c["side"], {}).get(conditions.TOP, [])
        return [",".join(o) for o in permutations(seen)]
    raise ValueError(kind)


def decide(state: GameState, c: dict, value: str, ch: Changes) -> None:
    kind, pid = c["kind"], c["player"]
    if kind == "cancel_condition":
        conditions.cancel(state, pid, c["card"], value, ch)
    elif kind == "retreat":
        carry_on.fall_back(state, pid, value, ch)
    elif kind == "keep":
        carry_on.keep(state, pid, value, ch)
    elif kind == "split":
        carry_on.split(state, pid, int(value), ch)
    elif kind == "major":
        if value:
            rookie.join(state, value, ch)
    elif kind == "rookie_award":
        rookie.give_award(state, pid, value, ch)
    elif kind == "mgf":
        mgf.answer(state, c, value, ch)
    elif kind == "order_conditions":
        conditions.order(state, c["side"], tuple(value.split(",")))
        ch.notes.append("the Battle Conditions seen go back on the deck")


def words(state: GameState, c: dict, value: str) -> str:
    """An answer in the player's words (text.py)."""
    kind = c["kind"]
    if kind == "cancel_condition":
        name = tables().conditions[c["card"]].name
        return f"give up the {m.card_name(value)} to ignore {name}" if value else f"take {name}"
    if kind == "retreat":
        return f"fall back to {m.sectors(state).name(state.scenario.board.index(value))}"
    if kind == "keep":
        return f"keep the {m.card_name(value)}" if value else "keep no Specialist"
    if kind == "split":
        n = m.sectors(state).sector(m.place_of(state, c["player"])).number
        return f"take {value} Stars and {n - int(value)} Courage"
    if kind == "major":
        return f"hand Major McMoron to {m.player_name(state, value)}" if value else "keep Major McMoron"
    if kind == "rookie_award":
        return f"take the {m.card_name(value)}"
    if kind == "mgf":
        if not value:
            return "take the machine-gun dice as rolled"
        card, k, face = value.split(":")
        d = c["dice"][int(k)]
        to = mgf.words([[d[0], int(face) if d[0] == "d6" else face, 0]])
        return f"use the {m.card_name(card)}: turn machine-gun die {int(k) + 1} ({mgf.words([d])}) to {to}"
    if kind == "order_conditions":
        return "put back: " + ", then ".join(tables().conditions[x].name for x in value.split(","))
    return value
