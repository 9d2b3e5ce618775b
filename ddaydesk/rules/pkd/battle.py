"""A battle played through the log (docs/rules/koenig.md §5): declared by the activated
formation, answered by the defender's Support when he has any to give, rolled, offered to the
Leadership marker's holder (re-roll, PKD-LEAD-06; stand, PKD-LEAD-07), then its Hits, the
defenders' retreat and the attackers' advance. ``rec(state)["battle"]`` holds it while it
waits; ``state.active`` is the side whose decision it waits for."""

from __future__ import annotations

from typing import Any

from ddaydesk.engine import Changes, GameState, IllegalAction
from ddaydesk.engine.positions import edge_table
from ddaydesk.engine.state import MOVED, ON_MAP
from ddaydesk.engine.tables import SCALE, load_move_rules
from ddaydesk.rules.pkd.actions import CloseCombat, FireAttack
from ddaydesk.rules.pkd.combat import assess, crt, support_pool, support_problem
from ddaydesk.rules.pkd.data import val
from ddaydesk.rules.pkd.records import (
    enemy,
    full_allowance,
    name,
    own,
    strength,
    take_hits,
    units_at,
)
from ddaydesk.rules.pkd.victory import sync_control


def spread(state: GameState, ks: list[int], n: int) -> dict[int, int]:
    """Hits dealt one at a time, each to the unit with the fewest so far (the strongest first
    among equals): a stack loses its units as late as it can (STD-PKD-HITS)."""
    have = {k: state.steps_lost[k] for k in ks}
    out = {k: 0 for k in ks}
    for _ in range(n):
        k = min(ks, key=lambda j: (have[j], -strength(state, j), j))
        have[k] += 1
        out[k] += 1
    return out


def attacker_to_hit(state: GameState, b: dict[str, Any]) -> int | None:
    """The attacking unit an Exchange or attacker Hit falls on, or None. Indirect firers are
    spared unless the defence had Heavy Weapons or a Support point (PKD-IND-07)."""
    ks = [state.unit(u) for u in b["attackers"] if state.status[state.unit(u)] == ON_MAP]
    if b["kind"] == "fire" and not (b["defender_heavy"] or b["def_support"] or b["def_corps"]):
        ks = [k for k in ks if state.scenario.units[k].id not in b["indirect"]]
    if not ks:
        return None
    return min(ks, key=lambda k: (state.steps_lost[k], ks.index(k)))


def declare(state: GameState, a: FireAttack | CloseCombat, ch: Changes) -> None:
    ass = assess(state, a)
    if not ass.legal:
        raise IllegalAction(ass.refusal)
    r = own(state)
    _spend(r, a.side, a.support, a.corps)
    act = r["act"]
    ids = [state.scenario.units[k].id for k in ass.attackers]
    if ass.kind == "fire":
        act["fired"] = [*act["fired"], *ids]
    r["battle"] = {"kind": ass.kind, "side": a.side, "attackers": ids, "target": a.target,
                   "indirect": list(a.indirect) if ass.kind == "fire" else [],
                   "defenders": [state.scenario.units[k].id for k in ass.defenders],
                   "defender_heavy": ass.defender_heavy, "att_support": a.support, "att_corps": a.corps,
                   "def_support": 0, "def_corps": False, "stage": "", "die": None, "first_die": None,
                   "result": None, "stand": False, "hit": [], "attack": ass.attack, "defence_base": ass.defence}
    verb = "fire at" if ass.kind == "fire" else "close with"
    ch.notes.append(f"{', '.join(name(state, k) for k in ass.attackers)} {verb} "
                    f"{state.scenario.board.labels[a.target]}")
    foe = enemy(a.side)
    leader = r["leader"] if state.options.get("leadership") else None
    if support_pool(state, foe) or leader == foe:
        r["battle"]["stage"] = "answer"
        state.active = foe
        return
    roll(state, ch)


def _spend(r: dict, side: str, n: int, corps: bool) -> None:
    pool = dict(r["support"][side])
    for kind in ("artillery", "allied_support"):  # the Allies' two kinds are one pool in battle
        take = min(n, pool.get(kind, 0))
        if kind in pool:
            pool[kind] -= take
        n -= take
    r["support"] = {**r["support"], side: pool}
    if corps:
        r["leader"] = None  # the marker returns to the stock (PKD-LEAD-05)


def answer(state: GameState, support: int, corps: bool, ch: Changes) -> None:
    r = own(state)
    b = r["battle"]
    problem = support_problem(state, enemy(b["side"]), support, corps)
    if problem:
        raise IllegalAction(problem)
    _spend(r, enemy(b["side"]), support, corps)
    b["def_support"], b["def_corps"] = support, corps
    roll(state, ch)


def roll(state: GameState, ch: Changes) -> None:
    r = own(state)
    b = r["battle"]
    att = b["attack"]
    dfn = b["defence_base"] + (b["def_support"] + b["def_corps"]) * val("combat", "support.value")
    table = "standard" if b["kind"] == "fire" else "close_combat"
    col = crt().column(att, dfn, table)
    die = ch.roll(state, crt().die, f"{'fire' if b['kind'] == 'fire' else 'close combat'} at "
                  f"{state.scenario.board.labels[b['target']]}: {att} against {dfn}").value
    b.update(die=die, result=col.results[die - 1], column=col.label, attack=att, defence=dfn)
    ch.notes.append(f"{att} against {dfn} ({col.label}): die {die}, {_text(b['result'], table)}")
    leader = r["leader"] if state.options.get("leadership") else None
    if leader:
        b["stage"] = "leadership"
        state.active = leader
        return
    resolve(state, ch)


def _text(code: str, table: str) -> str:
    return crt().result(code, table).text


def leadership(state: GameState, feat: str, ch: Changes) -> None:
    r = own(state)
    b = r["battle"]
    if feat == "reroll":  # PKD-LEAD-06: the second roll stands
        r["leader"] = None
        table = "standard" if b["kind"] == "fire" else "close_combat"
        col = crt().column(b["attack"], b["defence"], table)
        die = ch.roll(state, crt().die, f"Battlefield Leadership re-roll at {state.scenario.board.labels[b['target']]}").value
        b.update(first_die=b["die"], die=die, result=col.results[die - 1])
        ch.notes.append(f"Battlefield Leadership: the die is rolled again: {die}, {_text(b['result'], table)}")
    elif feat == "stand":  # PKD-LEAD-07
        r["leader"] = None
        b["stand"] = True
        ch.notes.append("Battlefield Leadership: the defenders ignore the retreat and fight on")
    resolve(state, ch)


def resolve(state: GameState, ch: Changes) -> None:
    r = own(state)
    b = r["battle"]
    table = "standard" if b["kind"] == "fire" else "close_combat"
    res = crt().result(b["result"], table)
    defenders = [state.unit(u) for u in b["defenders"] if state.status[state.unit(u)] == ON_MAP]
    for k, n in spread(state, defenders, res.defender.steps).items():
        take_hits(state, k, n, ch)
    if res.attacker.steps:
        k = attacker_to_hit(state, b)
        if k is None:
            ch.notes.append("the indirect firers take no Hit: the defence could not hit back (PKD-IND-07)")
        else:
            b["hit"] = [state.scenario.units[k].id]
            take_hits(state, k, res.attacker.steps, ch)
    state._cache.clear()
    alive = [k for k in defenders if state.status[k] == ON_MAP]
    if alive and res.defender.retreat and not b["stand"]:
        places = retreat_places(state, alive, state.scenario.units[alive[0]].side)
        if not places:
            for k in alive:
                take_hits(state, k, val("combat", "hits.eliminated_at"), ch)
            ch.notes.append("no hex to retreat into: the defenders are eliminated")
        elif len(places) == 1:
            move_group(state, alive, places[0], ch)
        else:
            b["stage"] = "withdraw"
            state.active = state.scenario.units[alive[0]].side
            return
    after_retreat(state, ch)


def retreat_places(state: GameState, ks: list[int], side: str) -> list[int]:
    """Hexes next to the defenders' that all of them may enter: passable for each, across no
    side they may not cross, free of enemy units, within the stacking limit."""
    sc = state.scenario
    board = sc.board
    rules = load_move_rules(sc.system.id)
    p = state.place[ks[0]]
    out = []
    for j in board.adj[p]:
        if units_at(state, j, enemy(side)):
            continue
        if len(units_at(state, j, side)) + len(ks) > rules.stack_limit:
            continue
        if all(j in dict(edge_table(board, rules, rules.class_of_type[sc.units[k].type])[0][p]) for k in ks):
            out.append(j)
    return sorted(out)


def move_group(state: GameState, ks: list[int], to: int, ch: Changes) -> None:
    for k in ks:
        frm = state.place[k]
        state.place[k] = to
        ch.moved.append((state.scenario.units[k].id, frm, to, (frm, to)))
    state._cache.clear()


def after_retreat(state: GameState, ch: Changes) -> None:
    """A Close Combat that emptied the hex lets the attackers move in; else the battle ends."""
    r = own(state)
    b = r["battle"]
    t = b["target"]
    if b["kind"] == "close_combat" and not units_at(state, t, enemy(b["side"])) and occupiers(state, b):
        b["stage"] = "occupy"
        state.active = b["side"]
        return
    finish(state, ch)


def occupiers(state: GameState, b: dict) -> list[int]:
    return [state.unit(u) for u in b["attackers"] if state.status[state.unit(u)] == ON_MAP]


def finish(state: GameState, ch: Changes) -> None:
    """The battle is over: the attackers' moves end, except an overrunning unit's (PKD-OVR-01),
    which pays its MP and goes on unless it took a Hit (PKD-OVR-03)."""
    r = own(state)
    b = r["battle"]
    act = r["act"]
    if b["kind"] == "close_combat":
        label = state.scenario.board.labels[b["target"]]
        cc = dict(act["cc"])
        done, overrun, spent = list(act["done"]), [u for u in act["overrun"] if u not in b["attackers"]], dict(act["spent"])
        cost = val("combat", "overrun.cost") * SCALE
        for uid in b["attackers"]:
            k = state.unit(uid)
            cc[uid] = [*cc.get(uid, []), label]
            if state.status[k] != ON_MAP:
                continue
            if can_overrun(state, k) and uid not in b["hit"]:
                spent[uid] = spent.get(uid, 0) + cost
                act_now = {**act, "spent": spent}
                if _left(state, k, act_now) > 0:
                    overrun.append(uid)
                    state.flags[k] &= ~MOVED  # it may move on (PKD-OVR-01)
                    continue
            if uid in b["hit"] and can_overrun(state, k):
                ch.notes.append(f"{name(state, k)} took a Hit: its overrun ends (PKD-OVR-03)")
            done.append(uid)
        r["act"] = {**act, "cc": cc, "done": done, "overrun": overrun, "spent": spent}
    r["battle"] = None
    state.active = r["act"]["side"]
    state._cache.clear()
    sync_control(state)


def can_overrun(state: GameState, k: int) -> bool:
    return bool(state.options.get("overruns")) and state.scenario.units[k].movement >= val("combat", "overrun.min_ma")


def _left(state: GameState, k: int, act: dict) -> int:
    return full_allowance(state, k, act) - act["spent"].get(state.scenario.units[k].id, 0)
