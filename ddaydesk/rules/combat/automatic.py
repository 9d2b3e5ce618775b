"""The automatic victory of the movement phase in the game (D77-AUTO-*), and the movement
limits it leaves behind (the engine's ``add_move_limit``): participants stop, the emptied hex
is closed to the winner's other units this phase.
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.combat import auto_victory
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.actions import AutomaticVictory
from ddaydesk.rules.combat.attackers import (
    checked_attack,
    enemy,
    groups,
    pending,
)
from ddaydesk.rules.combat.choices import eliminate, mark_attacked, settle
from ddaydesk.rules.combat.model import Situation
from ddaydesk.rules.combat.state_adapter import situation, writable


# ---- automatic victory (D77-AUTO-*) -----------------------------------------------------------------
def _auto_groups(state: GameState, side: str, phase: Phase) -> list[AutomaticVictory]:
    if not state.options.get("automatic_victory") or pending(state):
        return []
    got = state._cache.get(("combat_auto", side))
    if got is not None:
        return got
    sit = situation(state)
    got = []
    for t, ids in groups(state, side, phase).items():
        if auto_victory.check(sit, ids, t).allowed:
            got.append(AutomaticVictory(side, ids, t))
    state._cache[("combat_auto", side)] = got
    return got


def auto_legal(state: GameState, side: str, phase: Phase):
    yield from _auto_groups(state, side, phase)


def auto_apply(state: GameState, a: AutomaticVictory, ch: Changes, phase: Phase) -> None:
    sit, uids = checked_attack(state, a.side, a.attackers, a.target, phase)
    av = auto_victory.check(sit, uids, a.target)
    if not av.allowed:
        raise IllegalAction("; ".join(map(str, av.refusals)))
    label = sit.board.labels[a.target]
    p = {"kind": "automatic", "side": a.side, "defender_side": enemy(state, a.side), "attackers": list(uids),
         "target": label, "stage": "roll", "cds": False, "draws": [], "mines": False, "mines_policy": "use",
         "defender": ""}
    ch.notes.append(f"{a.side} announces an automatic victory against {label} with {', '.join(uids)} "
                    f"({av.assessment.attack}:{av.assessment.defence}, D77-AUTO-02)")
    if av.cds_offer:  # the Allies decide now, before any other German unit moves (D77-AUTO-14)
        writable(state)["pending"] = {**p, "stage": "response"}
        state.active = p["defender_side"]
        return
    _auto_win(state, p, av, ch)


def auto_after_answer(state: GameState, p: dict, cds: bool, ch: Changes) -> None:
    sit = situation(state)
    t = sit.board.index(p["target"])
    rec = writable(state)
    if not cds:
        rec["pending"] = None
        _auto_win(state, p, auto_victory.check(sit, tuple(p["attackers"]), t), ch)
        return
    # The factor is already spent (D77-AUTO-15); decide again with it in the defence.
    before = situation_without_cds(sit, t)
    av = auto_victory.with_cds(before, tuple(p["attackers"]), t)
    rec["pending"] = None
    if av.allowed:
        _auto_win(state, p, av, ch)
        return
    rec["auto_blocked"] = sorted({*rec.get("auto_blocked", ()), p["target"]})
    rec["auto_cds"] = sorted({*rec.get("auto_cds", ()), p["target"]})
    rec["cds_hexes"] = [x for x in rec.get("cds_hexes", ()) if x != p["target"]]
    rec["must_attack"] = [*rec.get("must_attack", []), {"target": p["target"], "attackers": p["attackers"]}]
    stop = rec.setdefault("stopped", {})
    for uid in p["attackers"]:
        stop[uid] = f"{uid} is committed to the attack on {p['target']} in the combat phase (D77-AUTO-16/17)"
    ch.notes.append(f"close defensive support cancels the automatic victory against {p['target']}: the attack "
                    "is fought in the combat phase with the CDS factor (D77-AUTO-16/17)")
    settle(state, ch)


def situation_without_cds(sit: Situation, t: int) -> Situation:
    """The situation as it was before the CDS factor was committed to ``t`` (so the
    procedure adds it itself)."""
    factor = sup.param("dday77", "air", "cds_factor")
    return replace(sit, pools=replace(sit.pools, air_left=sit.pools.air_left + factor,
                                      cds_hexes=sit.pools.cds_hexes - {t}))


def _auto_win(state: GameState, p: dict, av: auto_victory.AutoVictory, ch: Changes) -> None:
    """Defenders off the map without a roll (D77-AUTO-03); participants stop and attack no
    more this player turn (D77-AUTO-04/05); no other friendly unit enters the hex this phase
    (D77-AUTO-07); participants may advance if an advance would be legal (D77-AUTO-06)."""
    label = p["target"]
    for uid in av.removed:
        eliminate(state, uid, ch)
    rec = writable(state)
    rec["auto_locked"] = sorted({*rec.get("auto_locked", ()), *p["attackers"]})
    mark_attacked(state, tuple(p["attackers"]))
    stop = rec.setdefault("stopped", {})
    for uid in p["attackers"]:
        stop[uid] = f"{uid} took part in an automatic victory and may not move further (D77-AUTO-04)"
    rec["closed"] = [*rec.get("closed", []), [label, p["side"], state.phase]]
    for note in av.notes:
        ch.notes.append(f"{note.text} ({note.rule})")
    ch.notes.append(f"automatic victory at {label}: {', '.join(av.removed)} removed (D77-AUTO-03)")
    queue = []
    if av.advance_units:
        queue.append({"do": "advance", "side": p["side"], "units": list(av.advance_units), "hex": label,
                      "max": situation(state).stack_limit})
    rec["pending"] = {**p, "stage": "result", "result": "auto", "queue": queue}
    settle(state, ch)
