"""The German player's cards: the Decoration deck (random draws, the known top cards, the
discard pile reshuffled when the deck runs out), Black Decorations, losing cards, and which
of the map's defences his Specialists keep active (DDD-GER-08, -09, -22..26)."""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables


def mgf_active(r: dict) -> bool:
    """Machine guns fire: always in the co-operative game; against a German only while he has
    the Maschinengewehr-Schütze (DDD-GER-08, -09)."""
    return not m.has_german(r) or tables().value("german", "mgf_activator") in r["players"][m.GERMAN]["specialists"]


def mines_active(r: dict) -> bool:
    """Land Mines hurt: always in the co-operative game; against a German only while he has
    the Pionier (DDD-GER-08, -09)."""
    return not m.has_german(r) or tables().value("german", "mines_activator") in r["players"][m.GERMAN]["specialists"]


def draw(state: GameState, ch: Changes, why: str) -> None:
    """The German draws a Decoration: the top card he has seen if any, else one at random
    (a roll); an empty deck first takes the discard pile back (DDD-GER-24)."""
    sec = m.german_secrets(state)
    r = m.own(state)
    if not sec["deck"]:
        if not r["decorations"]["discard"]:
            ch.notes.append(f"{why}: no Decoration left to draw")
            return
        sec["deck"] = sorted(r["decorations"]["discard"])
        r["decorations"]["discard"] = []
        sec["top"] = []
        ch.notes.append("the Decoration discard pile is shuffled into a new deck")
    if sec["top"]:
        cid = sec["top"].pop(0)
    else:
        cid = sec["deck"][ch.roll(state, len(sec["deck"]), "a Decoration from the deck").value - 1]
    ch.notes.append(f"{why}: the German draws a Decoration")
    take_from_deck(state, cid, ch)


def take_from_deck(state: GameState, cid: str, ch: Changes, free: bool = False) -> None:
    """Card ``cid`` leaves the deck for the German's hand; a Black Decoration is played at once
    instead (DDD-GER-26). ``free``: the Straight's pick, after which the deck is shuffled."""
    sec = m.german_secrets(state)
    sec["deck"].remove(cid)
    if cid in sec["top"]:
        sec["top"].remove(cid)
    if free:
        sec["top"] = []  # shuffled (DDD-GER-23): the order he saw is gone
        ch.notes.append("the German takes a Decoration of his choice; the deck is shuffled")
    card = tables().cards[cid]
    if card.black:
        play_black(state, cid, ch)
        return
    sec["hand"].append(cid)
    m.own(state)["decorations"]["held"] = len(sec["hand"])


def play_black(state: GameState, cid: str, ch: Changes) -> None:
    """A Black Decoration (Wound Badge): shown and paid at once with a loss the German can pay,
    ignored only when he can pay none (DDD-GER-26, -35, -36)."""
    from ddaydesk.rules.ddd.pending import push

    r = m.own(state)
    r["decorations"]["discard"].append(cid)
    ch.revealed.append(f"the German draws the {m.card_name(cid)} (a Black Decoration)")
    push(state, ch, {"kind": "wound", "player": m.GERMAN, "card": cid, "why": m.card_name(cid)})


def discard(state: GameState, cid: str) -> None:
    sec = m.german_secrets(state)
    sec["hand"].remove(cid)
    r = m.own(state)
    r["decorations"]["held"] = len(sec["hand"])
    r["decorations"]["discard"].append(cid)


def lose_card(state: GameState, pid: str, what: str, cid: str, ch: Changes, why: str = "") -> None:
    """``pid`` loses card ``cid`` (a Specialist, Item, Vehicle or Decoration). A German
    Specialist goes back to his pool (he may rally him again, DDD-GER-09; the Zwangsrekrut
    always does, DDD-SOLO-11); an Allied one is out of the game."""
    r = m.own(state)
    p = m.player(r, pid)
    who = m.player_name(state, pid)
    if what == "decoration":
        discard(state, cid)
    else:
        p[{"specialist": "specialists", "item": "items", "vehicle": "vehicles"}[what]].remove(cid)
        if pid == m.GERMAN and what == "specialist":
            r["pool"]["german"] = sorted([*r["pool"]["german"], cid])
        elif pid == m.GERMAN and what == "item":
            p["used_items"].append(cid)
        elif what == "specialist":
            p["lost"].append(cid)
    ch.notes.append(f"{why + ': ' if why else ''}{who} loses the {m.card_name(cid)}")
