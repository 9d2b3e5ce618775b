"""Phase 4 at the table: rallying Specialists with Stars, finding Items and Vehicles with
Item Points, trading resources between Units in one Sector, and the German's Decorations
(DDD-GER-22). An Allied Unit rallies ``rally_per_turn`` Specialists and finds ``find_per_turn``
Items a turn (1 and 1, STD-DDD-SUPPLY); the German has no such limit (wave2.md §1.9)."""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import bonus, conditions, german, solo
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.actions_later import DrawDecoration, FindItem, Rally, Trade
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import RESOURCES
from ddaydesk.rules.ddd.rolls import attributes, players


# -- rally ------------------------------------------------------------------------------------
def rally_options(state: GameState, pid: str) -> list[str]:
    r = m.rec(state)
    p = m.player(r, pid)
    cards = tables().cards
    if pid == m.GERMAN:
        cands = [c for c in r["pool"]["german"] if cards[c].kind == "german_specialist"]
    else:
        if p["turn"].get("rallied", 0) >= tables().value("units", "rally_per_turn"):
            return []
        cands = [*p["hand"], *(c for c in r["pool"]["allied"] if cards[c].kind == "specialist")]
    return sorted({c for c in cands if cards[c].cost <= p["stars"] and c not in p["specialists"]})


def _offers(options, make, verb: str):
    """The legal actions and the check of a card a player takes from the ones ``options``
    allows him now (rallying, finding)."""
    def legal(state: GameState, side: str, phase: Phase):
        for pid in players(state, side):
            for c in options(state, pid):
                yield make(side, pid, c)

    def check(state: GameState, a) -> None:
        if a.player not in players(state, a.side) or a.card not in options(state, a.player):
            raise IllegalAction(f"{m.player_name(state, a.player)} cannot {verb} the {m.card_name(a.card)} now")
    return legal, check


def rally_apply(state: GameState, a: Rally, ch: Changes, phase: Phase) -> None:
    _rally_check(state, a)
    rally(state, a.player, a.card, ch)


def rally(state: GameState, pid: str, cid: str, ch: Changes, free: bool = False) -> None:
    r = m.own(state)
    p = m.player(r, pid)
    c = tables().cards[cid]
    if not free:
        p["stars"] -= c.cost
    for where in (p["hand"], r["pool"]["allied" if pid != m.GERMAN else "german"]):
        if cid in where:
            where.remove(cid)
            break
    p["specialists"].append(cid)
    if pid != m.GERMAN and not free:  # a Sector's gift is not the turn's rally
        p["turn"]["rallied"] = p["turn"].get("rallied", 0) + 1
    ch.notes.append(f"{m.player_name(state, pid)} rallies the {c.name}" + (" for free" if free else f" ({c.cost} Star{'' if c.cost == 1 else 's'})"))


# -- find -------------------------------------------------------------------------------------
def find_options(state: GameState, pid: str) -> list[str]:
    r = m.rec(state)
    p = m.player(r, pid)
    cards = tables().cards
    if pid == m.GERMAN:
        cands = [c for c in r["pool"]["german"] if cards[c].kind == "german_item"]
    else:
        if p["turn"].get("found", 0) >= tables().value("units", "find_per_turn") or "no_items" in attributes(state, pid):
            return []
        room = len(p["vehicles"]) < tables().value("units", "max_vehicles")
        cands = [c for c in r["pool"]["allied"] if (cards[c].kind == "item" and bonus.findable(state, c)
                                                    or cards[c].kind == "vehicle" and room)]
    return sorted(c for c in set(cands) if cards[c].cost <= p["tools"])


def find_apply(state: GameState, a: FindItem, ch: Changes, phase: Phase) -> None:
    _find_check(state, a)
    r = m.own(state)
    p = m.player(r, a.player)
    c = tables().cards[a.card]
    p["tools"] -= c.cost
    r["pool"]["german" if a.player == m.GERMAN else "allied"].remove(a.card)
    bonus.found(state, a.card)
    p["vehicles" if c.kind == "vehicle" else "items"].append(a.card)
    if a.player != m.GERMAN:
        p["turn"]["found"] = p["turn"].get("found", 0) + 1
    ch.notes.append(f"{m.player_name(state, a.player)} finds the {c.name} ({c.cost} Item Points)")
    if m.solo(r) and c.effect == "take_dice" and not r["solo"].get("pool"):
        solo.roll_pool(state, ch)  # DDD-SOLO-15


rally_legal, _rally_check = _offers(rally_options, Rally, "rally")
find_legal, _find_check = _offers(find_options, FindItem, "find")


# -- trade ------------------------------------------------------------------------------------
def trade_problem(state: GameState, pid: str, other: str) -> str | None:
    """Why two Units may not trade resources now, or None."""
    r = m.rec(state)
    if r["turnfx"].get("no_trade"):
        return "the Police Badge forbids trading this turn"
    if "trade_off" in conditions.effects(state, pid).flags | conditions.effects(state, other).flags:
        return "the Battle Conditions forbid trading this turn"
    here, there = m.place_of(state, pid), m.place_of(state, other)
    anywhere = m.player(r, pid)["fx"].get("anywhere") or m.player(r, other)["fx"].get("anywhere")
    if here != there and not anywhere:
        return "Units trade only in the same Sector (or with a Carrier Pigeon)"
    sm = m.sectors(state)
    near = [p for p in (here, there) if p >= 0]  # (a Unit not landed yet is in no Sector)
    if m.has_german(r) and any(sm.near_final_bunker(p) for p in near):
        return "no trading in the top row or next to the final Bunker while the German watches (DDD-GER-32)"
    return None


def trade_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    units = players(state, side) if side == "allied" else []
    amounts = tables().value("units", "trade_amounts")
    for pid in units:
        p = m.player(r, pid)
        for other in units:
            if other == pid or trade_problem(state, pid, other):
                continue
            for res in RESOURCES:
                for n in amounts:
                    if n <= p[res] and (res != "soldiers" or n < p["soldiers"]):
                        yield Trade(side, pid, other, res, n)


def trade_apply(state: GameState, a: Trade, ch: Changes, phase: Phase) -> None:
    if a not in set(trade_legal(state, a.side, phase)):
        known = m.rec(state)["players"]
        why = trade_problem(state, a.player, a.receiver) if a.player in known and a.receiver in known else None
        raise IllegalAction(why or "no such trade: the Units, the resource or the amount are not open to a trade now")
    r = m.own(state)
    m.player(r, a.player)[a.resource] -= a.amount
    m.player(r, a.receiver)[a.resource] += a.amount
    ch.notes.append(f"{m.player_name(state, a.player)} gives {a.amount} {a.resource} to "
                    f"{m.player_name(state, a.receiver)}".replace("tools", "Item Points"))


# -- the German's Decorations -------------------------------------------------------------------
def draw_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    if m.GERMAN in players(state, side) and m.player(r, m.GERMAN)["courage"] >= tables().value("german", "decoration_cost"):
        yield DrawDecoration(side)


def draw_apply(state: GameState, a: DrawDecoration, ch: Changes, phase: Phase) -> None:
    cost = tables().value("german", "decoration_cost")
    if m.GERMAN not in players(state, a.side) or m.player(m.rec(state), m.GERMAN)["courage"] < cost:
        raise IllegalAction(f"a Decoration costs {cost} Courage, in the German's supply phase (DDD-GER-22)")
    m.player(m.own(state), m.GERMAN)["courage"] -= cost
    german.draw(state, ch, f"for {cost} Courage")
