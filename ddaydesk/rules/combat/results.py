"""What a CRT result does to the units in a combat: a plan the engine applies.

The plan lists what is forced (eliminations, step losses on a single unit) and the choices
the owning player makes (which unit loses a step, which exchange losses, which retreat path,
stiff resistance, who advances). It never changes anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ddaydesk.rules.combat.crt import ResultDef, SideEffect
from ddaydesk.rules.combat.model import CombatUnit, Line, Situation
from ddaydesk.rules.combat.retreat import retreat_paths
from ddaydesk.rules.combat.strength import Assessment
from ddaydesk.rules.combat.terrain import load_defence


@dataclass
class StepChoice:
    """Steps a side must lose, with the units it may take them from."""

    side: str
    steps: int
    candidates: tuple[str, ...]


@dataclass
class ResultPlan:
    """What a result forces and what it leaves the owners to choose."""

    result: str
    text: str
    rule: str
    eliminated: list[str] = field(default_factory=list)  # forced
    reduced: list[str] = field(default_factory=list)  # forced one-step losses (unit stays)
    step_choices: list[StepChoice] = field(default_factory=list)
    retreats: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)  # unit -> paths
    retreat_side: str | None = None
    stiff_resistance: bool = False  # the defender may hold by losing steps instead of retreating
    stiff_resistance_steps: int = 0
    exchange_need: int = 0  # printed factors the attacker must lose
    exchange_options: list[tuple[str, ...]] = field(default_factory=list)
    advance_hex: int = -1
    advance_units: list[str] = field(default_factory=list)  # who may advance once the hex is empty
    advance_max: int | None = None
    beachhead_lost: bool = False
    notes: list[Line] = field(default_factory=list)

    def as_dict(self, sit: Situation) -> dict:
        label = sit.board.label
        return {
            "result": self.result, "text": self.text, "rule": self.rule,
            "eliminated": self.eliminated, "reduced": self.reduced,
            "step_choices": [{"side": c.side, "steps": c.steps, "candidates": list(c.candidates)}
                             for c in self.step_choices],
            "retreats": {u: [[label(p) for p in path] for path in paths] for u, paths in self.retreats.items()},
            "stiff_resistance": self.stiff_resistance,
            "exchange": {"need": self.exchange_need, "options": [list(o) for o in self.exchange_options]},
            "advance": {"hex": label(self.advance_hex) if self.advance_hex >= 0 else None,
                        "units": self.advance_units, "max": self.advance_max},
            "beachhead_lost": self.beachhead_lost,
            "notes": [n.as_dict() for n in self.notes],
        }


def plan_result(sit: Situation, a: Assessment, code: str) -> ResultPlan:
    table = a.crt.tables[a.table]
    rdef: ResultDef = table.results[code]
    plan = ResultPlan(code, rdef.text, rdef.rule)
    attackers = [sit.unit(u) for u in a.attackers]
    defenders = [sit.unit(u) for u in a.defenders]
    kind = a.decl.kind
    if kind == "bombardment":  # never takes ground: a step, or nothing (STD-FM-BOMB)
        from ddaydesk.rules.combat.bombard import plan_lines

        plan.reduced, note = plan_lines(a.defenders[0], not rdef.defender.empty)
        plan.notes.append(note)
        return plan
    ignore_ezoc = kind == "drop_hex"  # both sides may ignore EZOC when retreating (FMU-AIRB-14)

    _apply_side(sit, plan, attackers, rdef.attacker, ignore_ezoc, stiff_ok=False)
    if table.applies_to == "attacker":
        if rdef.attacker.reduce_all:
            plan.notes.append(Line("FMU-BEACH-05", "no retreat from the beach: every assaulting unit is reduced",
                                   0, "seed"))
        lost = set(plan.eliminated)
        if kind == "beach_assault" and attackers and all(u.id in lost for u in attackers):
            plan.beachhead_lost = True
            plan.notes.append(Line("FMU-BEACH-06", "every unit in the beach hex is eliminated: "
                                                   "its beachhead marker is removed for good", 0, "seed"))
        return plan

    stiff_ok = kind != "drop_hex"  # no stiff resistance in the drop-hex attack (FMU-AIRB-13)
    _apply_side(sit, plan, defenders, rdef.defender, ignore_ezoc, stiff_ok)
    if plan.stiff_resistance:
        plan.stiff_resistance_steps = a.crt.stiff_resistance_steps
        plan.notes.append(Line(a.crt.stiff_resistance_rule, "stiff resistance: the defender may lose "
                               f"{a.crt.stiff_resistance_steps} step and hold the hex instead of retreating",
                               0, "default"))
    if rdef.exchange == "printed":
        _exchange(plan, attackers, defenders)
    if kind == "drop_hex" and not _defender_leaves(plan, defenders):
        # Unless the German is destroyed or retreats, the airborne attacker dies (FMU-AIRB-15).
        plan.eliminated += [u.id for u in attackers if u.id not in plan.eliminated]
        plan.step_choices = [c for c in plan.step_choices if c.side != attackers[0].side]
        plan.notes.append(Line("FMU-AIRB-15", "the German holds: the attacking unit is eliminated", 0, "seed"))
    _advance(sit, a, plan, attackers, defenders, rdef)
    return plan


def _apply_side(sit: Situation, plan: ResultPlan, units: list[CombatUnit], eff: SideEffect,
                ignore_ezoc: bool, stiff_ok: bool) -> None:
    if not units or eff.empty:
        return
    if eff.eliminate:
        plan.eliminated += [u.id for u in units]
        return
    if eff.reduce_all:
        for u in units:
            (plan.reduced if u.steps > 1 else plan.eliminated).append(u.id)
        return
    if eff.steps:
        if len(units) == 1 or sum(u.steps for u in units) <= eff.steps:
            _forced_steps(plan, units, eff.steps)
        else:
            plan.step_choices.append(StepChoice(units[0].side, eff.steps, tuple(u.id for u in units)))
    if eff.retreat:
        plan.retreat_side = units[0].side
        leaving = frozenset(u.id for u in units)
        for u in units:
            if u.id in plan.eliminated:
                continue
            if sit.is_sea(u.place):
                # Invading units have nowhere to retreat to: eliminated (ddaydesk default).
                plan.eliminated.append(u.id)
                plan.notes.append(Line("STD-RETREAT", f"{u.id} attacked from the sea and cannot retreat: "
                                                      "eliminated", 0, "default"))
                continue
            paths = retreat_paths(sit, u, eff.retreat, ignore_ezoc, leaving)
            if paths:
                plan.retreats[u.id] = paths
            else:
                plan.eliminated.append(u.id)
                plan.notes.append(Line("STD-RETREAT", f"{u.id} has no legal retreat path and is eliminated",
                                       0, "default"))
        plan.stiff_resistance = stiff_ok and eff.stiff_resistance


def _forced_steps(plan: ResultPlan, units: list[CombatUnit], steps: int) -> None:
    for u in units:
        if steps <= 0:
            break
        take = min(steps, u.steps)
        steps -= take
        (plan.eliminated if take >= u.steps else plan.reduced).append(u.id)


def _exchange(plan: ResultPlan, attackers: list[CombatUnit], defenders: list[CombatUnit]) -> None:
    """Defender eliminated; the attacker loses units whose printed attack factors total at least
    the printed defence lost. NBPs and air factors are no units and never count (D77-NAV-11)."""
    plan.eliminated += [u.id for u in defenders if u.id not in plan.eliminated]
    need = sum(u.defence for u in defenders)
    plan.exchange_need = need
    total = sum(u.attack for u in attackers)
    if total <= need:
        plan.eliminated += [u.id for u in attackers]
        return
    options: list[tuple[str, ...]] = []
    for k in range(1, len(attackers) + 1):
        for combo in combinations(attackers, k):
            if sum(u.attack for u in combo) >= need and not any(
                    set(o) <= {u.id for u in combo} for o in options):
                options.append(tuple(u.id for u in combo))
    plan.exchange_options = options
    plan.notes.append(Line("D77-NAV-11", f"exchange: the attacker loses at least {need} printed attack "
                                          "factors; naval and air points do not count", 0, "seed"))


def _defender_leaves(plan: ResultPlan, defenders: list[CombatUnit]) -> bool:
    return bool(plan.retreats) or all(u.id in plan.eliminated for u in defenders)


def _advance(sit: Situation, a: Assessment, plan: ResultPlan, attackers: list[CombatUnit],
             defenders: list[CombatUnit], rdef: ResultDef) -> None:
    vacates = rdef.defender.eliminate or rdef.defender.retreat or rdef.exchange or (
        defenders and all(u.id in plan.eliminated for u in defenders))
    if not vacates or not attackers or a.decl.kind in ("beach_assault", "drop_hex"):
        return
    survivors = [u for u in attackers if u.id not in plan.eliminated]
    plan.advance_hex = a.decl.target
    plan.advance_max = sit.stack_limit
    if sit.system != "dday77":
        plan.advance_units = [u.id for u in survivors]
        return
    needs = load_defence(sit.system).advance_needs
    doubled = a.multiplier >= needs
    armour_rule = sit.options.get("armoured_advance", False)
    for u in survivors:
        if doubled or armour_rule and u.armoured:
            plan.advance_units.append(u.id)
    if armour_rule and not doubled and any(u.armoured for u in survivors):
        plan.notes.append(Line("D77-ADV-02", "armour and PG units may advance although the defender "
                                             "was not doubled or tripled", 0, "seed"))
        if any(not u.armoured for u in survivors):
            plan.notes.append(Line("D77-ADV-03", "infantry, parachute and static units of this attack "
                                                 "may not advance", 0, "seed"))
