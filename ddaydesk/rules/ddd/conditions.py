"""Module 2, Battle Conditions (DDD-COND-01..09): the deck, the card turned up before each
turn's Phase 1, what the cards in play do this turn, a Unit ignoring one by giving up a card,
Persistent Weather and Forward Observation.

The deck is face down: its cards are kept sorted (the order is never stored) and a draw is a
roll for one of them, except for the cards a side has seen on top (Forward Observation), kept
in that side's secrets (``conditions_top``), which come first in the order it chose. The
cards in play are a ``regular`` one and a ``weather`` one: applied in that order, so the
Weather has the last word (DDD-COND-08). "All Units" are the Allies; a card touches the
German only where it names him (DDD-COND-02).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.engine import Changes, GameState, IllegalAction
from ddaydesk.records import Record
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.data_overlord import Condition
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.pending import push

TOP = "conditions_top"


@dataclass(eq=False, repr=False)  # (equality and repr: Record's, the ones dataclass makes, made once)
class Effects(Record):
    """What the Battle Conditions in force do to one Unit this turn."""

    numbers: dict[str, int] = field(default_factory=dict)  # def, mgf, advance, rerolls
    flags: set[str] = field(default_factory=set)  # mgf_off, mines_off, trade_off
    on: set[str] = field(default_factory=set)  # Sector attributes switched on
    off: set[str] = field(default_factory=set)  # and off
    skull_loss: dict[str, int] = field(default_factory=dict)

    def n(self, key: str) -> int:
        return self.numbers.get(key, 0)


NONE = Effects()


def setup(r: dict) -> None:
    r["conditions"] = {"deck": sorted(tables().conditions), "discard": [], "regular": None, "weather": None}


def in_play(r: dict) -> list[Condition]:
    """The cards in force, the regular one first and the Weather last (DDD-COND-08)."""
    c = r.get("conditions")
    if not c:
        return []
    cards = tables().conditions
    return [cards[x] for x in (c["regular"], c["weather"]) if x]


def effects(state: GameState, pid: str) -> Effects:
    """The Battle Conditions' effects on Allied Unit ``pid`` this turn (none for the German
    or a Unit that ignores them)."""
    r = m.rec(state)
    if pid == m.GERMAN or not r.get("conditions"):
        return NONE
    ignored = m.player(r, pid)["turn"].get("ignored", ())
    out = Effects()
    for c in in_play(r):
        if c.id in ignored:
            continue
        for k, v in c.numbers.items():
            out.numbers[k] = out.numbers.get(k, 0) + v
        out.flags |= c.flags
        out.on = (out.on - c.attrs_off) | c.attrs_on  # the later card wins (DDD-COND-03, -08)
        out.off = (out.off - c.attrs_on) | c.attrs_off
        for k, v in c.gains.get("skull_loss", {}).items():
            out.skull_loss[k] = out.skull_loss.get(k, 0) + v
    return out


def sector_attributes(state: GameState, pid: str, printed: frozenset[str]) -> frozenset[str]:
    """A Sector's attributes for ``pid`` this turn: the cards in force win (DDD-COND-03)."""
    e = effects(state, pid)
    return frozenset((printed - e.off) | e.on) if e.on or e.off else printed


# -- the draw -----------------------------------------------------------------------------------
def draw(state: GameState, ch: Changes) -> None:
    """Before Phase 1 (hook of the turn's start): one card turned up and applied (DDD-COND-01)."""
    if not m.opt(state, "battle_conditions"):
        return
    r = m.own(state)
    c = r["conditions"]
    if not c["deck"]:
        c["deck"], c["discard"] = sorted(c["discard"]), []
        ch.notes.append("the Battle Conditions discard pile is shuffled into a new deck")
    cid = _take_top(state, ch)
    card = tables().conditions[cid]
    persistent = m.opt(state, "persistent_weather")
    for slot in ("regular", "weather"):
        old = c[slot]
        if old and (slot == "regular" or card.weather or not persistent):
            c["discard"].append(old)
            c[slot] = None
    c["weather" if card.weather else "regular"] = cid
    ch.revealed.append(f"Battle Conditions: {card.name}")
    ch.notes.append(f"Battle Conditions: {card.name} — {card.text}")
    _at_draw(state, card, ch)


def _take_top(state: GameState, ch: Changes) -> str:
    c = m.own(state)["conditions"]
    for side in state.scenario.system.sides:
        known = state.secrets.get(side, {}).get(TOP)
        if known:
            cid = known[0]
            _set_top(state, side, known[1:])
            c["deck"].remove(cid)
            return cid
    return c["deck"].pop(ch.roll(state, len(c["deck"]), "the next Battle Conditions card").value - 1)


def _set_top(state: GameState, side: str, cards: list[str]) -> None:
    state.secrets = {**state.secrets, side: {**state.secrets.get(side, {}), TOP: list(cards)}}


def _at_draw(state: GameState, card: Condition, ch: Changes) -> None:
    """What the card does once, as it is turned up: a Unit that may give a card up to ignore
    it chooses first (DDD-COND-04); the German and "all players" now (DDD-COND-02)."""
    from ddaydesk.rules.ddd import effects as fx

    r = m.own(state)
    g = card.gains
    if m.has_german(r):
        if g.get("german_gain") or g.get("all_gain"):
            fx.german_gains(state, {**g.get("german_gain", {}), **g.get("all_gain", {})}, ch, card.name)
        if g.get("german_lose"):
            fx.german_loses(state, g["german_lose"], ch, card.name)
    for pid in m.active_units(r):
        if m.solo(r):
            continue  # the automated Unit keeps no resources (DDD-SOLO-07)
        if card.cancel and cancel_answers(state, pid, card)[1:]:
            push(state, ch, {"kind": "cancel_condition", "player": pid, "card": card.id, "why": card.name})
        else:
            hit(state, pid, card, ch)


def hit(state: GameState, pid: str, card: Condition, ch: Changes) -> None:
    """The card's once-only effects on Unit ``pid`` (what it lacks it does not lose, DDD-COND-05)."""
    from ddaydesk.rules.ddd import effects as fx

    g = card.gains
    gain = {**g.get("gain", {})}
    for k, v in g.get("all_gain", {}).items():
        gain[k] = gain.get(k, 0) + v
    if gain:
        got = m.add(m.player(m.own(state), pid), gain)
        ch.notes.append(f"{card.name}: {m.player_name(state, pid)} gains {gain_words(got, '')}")
    if g.get("lose"):
        fx.unit_loses(state, pid, g["lose"], ch, card.name)
    if card.lose_card:
        fx.lose_card_choice(state, pid, card.lose_card, ch, card.name)


def cancel_answers(state: GameState, pid: str, card: Condition) -> list[str]:
    """"" (take the card) and the cards ``pid`` may give up to ignore it: Items, and
    Specialists whose ability it has not used this turn; never a Rookie Officer (DDD-ROOKIE-04)."""
    from ddaydesk.rules.ddd.rookie import keeps

    p = m.player(m.rec(state), pid)
    used = p["turn"].get("used", ())
    out = [""]
    if "item" in card.cancel:
        out += sorted(set(p["items"]))
    if "specialist" in card.cancel:
        out += sorted({c for c in p["specialists"] if c not in used and not keeps(state, pid, c, "generic")})
    return out


def cancel(state: GameState, pid: str, cid: str, value: str, ch: Changes) -> None:
    card = tables().conditions[cid]
    if not value:
        hit(state, pid, card, ch)
        return
    r = m.own(state)
    p = m.player(r, pid)
    if value in p["items"]:
        p["items"].remove(value)
        p["used_items"].append(value)  # given up: used (DDD-COND-04)
    else:
        p["specialists"].remove(value)
        p["lost"].append(value)
    p["turn"]["ignored"] = [*p["turn"].get("ignored", []), cid]
    ch.notes.append(f"{m.player_name(state, pid)} gives up the {m.card_name(value)} to ignore {card.name}")


def ignore_all(state: GameState, pid: str) -> None:
    """The Army Medal for War: the Unit ignores the cards in play for the rest of the turn."""
    r = m.own(state)
    p = m.player(r, pid)
    p["turn"]["ignored"] = sorted({*p["turn"].get("ignored", []), *(c.id for c in in_play(r))})


# -- Forward Observation (DDD-COND-09) ------------------------------------------------------------
def observe(state: GameState, side: str, ch: Changes) -> None:
    """``side`` looks at the top cards of the deck (those known first, then drawn at random)
    and will put them back in its order; the other side's knowledge of the top is gone (the
    order may change)."""
    n = tables().value("conditions", "observed")
    c = m.own(state)["conditions"]
    known: list[str] = []
    for s in state.scenario.system.sides:
        if state.secrets.get(s, {}).get(TOP):
            known += state.secrets[s][TOP]
            _set_top(state, s, [])
    rest = [x for x in c["deck"] if x not in known]
    while len(known) < n and rest:
        known.append(rest.pop(ch.roll(state, len(rest), "the next Battle Conditions card").value - 1))
    _set_top(state, side, known)


def order(state: GameState, side: str, cards: tuple[str, ...]) -> None:
    if sorted(cards) != sorted(state.secrets.get(side, {}).get(TOP, [])):
        raise IllegalAction("put back the Battle Conditions you looked at, each once")
    _set_top(state, side, list(cards))
