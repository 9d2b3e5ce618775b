"""A plain scripted player for whole D-Day Dice games in tests: ``choose(state)`` is one of
``legal_actions(state, state.active)``. The Allies keep Soldiers, score the richest tally,
rally and find what protects them, and move on to the cheapest Sector when they must or can
afford it; a person's German rolls, scores the richest tally and rallies what switches his
defences on."""

from __future__ import annotations

from ddaydesk.engine import EndPhase, legal_actions
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.data import tables

WORTH = {"soldiers": 1.0, "courage": 2.0, "stars": 0.8, "tools": 0.6}
RALLY = ("engineer", "chaplain", "medic", "ranger", "corporal", "sharpshooter", "scout", "captain", "rifleman")
FIND = ("jeep", "flak_vest", "bazooka", "bangalore", "field_radio", "tank", "rangefinder", "mine_clearing_tank")
USE_NOW = ("gain", "extra_rwb", "free_rally", "all_players_gain", "tally_bonus")
SHIELDS = ("ignore_mgf_turn", "def_zero", "def_reduce_turn", "mgf_minus_turn")


def _value(o) -> float:
    return sum(WORTH.get(k, 0) * v for k, v in o.gain.items()) + 2 * len(o.effects)


def choose(s):
    acts = legal_actions(s, s.active)
    if len(acts) == 1:
        return acts[0]
    by = {}
    for a in acts:
        by.setdefault(a.kind, []).append(a)
    end = next((a for a in acts if isinstance(a, EndPhase)), None)
    r = m.rec(s)
    for kind in ("land_unit", "blind_start", "choose_loss", "pick_decoration", "order_decorations", "pick_tally",
                 "decide", "order_conditions", "next_battle", "bunker_assault", "roll_dice"):
        if kind in by:
            return by[kind][0]
    if "score_tally" in by:
        pid = by["score_tally"][0].player
        best = max(scoring.options(s, pid), key=_value)
        return best.action
    if "keep_dice" in by or "reroll" in by or "lock_die" in by:
        return _dice(s, by)
    cards = tables().cards
    for a in by.get("use_card", ()):
        e = cards[a.card].effect
        if e in USE_NOW or e in SHIELDS and s.phase == "move" and m.player(r, a.player)["turn"].get("moved"):
            return a
    for a in sorted(by.get("rally_specialist", ()), key=lambda a: RALLY.index(a.card) if a.card in RALLY else 99):
        return a
    for a in sorted(by.get("find_item", ()), key=lambda a: FIND.index(a.card) if a.card in FIND else 99):
        if a.card in FIND or a.player == m.GERMAN:
            return a
    if "draw_decoration" in by:
        return by["draw_decoration"][0]
    if "sector_move" in by:
        a = _move(s, by["sector_move"])
        if a:
            return a
    return end or acts[0]


def _dice(s, by):
    pid = (by.get("keep_dice") or by.get("reroll") or by["lock_die"])[0].player
    by = {k: mine for k, v in by.items() if (mine := [a for a in v if getattr(a, "player", pid) == pid])}
    p = m.player(m.rec(s), pid)
    keep = ("courage", "soldiers") if p["courage"] < 4 else ("soldiers", "soldier")
    locks = [a for a in by.get("lock_die", ()) if p["dice"][a.die][1] in keep and not p["dice"][a.die][2]]
    if locks:
        return locks[0]
    if "reroll" in by and any(d[1] in ("skull", "tool") for d in p["dice"] if not d[2]):
        return by["reroll"][0]
    marked = sum(1 for d in p["dice"] if d[2])
    free = [a for a in by.get("lock_die", ()) if not p["dice"][a.die][2]]
    if free and marked < tables().min_locked and any(d[1] == "skull" for d in p["dice"]):
        return free[0]
    return (by.get("keep_dice") or by.get("reroll"))[0]


def _move(s, moves):
    from ddaydesk.rules.ddd.moves import must_move

    r = m.rec(s)
    pid = moves[0].player
    p = m.player(r, pid)
    sm = m.sectors(s)
    mine = [a for a in moves if a.player == pid]

    def danger(a):  # a Sector one must leave after a turn costs that turn and the next
        t = sm.sector(a.to)
        return (t.defence + 3.5 * t.mgf) * (2 if "cant_stay" in t.attributes else 1)
    here = sm.sector(m.place_of(s, pid)).row
    ups = [a for a in mine if sm.sector(a.to).row > here]
    best = min(ups or mine, key=lambda a: (danger(a), -sm.sector(a.to).row))
    # push on with Soldiers to spare and the Courage for the line after, or when forced
    ahead = max((line.courage for j, line in sm.neighbours(best.to) if sm.sector(j).row > sm.sector(best.to).row),
                default=0) if ups else 0
    ready = p["courage"] - sm.lines[(m.place_of(s, pid), best.to)].courage >= ahead
    if must_move(s, pid) or ups and ready and p["soldiers"] > 1.5 * danger(best) + 3:
        return best
    others = [a for a in moves if a.player != pid]
    return _move(s, others) if others else None
