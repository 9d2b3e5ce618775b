"""Overlord campaigns (DDD-CAMPGN-01): Battle Maps played one after another on one board (a
map made of parts, formats/mapparts.py), the game a competition scored in Victory Points.

The Campaign Book is not in our text: the rules here are ours (STD-DDD-CAMPAIGN). A battle
ends when no Unit is fighting on its map any more (each has taken a final Bunker or fallen:
a Unit wiped out is out of that battle, not the end of the game), or as Atlantikwall ends it.
Its score sheet goes on the campaign record; the players then see the record (the ``debrief``
phase: a save there is a save between battles) and go on to the next map. A Unit that ended on
its feet takes its Soldiers (at least the map's start), resources and cards along; one that
fell comes back fresh. The German, the pools, the Award deck and the Battle Conditions start
afresh on each map; the Badges, the tokens and Major McMoron go on.

Record (``rec(state)["campaign"]``): ``battle`` (index of the map in play), ``maps`` and
``titles`` (the parts), ``start_turn`` of the battle, ``between`` (the debrief), and
``record``: one entry per battle fought, ``{"battle", "title", "winner", "end", "turns",
"units": {unit: {"result", "vp", "lines": [[words, points, rule], ...]}}}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import PENDING, Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import vp
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.sectors import SectorMap

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import NextBattle

RESULTS = {"bunker": "took the Bunker", "wiped_out": "wiped out", "destroyed": "fell in the Bunker",
           "ashore": "still fighting", "assaulting": "in the Bunker", "retreating": "falling back"}


def setup(state: GameState, r: dict) -> None:
    parts = SectorMap.parts(state.scenario.board)
    if len(parts) < 2:
        r["campaign"] = None
        return
    if r["mode"] == "solitaire":
        raise IllegalAction("Atlantikwall solitaire is played on one Battle Map, not in a campaign")
    r["campaign"] = {"battle": 0, "maps": [p[0] for p in parts], "titles": [p[1] for p in parts],
                     "start_turn": state.scenario.first_turn, "between": False, "record": []}


def between(r: dict | None) -> bool:
    return bool(r and r.get("campaign") and r["campaign"]["between"])


def fighting(state: GameState) -> bool:
    return not between(m.rec(state))


def battle_done(state: GameState) -> tuple[str, str] | None:
    """(winner, why) once no Unit fights on in this battle, else None."""
    r = m.rec(state)
    units = m.allied_ids(r)
    status = [m.player(r, u)["status"] for u in units]
    if any(s in ("ashore", "assaulting", "retreating", "landing") for s in status):
        return None
    took = sum(s == "bunker" for s in status)
    return ("allied", f"{took} of {len(units)} Units took the Bunker") if took else \
        ("german", "every Unit fell before the Bunker")


def battle_over(state: GameState, winner: str, why: str, ch: Changes) -> bool:
    """The battle's result on the record; True when another battle follows."""
    r = m.own(state)
    c = r["campaign"]
    lines: dict[str, list] = {u: [] for u in m.allied_ids(r)}
    for line in vp.sheet(state):
        lines[line.player].append([line.what, line.points, line.rule])
    c["record"].append({
        "battle": c["battle"] + 1, "title": c["titles"][c["battle"]], "winner": winner, "end": why,
        "turns": state.turn - c["start_turn"] + 1,
        "units": {u: {"result": RESULTS.get(m.player(r, u)["status"], m.player(r, u)["status"]),
                      "vp": sum(x[1] for x in ls), "lines": ls} for u, ls in lines.items()}})
    ch.notes.append(f"battle {c['battle'] + 1}, {c['titles'][c['battle']]}, is over: {why}")
    if c["battle"] + 1 >= len(c["maps"]):
        return False
    c["between"] = True
    r["pending"] = []
    return True


def totals(r: dict) -> dict[str, int]:
    out = dict.fromkeys(m.allied_ids(r), 0)
    for b in (r.get("campaign") or {}).get("record", ()):
        for u, x in b["units"].items():
            out[u] = out.get(u, 0) + x["vp"]
    return out


def champion(state: GameState) -> tuple[str, str]:
    """The campaign's end: the Unit with the most Victory Points (a tie: the first in order)."""
    r = m.rec(state)
    tot = totals(r)
    best = max(tot.values())
    first = next(u for u in m.allied_ids(r) if tot[u] == best)
    return first, f"the campaign is over: {m.player_name(state, first)} wins it with {best} VP"


# -- the next battle ----------------------------------------------------------------------------------
def next_legal(state: GameState, side: str, phase: Phase):
    if between(m.rec(state)):
        from ddaydesk.rules.ddd.actions_later import NextBattle  # (made when first listed)
        yield NextBattle(side)


def next_apply(state: GameState, a: NextBattle, ch: Changes, phase: Phase) -> None:
    from ddaydesk.rules.ddd import conditions, setup

    r = m.own(state)
    if not between(r):
        raise IllegalAction("the next battle comes when this one is over")
    c = r["campaign"]
    c.update(battle=c["battle"] + 1, between=False, start_turn=state.turn + 1)
    german = m.has_german(r)
    units = m.allied_ids(r)
    for pid in units:
        _carry(state, r, pid)
    held = {x for u in units for x in (*m.player(r, u)["items"], *m.player(r, u)["vehicles"],
                                        *m.player(r, u)["specialists"])}
    r["pool"]["allied"] = [x for x in setup.allied_pool(state, german, len(units)) if x not in held]
    awards = {x for u in units for x in m.player(r, u)["awards"]}
    r["awards"] = {"deck": sorted(x.id for x in tables().of_kind("award")
                                  if x.expansion in setup.AWARD_SETS and x.id not in awards), "discard": []}
    conditions.setup(r)
    state.secrets = {s: {k: v for k, v in sec.items() if k != conditions.TOP} for s, sec in state.secrets.items()}
    if german:  # a fresh German in a new Bunker (his Mulligan tokens go on, as the Allies')
        tokens = m.player(r, m.GERMAN)["tokens"]
        r["order"].remove(m.GERMAN)
        setup.german_player(state, r, len(units))
        m.player(r, m.GERMAN)["tokens"] = tokens
    r.update(silenced=[], pending=[], turnfx={}, assault={}, solo={}, winner=None, end="", snafu=None,
             new_battle=True)
    ch.notes.append(f"battle {c['battle'] + 1}: {c['titles'][c['battle']]}")
    ch.end_phase = True


def _carry(state: GameState, r: dict, pid: str) -> None:
    """What a Unit takes to the next map (STD-DDD-CAMPAIGN)."""
    from ddaydesk.rules.ddd.rookie import is_rookie

    p = m.player(r, pid)
    t = tables()
    start = t.value("units", "start_soldiers")
    if p["status"] in vp.STANDING:
        p["soldiers"] = max(p["soldiers"], start)
    else:  # fresh: its hand back, no cards but its Badges and its Rookie Officer (he is never lost)
        cards = t.cards
        back = [x for x in (*p["specialists"], *p["lost"]) if not is_rookie(x)]
        p["hand"] = sorted({*p["hand"], *(x for x in back if cards[x].klass in ("regular", "reserve", "legendary"))})
        p.update(soldiers=start, courage=0, stars=0, tools=0, items=[], vehicles=[], awards=[], used_items=[],
                 specialists=[x for x in p["specialists"] if is_rookie(x)], lost=[])
    own = any(is_rookie(x) and (r.get("major") or {}).get("card") != x for x in p["specialists"])
    major = (r.get("major") or {}).get("host") == pid
    p.update(status="landing", marker=1, visited=[], path=[], dice=[], rolls=0, kept=False, scored=None, turn={},
             fx={}, wipeouts=0, mulligans=0, badges_drawn=0, hosted=major, used_game=[],
             rookie={"start": own} if own else {})
    k = state.unit(pid)
    state.place[k], state.status[k], state.part[k] = -1, PENDING, "landing_craft"
