"""Overlord's Rookie Officer (DDD-ROOKIE-01..13): a Specialist with a penalty nothing switches
off and that beats every other rule (DDD-ROOKIE-03), so each penalty is applied last, after
every card, Award and Battle Condition; Captain O'Crappy (every Unit starts with its own) and
Major McMoron (one Rookie nobody can lose, passed on by Leadership and Battle Cry RWBs, or in
a solo game joining at the first RWB and toggled by them).

Without these options a Rookie Officer is never in play (DDD-ROOKIE-02): he is in no hand or
pool.
"""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import Card, tables
from ddaydesk.rules.ddd.pending import push

ROUSING = ("star", "courage")  # Leadership and Battle Cry RWBs (DDD-ROOKIE-09, -12)


def is_rookie(cid: str) -> bool:
    c = tables().cards.get(cid)
    return bool(c and c.rookie)


def penalties(state: GameState, pid: str, effect: str) -> list[Card]:
    """The Rookie Officers with Unit ``pid`` whose penalty is ``effect`` and is on (a silenced
    solitaire Major's is off, DDD-ROOKIE-12)."""
    if pid == m.GERMAN:
        return []
    p = m.player(m.rec(state), pid)
    cards = tables().cards
    return [cards[c] for c in p["specialists"] if cards[c].rookie and cards[c].effect == effect
            and c not in p.get("silent", ())]


def amount(state: GameState, pid: str, effect: str) -> int:
    return sum(c.amount for c in penalties(state, pid, effect))


def is_major(state: GameState, cid: str) -> bool:
    major = m.rec(state).get("major") or {}
    return major.get("card") == cid


def keeps(state: GameState, pid: str, cid: str, source: str) -> bool:
    """A Unit cannot lose this Specialist to a loss of this ``source``: Major McMoron to none
    (DDD-ROOKIE-08, -11); a Rookie Officer to none but machine-gun Special Damage
    (``special_damage``): a loss of "1 Specialist" of any other kind cannot take him, only the
    cards aimed at him (the Purple Heart) and his price send him away (DDD-ROOKIE-04)."""
    if not is_rookie(cid):
        return False
    return is_major(state, cid) or source != "special_damage"


# -- Captain O'Crappy and Major McMoron at the start -----------------------------------------------
def setup(state: GameState, r: dict) -> None:
    """O'Crappy: each Unit starts with the Rookie Officer of its nation (DDD-ROOKIE-04)."""
    if not m.opt(state, "captain_ocrappy"):
        return
    by_nation = {c.nation: c.id for c in tables().rookies()}
    for pid in m.allied_ids(r):
        p = m.player(r, pid)
        rookie = by_nation.get(p["nation"])
        if rookie:
            p["specialists"].append(rookie)
            p["rookie"]["start"] = True


def pick_major(state: GameState, ch: Changes) -> None:
    """McMoron: one Rookie drawn at random is the Major; in a multiplayer game a Unit drawn at
    random rallies him free (DDD-ROOKIE-08); solo he waits for the first RWB (DDD-ROOKIE-11)."""
    r = m.own(state)
    if not m.opt(state, "major_mcmoron") or r.get("major") or m.solo(r) or len(m.allied_ids(r)) < 2:
        return
    held = {c for pid in m.allied_ids(r) for c in m.player(r, pid)["specialists"]}
    free = [c.id for c in tables().rookies() if c.id not in held]
    card = free[ch.roll(state, len(free), "Major McMoron: the Rookie Specialist").value - 1]
    r["major"] = {"card": card, "host": "", "active": True}
    units = m.allied_ids(r)
    join(state, units[ch.roll(state, len(units), "Major McMoron: the Unit that rallies him").value - 1], ch)


def join(state: GameState, pid: str, ch: Changes) -> None:
    r = m.own(state)
    major = r["major"]
    if major["host"]:
        old = m.player(r, major["host"])
        old["specialists"].remove(major["card"])
        old["silent"] = [c for c in old["silent"] if c != major["card"]]
    p = m.player(r, pid)
    p["specialists"].append(major["card"])
    p["hosted"] = True
    major["host"] = pid
    if not major["active"]:
        p["silent"].append(major["card"])
    ch.notes.append(f"Major McMoron ({m.card_name(major['card'])}) joins {m.player_name(state, pid)}")


def after_rwbs(state: GameState, pid: str, faces: tuple[str, ...], ch: Changes) -> None:
    """A scored tally's RWBs and the Major: solo, the first RWB brings him, active
    (DDD-ROOKIE-11), and every later Leadership or Battle Cry RWB turns him over (DDD-ROOKIE-12);
    with more Units, his host may hand him on (DDD-ROOKIE-09)."""
    r = m.rec(state)
    major = r.get("major")
    if not m.opt(state, "major_mcmoron") or not faces or pid == m.GERMAN:
        return
    rousing = sum(1 for f in faces if f in ROUSING)
    if len(m.allied_ids(r)) == 1:
        if major is None:
            card = tables().rookies()[ch.roll(state, len(tables().rookies()), "Major McMoron").value - 1].id
            m.own(state)["major"] = {"card": card, "host": "", "active": True}
            join(state, pid, ch)
            rousing = 0  # his first RWB brings him, active (the catalogue's reading of DDD-ROOKIE-11)
        if rousing % 2:
            _toggle(state, pid, ch)
    elif major and major["host"] == pid and rousing and len(m.active_units(r)) > 1:
        push(state, ch, {"kind": "major", "player": pid, "why": "Major McMoron"})


def _toggle(state: GameState, pid: str, ch: Changes) -> None:
    r = m.own(state)
    major, p = r["major"], m.player(r, pid)
    major["active"] = not major["active"]
    if major["active"]:
        p["silent"].remove(major["card"])
    else:
        p["silent"].append(major["card"])
    ch.notes.append(f"Major McMoron is {'active' if major['active'] else 'silenced'}")


def major_answers(state: GameState, pid: str) -> list[str]:
    """"" (keep him) or the Unit he goes to (it cannot refuse, DDD-ROOKIE-09)."""
    return ["", *(u for u in m.active_units(m.rec(state)) if u != pid)]


# -- O'Crappy's rewards --------------------------------------------------------------------------
def arrived(state: GameState, pid: str, sector_number: int, bunker: bool, ch: Changes) -> None:
    """Still holding his Rookie on first reaching Sector 9 or higher: an Award of the Unit's
    choice (DDD-ROOKIE-05)."""
    r = m.rec(state)
    p = m.player(r, pid)
    if not m.opt(state, "captain_ocrappy") or p["rookie"].get("award") or not _own_rookie(state, pid):
        return
    if sector_number >= tables().value("rookie", "award_from_sector") or bunker:
        m.player(m.own(state), pid)["rookie"]["award"] = True
        push(state, ch, {"kind": "rookie_award", "player": pid, "why": "the Rookie Officer's Award"})


def _own_rookie(state: GameState, pid: str) -> bool:
    p = m.player(m.rec(state), pid)
    return any(is_rookie(c) and not is_major(state, c) for c in p["specialists"])


def ignores_mgf(state: GameState, pid: str) -> bool:
    """O'Crappy still with his Unit in the final Bunker: it ignores machine-gun fire there
    (DDD-ROOKIE-06)."""
    s = m.sectors(state)
    place = m.place_of(state, pid)
    return (m.opt(state, "captain_ocrappy") and place in s.sectors and s.sector(place).final_bunker
            and _own_rookie(state, pid))


def award_answers(state: GameState) -> list[str]:
    return sorted(set(m.rec(state)["awards"]["deck"]))


def give_award(state: GameState, pid: str, cid: str, ch: Changes) -> None:
    r = m.own(state)
    r["awards"]["deck"].remove(cid)
    m.player(r, pid)["awards"].append(cid)
    ch.notes.append(f"{m.player_name(state, pid)} takes the {m.card_name(cid)} (its Rookie Officer's Award)")


def dismiss(state: GameState, pid: str, cid: str, ch: Changes, pay: bool) -> None:
    """Buying a Rookie off with his Star cost (or a Purple Heart) sends him away (DDD-ROOKIE-04)."""
    r = m.own(state)
    p = m.player(r, pid)
    if pay:
        p["stars"] -= tables().cards[cid].cost
    p["specialists"].remove(cid)
    ch.notes.append(f"{m.player_name(state, pid)} sends the {m.card_name(cid)} away")
