"""What happens to the players: losses and gains aimed at Units or the German, an Award
drawn, Decorations peeked at, and what a scored tally sets off (DDD-GER-20, -21, -23)."""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import german
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.pending import push


def unit_loses(state: GameState, pid: str, loss: dict[str, int], ch: Changes, why: str) -> None:
    """An Allied Unit loses resources (what it has; none below 0). Losing its last Soldier
    wipes it out (carry_on.py; phases.settle ends the game or the battle)."""
    r = m.own(state)
    if m.solo(r):  # the automated Unit keeps no resources (DDD-SOLO-07)
        ch.notes.append(f"{why}: the automated Allied Unit keeps no count of its resources")
        return
    p = m.player(r, pid)
    lost = m.add(p, loss, -1)
    ch.notes.append(f"{why}: {m.player_name(state, pid)} loses {gain_words(lost, '') if lost else 'nothing'}")
    if loss.get("soldiers") and p["soldiers"] <= 0 and p["status"] == "ashore":
        from ddaydesk.rules.ddd.carry_on import wipe_out

        wipe_out(state, pid, ch, "is wiped out")


def allies_lose(state: GameState, loss: dict[str, int], ch: Changes, why: str) -> None:
    """Every Allied Unit (not the German: he is not a Unit, DDD-GER-34)."""
    for pid in m.active_units(m.rec(state)):
        unit_loses(state, pid, loss, ch, why)


def german_gains(state: GameState, gain: dict[str, int], ch: Changes, why: str) -> None:
    r = m.own(state)
    got = m.add(m.player(r, m.GERMAN), gain)
    ch.notes.append(f"{why}: the German gains {gain_words(got, '') if got else 'nothing'}")


def german_loses(state: GameState, loss: dict[str, int], ch: Changes, why: str) -> None:
    r = m.own(state)
    lost = m.add(m.player(r, m.GERMAN), loss, -1)
    ch.notes.append(f"{why}: the German loses {gain_words(lost, '') if lost else 'nothing'}")


def players_gain(state: GameState, gain: dict[str, int], ch: Changes, why: str) -> None:
    """Every player, the German too when there is one (an effect on players, DDD-GER-34, -39)."""
    r = m.own(state)
    for pid in m.active_units(r):
        m.add(m.player(r, pid), gain)
    if m.has_german(r):
        m.add(m.player(r, m.GERMAN), gain)
    ch.notes.append(f"{why}: every player gains {gain_words(gain, '')}")


def lose_card_choice(state: GameState, pid: str, what: str, ch: Changes, why: str, source: str = "") -> None:
    """``pid`` loses 1 card of a kind, its own player picking which (DDD-GER-37); ``source``
    "special_damage" for machine-gun Special Damage (a Rookie Officer may go, DDD-ROOKIE-04)."""
    push(state, ch, {"kind": "loss", "player": pid, "what": what, "why": why, "source": source})


def draw_award(state: GameState, pid: str, ch: Changes) -> None:
    r = m.own(state)
    deck = r["awards"]
    if not deck["deck"]:
        deck["deck"], deck["discard"] = sorted(deck["discard"]), []
    if not deck["deck"]:
        ch.notes.append("no Award left to draw")
        return
    cid = deck["deck"].pop(ch.roll(state, len(deck["deck"]), "an Award from the deck").value - 1)
    m.player(r, pid)["awards"].append(cid)
    ch.notes.append(f"{m.player_name(state, pid)} draws the {m.card_name(cid)}")


def peek_decorations(state: GameState, ch: Changes, n: int = 3) -> None:
    """Ingenuity: the German looks at the top ``n`` Decorations (those he knows already, then
    cards drawn at random to make ``n``) and puts them back in his order (DDD-GER-21)."""
    sec = m.german_secrets(state)
    unknown = [c for c in sec["deck"] if c not in sec["top"]]
    while len(sec["top"]) < n and unknown:
        cid = unknown.pop(ch.roll(state, len(unknown), "the next Decoration of the deck").value - 1)
        sec["top"].append(cid)
    ch.notes.append(f"the German looks at the top {len(sec['top'])} Decorations")
    if len(sec["top"]) > 1:
        push(state, ch, {"kind": "order", "player": m.GERMAN, "why": "Ingenuity"})  # (the cards: his secrets)


def after_score(state: GameState, pid: str, effects: tuple[str, ...], ch: Changes) -> None:
    for e in effects:
        if e == "draw_award":
            draw_award(state, pid, ch)
        elif e == "pick_decoration":
            push(state, ch, {"kind": "pick_decoration", "player": m.GERMAN, "why": "Straight"})
        elif e == "allies_lose_soldier":
            allies_lose(state, {"soldiers": 1}, ch, "Fanatism")
        elif e == "order_decorations":
            peek_decorations(state, ch)
        elif e == "draw_badge":
            from ddaydesk.rules.ddd.badges import draw

            draw(state, pid, ch, "Battle Cry")
    tokens = effects.count("take_token")
    if tokens:
        from ddaydesk.rules.ddd.bonus import take_tokens

        take_tokens(state, pid, tokens, ch)


def after_tally(state: GameState, pid: str, rwbs: tuple[str, ...], active_skulls: int, ch: Changes) -> None:
    """What a scored Final Tally sets off besides its gains: the Battle Conditions' price of
    each Active Skull (DDD-COND-06), a Rookie Officer's penalty, Major McMoron."""
    from ddaydesk.rules.ddd import conditions, rookie

    if pid == m.GERMAN:
        return
    per_skull = conditions.effects(state, pid).skull_loss
    if per_skull and active_skulls:
        unit_loses(state, pid, {k: v * active_skulls for k, v in per_skull.items()}, ch,
                   f"{active_skulls} Active Skull{'s' if active_skulls > 1 else ''}")
    for c in rookie.penalties(state, pid, "rookie_tally"):
        unit_loses(state, pid, c.gain, ch, c.name)
    rookie.after_rwbs(state, pid, rwbs, ch)


def german_loses_specialist(state: GameState, ch: Changes, why: str) -> None:
    """The German loses 1 Specialist of his choice (DDD-SOLO-11: or his Zwangsrekrut)."""
    push(state, ch, {"kind": "loss", "player": m.GERMAN, "what": "specialist", "why": why})


def trophy(state: GameState, ch: Changes) -> None:
    for _ in range(tables().value("german", "trophy_decorations")):
        german.draw(state, ch, "war trophy")
