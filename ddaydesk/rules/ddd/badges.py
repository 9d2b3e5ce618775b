"""Module 3, Badges (DDD-BADGE-01..11): a face-down deck drawn at random (a roll), a Battle Cry
RWB's extra option, at most one Badge gained a turn, the German's Courage for every Badge the
Allies draw, Badge of Honor, of Courage and of Assistance. A Badge is used like an Item
(cards.py): once, then to the discard pile, which becomes the deck again when it runs out;
under Badge of Honor it stays and may be used once each turn (its use is never forced)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words, parse_gain
from ddaydesk.rules.ddd.rolls import players

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import BuyBadge, GiveBadge


def on(state: GameState) -> bool:
    return m.opt(state, "badges")


def honor(state: GameState) -> bool:
    return on(state) and m.opt(state, "badge_of_honor")


def setup(r: dict) -> None:
    r["badges"] = {"deck": sorted(c.id for c in tables().of_kind("badge")), "discard": []}


def gain_problem(state: GameState, pid: str) -> str | None:
    """Why Unit ``pid`` may not gain a Badge now (DDD-BADGE-03), or None."""
    if not on(state):
        return "Badges are not in this game"
    most = tables().value("badges", "per_turn")
    if m.player(m.rec(state), pid)["turn"].get("badge", 0) >= most:
        return f"a Unit gains {most} Badge{'' if most == 1 else 's'} a turn at most"
    return None


def draw(state: GameState, pid: str, ch: Changes, why: str) -> None:
    """Unit ``pid`` draws a Badge at random (an empty deck first takes its discard pile back,
    DDD-BADGE-02); the German gains his Courage for it (DDD-BADGE-06, -09)."""
    r = m.own(state)
    d = r["badges"]
    if not d["deck"]:
        d["deck"], d["discard"] = sorted(d["discard"]), []
        ch.notes.append("the Badge discard pile is shuffled into a new deck")
    if not d["deck"]:
        ch.notes.append(f"{why}: no Badge left to draw")
        return
    cid = d["deck"].pop(ch.roll(state, len(d["deck"]), "a Badge from the deck").value - 1)
    p = m.player(r, pid)
    p["badges"].append(cid)
    p["badges_drawn"] += 1
    p["turn"]["badge"] = p["turn"].get("badge", 0) + 1
    ch.notes.append(f"{why}: {m.player_name(state, pid)} draws the {m.card_name(cid)}")
    if m.has_german(r):
        from ddaydesk.rules.ddd.effects import german_gains

        n = tables().value("badges", "german_courage_honor" if honor(state) else "german_courage")
        german_gains(state, {"courage": n}, ch, "a Badge drawn")


def used(state: GameState, pid: str, cid: str) -> None:
    """A Badge used: gone to the discard pile, or kept for next turn under Badge of Honor."""
    r = m.own(state)
    p = m.player(r, pid)
    if honor(state):
        p["turn"]["used"] = [*p["turn"].get("used", []), cid]
        return
    p["badges"].remove(cid)
    r["badges"]["discard"].append(cid)


def usable(state: GameState, pid: str) -> list[str]:
    p = m.player(m.rec(state), pid)
    done = p["turn"].get("used", ()) if honor(state) else ()
    return [c for c in dict.fromkeys(p["badges"]) if c not in done]


def assistance(state: GameState, ch: Changes) -> None:
    """Badge of Assistance: every Unit starts the game with a random Badge (DDD-BADGE-11)."""
    if not (on(state) and m.opt(state, "badge_of_assistance")):
        return
    r = m.rec(state)
    for pid in m.allied_ids(r):
        for _ in range(tables().value("badges", "free_at_start")):
            draw(state, pid, ch, "Badge of Assistance")
        m.player(m.own(state), pid)["turn"]["badge"] = 0  # a gift before the game, not this turn's Badge


# -- Badge of Courage: buying one in Phase 4 (DDD-BADGE-10) ------------------------------------------
def price() -> dict[str, int]:
    return parse_gain(tables().value("badges", "price"))


def buy_legal(state: GameState, side: str, phase: Phase):
    if not m.opt(state, "badge_of_courage") or side != "allied":
        return
    r = m.rec(state)
    cost = price()
    for pid in players(state, side):
        p = m.player(r, pid)
        if gain_problem(state, pid) is None and all(p[k] >= v for k, v in cost.items()):
            from ddaydesk.rules.ddd.actions_later import BuyBadge  # (made when first listed)
            yield BuyBadge(side, pid)


def buy_apply(state: GameState, a: BuyBadge, ch: Changes, phase: Phase) -> None:
    if a not in set(buy_legal(state, a.side, phase)):
        why = gain_problem(state, a.player) if a.player in players(state, a.side) else None
        raise IllegalAction(why or f"a Badge costs {gain_words(price(), '')}, in Phase 4, with Badge of Courage")
    m.add(m.player(m.own(state), a.player), price(), -1)
    draw(state, a.player, ch, f"Badge of Courage ({gain_words(price(), '')})")


# -- trading Badges in one Sector (DDD-BADGE-04) -------------------------------------------------
def give_legal(state: GameState, side: str, phase: Phase):
    from ddaydesk.rules.ddd.supply import trade_problem

    if not on(state) or side != "allied":
        return
    r = m.rec(state)
    units = players(state, side)
    for pid in units:
        for other in units:
            if other != pid and trade_problem(state, pid, other) is None:
                from ddaydesk.rules.ddd.actions_later import GiveBadge  # (made when first listed)
                for cid in sorted(set(m.player(r, pid)["badges"])):
                    yield GiveBadge(side, pid, other, cid)


def give_apply(state: GameState, a: GiveBadge, ch: Changes, phase: Phase) -> None:
    if a not in set(give_legal(state, a.side, phase)):
        raise IllegalAction("Badges change hands between Units in the same Sector, in Phase 4")
    r = m.own(state)
    m.player(r, a.player)["badges"].remove(a.card)
    m.player(r, a.receiver)["badges"].append(a.card)
    ch.notes.append(f"{m.player_name(state, a.player)} gives the {m.card_name(a.card)} to "
                    f"{m.player_name(state, a.receiver)}")
