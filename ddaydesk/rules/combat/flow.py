"""Declaring, answering and rolling a combat in the game, and the automatic victory of the
movement phase. Strengths, support limits and results come from the pure procedures
(:func:`assess`, :func:`support_limits`, :func:`plan_result`, :mod:`.auto_victory`); this
module keeps the pending combat in ``extra["combat"]["pending"]`` and turns rolls and plans
into state changes.

Legal declarations (documented choice): per target hex, the largest group of units that may
attack it together (one per beach stack, FMU-AREIN-08); any non-empty subset of those is
accepted by ``apply`` after the same checks, so a big stack does not list 2^n attacks.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.engine.movement import is_mobile
from ddaydesk.rules.combat import auto_victory
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.actions import AutomaticVictory, DeclareAttack, ResolveCombat, Respond
from ddaydesk.rules.combat.choices import (
    eliminate,
    lose_step,
    mark_attacked,
    queue_from_plan,
    settle,
)
from ddaydesk.rules.combat.distribution import draw, resolve
from ddaydesk.rules.combat.ledger import spend
from ddaydesk.rules.combat.limits import support_limits
from ddaydesk.rules.combat.model import CombatUnit, Declaration, Situation, Support
from ddaydesk.rules.combat.results import plan_result
from ddaydesk.rules.combat.state_adapter import record, situation, store_pools, writable
from ddaydesk.rules.combat.strength import Assessment, assess
from ddaydesk.rules.combat.words import result_note

DEFER = frozenset({"FMU-AREIN-09"})  # settled by the defender's answer, not at the declaration
# F&M attacks the landing rules make compulsory: mode -> the record listing their hexes
DUE = {"beach_assault": "beach_assault_due", "drop_hex": "drop_hex_due"}


def enemy(state: GameState, side: str) -> str:
    return next(s for s in state.scenario.system.sides if s != side)


def phase_list(state: GameState, name: str) -> list:
    rec = record(state)
    return rec.get(name, []) if rec.get("phase") == f"{state.turn}:{state.phase}" else []


def pending(state: GameState) -> dict | None:
    return record(state).get("pending")


def describe_pending(p: dict) -> str:
    if p["stage"] == "response":
        return f"the {p['defender_side']} player answers the attack on {p['target']} first"
    if p["stage"] == "roll":
        return f"the combat at {p['target']} is declared: roll it first"
    head = p["queue"][0]
    return f"the combat at {p['target']} waits for the {head['side']} player's {head['do']} choice"


# ---- who may attack ---------------------------------------------------------------------------------
def attack_problem(state: GameState, u: CombatUnit, phase: Phase) -> str | None:
    """Why a unit may not attack now (apart from adjacency and the combat's own checks)."""
    if u.attack <= 0:
        return f"{u.id} has no attack strength"
    if u.id in phase_list(state, "attacked"):
        return f"{u.id} has already attacked this phase (each unit attacks once, STD-COMBAT)"
    if u.id in record(state).get("auto_locked", ()) and record(state).get("turn") == state.turn:
        return f"{u.id} took part in an automatic victory this turn (D77-AUTO-05)"
    if phase.units == "mobile" and not is_mobile(state, state.unit(u.id)):
        return f"{u.id} is not a mobile unit: only mobile units attack in this phase"
    if u.strategic and not u.surprise:
        return f"{u.id} used strategic movement this turn and is not a surprise unit (D77-SURP-02)"
    return None


def _groups(state: GameState, side: str, phase: Phase) -> dict[int, tuple[str, ...]]:
    """Target hex -> the largest group that may attack it (one unit per beach stack)."""
    got = state._cache.get(("combat_groups", side, phase.id))
    if got is not None:
        return got
    sit = situation(state)
    other = enemy(state, side)
    defended = set(phase_list(state, "defended"))
    labels = sit.board.labels
    by_target: dict[int, list[CombatUnit]] = {}
    for u in sit.units:
        if u.side != side or attack_problem(state, u, phase):
            continue
        for t in sit.board.adj[u.place]:
            if labels[t] not in defended and sit.occupied_by(t, other):
                by_target.setdefault(t, []).append(u)
    got = {}
    for t, us in sorted(by_target.items()):
        seen_beach: set[int] = set()
        ids = []
        for u in us:
            if u.place in sit.beach_places:
                if u.place in seen_beach:
                    continue  # FMU-AREIN-08
                seen_beach.add(u.place)
            ids.append(u.id)
        got[t] = tuple(ids)
    state._cache[("combat_groups", side, phase.id)] = got
    return got


def _refusals(sit: Situation, decl: Declaration) -> list[str]:
    return [str(r) for r in assess(sit, decl).refusals if r.rule not in DEFER]


def declarable(state: GameState, side: str, phase: Phase) -> list[DeclareAttack]:
    if pending(state):
        return []
    got = state._cache.get(("combat_declarable", side, phase.id))
    if got is not None:
        return got
    sit = situation(state)
    got = [DeclareAttack(side, ids, t) for t, ids in _groups(state, side, phase).items()
           if not _refusals(sit, Declaration(ids, t))]
    for mode in DUE:  # the attacks the landing rules make compulsory, with every unit there
        for label in record(state).get(DUE[mode], ()):
            t = sit.board.index(label)
            ids = tuple(u.id for u in sit.at.get(t, ()) if u.side == side)
            if ids and label not in phase_list(state, "defended") and not _refusals(
                    sit, Declaration(ids, t, kind=mode)):
                got.append(DeclareAttack(side, ids, t, mode))
    state._cache[("combat_declarable", side, phase.id)] = got
    return got


def _normalise(state: GameState, uids: tuple[str, ...]) -> tuple[str, ...]:
    try:
        ks = sorted({state.unit(u) for u in uids})
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    if len(ks) != len(uids):  # one action, one form: the log never holds a unit twice
        raise IllegalAction(f"{next(u for u in uids if uids.count(u) > 1)} is named twice")
    return tuple(state.scenario.units[k].id for k in ks)


def _check_attackers(state: GameState, sit: Situation, side: str, uids: tuple[str, ...], phase: Phase) -> None:
    if not uids:
        raise IllegalAction("an attack needs at least one attacker")
    for uid in uids:
        if uid not in sit.by_id:
            raise IllegalAction(f"{uid} is not on the map")
        u = sit.by_id[uid]
        if u.side != side:
            raise IllegalAction(f"{uid} is not a {side} unit")
        problem = attack_problem(state, u, phase)
        if problem:
            raise IllegalAction(problem)


# ---- declare ----------------------------------------------------------------------------------------
def declare_legal(state: GameState, side: str, phase: Phase):
    yield from declarable(state, side, phase)


def declare_apply(state: GameState, a: DeclareAttack, ch: Changes, phase: Phase) -> None:
    p = pending(state)
    if p:
        raise IllegalAction(describe_pending(p))
    sit = situation(state)
    uids = _normalise(state, a.attackers)
    _check_attackers(state, sit, a.side, uids, phase)
    board = sit.board
    if not isinstance(a.target, int) or not 0 <= a.target < board.n:
        raise IllegalAction(f"{a.target!r} is not a place on the map")
    label = board.labels[a.target]
    if label in phase_list(state, "defended"):
        raise IllegalAction(f"{label} has already been attacked this phase (each hex once, STD-COMBAT)")
    if a.mode not in ("normal", *DUE):
        raise IllegalAction(f"unknown attack mode {a.mode!r} (normal, {', '.join(DUE)})")
    if a.mode in DUE and label not in record(state).get(DUE[a.mode], ()):
        rule = "FMU-BEACH-01" if a.mode == "beach_assault" else "FMU-AIRB-12"
        raise IllegalAction(f"no {a.mode.replace('_', ' ')} attack is due at {label} ({rule})")
    refusals = _refusals(sit, Declaration(uids, a.target, kind=a.mode))
    if refusals:
        raise IllegalAction("; ".join(refusals))
    p = {"kind": a.mode, "side": a.side, "defender_side": enemy(state, a.side), "attackers": list(uids),
         "target": label, "stage": "roll", "cds": False, "draws": [], "mines": False, "mines_policy": "use",
         "defender": ""}
    _open(state, p, sit, ch)
    ch.notes.append(f"{a.side} attacks {label} with {', '.join(uids)}")


def _open(state: GameState, p: dict, sit: Situation, ch: Changes) -> None:
    rec = writable(state)
    rec["pending"] = p
    if response_options(state, p, sit) != [Respond(p["defender_side"])]:
        p["stage"] = "response"
        state.active = p["defender_side"]


# ---- the defender's answer --------------------------------------------------------------------------
def _decl(state: GameState, p: dict, sit: Situation, support: Support) -> Declaration:
    kind = "automatic" if p["kind"] == "automatic" else p["kind"]
    t = sit.board.index(p["target"])
    return Declaration(tuple(p["attackers"]), t, (p["defender"],) if p["defender"] else (), kind, support)


def _defenders(sit: Situation, p: dict) -> list[CombatUnit]:
    t = sit.board.index(p["target"])
    return [u for u in sit.at.get(t, ()) if u.side == p["defender_side"]]


def response_options(state: GameState, p: dict, sit: Situation) -> list[Respond]:
    """Every answer the defender may give (just ``Respond(side)`` when there is no choice)."""
    side = p["defender_side"]
    t = sit.board.index(p["target"])
    defenders = _defenders(sit, p)
    out = []
    if sit.system == "dday77":
        cds = [False]
        if t not in sit.pools.cds_hexes and not sup.check_cds(sit, t, defenders):
            cds.append(True)
        return [Respond(side, cds=c) for c in cds]
    stack = [u.id for u in defenders] if t in sit.beach_places and len(defenders) > 1 else [""]
    cups = sorted(n for n, c in sit.pools.cups.items() if c and sup.cup_side(n) == side)
    most = sup.param("fmu", "max_markers_per_combat")
    if p["kind"] == "drop_hex":
        cups = []
    mines_aside = side == "german" and sit.pools.mines_aside is not None and p["kind"] != "drop_hex"
    for who in stack:
        for n in range(most + 1):
            for draws in combinations_with_replacement(cups, n):
                if any(draws.count(c) > len(sit.pools.cups[c]) for c in set(draws)):
                    continue
                with_mines = any(m.mines for c in set(draws) for m in sit.pools.cups[c])
                for mines in ((False, True) if mines_aside else (False,)):
                    for policy in (("use", "redraw") if with_mines else ("use",)):
                        r = Respond(side, draws=draws, mines=mines, mines_policy=policy, defender=who)
                        support = Support(defender_draws=draws, defender_mines=mines, mines_policy=policy)
                        if _legal_answer(sit, _decl(state, {**p, "defender": who}, sit, support)):
                            out.append(r)
    return out


def _legal_answer(sit: Situation, decl: Declaration) -> bool:
    """An answer the procedure accepts (campaign cups back only their nationality...)."""
    return not assess(sit, decl).refusals


def _waiting(state: GameState, stage: str, who: str, side: str) -> dict | None:
    """The pending combat if it waits at ``stage`` for ``side`` (its ``who`` key), else None."""
    p = pending(state)
    return p if p and p["stage"] == stage and side == p[who] else None


def _pending_for(state: GameState, stage: str, who: str, a, nothing: str, does: str) -> dict:
    """The pending combat ``a`` acts on, or IllegalAction saying why it may not."""
    p = pending(state)
    if not p:
        raise IllegalAction(nothing)
    if p["stage"] != stage:
        raise IllegalAction(describe_pending(p))
    if a.side != p[who]:
        raise IllegalAction(f"the {p[who]} player {does} this {'attack' if stage == 'response' else 'combat'}")
    return p


def respond_legal(state: GameState, side: str, phase: Phase):
    p = _waiting(state, "response", "defender_side", side)
    if p:
        yield from response_options(state, p, situation(state))


def respond_apply(state: GameState, a: Respond, ch: Changes, phase: Phase) -> None:
    p = _pending_for(state, "response", "defender_side", a, "no announced attack waits for an answer", "answers")
    sit = situation(state)
    if a not in response_options(state, p, sit):
        raise IllegalAction(_response_refusal(state, p, sit, a))
    p = writable(state)["pending"]
    p.update(cds=a.cds, draws=list(a.draws), mines=a.mines, mines_policy=a.mines_policy, defender=a.defender)
    p["stage"] = "roll"
    state.active = p["side"]
    words = []
    if a.cds:
        _commit_cds(state, sit, p, ch)
        words.append("close defensive support")
    if a.draws:
        words.append(f"draws from {', '.join(a.draws)}")
    if a.mines:
        words.append("plays the Mines marker")
    if a.defender:
        words.append(f"{a.defender} defends the beach stack (FMU-AREIN-09)")
    # The other player's answer is not taken back by the attacker's undo.
    ch.revealed.append(f"{a.side} answer to the attack on {p['target']}: {', '.join(words) or 'nothing'}")
    if p["kind"] == "automatic":
        _auto_after_answer(state, p, a.cds, ch)


def _response_refusal(state: GameState, p: dict, sit: Situation, a: Respond) -> str:
    t = sit.board.index(p["target"])
    if a.cds:
        if sit.system != "dday77":
            return "close defensive support is a D-Day '77 rule (D77-AIR-16)"
        why = sup.check_cds(sit, t, _defenders(sit, p))
        if t in sit.pools.cds_hexes:
            return f"{p['target']} already has its close defensive support factor this phase (D77-AIR-19)"
        if why:
            return "; ".join(map(str, why))
    support = Support(defender_draws=tuple(a.draws), defender_mines=a.mines, mines_policy=a.mines_policy)
    decl = _decl(state, {**p, "defender": a.defender}, sit, support)
    why = [str(r) for r in assess(sit, decl).refusals]
    return "; ".join(why) or "not one of the answers this attack allows"


def _commit_cds(state: GameState, sit: Situation, p: dict, ch: Changes) -> None:
    """The CDS factor is spent at once and the hex keeps it for the phase (D77-AIR-20/21,
    D77-AUTO-15)."""
    factor = sup.param("dday77", "air", "cds_factor")
    t = sit.board.index(p["target"])
    store_pools(state, replace(sit.pools, air_left=sit.pools.air_left - factor,
                               cds_hexes=sit.pools.cds_hexes | {t}))
    ch.notes.append(f"close defensive support: 1 air factor on {p['target']} (D77-AIR-16/21)")


# ---- roll -------------------------------------------------------------------------------------------
def _support(p: dict, a: ResolveCombat) -> Support:
    german_attacks = p["side"] == "german"
    return Support(nbp=a.nbp, cas=a.cas, attacker_draws=tuple(a.draws), defender_draws=tuple(p["draws"]),
                   naval=a.naval, attacker_mines=a.mines, defender_mines=p["mines"],
                   mines_policy=a.mines_policy if german_attacks else p["mines_policy"])


def resolve_options(state: GameState, p: dict, sit: Situation) -> list[ResolveCombat]:
    side = p["side"]
    bare = _decl(state, p, sit, Support(defender_draws=tuple(p["draws"]), defender_mines=p["mines"]))
    lim = support_limits(sit, bare)
    out = []
    if sit.system == "dday77":
        out += [ResolveCombat(side, nbp=n) for n in range(lim.nbp_max + 1)]
        out += [ResolveCombat(side, cas=n) for n in range(1, lim.cas_max + 1)]
        return out
    cups = sorted(n for n, c in sit.pools.cups.items() if c and sup.cup_side(n) == side)
    mines_aside = side == "german" and sit.pools.mines_aside is not None
    for naval in range(lim.naval_max + 1):
        for n in range(lim.draws_max - naval + 1):
            for draws in combinations_with_replacement(cups, n):
                if any(draws.count(c) > len(sit.pools.cups[c]) for c in set(draws)):
                    continue
                with_mines = any(m.mines for c in set(draws) for m in sit.pools.cups[c])
                for mines in ((False, True) if mines_aside else (False,)):
                    for policy in (("use", "redraw") if with_mines else ("use",)):
                        r = ResolveCombat(side, draws=draws, naval=naval, mines=mines, mines_policy=policy)
                        if assess(sit, _decl(state, p, sit, _support(p, r))).legal:
                            out.append(r)
    return out


def resolve_legal(state: GameState, side: str, phase: Phase):
    p = _waiting(state, "roll", "side", side)
    if p:
        yield from resolve_options(state, p, situation(state))


def resolve_apply(state: GameState, a: ResolveCombat, ch: Changes, phase: Phase) -> None:
    p = _pending_for(state, "roll", "side", a, "no declared combat waits for its roll", "rolls")
    sit = situation(state)
    assessment = assess(sit, _decl(state, p, sit, _support(p, a)))
    if assessment.refusals:
        raise IllegalAction("; ".join(map(str, assessment.refusals)))
    if a not in resolve_options(state, p, sit):  # what the procedure leaves open, e.g. Mines in D-Day '77
        raise IllegalAction(_resolve_refusal(sit, p, a))
    fight(state, sit, assessment, p, ch)


def _resolve_refusal(sit: Situation, p: dict, a: ResolveCombat) -> str:
    if sit.system == "dday77" and (a.draws or a.naval or a.mines or a.mines_policy != "use"):
        return "support fire markers, naval gunfire and the Mines marker are Fire & Movement rules (FMU-SFM-02)"
    if a.mines:
        return "no Mines marker is set aside for the German this GT (FMU-SFM-04)"
    return "not one of the support choices this combat allows"


def fight(state: GameState, sit: Situation, a: Assessment, p: dict, ch: Changes) -> None:
    """Draw the markers, roll, spend the support, apply what the result forces and queue the
    owners' choices."""
    label = p["target"]
    s = a.decl.support

    def pick(what: str):
        return lambda n: ch.roll(state, n, f"{what} marker draw for the combat at {label}").value - 1

    cups = dict(sit.pools.cups)
    att = draw(cups, s.attacker_draws, s.mines_policy, pick(p["side"])) if s.attacker_draws else None
    dfn = (draw(att.cups if att else cups, s.defender_draws, s.mines_policy, pick(p["defender_side"]))
           if s.defender_draws else None)
    att_m = att.markers if att else ()
    dfn_m = dfn.markers if dfn else ()
    # A played set-aside Mines marker is already a line of the assessment (FMU-SFM-04).
    col = a.crt.column(a.attack + sum(sup.marker_value(m, a.flak) for m in att_m),
                       a.defence + sum(sup.marker_value(m, False) for m in dfn_m), a.table)
    res = resolve(a, lambda: ch.roll(state, a.crt.die, f"combat at {label}: {col.label}").value, att_m, dfn_m)
    drawn = [f"{m.cup} +{sup.marker_value(m, a.flak and m in att_m)}" for m in (*att_m, *dfn_m)]
    ch.notes.append(result_note(label, res.column, res.result, res.attack, res.defence, res.die, drawn))
    store_pools(state, spend(sit.pools, a, att, dfn))
    rec = writable(state)
    rec["defended"] = sorted({*rec["defended"], label})
    mark_attacked(state, a.attackers)
    if p["kind"] in DUE:
        rec[DUE[p["kind"]]] = [x for x in rec.get(DUE[p["kind"]], ()) if x != label]
    plan = plan_result(sit, a, res.result)
    for uid in plan.eliminated:
        eliminate(state, uid, ch)
    for uid in plan.reduced:
        lose_step(state, uid, ch)
    for note in plan.notes:
        ch.notes.append(f"{note.text} ({note.rule})")
    if plan.beachhead_lost:
        rec["beachheads_lost"] = sorted({*rec.get("beachheads_lost", ()), label})
    rdef = a.crt.tables[a.table].results[res.result]
    side_eff = rdef.defender if plan.retreat_side == p["defender_side"] else rdef.attacker
    rec["pending"] = {**p, "stage": "result", "result": res.result, "column": res.column, "die": res.die,
                      "queue": queue_from_plan(plan, p["side"], p["defender_side"], side_eff.retreat,
                                               a.decl.kind == "drop_hex", label)}
    settle(state, ch)


# ---- automatic victory (D77-AUTO-*) -----------------------------------------------------------------
def _auto_groups(state: GameState, side: str, phase: Phase) -> list[AutomaticVictory]:
    if not state.options.get("automatic_victory") or pending(state):
        return []
    got = state._cache.get(("combat_auto", side))
    if got is not None:
        return got
    sit = situation(state)
    got = []
    for t, ids in _groups(state, side, phase).items():
        if auto_victory.check(sit, ids, t).allowed:
            got.append(AutomaticVictory(side, ids, t))
    state._cache[("combat_auto", side)] = got
    return got


def auto_legal(state: GameState, side: str, phase: Phase):
    yield from _auto_groups(state, side, phase)


def auto_apply(state: GameState, a: AutomaticVictory, ch: Changes, phase: Phase) -> None:
    p = pending(state)
    if p:
        raise IllegalAction(describe_pending(p))
    sit = situation(state)
    uids = _normalise(state, a.attackers)
    _check_attackers(state, sit, a.side, uids, phase)
    if not isinstance(a.target, int) or not 0 <= a.target < sit.board.n:
        raise IllegalAction(f"{a.target!r} is not a place on the map")
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


def _auto_after_answer(state: GameState, p: dict, cds: bool, ch: Changes) -> None:
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


# ---- movement limits (the engine's add_move_limit) ----------------------------------------------
def _this_turn(state: GameState) -> dict:
    rec = record(state)
    return rec if rec.get("turn") == state.turn else {}


def stopped(state: GameState, k: int) -> str | None:
    """Why unit ``k`` may not move this turn: it took part in an automatic victory
    (D77-AUTO-04) or is committed to the attack CDS kept from one (D77-AUTO-16)."""
    stop = _this_turn(state).get("stopped")
    return stop.get(state.scenario.units[k].id) if stop else None


def closed_places(state: GameState, side: str) -> list[int]:
    """Hexes emptied by an automatic victory this phase: closed to the winner's other units
    (D77-AUTO-07)."""
    closed = _this_turn(state).get("closed")
    if not closed:
        return []
    index = state.scenario.board.index_of
    return [index[lab] for lab, s, ph in closed if s == side and ph == state.phase]


def closed_mask(state: GameState, k: int) -> tuple[bytes | None, None]:
    places = closed_places(state, state.scenario.units[k].side)
    if not places:
        return None, None
    mask = bytearray(state.scenario.board.n)
    for p in places:
        mask[p] = 1
    return bytes(mask), None


def closed_problem(state: GameState, side: str, to: int) -> str | None:
    if isinstance(to, int) and to in closed_places(state, side):
        return (f"{state.scenario.board.labels[to]} was emptied by an automatic victory: no other unit "
                "may enter it this phase (D77-AUTO-07)")
    return None
