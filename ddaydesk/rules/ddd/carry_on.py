"""A Unit wiped out, and Overlord's Carry On! (DDD-OPT-03..10): with it, the Unit falls back
1 or 2 Sectors through Advance lines (first back through the last one it crossed, then, if it
likes, down one more), ignoring the Sector's requirements, keeps 1 Specialist of its choice
(the others go back to its hand or the pool, and those it lost come back too), keeps every
other card and resource, may visit its old Sectors again, and gains twice the new Sector's
current DEF in Soldiers (its highest DEF; a "Fight once" Sector's once) plus Stars and Courage
that add up to the Sector's number, split as it likes. No first-visit gift comes with it.

A Unit on the beach that never Advanced has no line to fall back through: it comes back in a
landing Sector of its choice (our reading). With the recommended limit a Unit re-enters once.
"""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.pending import push

RETREATING = "retreating"  # between the wipe-out and the re-entry


def wipe_out(state: GameState, pid: str, ch: Changes, why: str) -> None:
    r = m.own(state)
    p = m.player(r, pid)
    p["wipeouts"] += 1
    limit = tables().value("optional", "carry_on_limit") if m.opt(state, "carry_on_once") else None
    if not m.opt(state, "carry_on") or limit is not None and p["wipeouts"] > limit:
        p["status"] = "wiped_out"
        ch.removed.append(pid)
        ch.notes.append(f"{m.player_name(state, pid)} {why}")
        return
    p["status"] = RETREATING
    ch.notes.append(f"{m.player_name(state, pid)} {why}; Carry On!: it falls back")
    push(state, ch, {"kind": "retreat", "player": pid, "why": "Carry On!"})


def retreats(state: GameState, pid: str) -> list[int]:
    """The Sectors the Unit may fall back to (DDD-OPT-03)."""
    r = m.rec(state)
    p = m.player(r, pid)
    sm = m.sectors(state)
    board = sm.board
    path = [board.index(x) for x in p["path"] if x in board.index_of and board.index(x) in sm.sectors]
    last = next(((a, b) for a, b in zip(path[-2::-1], path[::-1], strict=False) if sm.advance(a, b)), None)
    if last is None:
        return sorted(sm.starts)
    # levels[k]: the Sectors k Advance lines back (0: where it fell; 1: back through the last
    # Advance line it crossed; each further one, one line down); it falls back min..max of them
    t = tables()
    low, high = t.value("optional", "retreat_min"), t.value("optional", "retreat_max")
    levels = [{path[-1]}, {last[0]}]
    while len(levels) <= high:
        levels.append({j for i in levels[-1] for j, _line in sm.neighbours(i) if sm.sector(j).row < sm.sector(i).row})
    return sorted(set().union(*levels[low:high + 1]))


def retreat_answers(state: GameState, pid: str) -> list[str]:
    board = state.scenario.board
    return [board.labels[i] for i in retreats(state, pid)]


def keep_answers(state: GameState, pid: str) -> list[str]:
    from ddaydesk.rules.ddd.rookie import keeps

    p = m.player(m.rec(state), pid)
    return sorted({c for c in p["specialists"] if not keeps(state, pid, c, "carry_on")}) or [""]


def split_answers(state: GameState, pid: str) -> list[str]:
    n = m.sectors(state).sector(m.place_of(state, pid)).number
    return [str(k) for k in range(n + 1)]


def fall_back(state: GameState, pid: str, label: str, ch: Changes) -> None:
    """The Unit re-enters in Sector ``label``; then it picks the Specialist it keeps."""
    r = m.own(state)
    p = m.player(r, pid)
    k = state.unit(pid)
    to = state.scenario.board.index(label)
    frm = state.place[k]
    state.place[k] = to
    p.update(marker=1, visited=[label], entered=state.turn)
    p["path"].append(label)
    ch.moved.append((pid, frm, to, (frm, to)))
    ch.notes.append(f"{m.player_name(state, pid)} falls back to {m.sectors(state).name(to)}")
    push(state, ch, {"kind": "keep", "player": pid, "why": "Carry On!: the Specialist it keeps"})


def keep(state: GameState, pid: str, cid: str, ch: Changes) -> None:
    """Every Specialist but ``cid`` (and those the Unit cannot lose) goes back: Regular,
    Reserve and Legendary ones to its hand, Unique and Ranking ones to the pool; those it lost
    earlier come back the same way (DDD-OPT-04)."""
    from ddaydesk.rules.ddd.rookie import keeps

    r = m.own(state)
    p = m.player(r, pid)
    cards = tables().cards
    back = [c for c in p["specialists"] if c != cid and not keeps(state, pid, c, "carry_on")] + p["lost"]
    p["specialists"] = [c for c in p["specialists"] if c not in back]
    p["lost"] = []
    for c in back:
        if cards[c].rookie:
            continue  # a Rookie Officer bought off is gone for good
        where = p["hand"] if cards[c].klass in ("regular", "reserve", "legendary") else r["pool"]["allied"]
        if c not in where:
            where.append(c)
    p["hand"].sort()
    r["pool"]["allied"].sort()
    if back:
        ch.notes.append(f"{m.player_name(state, pid)} keeps " + (f"the {m.card_name(cid)}" if cid else "no Specialist")
                        + "; " + ", ".join(m.card_name(c) for c in back) + " become available again")
    push(state, ch, {"kind": "split", "player": pid, "why": "Carry On!: Stars and Courage"})


def soldiers_for(state: GameState, pid: str) -> int:
    """Twice the Sector's current DEF for the Unit: its highest value; a "Fight once" Sector's
    once; lowered as the Unit's cards lower it now (DDD-OPT-06, -07)."""
    from ddaydesk.rules.ddd.combat import def_against
    from ddaydesk.rules.ddd.rolls import attributes

    s = m.sectors(state).sector(m.place_of(state, pid))
    d = def_against(state, pid, s.highest_def)
    return d if "fight_once" in attributes(state, pid) else d * tables().value("optional", "carry_on_soldiers")


def split(state: GameState, pid: str, stars: int, ch: Changes) -> None:
    """The last step: Soldiers, Stars and Courage; the Unit is back in the game (DDD-OPT-05, -06)."""
    r = m.own(state)
    p = m.player(r, pid)
    s = m.sectors(state).sector(m.place_of(state, pid))
    gain = {"soldiers": soldiers_for(state, pid), "stars": stars, "courage": s.number - stars}
    m.add(p, gain)
    p["status"] = "ashore"
    from ddaydesk.rules.ddd.gains import gain_words

    ch.notes.append(f"{m.player_name(state, pid)} carries on in {s.name}: {gain_words(gain)}")
