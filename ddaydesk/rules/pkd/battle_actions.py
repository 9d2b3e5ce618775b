"""The battle actions as engine handlers: what ``legal_actions`` lists and what each does.

Fire and Close Combat are listed per target hex with the largest group that may attack it,
without and with the most Support the attacker may commit; any smaller group or less Support
is accepted too (as the shared combat wiring does). The decisions a battle waits for (the
defender's Support, the Leadership holder's feat, the retreat hex, who moves in) are listed
for the side ``state.active`` names."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ddaydesk.engine import Changes, GameState, Handler, IllegalAction, Phase
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.rules.pkd import battle
from ddaydesk.rules.pkd.actions import (
    AnswerBattle,
    CloseCombat,
    FireAttack,
    Leadership,
    Occupy,
    Withdraw,
)
from ddaydesk.rules.pkd.combat import assess, crt, support_pool, support_problem
from ddaydesk.rules.pkd.data import val
from ddaydesk.rules.pkd.records import enemy, in_activation, on_map, rec

BATTLE_KINDS = ("answer_battle", "leadership", "withdraw", "occupy")


def pending(state: GameState) -> dict | None:
    return rec(state)["battle"]


def held(state: GameState) -> str | None:
    b = pending(state)
    if b is None:
        return None
    return {"answer": f"the {enemy(b['side'])} player answers the battle first",
            "leadership": "the Leadership marker's holder decides first",
            "withdraw": "the defenders choose their retreat first",
            "occupy": "the attackers decide whether to move in first"}.get(b["stage"], "a battle is being fought")


# -- declaring ----------------------------------------------------------------------------------
def _groups(state: GameState, side: str, close: bool):
    """(target, direct attackers, indirect attackers) of each hex the active units can reach."""
    act = rec(state)["act"]
    if act is None or act["op"] is None or side != act["side"] or side != state.active:
        return
    board = state.scenario.board
    ready = [k for k, u in enumerate(state.scenario.units)
             if u.side == side and on_map(state, k) and in_activation(state, k)
             and u.id not in act["fired"] and u.id not in act["done"]]
    foe = enemy(side)
    targets = sorted({t for t, ks in state.units_at().items() if any(state.scenario.units[k].side == foe for k in ks)})
    indirect_ok = not close and act["op"] == "fire" and state.options.get("indirect_fire")
    for t in targets:
        near = [k for k in ready if t in board.adj[state.place[k]]]
        far = [k for k in ready if indirect_ok and state.scenario.units[k].type == "heavy_weapons"
               and k not in near and board.distance(state.place[k], t) <= val("combat", "fire.indirect_range")]
        yield t, near, far


def _declarations(state: GameState, side: str, cls):
    close = cls is CloseCombat
    most = min(val("combat", "support.max_per_battle"), support_pool(state, side))
    corps = support_problem(state, side, 0, True) is None  # the Leadership marker as Corps Artillery
    for t, near, far in _groups(state, side, close):
        ids, indirect = [], []
        for k in near + far:  # each unit that may join: not across a cliff, no Heavy Weapons closing...
            uid = state.scenario.units[k].id
            one = cls(side, (uid,), t, **({} if close else {"indirect": (uid,) if k in far else ()}))
            if assess(state, one).legal:
                ids.append(uid)
                if k in far:
                    indirect.append(uid)
        if not ids:
            continue
        base = cls(side, tuple(ids), t, **({} if close else {"indirect": tuple(indirect)}))
        for support in range(most + 1):  # every count the battle accepts (listed means legal)
            yield replace(base, support=support)
            if corps:
                yield replace(base, support=support, corps=True)


def _fire_legal(state: GameState, side: str, phase: Phase):
    yield from _declarations(state, side, FireAttack)


def _cc_legal(state: GameState, side: str, phase: Phase):
    yield from _declarations(state, side, CloseCombat)


def _declare_apply(state: GameState, a, ch: Changes, phase: Phase) -> None:
    if pending(state):
        raise IllegalAction(held(state))
    battle.declare(state, a, ch)


# -- the decisions a battle waits for -----------------------------------------------------------
def _answer_legal(state: GameState, side: str, phase: Phase):
    b = pending(state)
    if not b or b["stage"] != "answer" or side != enemy(b["side"]) or side != state.active:
        return
    most = min(val("combat", "support.max_per_battle"), support_pool(state, side))
    corps = [False, True] if support_problem(state, side, 0, True) is None else [False]
    for n in range(most + 1):
        for c in corps:
            yield AnswerBattle(side, n, c)


def _answer_apply(state: GameState, a: AnswerBattle, ch: Changes, phase: Phase) -> None:
    b = pending(state)
    if not b or b["stage"] != "answer" or a.side != enemy(b["side"]):
        raise IllegalAction("no battle waits for this side's answer")
    battle.answer(state, a.support, a.corps, ch)


def feats(state: GameState, side: str) -> list[str]:
    b = pending(state)
    if not b or b["stage"] != "leadership" or side != rec(state)["leader"]:
        return []
    out = ["keep", "reroll"]
    table = "standard" if b["kind"] == "fire" else "close_combat"
    if b["kind"] == "close_combat" and crt().result(b["result"], table).defender.retreat and side != b["side"]:
        out.append("stand")  # PKD-LEAD-07: the defender fights on instead of retreating
    return out


def _lead_legal(state: GameState, side: str, phase: Phase):
    if side == state.active:
        yield from (Leadership(side, f) for f in feats(state, side))


def _lead_apply(state: GameState, a: Leadership, ch: Changes, phase: Phase) -> None:
    if a.feat not in feats(state, a.side):
        raise IllegalAction("the Leadership marker's holder may keep it, re-roll the die or, defending in "
                            "Close Combat against a retreat, stand (PKD-LEAD-06/07)")
    battle.leadership(state, a.feat, ch)


def _alive_defenders(state: GameState, b: dict) -> list[int]:
    return [state.unit(u) for u in b["defenders"] if on_map(state, state.unit(u))]


def _withdraw_legal(state: GameState, side: str, phase: Phase):
    b = pending(state)
    if b and b["stage"] == "withdraw" and side == state.active:
        ks = _alive_defenders(state, b)
        for p in battle.retreat_places(state, ks, side):
            yield Withdraw(side, p)


def _withdraw_apply(state: GameState, a: Withdraw, ch: Changes, phase: Phase) -> None:
    b = pending(state)
    if not b or b["stage"] != "withdraw" or a.side != state.active:
        raise IllegalAction("no retreat waits for this side")
    ks = _alive_defenders(state, b)
    if a.to not in battle.retreat_places(state, ks, a.side):
        raise IllegalAction("the defenders may not retreat there")
    battle.move_group(state, ks, a.to, ch)
    battle.after_retreat(state, ch)


def occupy_options(state: GameState, b: dict) -> list[tuple[str, ...]]:
    ids = [state.scenario.units[k].id for k in battle.occupiers(state, b)]
    limit = load_move_rules("pkd").stack_limit
    out: list[tuple[str, ...]] = [()]
    for n in range(1, min(limit, len(ids)) + 1):
        out += list(combinations(ids, n))
    return out


def _occupy_legal(state: GameState, side: str, phase: Phase):
    b = pending(state)
    if b and b["stage"] == "occupy" and side == state.active:
        yield from (Occupy(side, units) for units in occupy_options(state, b))


def _occupy_apply(state: GameState, a: Occupy, ch: Changes, phase: Phase) -> None:
    b = pending(state)
    if not b or b["stage"] != "occupy" or a.side != state.active:
        raise IllegalAction("no hex waits to be occupied")
    if tuple(a.units) not in occupy_options(state, b):
        raise IllegalAction("only attackers still on the map move in, as many as the stacking limit allows")
    battle.move_group(state, [state.unit(u) for u in a.units], b["target"], ch)
    battle.finish(state, ch)


def register(rm) -> None:
    rm.add_action(Handler("fire_attack", _fire_legal, _declare_apply, "any"))
    rm.add_action(Handler("close_combat", _cc_legal, _declare_apply, "any"))
    rm.add_action(Handler("answer_battle", _answer_legal, _answer_apply, "any"))
    rm.add_action(Handler("leadership", _lead_legal, _lead_apply, "any"))
    rm.add_action(Handler("withdraw", _withdraw_legal, _withdraw_apply, "any"))
    rm.add_action(Handler("occupy", _occupy_legal, _occupy_apply, "any"))
    rm.add_hold(held, BATTLE_KINDS)
