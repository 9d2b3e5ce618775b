"""Scoring a player's Final Tally in the engine: what each way of scoring it gives (the
choices offered with their gains, before one is made) and applying the chosen one (Phase 2).

Gains: the counted faces, each RWB's bonus for the player's nation (or the German's), the
Straight's reward, the Sector's +1 bonus, and the cards that add to every Final Tally. An RWB
may be given up for a Mulligan token (Desperate Measures, DDD-OPT-13), a Battle Cry RWB for a
Badge (DDD-BADGE-01): ``ScoreTally.options`` holds ``TOKEN`` or ``BADGE`` for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction
from ddaydesk.records import Record
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import FACES, tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.tally import Base, die_roles, face_gain, scorings

if TYPE_CHECKING:  # (made once dice are kept: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import ScoreTally

ALLIED_RWB = ("red", "white", "blue")
GERMAN_RWB = ("red", "white", "black")
TOKEN = -1  # an RWB's bonus given up for a token (Desperate Measures)
BADGE = -2  # a Battle Cry RWB's bonus given up for a Badge


@dataclass(frozen=True, eq=False, repr=False)
class Option(Record):
    """One way to score: the action that takes it and what it buys."""

    action: ScoreTally
    base: Base
    gain: dict[str, int]
    effects: tuple[str, ...]  # allies_lose_soldier, order_decorations, recover_item, draw_award, pick_decoration
    names: tuple[str, ...]  # "Leadership RWB", "Straight", ...

    def words(self) -> str:
        parts = list(self.names)
        if self.base.cancel:
            parts.append("Skulls cancel " + ", ".join(tables().faces[f].name for f in self.base.cancel))
        buys = gain_words(self.gain)
        extra = [_EFFECT_WORDS[e] for e in self.effects if e in _EFFECT_WORDS]
        if self.action.pick:
            extra.append(f"find {m.card_name(self.action.pick)} again")
        return "; ".join(parts + [buys] + extra) if parts else "; ".join([buys] + extra)


_EFFECT_WORDS = {"allies_lose_soldier": "every Allied Unit loses 1 Soldier",
                 "order_decorations": "look at the top 3 Decorations", "draw_award": "draw an Award",
                 "pick_decoration": "take the Decoration of your choice", "draw_badge": "draw a Badge",
                 "take_token": "take a Mulligan token"}


def dice_of(p: dict) -> tuple[tuple[str, str], ...]:
    return tuple((d[0], d[1]) for d in p["dice"])


def ignore_skulls(state: GameState, p: dict) -> int:
    solo = m.solo(m.rec(state))
    return sum(c.amount for c in m.effect_count(p, "ignore_skull", solo)) + p["fx"].get("ignore_skull", 0)


def set_aside(state: GameState, pid: str, p: dict) -> tuple[int, ...]:
    """The Skulls the Combat Medical Badge sets aside this turn (a Rookie's penalty keeps one)."""
    from ddaydesk.rules.ddd.rookie import amount

    n = p["fx"].get("medical", 0)
    if not n:
        return ()
    skulls = [i for i, d in enumerate(p["dice"]) if d[1] == "skull"]
    return tuple(skulls[:max(0, min(n, len(skulls) - amount(state, pid, "rookie_skull")))])


def bases(state: GameState, pid: str) -> tuple[Base, ...]:
    from ddaydesk.rules.ddd.rookie import amount

    p = m.player(m.rec(state), pid)
    side = "german" if pid == m.GERMAN else "allied"
    rwb_faces = tuple(f for f in FACES if f in tables().rwb[side])
    return scorings(dice_of(p), GERMAN_RWB if pid == m.GERMAN else ALLIED_RWB, ignore_skulls(state, p), rwb_faces,
                    set_aside(state, pid, p), amount(state, pid, "rookie_skull"))


def options(state: GameState, pid: str) -> list[Option]:
    """Every way ``pid`` may score its kept dice now, with what each buys."""
    r = m.rec(state)
    p = m.player(r, pid)
    if not p["kept"] or p["scored"] is not None or p.get("clasp"):
        return []
    from ddaydesk.rules.ddd.actions_later import ScoreTally  # (made once dice are kept)

    t = tables()
    side = "german" if pid == m.GERMAN else "allied"
    nation = "german" if pid == m.GERMAN else p["nation"]
    solo = m.solo(r)
    fixed = _fixed_gain(state, pid, p)
    dice = dice_of(p)
    out = []
    extras = _extras(state, pid)
    for base in bases(state, pid):
        gain = face_gain(dice, base, t.faces)
        _merge(gain, fixed)
        if base.aside:
            _merge(gain, {"soldiers": len(base.aside)})  # the Combat Medical Badge
        rwbs = [t.rwb[side][f] for f in base.rwbs]
        for f in base.rwbs:
            if f == "star":
                for c in m.effect_count(p, "leadership_bonus", solo):
                    _merge(gain, c.gain)
        per_rwb = sum(c.amount for c in m.effect_count(p, "rwb_tools", solo)) if solo else 0
        if per_rwb and rwbs:
            _merge(gain, {"tools": per_rwb * len(rwbs)})
        names = [f"{b.name} RWB" for b in rwbs]
        straight: list[str] = []
        if base.straight:
            straight = [t.straight[side][0]]
            names.append("Straight")
        choice_sets = [(*(range(len(b.options)) if b.options else (0,)), *extras.get(b.face, ())) for b in rwbs]
        for picks in product(*choice_sets):
            if picks.count(TOKEN) > extras["tokens"] or picks.count(BADGE) > 1:
                continue
            g = dict(gain)
            effects = list(straight)
            for b, k in zip(rwbs, picks, strict=True):
                if k < 0:
                    effects.append("take_token" if k == TOKEN else "draw_badge")
                elif b.options:
                    title, gains, effect = b.options[k]
                    _merge(g, gains.get(nation, {}))
                    if effect:
                        effects.append(effect)
                else:
                    _merge(g, b.gains.get(nation, {}))
            opts = tuple(k if b.options or k < 0 else 0 for b, k in zip(rwbs, picks, strict=True))
            for pick in _picks(p, g, effects):
                action = ScoreTally(side, pid, base.rwbs, opts, base.straight, base.cancel, pick)
                out.append(Option(action, base, g, tuple(effects), tuple(_titled(names, rwbs, picks))))
    return out


def _titled(names: list[str], rwbs: list, picks: tuple[int, ...]) -> list[str]:
    out = list(names)
    for k, (b, pick) in enumerate(zip(rwbs, picks, strict=True)):
        if pick < 0:
            out[k] = f"{b.name} RWB ({'a token instead' if pick == TOKEN else 'a Badge instead'})"
        elif b.options:
            out[k] = f"{b.name} RWB ({b.options[pick][0]})"
    return out


def _extras(state: GameState, pid: str) -> dict:
    """What an RWB may be given up for: a token from the pool (Desperate Measures, any RWB)
    and a Badge (a Battle Cry RWB, DDD-BADGE-01). ``tokens``: how many the pool holds."""
    from ddaydesk.rules.ddd.badges import gain_problem

    r = m.rec(state)
    tokens = r.get("tokens", 0) if m.opt(state, "desperate_measures") else 0
    out: dict = {"tokens": tokens}
    for face in FACES:
        extra = (TOKEN,) if tokens else ()
        if face == "courage" and pid != m.GERMAN and gain_problem(state, pid) is None:
            extra += (BADGE,)
        if extra:
            out[face] = extra
    return out


def _picks(p: dict, gain: dict[str, int], effects: list[str]) -> list[str]:
    """The used Items an Ingenuity RWB may find again (paid in Item Points after this tally)."""
    if "recover_item" not in effects:
        return [""]
    cards = tables().cards
    tools = p["tools"] + gain.get("tools", 0)
    return sorted({c for c in p.get("used_items", []) if cards[c].cost <= tools and c not in p["items"]})


def _fixed_gain(state: GameState, pid: str, p: dict) -> dict[str, int]:
    """What every tally of this player adds: the Sector's bonus and the cards' tally bonuses."""
    g: dict[str, int] = {}
    if pid != m.GERMAN:
        place = m.place_of(state, pid)
        sm = m.sectors(state)
        if place in sm.sectors and sm.sector(place).bonus:
            g[sm.sector(place).bonus] = 1
    for c in m.effect_count(p, "tally_bonus", m.solo(m.rec(state))):
        _merge(g, c.gain)
    return g


def _merge(into: dict[str, int], gain: dict[str, int]) -> None:
    for k, v in gain.items():
        into[k] = into.get(k, 0) + v


def find(state: GameState, a: ScoreTally) -> Option:
    for o in options(state, a.player):
        if o.action == a:
            return o
    raise IllegalAction(f"{m.player_name(state, a.player)} cannot score the dice that way now")


def apply_score(state: GameState, a: ScoreTally, ch: Changes) -> Option:
    """Add what the chosen scoring gives; the effects that need more (a draw, a choice) are
    the caller's (phases.py)."""
    o = find(state, a)
    r = m.own(state)
    p = m.player(r, a.player)
    m.add(p, o.gain)
    if a.pick:
        p["tools"] -= tables().cards[a.pick].cost
        p["used_items"].remove(a.pick)
        p["items"].append(a.pick)
    dice = dice_of(p)
    p["scored"] = {"names": list(o.names), "gain": o.gain, "roles": die_roles(dice, o.base),
                   "effects": list(o.effects)}
    ch.notes.append(f"{m.player_name(state, a.player)} scores: {o.words()}")
    return o
