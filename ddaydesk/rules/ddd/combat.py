"""Phase 6, combat, and Phase 7, the assault in the final Bunker.

Each Allied Unit loses its Sector's DEF in Soldiers (less what its cards take off) and rolls
a d6 per machine-gun symbol, losing the total; a 6 sets off the map's Special Damage. With a
German, he first loses the highest DEF of the Sectors the Allies hold; the Soldiers he lacks
lower every Sector's DEF for the Allies that turn, and below 0 they become Soldiers gained
(DDD-GER-10..17). A Unit that survives a final Bunker takes it (co-operative game) or
assaults the German (Phase 7, DDD-GER-27..31); in solitaire the German pays the inactive
machine guns himself and the Sniper fires (DDD-SOLO-09, -10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import conditions, german, mgf, moves, rookie, solo
from ddaydesk.rules.ddd import effects as fx
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.carry_on import wipe_out
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.rolls import attributes

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import Assault


def german_losses(state: GameState, ch: Changes) -> int:
    """The German pays the single highest printed DEF among the Sectors the Allies hold
    (DDD-GER-10, -15), and the PIAT Gunners' extra; returns the Soldiers he lacked."""
    r = m.own(state)
    g = m.player(r, m.GERMAN)
    sm = m.sectors(state)
    held = [m.place_of(state, u) for u in m.on_map(r) if m.player(r, u)["status"] in ("ashore", "assaulting")]
    if not held:
        return 0
    top = max(sm.sector(i).defence for i in held)
    extra = sum(c.amount for u in m.active_units(r) for c in m.effect_count(m.player(r, u), "german_def_extra"))
    need = top + extra
    short = max(0, need - g["soldiers"])
    g["soldiers"] = max(0, g["soldiers"] - need)
    ch.notes.append(f"the German loses {gain_words({'soldiers': need - short}, '')} (DEF {top}" + (f" + {extra}" if extra else "") + ")"
                    + (f", {short} short: the DEF of every Sector is {short} lower for the Allies" if short else ""))
    return short if not m.solo(r) else 0


def def_against(state: GameState, pid: str, base: int) -> int:
    """A DEF of ``base`` as ``pid``'s Unit fights it now: less its cards and this turn's
    effects, plus the German's and the Battle Conditions', never below 0; a Rookie Officer's
    penalty last (DDD-ROOKIE-03)."""
    r = m.rec(state)
    p = m.player(r, pid)
    s = m.sectors(state).sector(m.place_of(state, pid))
    cut = sum(c.amount for c in m.effect_count(p, "def_reduce")) + p["fx"].get("def_minus", 0)
    d = max(0, base - cut + r["turnfx"].get("def_plus", 0) + conditions.effects(state, pid).n("def"))
    if p["fx"].get("def_zero") and not s.bunker:
        d = 0
    return d + rookie.amount(state, pid, "rookie_def")


def sector_def(state: GameState, pid: str, short: int) -> int:
    """The DEF ``pid``'s Unit fights this turn: printed (its second value after the turn it
    entered, DDD-OPT-07; 0 then in a "Fight once" Sector), as its cards and the turn's effects
    make it; then less the German's shortfall, which may go below 0 (DDD-GER-12, -16)."""
    p = m.player(m.rec(state), pid)
    s = m.sectors(state).sector(m.place_of(state, pid))
    first = p.get("entered", 0) == state.turn
    base = s.defence if first else s.defence_later
    if "fight_once" in attributes(state, pid) and not first:
        base = 0
    return def_against(state, pid, base) - short


def unit_combat(state: GameState, pid: str, short: int, ch: Changes) -> None:
    r = m.own(state)
    p = m.player(r, pid)
    s = m.sectors(state).sector(m.place_of(state, pid))
    who = m.player_name(state, pid)
    d = sector_def(state, pid, short)
    if d < 0:
        m.add(p, {"soldiers": -d})
        ch.notes.append(f"{who} gains {gain_words({'soldiers': -d}, '')} in {s.name} (the German is {short} short, DDD-GER-16)")
    elif d:
        d -= min(d, sum(c.amount for c in m.effect_count(p, "medic")))
        fx.unit_loses(state, pid, {"soldiers": d}, ch, f"DEF in {s.name}")
    if m.player(m.rec(state), pid)["status"] != "ashore":
        return
    guns, forced = gun_dice(state, pid)
    if not guns and not forced:
        took_bunker(state, pid, ch)
        return
    dice = mgf.roll(state, ch, pid, guns, f"machine guns on {who}", forced)
    special_from = r["turnfx"].get("special_from", tables().value("combat", "special_damage_on"))
    mgf.fire(state, pid, dice, ch, {"why": "machine guns", "sd": s.special_damage, "ignore": bool(p["fx"].get("no_mgf")),
                                    "special_from": special_from, "combat": True})


def took_bunker(state: GameState, pid: str, ch: Changes) -> None:
    """A Unit that came through its combat in a final Bunker takes it (co-operative game) or
    assaults the German in Phase 7."""
    r = m.own(state)
    p = m.player(r, pid)
    if p["status"] == "ashore" and m.sectors(state).sector(m.place_of(state, pid)).final_bunker:
        p["status"] = "assaulting" if m.has_german(r) else "bunker"
        if p["status"] == "bunker":
            ch.notes.append(f"{m.player_name(state, pid)} takes the {m.sectors(state).name(m.place_of(state, pid))}")


def gun_dice(state: GameState, pid: str) -> tuple[int, int]:
    """The machine-gun dice fired at ``pid``'s Unit this turn, and those its Rookie Officer's
    penalty fires whatever silences the guns (DDD-ROOKIE-03)."""
    r = m.rec(state)
    p = m.player(r, pid)
    sm = m.sectors(state)
    place = m.place_of(state, pid)
    s = sm.sector(place)
    if not s.mgf:
        return 0, 0
    e = conditions.effects(state, pid)
    guns = 0
    if german.mgf_active(r) and sm.board.labels[place] not in r["silenced"] and not p["fx"].get("silent") \
            and "mgf_off" not in e.flags and not rookie.ignores_mgf(state, pid):
        guns = max(0, s.mgf + r["turnfx"].get("mgf_plus", 0) + e.n("mgf") - p["fx"].get("mgf_minus", 0))
    return guns, rookie.amount(state, pid, "rookie_mgf")


def special_damage(state: GameState, pid: str, ch: Changes) -> None:
    if pid == m.GERMAN:
        fx.german_loses_specialist(state, ch, "Special Damage")
        return
    what = tables().battle_map(m.sectors(state).map_id)["special_damage"]
    ch.notes.append(f"Special Damage on {m.player_name(state, pid)}")
    if what == "lose_specialist":
        fx.lose_card_choice(state, pid, "specialist", ch, "Special Damage", source="special_damage")


def combat(state: GameState, ch: Changes) -> None:
    """Hook ``ddd_combat``."""
    r = m.own(state)
    short = german_losses(state, ch) if m.has_german(r) else 0
    if m.solo(r):
        _solo_combat(state, ch)
        return
    for pid in m.active_units(r):
        if moves.must_move(state, pid):  # could not leave: lost (procedure.yaml units.stranded)
            wipe_out(state, pid, ch, "could not leave its Sector and is lost")
            continue
        unit_combat(state, pid, short, ch)


def _solo_combat(state: GameState, ch: Changes) -> None:
    r = m.own(state)
    pid = solo.bot(r)
    sm = m.sectors(state)
    place = m.place_of(state, pid)
    s = sm.sector(place)
    if s.mgf and not german.mgf_active(r) and sm.board.labels[place] not in r["silenced"]:
        dice = mgf.roll(state, ch, m.GERMAN, s.mgf, "machine guns (inactive) on the German")
        mgf.settle(state, {"player": m.GERMAN, "dice": dice, "why": "inactive machine guns", "sd": s.special_damage,
                           "special_from": tables().value("combat", "special_damage_on")}, ch)
    solo.sniper_fires(state, ch)
    r = m.own(state)
    r["solo"]["stay"] = r["solo"].get("stay", 0) + 1
    if s.final_bunker and m.force(m.player(r, m.GERMAN)) > 0:  # DDD-SOLO-08: no Phase 7
        r["winner"], r["end"] = "german", "the German survived the Allies storming the Bunker"


# -- Phase 7 ----------------------------------------------------------------------------------
def assault_due(state: GameState) -> bool:
    r = m.rec(state)
    return any(m.player(r, u)["status"] == "assaulting" for u in m.allied_ids(r))


def assault_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    for pid in m.allied_ids(r):
        if m.player(r, pid)["status"] == "assaulting":
            from ddaydesk.rules.ddd.actions_later import Assault  # (made when first listed)
            yield Assault(side, pid)


def assault_apply(state: GameState, a: Assault, ch: Changes, phase: Phase) -> None:
    """The Allies choose who goes first (DDD-GER-30). More force wins; a tie goes to more
    Specialists, then to the German (DDD-GER-28, -29, -31)."""
    r = m.own(state)
    if a.player not in r["players"] or m.player(r, a.player)["status"] != "assaulting":
        raise IllegalAction("only a Unit in the final Bunker assaults")
    p, g = m.player(r, a.player), m.player(r, m.GERMAN)
    us, them = m.force(p), m.force(g)
    win = us > them or us == them and len(p["specialists"]) > len(g["specialists"])
    who = m.player_name(state, a.player)
    ch.notes.append(f"assault: {who} {us} (Soldiers and Specialists) against the German {them}")
    if win:
        p["status"] = "bunker"
        r["winner"], r["end"] = "allied", f"{who} storms the Bunker: the German is defeated"
        return
    p["status"] = "destroyed"
    ch.removed.append(a.player)
    ch.notes.append(f"{who} is destroyed in the Bunker")
    if any(m.player(r, u)["status"] in ("ashore", "assaulting") for u in m.allied_ids(r)):
        fx.trophy(state, ch)  # the game goes on (DDD-GER-29, -33)
    else:
        r["winner"], r["end"] = "german", "the last Allied Unit fell in the Bunker"
    if not assault_due(state) and r["winner"] is None and not r["pending"]:  # (a trophy's choice first)
        ch.end_phase = True
