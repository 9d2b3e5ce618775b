"""D-Day2 movement, landing and reinforcement placement: legality with reasons, and effects."""

from __future__ import annotations

from ddaydesk.engine.state import MOVED
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.fire import ENEMY, OWN_PART, patrol_fire
from ddaydesk.rules.dd2.state import GROUND_TYPES, LAND_TYPES, OUT, DD2State


def stack(s: DD2State, z: int, side: str) -> int:
    """Units of one alliance in zone z that count for the 8-unit limit (DD2-TERR-04): every
    unit standing there but the kinds the table exempts (air units, blockhouses)."""
    exempt = tables().rules["stacking"]["exempt"]
    return sum(1 for k in s.in_zone(z, side, None) if s.type(k) not in exempt)


def room(s: DD2State, z: int, side: str) -> bool:
    return stack(s, z, side) < tables().rules["stacking"]["max_per_alliance"]


def why_not_move(s: DD2State, k: int, z: int, side: str) -> str:
    """'' when unit k may move one zone on to z now, else the reason."""
    u = s.units[k]
    if u.side != side:
        return f"{u.id} is not a {side} unit"
    if u.type not in LAND_TYPES:
        return f"{u.id} is a {u.type}: only infantry, artillery and armour move on land"
    if s.zone[k] < 0 or s.part[k] not in ("A", "G"):
        return f"{u.id} does not move on land: {_off_land(s, k)}"
    here = s.zone[k]
    if z not in s.board.adj[here]:
        return f"zone {s.label(z)} does not border zone {s.label(here)}"
    if s.contested(here):
        return f"zone {s.label(here)} is contested: no unit may leave it until the battle is decided"
    if s.stopped(k):  # (one that entered an enemy-held zone stands in a contested one: refused above)
        return f"{u.id} landed this turn: landing is its whole move, it may go no further"
    if s.moved(k) >= tables().stats(side, u.type).move:
        return f"{u.id} has used its move ({tables().stats(side, u.type).move} zone(s))"
    if not room(s, z, side):
        return f"zone {s.label(z)} already holds 8 {side} units"
    return ""


def _off_land(s: DD2State, k: int) -> str:
    """Where a unit off the land stands, and how it comes ashore if it does, in words."""
    part, z = s.part[k], s.zone[k]
    if part == "beach":
        beach = next((p.name for p in s.board.places_at.get(z, []) if p.kind == "beach"), s.label(z))
        return f"it waits on the {beach} beachhead and goes ashore (Go ashore) into {s.label(z)} (DD2-MOVE-02)"
    if part == "P":
        return f"it is a fighter on patrol over {s.label(z)}"
    if part in OUT:
        return "it is out of the game"
    return "it waits off the map" + (f" ({part.replace('_', ' ')})" if part else "")


def do_move(s: DD2State, k: int, z: int) -> None:
    side = s.side(k)
    here = s.zone[k]
    if side == "german" and (patrol_fire(s, k, here, f"out of {s.label(here)}")
                             or patrol_fire(s, k, z, f"into {s.label(z)}")):
        return
    s.game["moved"][s.units[k].id] = s.moved(k) + 1
    s.gs.flags[k] |= MOVED
    if s.in_zone(z, ENEMY[side]):
        s.game["stopped"][s.units[k].id] = True
        s.set(k, z, OWN_PART[ENEMY[side]])  # into the enemy's part: a battle follows (DD2-TERR-02)
    else:
        s.set(k, z, OWN_PART[side])


def why_not_land(s: DD2State, k: int) -> str:
    u = s.units[k]
    if u.side != "allied" or s.part[k] != "beach":
        return f"{u.id} is not on a beachhead"
    if not room(s, s.zone[k], "allied"):
        return f"zone {s.label(s.zone[k])} already holds 8 Allied units: the rest wait (DD2-MOVE-02)"
    return ""


def do_land(s: DD2State, k: int) -> None:
    z = s.zone[k]
    uid = s.units[k].id
    s.game["moved"][uid] = tables().stats("allied", s.type(k)).move  # landing is the whole move
    s.game["stopped"][uid] = True
    s.gs.flags[k] |= MOVED
    s.set(k, z, "G" if s.in_zone(z, "german") else "A")  # straight into combat (DD2-MOVE-03)


# -- reinforcements -------------------------------------------------------------------------
def next_of_chart(s: DD2State, cid: str) -> int:
    """Unit index of the chart's next unit, or -1 when none may come this turn."""
    chart = tables().charts[cid]
    pos = s.game["chart_pos"][cid]
    todo = s.game["to_place"].get(cid, 0)
    if pos >= len(chart.order) or todo <= 0:
        return -1
    want = chart.order[pos].type
    for k in s.in_box(cid):
        if s.type(k) == want:
            return k
    return -1


def placement_zones(s: DD2State, cid: str) -> list[int]:
    """Where the chart's next unit may go now."""
    chart = tables().charts[cid]
    k = next_of_chart(s, cid)
    if k < 0:
        return []
    entry = chart.order[s.game["chart_pos"][cid]]
    if chart.side == "allied":
        return [z for z, b in sorted(s.info.beaches.items())
                if b.nationality == chart.nationality and (not entry.beaches or b.name in entry.beaches)
                and len(s.on_beach(z)) < b.capacity]
    zones = sorted({z for e in chart.entry for z in s.info.entry[e]})
    return [z for z in zones if room(s, z, "german")]


def why_not_place(s: DD2State, k: int, z: int, side: str) -> str:
    cid = s.part[k]
    if cid not in tables().charts or tables().charts[cid].side != side:
        return f"{s.units[k].id} is not on a {side} reinforcement chart"
    if next_of_chart(s, cid) != k:
        nxt = next_of_chart(s, cid)
        return (f"{s.units[k].id} is not next on the {cid} chart"
                + (f" (next: a {s.type(nxt)})" if nxt >= 0 else " (no more units this turn)"))
    if z not in placement_zones(s, cid):
        return f"the next {cid} unit may not be placed in {s.label(z)} (beach, entry area, capacity or 8-unit limit)"
    return ""


def do_place(s: DD2State, k: int, z: int) -> None:
    cid = s.part[k]
    s.game["chart_pos"][cid] += 1
    s.game["to_place"][cid] -= 1
    if s.side(k) == "allied":
        s.set(k, z, "beach")
        return
    s.set(k, z, "G")
    patrol_fire(s, k, z, f"into {s.label(z)} (reinforcement)")


def ground_units(s: DD2State, z: int, side: str) -> list[int]:
    return s.in_zone(z, side, GROUND_TYPES)
