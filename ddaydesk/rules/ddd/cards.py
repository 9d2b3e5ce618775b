"""Using a card (``use_card``): Items, Awards, Decorations and the Specialists whose ability is
used rather than always on. Each effect says in which phases it may be used, what it may aim
at, and what it does; the card texts (ours where the seed prints none) are in cards.yaml."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.engine.systems import later
from ddaydesk.rules.ddd import german
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import FACES, Card, tables
from ddaydesk.rules.ddd.rolls import players

if TYPE_CHECKING:
    from ddaydesk.rules.ddd.actions_later import UseCard

# the action's class, imported when a card is first listed (actions_later.py says why)
_use = later("ddaydesk.rules.ddd.actions_later", "UseCard")

ALLIED_BEFORE_COMBAT = ("roll", "tally", "supply", "move")
ANY_ALLIED = (*ALLIED_BEFORE_COMBAT, "combat")
ANY_GERMAN = ("german_roll", "german_tally", "german_supply")


def effect_of(state: GameState, card: Card) -> str:
    if card.rookie:
        return "dismiss"  # his penalty is always on; the one use of his card is his price
    return card.solo_effect if m.solo(m.rec(state)) and card.solo_effect else card.effect


def _usable_cards(state: GameState, pid: str) -> Iterator[tuple[Card, str]]:
    """(card, where it is held) for the cards ``pid`` could use."""
    r = m.rec(state)
    p = m.player(r, pid)
    cards = tables().cards
    for cid in dict.fromkeys(p["items"]):
        yield cards[cid], "items"
    for cid in dict.fromkeys(p["awards"]):
        yield cards[cid], "awards"
    if pid != m.GERMAN:
        from ddaydesk.rules.ddd.badges import usable

        for cid in usable(state, pid):
            yield cards[cid], "badges"
    for cid in dict.fromkeys(p["specialists"]):
        c = cards[cid]
        if c.uses and not (c.uses == "per_turn" and cid in p["turn"].get("used", ())
                           or c.uses == "per_game" and cid in p["used_game"]):
            yield c, "specialists"
        elif c.rookie and m.opt(state, "captain_ocrappy"):
            yield c, "rookie"  # his price in Stars sends him away
    if pid == m.GERMAN:
        for cid in dict.fromkeys(state.secrets.get(m.GERMAN, {}).get("hand", [])):
            yield cards[cid], "decorations"


# -- targets: the UseCard actions a card allows now -----------------------------------------------
def _plain(state, side, pid, c):
    yield _use(side, pid, c.id)


def _units(state, side, pid, c):
    if m.solo(m.rec(state)):  # nothing to take from the automated Unit (DDD-SOLO-07)
        return
    for u in m.active_units(m.rec(state)):
        yield _use(side, pid, c.id, unit=u)


def _units_with(what: str):
    def targets(state, side, pid, c):
        r = m.rec(state)
        for u in [] if m.solo(r) else m.active_units(r):
            if m.player(r, u)[what]:
                yield _use(side, pid, c.id, unit=u)
    return targets


def _own_dice(state, side, pid, c):
    p = m.player(m.rec(state), pid)
    if p["rolls"] and p["scored"] is None:
        for k, d in enumerate(p["dice"]):
            for f in FACES:
                if f != d[1]:
                    yield _use(side, pid, c.id, die=k, face=f)


def _german_dice(state, side, pid, c):
    r = m.rec(state)
    g = m.player(r, m.GERMAN) if m.has_german(r) else None
    p = m.player(r, pid)
    if g and g["kept"] and g["scored"] is None and p["kept"] and p["scored"] is None:
        for k in range(len(g["dice"])):
            yield _use(side, pid, c.id, die=k, source=m.GERMAN)


def _allied_dice(state, side, pid, c):
    r = m.rec(state)
    if m.solo(r):
        for k in range(len(r["solo"].get("pool", []))):
            yield _use(side, pid, c.id, die=k, source="pool")
        return
    for u in m.active_units(r):
        q = m.player(r, u)
        if q["kept"] and q["scored"] is None:
            for k in range(len(q["dice"])):
                yield _use(side, pid, c.id, die=k, source=u)


def _other_tallies(state, side, pid, c):
    r = m.rec(state)
    if m.player(r, pid)["scored"] is None:
        for u in m.active_units(r):
            if u != pid and m.player(r, u)["kept"]:
                yield _use(side, pid, c.id, source=u)


def _hand(state, side, pid, c):
    """The Purple Heart: a Specialist of the hand rallied, or a Rookie Officer sent away (a
    card aimed at Specialists, DDD-ROOKIE-04; never Major McMoron)."""
    from ddaydesk.rules.ddd.rookie import is_major, is_rookie

    p = m.player(m.rec(state), pid)
    rookies = [x for x in p["specialists"] if is_rookie(x) and not is_major(state, x)]
    for cid in sorted({*p["hand"], *rookies}):
        yield _use(side, pid, c.id, pick=cid)


def _rwbs(state, side, pid, c):
    for face, rwb in tables().rwb["allied"].items():
        for k in range(max(1, len(rwb.options))):
            yield _use(side, pid, c.id, face=face, die=k)


def _when(ok: Callable[[GameState, str, Card], bool], targets):
    def wrapped(state, side, pid, c):
        if ok(state, pid, c):
            yield from targets(state, side, pid, c)
    return wrapped


def _has_mgf_here(state, pid, c):
    place = m.place_of(state, pid)
    sm = m.sectors(state)
    return place in sm.sectors and sm.sector(place).mgf > 0 and sm.board.labels[place] not in m.rec(state)["silenced"]


def _not_moved(state, pid, c):
    return m.has_german(m.rec(state)) and not m.player(m.rec(state), pid)["turn"].get("moved")


def _sniper_alive(state, pid, c):
    return m.rec(state)["solo"].get("sniper") == "active"


def _german_there(state, pid, c):
    return m.has_german(m.rec(state))


def _takes_left(state, pid, c):
    return m.player(m.rec(state), pid)["turn"].get("takes", {}).get(c.id, 0) < c.amount


def _not_clasping(state, pid, c):
    p = m.player(m.rec(state), pid)
    return p["kept"] and p["scored"] is None and not p.get("clasp")


def _not_scored(state, pid, c):
    return m.player(m.rec(state), pid)["scored"] is None


def _price_in_stars(state, pid, c):
    """A Rookie Officer bought off with his cost in Stars (DDD-ROOKIE-04), not the Major."""
    from ddaydesk.rules.ddd.rookie import is_major

    return m.player(m.rec(state), pid)["stars"] >= c.cost and not is_major(state, c.id)


# effect -> (phases it may be used in, targets)
EFFECTS: dict[str, tuple[tuple[str, ...], Callable]] = {
    "gain": ((*ANY_ALLIED, *ANY_GERMAN), _plain),
    "def_zero": (ALLIED_BEFORE_COMBAT, _plain),
    "def_reduce_turn": (ALLIED_BEFORE_COMBAT, _plain),
    "ignore_mgf_turn": (ALLIED_BEFORE_COMBAT, _plain),
    "mgf_minus_turn": (ALLIED_BEFORE_COMBAT, _plain),
    "silence_mgf_turn": (ALLIED_BEFORE_COMBAT, _when(_has_mgf_here, _plain)),
    "change_die": (("roll", "tally", "german_roll", "german_tally"), _own_dice),
    "trade_anywhere": (("supply",), _plain),
    "extra_rwb": (ANY_ALLIED, _plain),
    "copy_tally": (("tally",), _other_tallies),
    "steal_die": (("tally",), _when(_takes_left, _german_dice)),
    "german_loses_specialist": (ANY_ALLIED, _when(_german_there, _plain)),
    "german_loses": (ANY_ALLIED, _when(_german_there, _plain)),
    "silence_mgf": (ALLIED_BEFORE_COMBAT, _when(_has_mgf_here, _plain)),
    "pressure_specialist": (("combat",), _when(_not_moved, _plain)),
    "free_rally": (ANY_ALLIED, _hand),
    "all_players_gain": ((*ANY_ALLIED, *ANY_GERMAN), _plain),
    "snipe": (ANY_GERMAN, _units),
    "unit_loses_item": (ANY_GERMAN, _units_with("items")),
    "unit_loses_specialist": (ANY_GERMAN, _units_with("specialists")),
    "unit_loses_vehicle": (ANY_GERMAN, _units_with("vehicles")),
    "allies_lose": (ANY_GERMAN, _plain),
    "unit_loses": (ANY_GERMAN, _units),
    "unit_loses_d6": (ANY_GERMAN, _units),
    "row_loses": (ANY_GERMAN, _plain),
    "mgf_plus_turn": (ANY_GERMAN, _plain),
    "def_plus_turn": (ANY_GERMAN, _plain),
    "special_damage_wider": (ANY_GERMAN, _plain),
    "no_trade_turn": (ANY_GERMAN, _plain),
    "take_dice": (("german_roll",), _when(_takes_left, _allied_dice)),
    "second_tally": (("german_roll",), _when(_not_clasping, _plain)),
    "kill_sniper": (ANY_GERMAN, _when(_sniper_alive, _plain)),
    "anschluss": (ANY_GERMAN, _plain),
    "allied_rwb": (ANY_GERMAN, _rwbs),
    "army_medal": (ALLIED_BEFORE_COMBAT, _plain),
    "medical": (("roll", "tally"), _when(_not_scored, _plain)),
    "ignore_skull_turn": (("roll", "tally"), _when(_not_scored, _plain)),
    "advance_discount_turn": (ALLIED_BEFORE_COMBAT, _plain),
    "mine_proof_turn": (ALLIED_BEFORE_COMBAT, _plain),
    "dismiss": (("supply",), _when(_price_in_stars, _plain)),
}


def card_legal(state: GameState, side: str, phase: Phase):
    for pid in players(state, side):
        for c, _where in _usable_cards(state, pid):
            e = effect_of(state, c)
            if e == "snipe" and m.solo(m.rec(state)):
                e = "snipe_solo"
                if _sniper_alive(state, pid, c):
                    yield _use(side, pid, c.id)
                continue
            spec = EFFECTS.get(e)
            if spec and phase.id.removesuffix("_auto") in spec[0]:
                yield from spec[1](state, side, pid, c)


def card_apply(state: GameState, a: UseCard, ch: Changes, phase: Phase) -> None:
    from ddaydesk.rules.ddd.card_effects import apply_effect

    if a not in set(card_legal(state, a.side, phase)):
        raise IllegalAction(f"{m.player_name(state, a.player)} cannot use the {m.card_name(a.card)} that way now")
    c = tables().cards[a.card]
    r = m.own(state)
    p = m.player(r, a.player)
    where = next(w for cc, w in _usable_cards(state, a.player) if cc.id == c.id)
    who = m.player_name(state, a.player)
    ch.notes.append(f"{who} uses the {c.name}")
    if where == "decorations":
        german.discard(state, c.id)
        ch.revealed.append(f"the German plays the {c.name}")
    elif where == "items" and not c.permanent:
        p["items"].remove(c.id)
        p["used_items"].append(c.id)
    elif where == "awards":
        p["awards"].remove(c.id)
        r["awards"]["discard"].append(c.id)
    elif where == "badges":
        from ddaydesk.rules.ddd.badges import used

        used(state, a.player, c.id)
    if c.uses == "per_turn":
        p["turn"]["used"] = [*p["turn"].get("used", []), c.id]
    elif c.uses == "per_game":
        p["used_game"].append(c.id)
    apply_effect(state, a, c, effect_of(state, c), ch)
