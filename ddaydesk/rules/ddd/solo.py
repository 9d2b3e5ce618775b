"""Atlantikwall solitaire: you are the German; the program moves one Allied Unit by the
seed's rules (DDD-SOLO-01..07), its Sniper harasses you (DDD-SOLO-10..12), and the Dog and
the Barbed Wire draw on a trading pool of spare dice (DDD-SOLO-15).

The automated Unit's resources are not kept (DDD-SOLO-07). It stays 2 turns in a Sector (1 in
a "Can't stay here" one), moves across its row toward an edge, then Advances straight ahead
along that edge and turns back across; it keeps out of dead ends and out of the Bunker while
it can (DDD-SOLO-04), and crosses a Barrier only when nothing else is open (DDD-SOLO-06).
"""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import effects as fx
from ddaydesk.rules.ddd import german
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.rolls import roll_face
from ddaydesk.rules.ddd.sectors import SectorMap


def bot(r: dict) -> str:
    return m.allied_ids(r)[0]


def _open(sm: SectorMap, i: int, visited: set[str], barriers: bool) -> list[int]:
    """Sectors the Unit may enter from ``i``: up or across, never back, never twice."""
    row = sm.sector(i).row
    return [j for j, line in sm.neighbours(i)
            if sm.sector(j).row >= row and sm.board.labels[j] not in visited and (barriers or not line.barrier)]


def choose(sm: SectorMap, i: int, visited: set[str], direction: int) -> tuple[int, int]:
    """The automated Unit's next Sector from ``i`` (-1: none at all) and its direction after
    (-1 west, +1 east)."""
    for barriers in (False, True):  # a Barrier only to get out of a dead end (DDD-SOLO-06)
        cands = _open(sm, i, visited, barriers)
        if cands:
            break
    else:
        return -1, direction
    row = sm.rows[sm.sector(i).row]
    k = row.index(i)
    across = row[k + direction] if 0 <= k + direction < len(row) and row[k + direction] in cands else -1
    ranked: list[tuple[int, int]] = []
    if across >= 0:
        ranked.append((across, direction))
    else:  # at the edge (or blocked): straight ahead, along the edge, then back across
        ups = [j for j in cands if sm.sector(j).row > sm.sector(i).row]
        edge_x = sm.sector(row[0 if direction < 0 else -1]).x
        ups.sort(key=lambda j: (abs(sm.sector(j).x - edge_x), sm.sector(j).x))
        ranked += [(j, -direction) for j in ups]
    ranked += [(j, 1 if sm.sector(j).x > sm.sector(i).x else -1) for j in cands if j not in dict(ranked)]
    seen = visited | {sm.board.labels[i]}

    def fine(j: int) -> bool:
        return not sm.sector(j).final_bunker and bool(_open(sm, j, seen | {sm.board.labels[j]}, True))

    for j, d in ranked:  # keep out of the Bunker and of dead ends while it can (DDD-SOLO-04)
        if fine(j):
            return j, d
    return ranked[0]


def first_direction(sm: SectorMap, i: int) -> int:
    row = sm.rows[sm.sector(i).row]
    k = row.index(i)
    return -1 if k <= len(row) - 1 - k else 1


def bot_move(state: GameState, ch: Changes) -> None:
    """Hook ``ddd_bot_move`` (Phase 5 of solitaire)."""
    r = m.own(state)
    s = r["solo"]
    pid = bot(r)
    p = m.player(r, pid)
    if p["status"] != "ashore":
        return
    sm = m.sectors(state)
    here = m.place_of(state, pid)
    stay = tables().value("solitaire", "cant_stay_turns" if "cant_stay" in sm.sector(here).attributes
                          else "turns_per_sector")
    s["moved"] = False
    if s.get("stay", 0) < stay:
        return
    if "dir" not in s:
        s["dir"] = first_direction(sm, here)
    to, s["dir"] = choose(sm, here, set(p["visited"]), s["dir"])
    if to < 0:
        ch.notes.append(f"{m.player_name(state, pid)} has nowhere to go and stays")
        return
    move_unit(state, pid, to, ch)
    s["moved"], s["stay"] = True, 0
    line = sm.lines[(here, to)]
    if line.mines and not german.mines_active(r):  # DDD-SOLO-09: inactive mines hurt the German
        n = ch.roll(state, tables().value("combat", "mine_die"), "Land Mines (inactive) on the German").value
        fx.german_loses(state, {"soldiers": n}, ch, "inactive Land Mines")
    if sm.advance(here, to) and s.get("sniper", "none") == "none":  # DDD-SOLO-10
        s["sniper"], s["sniper_turn"] = "active", state.turn
        ch.notes.append("the Allied Unit rallies its Sniper")


def move_unit(state: GameState, pid: str, to: int, ch: Changes) -> None:
    r = m.own(state)
    p = m.player(r, pid)
    k = state.unit(pid)
    frm = state.place[k]
    state.place[k] = to
    p["visited"].append(state.scenario.board.labels[to])
    p["path"].append(state.scenario.board.labels[to])
    p["marker"] = 1
    p["turn"]["moved"] = True
    ch.moved.append((pid, frm, to, (frm, to)))
    sm = m.sectors(state)
    ch.notes.append(f"{m.player_name(state, pid)} {'advances' if sm.advance(frm, to) else 'moves across'} to {sm.name(to)}")


def sniper_fires(state: GameState, ch: Changes) -> None:
    """From the turn after it is rallied, the Sniper fires each turn the Unit did not move: the
    German loses 1 Specialist of his choice (DDD-SOLO-10, -11)."""
    s = m.rec(state)["solo"]
    if s.get("sniper") == "active" and s.get("sniper_turn", state.turn) < state.turn and not s.get("moved"):
        ch.notes.append("the Allied Sniper fires")
        fx.german_loses_specialist(state, ch, "the Allied Sniper")


def snipe(state: GameState, ch: Changes) -> None:
    """The Scharfschütze shoots at the hidden Sniper: the 4th shot finds him, and both go
    (DDD-SOLO-12)."""
    r = m.own(state)
    s = r["solo"]
    s["tokens"] = s.get("tokens", 0) + 1
    need = tables().value("solitaire", "scharfschuetze_uses")
    ch.notes.append(f"the Scharfschütze hunts the Allied Sniper ({s['tokens']} of {need})")
    if s["tokens"] >= need:
        german.lose_card(state, m.GERMAN, "specialist", "scharfschuetze", ch, "sacrificed to kill the Sniper")
        kill_sniper(state, ch, "the Scharfschütze")


def kill_sniper(state: GameState, ch: Changes, why: str) -> None:
    s = m.own(state)["solo"]
    s["sniper"] = "dead"
    ch.notes.append(f"{why} kills the Allied Sniper")


def roll_pool(state: GameState, ch: Changes) -> None:
    """The trading pool: 6 spare dice rolled once, again whenever it is empty (DDD-SOLO-15)."""
    r = m.own(state)
    n = tables().value("solitaire", "trading_pool")
    colours = (tables().dice_sets["german"] * 2)[:n]
    r["solo"]["pool"] = [[c, roll_face(state, ch, "trading pool", c), 0] for c in colours]
    ch.notes.append("the trading pool is rolled")
