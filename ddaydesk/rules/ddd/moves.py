"""Phase 5: a Unit Advances (up the map, paying the line's Courage) or moves across its row;
never back, never into a Sector it has been in, never across a Barrier; a Sector may ask for a
Specialist or hold only one Unit; Land Mines cost a d6 of Soldiers. A Unit whose marker is
past the Sector's limit (3 turns; 1 where one "can't stay") must move (wave2.md §1.4, §1.6)."""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import conditions, german, rookie
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.actions import LandUnit, SectorMove
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.rolls import attributes, players
from ddaydesk.rules.ddd.setup import land


def cost(state: GameState, pid: str, frm: int, to: int) -> int:
    """The Courage a move costs: the line's; an Advance less the Unit's discounts, plus the
    Battle Conditions', then a Rookie Officer's penalty on top (DDD-ROOKIE-03)."""
    sm = m.sectors(state)
    c = sm.lines[(frm, to)].courage
    if not sm.advance(frm, to):
        return c
    p = m.player(m.rec(state), pid)
    c -= sum(x.amount for x in m.effect_count(p, "advance_discount")) + p["fx"].get("advance_minus", 0)
    c += conditions.effects(state, pid).n("advance")
    return max(0, c) + rookie.amount(state, pid, "rookie_advance")


def move_problem(state: GameState, pid: str, to: int) -> str | None:
    """Why ``pid``'s Unit may not move to ``to`` now, or None."""
    r = m.rec(state)
    p = m.player(r, pid)
    sm = m.sectors(state)
    frm = m.place_of(state, pid)
    if p["turn"].get("moved"):
        return "the Unit has moved this turn"
    line = sm.lines.get((frm, to))
    if line is None:
        return f"{sm.name(to)} is not next to {sm.name(frm)}"
    target = sm.sector(to)
    if target.row < sm.sector(frm).row:
        return "a Unit never moves back"
    if sm.board.labels[to] in p["visited"]:
        return f"the Unit has been in {target.name} before"
    if line.barrier and not m.effect_count(p, "cross_barrier"):
        return "a Barrier closes that line"
    if target.requires and target.requires not in p["specialists"]:
        return f"{target.name} needs the {m.card_name(target.requires)}"
    if "max_one_unit" in target.attributes and any(m.place_of(state, u) == to for u in m.on_map(r) if u != pid):
        return f"{target.name} holds one Unit at most"
    need = cost(state, pid, frm, to)
    if need > p["courage"]:
        return f"moving there costs {need} Courage; the Unit has {p['courage']}"
    return None


def destinations(state: GameState, pid: str) -> list[int]:
    sm = m.sectors(state)
    frm = m.place_of(state, pid)
    return [j for j, _line in sm.neighbours(frm) if move_problem(state, pid, j) is None]


def must_move(state: GameState, pid: str) -> bool:
    p = m.player(m.rec(state), pid)
    limit = tables().value("units", "cant_stay_limit" if "cant_stay" in attributes(state, pid) else "marker_limit")
    return p["marker"] > limit and not p["turn"].get("moved")


def move_legal(state: GameState, side: str, phase: Phase):
    for pid in players(state, side):
        for to in destinations(state, pid):
            yield SectorMove(side, pid, to)


def move_apply(state: GameState, a: SectorMove, ch: Changes, phase: Phase) -> None:
    if a.player not in players(state, a.side):
        raise IllegalAction(f"{m.player_name(state, a.player)} does not move now")
    problem = move_problem(state, a.player, a.to)
    if problem:
        raise IllegalAction(problem)
    r = m.own(state)
    p = m.player(r, a.player)
    frm = m.place_of(state, a.player)
    p["courage"] -= cost(state, a.player, frm, a.to)
    # (the machine guns' dice and the solitaire Unit's rules: imported by a move, not by a start)
    from ddaydesk.rules.ddd import mgf
    from ddaydesk.rules.ddd.solo import move_unit

    move_unit(state, a.player, a.to, ch)
    p["entered"] = state.turn
    sm = m.sectors(state)
    if sm.lines[(frm, a.to)].mines and german.mines_active(r) and not m.effect_count(p, "mine_proof") \
            and not p["fx"].get("mine_proof") and "mines_off" not in conditions.effects(state, a.player).flags:
        who = m.player_name(state, a.player)
        dice = mgf.roll(state, ch, a.player, 1, f"Land Mines under {who}", mines=True)
        mgf.settle(state, {"player": a.player, "dice": dice, "why": "Land Mines", "sd": sm.sector(a.to).special_damage,
                           "special_from": 7}, ch)
    if p["status"] == "ashore":
        arrive(state, a.player, a.to, ch)


def arrive(state: GameState, pid: str, to: int, ch: Changes) -> None:
    """What a Sector does to a Unit that arrives (wave2.md §1.6 attributes)."""
    # (the cards' effects and supply.py: imported by an arrival, not by a start)
    from ddaydesk.rules.ddd import effects as fx
    from ddaydesk.rules.ddd.supply import rally

    s = m.sectors(state).sector(to)
    p = m.player(m.own(state), pid)
    rookie.arrived(state, pid, s.number, s.final_bunker, ch)
    if s.gain_specialist and s.gain_specialist in p["hand"]:
        rally(state, pid, s.gain_specialist, ch, free=True)
    if "gain_d6_soldiers" in attributes(state, pid):
        n = ch.roll(state, tables().value("combat", "gain_die"), f"{s.name}: Soldiers joining").value
        m.add(p, {"soldiers": n})
        ch.notes.append(f"{m.player_name(state, pid)} gains {n} Soldiers in {s.name}")
    if "lose_specialist" in attributes(state, pid):
        fx.lose_card_choice(state, pid, "specialist", ch, s.name)


def move_end_problem(state: GameState) -> str | None:
    for pid in players(state, "allied"):
        if must_move(state, pid) and destinations(state, pid):
            return f"{m.player_name(state, pid)} must leave its Sector (its marker is past the limit)"
    return None


# -- set-up: landing --------------------------------------------------------------------------
def land_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    for pid in m.allied_ids(r):
        if m.player(r, pid)["status"] == "landing":
            for to in m.sectors(state).starts:
                yield LandUnit(side, pid, to)


def land_apply(state: GameState, a: LandUnit, ch: Changes, phase: Phase) -> None:
    if a not in set(land_legal(state, a.side, phase)):
        raise IllegalAction("a Unit lands once, in a landing Sector of the beach")
    land(state, a.player, a.to, ch)
    r = m.rec(state)
    if not any(m.player(r, p)["status"] == "landing" for p in m.allied_ids(r)):
        ch.end_phase = True
