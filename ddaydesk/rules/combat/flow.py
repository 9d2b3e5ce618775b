"""Declaring, answering and rolling a combat in the game. Strengths, support limits and
results come from the pure procedures (:func:`assess`, :func:`support_limits`,
:func:`plan_result`); this module keeps the pending combat in ``extra["combat"]["pending"]``
and turns rolls and plans into state changes. Who may attack is :mod:`.attackers`; the
automatic victory of the movement phase is :mod:`.automatic`.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat, Respond
from ddaydesk.rules.combat.attackers import (
    DUE,
    checked_attack,
    declarable,
    describe_pending,
    enemy,
    pending,
    phase_list,
    refusals,
)
from ddaydesk.rules.combat.automatic import auto_after_answer
from ddaydesk.rules.combat.choices import (
    eliminate,
    lose_step,
    mark_attacked,
    queue_from_plan,
    settle,
)
from ddaydesk.rules.combat.model import CombatUnit, Declaration, Situation, Support
from ddaydesk.rules.combat.state_adapter import record, situation, store_pools, writable
from ddaydesk.rules.combat.strength import Assessment, assess


# ---- declare ----------------------------------------------------------------------------------------
def declare_legal(state: GameState, side: str, phase: Phase):
    yield from declarable(state, side, phase)


def declare_apply(state: GameState, a: DeclareAttack, ch: Changes, phase: Phase) -> None:
    if a.mode == "bombardment":
        sit, uids = _bombardment(state, a, phase), ()
    elif a.hit:
        raise IllegalAction("only a bombardment names the unit it hits (FMU-BEACH-07)")
    else:
        sit, uids = checked_attack(state, a.side, a.attackers, a.target, phase)
    label = sit.board.labels[a.target]
    if label in phase_list(state, "defended"):
        how = "attacked or bombarded" if sit.system == "fmu" else "attacked"
        raise IllegalAction(f"{label} has already been {how} this phase (each hex once, STD-COMBAT)")
    if a.mode not in ("normal", "bombardment", *DUE):
        raise IllegalAction(f"unknown attack mode {a.mode!r} (normal, bombardment, {', '.join(DUE)})")
    if a.mode in DUE and label not in record(state).get(DUE[a.mode], ()):
        rule = "FMU-BEACH-01" if a.mode == "beach_assault" else "FMU-AIRB-12"
        raise IllegalAction(f"no {a.mode.replace('_', ' ')} attack is due at {label} ({rule})")
    found = refusals(sit, Declaration(uids, a.target, kind=a.mode)) if uids else []
    if found:
        raise IllegalAction("; ".join(found))
    p = {"kind": a.mode, "side": a.side, "defender_side": enemy(state, a.side), "attackers": list(uids),
         "target": label, "stage": "roll", "cds": False, "draws": [], "mines": False, "mines_policy": "use",
         "defender": a.hit}
    _open(state, p, sit, ch)
    ch.notes.append(f"{a.side} attacks {label} with {', '.join(uids)}" if uids else f"{a.side} bombards {label}")


def _bombardment(state: GameState, a: DeclareAttack, phase: Phase) -> Situation:
    from ddaydesk.rules.combat.bombard import check  # (once a bombardment is declared)

    p = pending(state)
    if p:
        raise IllegalAction(describe_pending(p))
    sit = situation(state)
    check(sit, a, phase)
    return sit


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
    return Declaration(tuple(p["attackers"]), t, (p["defender"],) if p["defender"] else (), kind, support, p["side"])


def _defenders(sit: Situation, p: dict) -> list[CombatUnit]:
    t = sit.board.index(p["target"])
    return [u for u in sit.at.get(t, ()) if u.side == p["defender_side"]]


def response_options(state: GameState, p: dict, sit: Situation) -> list[Respond]:
    """Every answer the defender may give (just ``Respond(side)`` when there is no choice)."""
    side = p["defender_side"]
    t = sit.board.index(p["target"])
    defenders = _defenders(sit, p)
    out = []
    if p["kind"] == "bombardment":  # the bombarded side draws nothing (STD-FM-BOMB)
        return [Respond(side)]
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
        auto_after_answer(state, p, a.cds, ch)


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
    german_attacks = p["side"] == "german" or p["kind"] == "bombardment"  # (whose Mines policy counts)
    return Support(nbp=a.nbp, cas=a.cas, attacker_draws=tuple(a.draws), defender_draws=tuple(p["draws"]),
                   naval=a.naval, attacker_mines=a.mines, defender_mines=p["mines"],
                   mines_policy=a.mines_policy if german_attacks else p["mines_policy"])


def resolve_options(state: GameState, p: dict, sit: Situation) -> list[ResolveCombat]:
    from ddaydesk.rules.combat.limits import support_limits  # (once a combat waits: not at a start)

    side = p["side"]
    if p["kind"] == "bombardment":
        from ddaydesk.rules.combat.bombard import roll_options

        rolls = roll_options(sit, side, sit.board.index(p["target"]))
        return [r for r in rolls if assess(sit, _decl(state, p, sit, _support(p, r))).legal]
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
    # (the odds, the ledger, the result's plan and its words: when a combat is fought, not at a start)
    from ddaydesk.rules.combat.distribution import draw, resolve
    from ddaydesk.rules.combat.ledger import spend
    from ddaydesk.rules.combat.results import plan_result
    from ddaydesk.rules.combat.words import result_note

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
