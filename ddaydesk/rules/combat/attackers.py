"""Who may attack what now: the pending combat, each unit's reasons not to attack, and the
legal declarations. Legal declarations (documented choice): per target hex, the largest group
of units that may attack it together (one per beach stack, FMU-AREIN-08); any non-empty subset
of those is accepted by ``apply`` after the same checks, so a big stack does not list 2^n
attacks.
"""

from __future__ import annotations

from ddaydesk.engine import GameState, IllegalAction, Phase
from ddaydesk.engine.movement import is_mobile
from ddaydesk.rules.combat.actions import DeclareAttack
from ddaydesk.rules.combat.model import CombatUnit, Declaration, Situation
from ddaydesk.rules.combat.state_adapter import record, situation
from ddaydesk.rules.combat.strength import assess

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


def groups(state: GameState, side: str, phase: Phase) -> dict[int, tuple[str, ...]]:
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


def refusals(sit: Situation, decl: Declaration) -> list[str]:
    return [str(r) for r in assess(sit, decl).refusals if r.rule not in DEFER]


def declarable(state: GameState, side: str, phase: Phase) -> list[DeclareAttack]:
    if pending(state):
        return []
    got = state._cache.get(("combat_declarable", side, phase.id))
    if got is not None:
        return got
    sit = situation(state)
    got = [DeclareAttack(side, ids, t) for t, ids in groups(state, side, phase).items()
           if not refusals(sit, Declaration(ids, t))]
    for mode in DUE:  # the attacks the landing rules make compulsory, with every unit there
        for label in record(state).get(DUE[mode], ()):
            t = sit.board.index(label)
            ids = tuple(u.id for u in sit.at.get(t, ()) if u.side == side)
            if ids and label not in phase_list(state, "defended") and not refusals(
                    sit, Declaration(ids, t, kind=mode)):
                got.append(DeclareAttack(side, ids, t, mode))
    if sit.system == "fmu":
        from ddaydesk.rules.combat.bombard import bombard_phase, declarations  # (F&M only)

        if bombard_phase(sit, phase):
            got += declarations(sit, side, set(phase_list(state, "defended")))
    state._cache[("combat_declarable", side, phase.id)] = got
    return got


def normalise(state: GameState, uids: tuple[str, ...]) -> tuple[str, ...]:
    try:
        ks = sorted({state.unit(u) for u in uids})
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    if len(ks) != len(uids):  # one action, one form: the log never holds a unit twice
        raise IllegalAction(f"{next(u for u in uids if uids.count(u) > 1)} is named twice")
    return tuple(state.scenario.units[k].id for k in ks)


def check_attackers(state: GameState, sit: Situation, side: str, uids: tuple[str, ...], phase: Phase) -> None:
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


def checked_attack(state: GameState, side: str, attackers: tuple[str, ...], target: object,
                   phase: Phase) -> tuple[Situation, tuple[str, ...]]:
    """The checks every announced attack passes first (a declaration, an automatic victory):
    no combat waiting, attackers that may attack now, a target on the map. Returns the
    situation and the attackers in their one order."""
    p = pending(state)
    if p:
        raise IllegalAction(describe_pending(p))
    sit = situation(state)
    uids = normalise(state, attackers)
    check_attackers(state, sit, side, uids, phase)
    if not isinstance(target, int) or not 0 <= target < sit.board.n:
        raise IllegalAction(f"{target!r} is not a place on the map")
    return sit, uids
