"""Dice fire in D-Day2: battles, the para attack, naval shots, bombers, AA, patrols, blockhouses.

Every die is one unit's: it hits when it shows the unit's value or less. Each die is rolled
through the engine's Changes, so the dice log names it ("allied attack in 10 (usr-inf-1 hits
on 1)"). Casualties go to the side the seed names (rules.yaml ``casualties``); a real choice
waits in ``state.pending``.
"""

from __future__ import annotations

from ddaydesk.engine.phases import current_phase
from ddaydesk.engine.state import GameState
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.odds import hit_distribution
from ddaydesk.rules.dd2.state import GROUND_TYPES, LAND_TYPES, DD2State

OWN_PART = {"allied": "A", "german": "G"}
ENEMY = {"allied": "german", "german": "allied"}


def _hits(n: int) -> str:
    return f"{n} hit{'' if n == 1 else 's'}"


def roll_units(s: DD2State, needs: list[int], purpose: str, who: list[int] | None = None) -> list[bool]:
    """One die per value (fired by unit ``who[i]`` if given); True where it hit."""
    names = [s.units[k].id for k in who] if who is not None else [""] * len(needs)
    return [s.roll(n, purpose, w) <= n for n, w in zip(needs, names, strict=True)]


def kill(s: DD2State, ks: list[int], why: str) -> None:
    for k in ks:
        s.set(k, s.zone[k], "dead")
        s.note(f"{s.units[k].id} eliminated ({why})")


def casualties(s: DD2State, chooser: str, victims: list[int], hits: int, reason: str) -> None:
    """Take `hits` casualties from `victims`; ask `chooser` only when the choice matters."""
    if hits <= 0 or not victims:
        return
    if hits >= len(victims):
        kill(s, victims, reason)
        return
    kinds = {s.type(k) for k in victims}
    if len(kinds) == 1:
        kill(s, victims[:hits], reason)
        return
    s.pending.append({"chooser": chooser, "hits": hits, "reason": reason,
                      "candidates": [s.units[k].id for k in victims]})


def values(s: DD2State, ks: list[int], which: str) -> list[int]:
    t = tables()
    return [getattr(t.stats(s.side(k), s.type(k)), which) for k in ks]


def battle_sides(s: DD2State, z: int, attacker: str) -> tuple[list[int], list[int]]:
    """Who fights in zone z when `attacker` attacks: all of its units there and all enemies.

    German blockhouses join the German attack and defend an Allied one (DD2-MOVE-05 note)."""
    a_types = GROUND_TYPES if attacker == "german" else LAND_TYPES
    d_types = GROUND_TYPES if attacker == "allied" else LAND_TYPES
    return s.in_zone(z, attacker, a_types), s.in_zone(z, ENEMY[attacker], d_types)


def battles(gs: GameState) -> list[int]:
    """The zones where a battle is fought now: both sides hold ground units there."""
    s = DD2State(gs)
    return [z for z in range(s.board.n) if s.contested(z)]


def battle_odds(gs: GameState, z: int, attacker: str | None = None) -> dict:
    """What the combat dialog shows before rolling the battle in zone z: each side's units and
    their dice, and the exact distribution of hits each side scores (index = hits, as
    Fractions). ``attacker`` defaults to the side whose turn it is."""
    s = DD2State(gs)
    attacker = attacker or current_phase(gs).side
    att, dfn = battle_sides(s, z, attacker)
    av, dv = values(s, att, "attack"), values(s, dfn, "defence")
    return {"zone": s.label(z), "attacker": attacker, "defender": ENEMY[attacker],
            "attackers": [s.units[k].id for k in att], "defenders": [s.units[k].id for k in dfn],
            "attack": av, "defence": dv,
            "attacker_hits": hit_distribution(av), "defender_hits": hit_distribution(dv)}


def fight_battles(s: DD2State, attacker: str) -> list[int]:
    """One round in every contested zone: all units of both sides fire at once (DD2-GEN-01)."""
    chooser = tables().rules["casualties"]["battle"]["chooser"]
    zones = [z for z in range(s.board.n) if s.contested(z)]
    for z in zones:
        att, dfn = battle_sides(s, z, attacker)
        for k in att:  # the attackers stand in the enemy's part while they fight (DD2-TERR-02)
            if s.type(k) != "blockhouse" and s.part[k] != OWN_PART[ENEMY[attacker]]:
                s.set(k, z, OWN_PART[ENEMY[attacker]])
        a_hits = sum(roll_units(s, values(s, att, "attack"), f"{attacker} attack in {s.label(z)}", att))
        d_hits = sum(roll_units(s, values(s, dfn, "defence"), f"{ENEMY[attacker]} defence in {s.label(z)}", dfn))
        s.note(f"battle in {s.label(z)}: {attacker} {_hits(a_hits)}, {ENEMY[attacker]} {_hits(d_hits)}")
        side_of = {attacker: att, ENEMY[attacker]: dfn}
        for side, hits in ((ENEMY[attacker], a_hits), (attacker, d_hits)):
            who = side if chooser == "owner" else chooser
            casualties(s, who, side_of[side], hits, f"battle in {s.label(z)}")
    return zones


def retreat(s: DD2State) -> None:
    """After the round every land unit goes back to its own part (DD2-MOVE-04, DD2-MOVE-06)."""
    for k in range(len(s.zone)):
        if s.part[k] in ("A", "G") and s.type(k) in GROUND_TYPES and s.part[k] != OWN_PART[s.side(k)]:
            s.set(k, s.zone[k], OWN_PART[s.side(k)])


def para_attack(s: DD2State) -> None:
    """Turn 1: every ParaSurprise unit fires at 1 at its arrow's zone, then is gone (DD2-PARA-01)."""
    chooser = tables().rules["casualties"]["para"]["chooser"]
    for z in s.info.drop_zones:
        paras = [k for k in range(len(s.zone)) if s.zone[k] == z and s.part[k] == "drop"]
        if not paras:
            continue
        hits = sum(roll_units(s, values(s, paras, "attack"), f"para attack on {s.label(z)}", paras))
        for k in paras:
            s.set(k, z, "spent")
        victims = s.in_zone(z, "german")
        s.note(f"para attack on {s.label(z)}: {_hits(hits)}")
        casualties(s, "german" if chooser == "owner" else chooser, victims, hits, f"para attack on {s.label(z)}")


def naval_shot(s: DD2State, k: int) -> None:
    hit_on = tables().rules["naval"]["hit_on"]
    hit = roll_units(s, [hit_on], f"naval shot at {s.units[k].id} in {s.label(s.zone[k])}")[0]
    s.game["shots_left"] -= 1
    s.game["naval_pool"] -= 1
    if hit:
        kill(s, [k], "naval bombardment")


def bombing(s: DD2State) -> None:
    """Each bomber fires at 3 at its zone; the German units there fire back (DD2-AIR-01/02/04)."""
    t = tables()
    chooser = t.rules["casualties"]["bombing"]["chooser"]
    by_zone: dict[int, list[int]] = {}
    for uid, label in s.game["bombs"].items():
        by_zone.setdefault(s.board.index(label), []).append(s.k(uid))
    over = {}
    for z, bombers in sorted(by_zone.items()):
        germans = s.in_zone(z, "german")
        hits = sum(roll_units(s, values(s, bombers, "attack"), f"bombers over {s.label(z)}", bombers))
        back = sum(roll_units(s, values(s, germans, "defence"), f"German fire at bombers over {s.label(z)}",
                              germans))
        lost = bombers[:back]
        for k in lost:  # shot down by ground units: replaced from the depot while it lasts
            if s.game["bomber_depot"] > 0:
                s.game["bomber_depot"] -= 1
                s.note(f"{s.units[k].id} shot down over {s.label(z)}: replaced from the depot")
            else:
                kill(s, [k], f"shot down over {s.label(z)}, depot empty")
        over[s.label(z)] = [s.units[k].id for k in bombers[back:]]
        casualties(s, chooser, germans, hits, f"bombing of {s.label(z)}")
    s.game["bombs"] = {}
    s.game["over"] = over


def aa_at_bombers(s: DD2State) -> None:
    """After the bombing each German artillery left in a bombed zone fires at 1 (DD2-AIR-03).

    A bomber lost to AA is not replaced (DD2-AIR-04)."""
    for label, uids in s.game.pop("over", {}).items():
        z = s.board.index(label)
        arts = [k for k in s.in_zone(z, "german") if s.type(k) == "artillery"]
        if not arts or not uids:
            continue
        hits = sum(roll_units(s, [tables().rules["aa"]["hit_on"]] * len(arts), f"AA at bombers over {label}", arts))
        kill(s, [s.k(u) for u in uids[:hits]], f"AA over {label}, not replaced")


def aa_at_patrols(s: DD2State) -> None:
    """Fighters on a patrol part over German artillery draw 1 die at 1 per artillery (DD2-AIR-07);
    fighters shot down never return (DD2-AIR-08)."""
    for z in range(s.board.n):
        fighters = [k for k in s.in_zone(z, "allied", ("fighter",))]
        arts = [k for k in s.in_zone(z, "german") if s.type(k) == "artillery"]
        if fighters and arts:
            hits = sum(roll_units(s, [tables().rules["aa"]["hit_on"]] * len(arts),
                                  f"AA at fighters over {s.label(z)}", arts))
            kill(s, fighters[:hits], f"AA over {s.label(z)}")


def patrol_fire(s: DD2State, k: int, z: int, how: str) -> bool:
    """Each fighter patrolling zone z fires at 1 at unit k moving in or out (DD2-AIR-06).

    True when the unit is destroyed."""
    fighters = s.in_zone(z, "allied", ("fighter",))
    if not fighters:
        return False
    hit_on = tables().rules["fighters"]["hit_on"]
    if any(roll_units(s, [hit_on] * len(fighters), f"patrol over {s.label(z)} at {s.units[k].id} moving {how}",
                      fighters)):
        kill(s, [k], f"fighter patrol over {s.label(z)}")
        return True
    return False


def blockhouse_fire(s: DD2State) -> None:
    """Each blockhouse with an arrow fires at 3 at its beach; the German picks (DD2-BLK-01)."""
    t = tables()
    for bz, zones in sorted(s.info.fire.items()):
        targets = s.on_beach(bz)
        shooters = [k for z in zones for k in s.in_zone(z, "german", ("blockhouse",))]
        if not targets or not shooters:
            continue
        hits = sum(roll_units(s, [t.rules["blockhouse_fire"]["hit_on"]] * len(shooters),
                              f"blockhouses fire at {s.info.beaches[bz].name}", shooters))
        casualties(s, t.rules["casualties"]["blockhouse_fire"]["chooser"], targets, hits,
                   f"blockhouse fire at {s.info.beaches[bz].name}")
