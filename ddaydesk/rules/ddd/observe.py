"""Forward Observation (DDD-COND-09): a player gives up Binoculars, a Rangefinder or an Item
with "glass" or "scope" in its name (the German: his Bunker Periscope) to look at the next 2
Battle Conditions, which only his side sees, and put them back in the order he likes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import conditions
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.pending import push, side_of
from ddaydesk.rules.ddd.rolls import players

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import Observe


def on(state: GameState) -> bool:
    return m.opt(state, "battle_conditions") and m.opt(state, "forward_observation")


def legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    if not on(state) or not r["conditions"]["deck"]:
        return
    eyes = tables().observers
    for pid in players(state, side):
        for cid in sorted(set(m.player(r, pid)["items"]) & eyes):
            from ddaydesk.rules.ddd.actions_later import Observe  # (made when first listed)
            yield Observe(side, pid, cid)


def apply(state: GameState, a: Observe, ch: Changes, phase: Phase) -> None:
    if a not in set(legal(state, a.side, phase)):
        raise IllegalAction("Forward Observation: give up Binoculars, a Rangefinder, a glass or a scope you hold, "
                            "with Battle Conditions in the game")
    p = m.player(m.own(state), a.player)
    p["items"].remove(a.card)
    p["used_items"].append(a.card)
    side = side_of(a.player)
    conditions.observe(state, side, ch)
    ch.notes.append(f"{m.player_name(state, a.player)} gives up the {m.card_name(a.card)} to look at the next "
                    "Battle Conditions")
    push(state, ch, {"kind": "order_conditions", "player": a.player, "side": side, "why": "Forward Observation"})
