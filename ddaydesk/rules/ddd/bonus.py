"""Overlord's bonus optional rules that need no module of their own: Playing with Fire
(DDD-OPT-01), Supply SNAFU (DDD-OPT-02), Mulligans (DDD-OPT-11, -12) and Desperate Measures
(DDD-OPT-13, -14). Carry On! is carry_on.py, the MGF dice mgf.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import FACES, tables
from ddaydesk.rules.ddd.rolls import COLOUR_NAMES, players, roll_face

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import AddResult, Mulligan


# -- Playing with Fire --------------------------------------------------------------------------
def explosives(p: dict) -> int:
    cards = tables().cards
    return sum(cards[c].explosive for c in (*p["specialists"], *p["items"], *p["vehicles"], *p["badges"]))


def fire(state: GameState, ch: Changes) -> None:
    """Phase 5: each Explosive over a Unit's safe limit costs it a Soldier (DDD-OPT-01)."""
    if not m.opt(state, "playing_with_fire"):
        return
    from ddaydesk.rules.ddd.effects import unit_loses

    t = tables()
    limit, loss = t.value("optional", "fire_safe_limit"), t.value("optional", "fire_loss")
    r = m.rec(state)
    for pid in m.active_units(r):
        over = explosives(m.player(r, pid)) - limit
        if over > 0:
            unit_loses(state, pid, {"soldiers": over * loss}, ch, f"Playing with Fire ({over} Explosives too many)")


# -- Supply SNAFU -------------------------------------------------------------------------------
def snafu_items(state: GameState, pool: list[str]) -> list[str]:
    cards = tables().cards
    return [c for c in pool if cards[c].kind == "item" and cards[c].klass in ("regular", "special")]


def deal_snafu(state: GameState, ch: Changes) -> None:
    """The Regular and Special Items of the pool shuffled into two face-up piles of (nearly)
    equal size, the top card last (DDD-OPT-02)."""
    if not m.opt(state, "supply_snafu"):
        return
    r = m.own(state)
    left = snafu_items(state, r["pool"]["allied"])
    piles: list[list[str]] = [[] for _ in range(tables().value("optional", "snafu_piles"))]
    k = 0
    while left:
        piles[k % len(piles)].append(left.pop(ch.roll(state, len(left), "Supply SNAFU: shuffling the Items").value - 1))
        k += 1
    r["snafu"] = piles
    ch.notes.append("Supply SNAFU: " + " and ".join(f"{m.card_name(p[-1])} on top" for p in piles if p))


def findable(state: GameState, cid: str) -> bool:
    """Under Supply SNAFU only the top Item of a pile is found; Legendary Items and Vehicles
    are found as usual."""
    piles = m.rec(state).get("snafu")
    if piles is None or not m.opt(state, "supply_snafu"):
        return True
    c = tables().cards[cid]
    if c.kind != "item" or c.klass not in ("regular", "special"):
        return True
    return any(p and p[-1] == cid for p in piles)


def found(state: GameState, cid: str) -> None:
    for pile in m.own(state).get("snafu") or ():
        if pile and pile[-1] == cid:
            pile.pop()


# -- Mulligans and Desperate Measures -----------------------------------------------------------
def tokens_setup(state: GameState, r: dict) -> None:
    """3 Mulligan tokens a player (DDD-OPT-11); with Desperate Measures the rest of the box is
    the pool (DDD-OPT-13)."""
    box = tables().value("optional", "token_box")
    each = tables().value("optional", "mulligans") if m.opt(state, "mulligans") else 0
    for pid in r["order"]:
        r["players"][pid]["tokens"] = each
    r["tokens"] = max(0, box - each * len(r["order"])) if m.opt(state, "desperate_measures") else 0


def mulligan_legal(state: GameState, side: str, phase: Phase):
    if not m.opt(state, "mulligans"):
        return
    r = m.rec(state)
    for pid in players(state, side):
        p = m.player(r, pid)
        if p["tokens"] and p["rolls"] == 1 and not p["kept"]:
            from ddaydesk.rules.ddd.actions_later import Mulligan  # (made when first listed)
            yield Mulligan(side, pid)


def mulligan_apply(state: GameState, a: Mulligan, ch: Changes, phase: Phase) -> None:
    if a not in set(mulligan_legal(state, a.side, phase)):
        raise IllegalAction("a Mulligan token re-rolls a first roll, before any re-roll (DDD-OPT-11)")
    p = m.player(m.own(state), a.player)
    p["tokens"] -= 1
    p["mulligans"] += 1
    who = m.player_name(state, a.player)
    # every die of the first roll again (a Desperate Measures result is no die: it stays)
    p["dice"] = [d if d[2] == 2 else [d[0], roll_face(state, ch, who, d[0]), 0] for d in p["dice"]]
    ch.notes.append(f"{who} spends a Mulligan token and rolls again: "
                    + ", ".join(f"{COLOUR_NAMES.get(d[0], d[0])} {tables().faces[d[1]].name}" for d in p["dice"]))


def add_legal(state: GameState, side: str, phase: Phase):
    if not m.opt(state, "desperate_measures"):
        return
    r = m.rec(state)
    for pid in players(state, side):
        p = m.player(r, pid)
        if p["tokens"] and p["rolls"] and p["scored"] is None and not p.get("clasp"):
            from ddaydesk.rules.ddd.actions_later import AddResult  # (made when first listed)
            for colour in dict.fromkeys(tables().dice_sets[p["side"]]):
                for face in FACES:
                    yield AddResult(side, pid, colour, face)


def add_apply(state: GameState, a: AddResult, ch: Changes, phase: Phase) -> None:
    if a not in set(add_legal(state, a.side, phase)):
        raise IllegalAction("a token adds a result to a Final Tally in Phase 1, after the roll (DDD-OPT-14)")
    r = m.own(state)
    p = m.player(r, a.player)
    p["tokens"] -= 1
    r["tokens"] += 1
    p["dice"].append([a.colour, a.face, 2])  # a result, not a die to re-roll
    ch.notes.append(f"{m.player_name(state, a.player)} returns a token: a {COLOUR_NAMES.get(a.colour, a.colour)} "
                    f"{tables().faces[a.face].name} joins its Final Tally")


def take_tokens(state: GameState, pid: str, n: int, ch: Changes) -> None:
    """RWB bonuses given up for tokens from the pool (DDD-OPT-13)."""
    r = m.own(state)
    got = min(n, r["tokens"])
    r["tokens"] -= got
    m.player(r, pid)["tokens"] += got
    ch.notes.append(f"{m.player_name(state, pid)} takes {got} token{'s' if got != 1 else ''} from the pool")
