"""Bombardment (F&M 8.4, our default STD-FM-BOMB): support fire markers alone against an
enemy-occupied hex in the phasing side's combat phase, played through the shared combat
procedure as an attack of kind ``bombardment`` with no attacking unit.

A bombardment is declared (``DeclareAttack`` with no attackers, ``hit`` naming the unit picked
in a stack, FMU-BEACH-07), the target draws no markers, the bombarding player rolls with one
or two markers from cups whose markers reach the hex (FMU-SFM-05/10/11), the marker total
against the unit's defence with its hex's terrain on the standard table; a result that costs
the defender nothing (NE, A1) does nothing, any other costs the unit one step.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ddaydesk.engine import IllegalAction, Phase
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat
from ddaydesk.rules.combat.model import CombatUnit, Declaration, Line, Situation, Support
from ddaydesk.rules.combat.support import Refusal

KIND = "bombardment"


def bombard_phase(sit: Situation, phase: Phase) -> bool:
    """F&M, in a side's own combat phase (not the mobile combat phase, not the landing)."""
    return sit.system == "fmu" and phase.kind == "combat" and phase.units == "all" and not phase.setup


def reaching_cups(sit: Situation, side: str, target: int) -> list[str]:
    """The side's cups holding a marker that may bombard ``target``: every marker of a cup
    has the same reach, the Mines marker none (FMU-SFM-03/05/10/11)."""
    out = []
    for name, ms in sorted(sit.pools.cups.items()):
        m = next((m for m in ms if not m.mines), None)
        if m is not None and sup.cup_side(name) == side and sup.bombardment_in_range(sit, m, side, target):
            out.append(name)
    return out


def reach_refusals(sit: Situation, decl: Declaration, side: str) -> list[Refusal]:
    """Why the markers asked for may not bombard the hex (checked before any draw)."""
    s = decl.support
    out = []
    if not 1 <= len(s.attacker_draws) <= sup.param("fmu", "max_markers_per_combat"):
        out.append(Refusal("STD-FM-BOMB", "a bombardment draws one or two support fire markers"))
    for cup in sorted(set(s.attacker_draws) & set(sit.pools.cups)):
        if cup not in reaching_cups(sit, side, decl.target):
            reach = sup.param("fmu", "bombardment_range", cup, field="")
            out.append(Refusal(reach["rule"], f"the {cup.replace('_', ' ')} markers bombard only within "
                                              f"{reach['value']} hexes of a friendly unit"))
    if s.attacker_mines:
        out.append(Refusal("FMU-SFM-03", "the Mines marker never bombards"))
    if s.defender_draws or s.defender_mines:
        out.append(Refusal("STD-FM-BOMB", "the bombarded side draws no markers"))
    if mines_policy(sit, s.attacker_draws) == "redraw" != s.mines_policy:
        out.append(Refusal("FMU-SFM-03", "a Mines marker drawn for a bombardment is set aside and another "
                                         "drawn (mines_policy 'redraw')"))
    return out


def target_units(sit: Situation, decl: Declaration, side: str, refusals: list[Refusal]) -> list[CombatUnit]:
    """The one unit a bombardment hits: the only enemy unit there, or the one the bombarding
    player picks in a stack (FMU-BEACH-07 on a beach landing hex)."""
    units, beach = sup.bombardment_targets(sit, decl.target, side)
    if not units:
        refusals.append(Refusal("STD-FM-BOMB", "there is no enemy unit in the bombarded hex"))
        return []
    if len(units) == 1 and decl.defenders in ((), (units[0],)):
        return [sit.unit(units[0])]
    if len(decl.defenders) == 1 and decl.defenders[0] in units:
        return [sit.unit(decl.defenders[0])]
    rule = "FMU-BEACH-07" if beach else "STD-FM-BOMB"
    refusals.append(Refusal(rule, f"the bombarding player picks one unit to hit among {', '.join(units)}"))
    return [sit.unit(units[0])]


def hits(sit: Situation, target: int, side: str) -> list[str]:
    """The ``hit`` values a declaration may carry: "" for a lone unit, else each unit."""
    units, _ = sup.bombardment_targets(sit, target, side)
    return [""] if len(units) == 1 else units


def declarations(sit: Situation, side: str, defended: set[str]) -> list[DeclareAttack]:
    """Every bombardment ``side`` may declare now: enemy-occupied hexes not yet attacked or
    bombarded this phase that some marker of the side can reach."""
    out = []
    targets = sorted({u.place for u in sit.units if u.side != side and u.place >= 0})
    for t in targets:
        if sit.board.labels[t] in defended or not reaching_cups(sit, side, t):
            continue
        out += [DeclareAttack(side, (), t, KIND, hit) for hit in hits(sit, t, side)]
    return out


def check(sit: Situation, a: DeclareAttack, phase: Phase) -> None:
    """IllegalAction unless ``a`` is a bombardment the procedure accepts now (the pending
    combat and the hex's once-a-phase checks are the shared ones)."""
    if not bombard_phase(sit, phase):
        raise IllegalAction("a bombardment is made in the own combat phase of a Fire & Movement game (STD-FM-BOMB)")
    if a.attackers:
        raise IllegalAction("a bombardment uses support fire markers alone, no unit (STD-FM-BOMB)")
    if not isinstance(a.target, int) or not 0 <= a.target < sit.board.n:
        raise IllegalAction(f"{a.target!r} is not a place on the map")
    allowed = hits(sit, a.target, a.side)
    if allowed and a.hit not in allowed:  # (as listed: a lone unit is hit unnamed)
        raise IllegalAction("name the unit hit only in a stack, one of its units (FMU-BEACH-07)")
    cups = reaching_cups(sit, a.side, a.target)
    if not cups:
        raise IllegalAction(f"no {a.side} support fire marker left can reach {sit.board.labels[a.target]} "
                            "(FMU-SFM-05, FMU-SFM-10: within 2 hexes of a friendly unit; aircraft anywhere, FMU-SFM-11)")
    from ddaydesk.rules.combat.strength import assess  # (once a bombardment is declared)

    decl = Declaration((), a.target, (a.hit,) if a.hit else (), KIND, Support(attacker_draws=(cups[0],),
                       mines_policy="redraw"), side=a.side)
    found = assess(sit, decl).refusals
    if found:
        raise IllegalAction("; ".join(map(str, found)))


def mines_policy(sit: Situation, draws: tuple[str, ...]) -> str:
    """"redraw" when a cup drawn from holds the Mines marker: it never bombards and is set
    aside for another draw (FMU-SFM-03); "use" (nothing to decide) otherwise."""
    return "redraw" if any(m.mines for c in set(draws) for m in sit.pools.cups.get(c, ())) else "use"


def roll_options(sit: Situation, side: str, target: int) -> list[ResolveCombat]:
    """The rolls a declared bombardment may make: one or two markers from cups that reach;
    a Mines marker drawn is set aside and another drawn (FMU-SFM-02/03)."""
    cups = reaching_cups(sit, side, target)
    out = []
    for n in range(1, sup.param("fmu", "max_markers_per_combat") + 1):
        for draws in combinations_with_replacement(cups, n):
            if all(draws.count(c) <= len(sit.pools.cups[c]) for c in set(draws)):
                out.append(ResolveCombat(side, draws=draws, mines_policy=mines_policy(sit, draws)))
    return out


def plan_lines(hit: str, costs: bool) -> tuple[list[str], Line]:
    """A bombardment's result: the unit loses a step when the result costs the defender
    anything (a retreat too), else nothing happens (STD-FM-BOMB)."""
    if costs:
        return [hit], Line("STD-FM-BOMB", f"the bombardment costs {hit} a step", -1, "default")
    return [], Line("STD-FM-BOMB", "bombardment: no effect on the target", 0, "default")
