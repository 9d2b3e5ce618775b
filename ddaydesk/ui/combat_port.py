"""Combat previews from ``ddaydesk.rules.combat`` (docs/rules/combat.md) for the dialog.

The position is the combat rules' own view of the engine's state (their ``situation``: the
support left, a close defensive support answer, isolation, strategic movers); strengths,
refusals, the CRT and the exact distribution are the combat module's own answers. Rolling
goes through the engine's log.

The dialog's support choices are a ``{id: amount}`` dict: D-Day '77's ``nbp`` and ``cas``;
Fire & Movement's ``draw:<cup>`` (support fire markers drawn from one of the attacker's cups),
``naval`` (naval gunfire markers), ``mines`` (the German plays the set-aside Mines marker) and
``redraw_mines`` (a Mines marker drawn is put back and another drawn, FMU-SFM-03).
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine import GameState
from ddaydesk.rules.combat import Declaration, Support, assess, outcome_distribution
from ddaydesk.rules.combat.crt import Fixed
from ddaydesk.rules.combat.limits import SupportLimits, support_limits
from ddaydesk.rules.combat.model import Situation
from ddaydesk.rules.combat.state_adapter import situation
from ddaydesk.rules.combat.words import key_line, table_key
from ddaydesk.ui.action_text import cup_name
from ddaydesk.ui.port import CombatPreview, ModifierLine, PortError, SupportChoice

SUPPORT = {  # D-Day '77 dialog choice -> (title, Support field, limit field, rule)
    "nbp": ("Naval bombardment points", "nbp", "nbp_max", "D77-NAV-05"),
    "cas": ("Close air support factors", "cas", "cas_max", "D77-AIR-05"),
}


def as_support(support: dict[str, int]) -> Support:
    """The dialog's choices as the combat rules' :class:`Support` (the attacker's part)."""
    draws = tuple(sorted(c[5:] for c, n in support.items() if c.startswith("draw:") for _ in range(n)))
    return Support(nbp=support.get("nbp", 0), cas=support.get("cas", 0), attacker_draws=draws,
                   naval=support.get("naval", 0), attacker_mines=bool(support.get("mines")),
                   mines_policy="redraw" if support.get("redraw_mines") else "use")


def declaration(sit: Situation, side: str, attackers: list[str], place: int, support: dict[str, int],
                kind: str = "normal") -> Declaration:
    """The combat the dialog describes. A bombardment (no attackers) names the unit picked to
    be hit as ``hit:<unit>`` among the choices (FMU-BEACH-07), and a Mines marker it draws is
    always set aside for another draw (FMU-SFM-03)."""
    s = as_support(support)
    if kind != "bombardment":
        return Declaration(tuple(attackers), place, kind=kind, support=s)
    from ddaydesk.rules.combat.bombard import mines_policy

    hit = tuple(k[4:] for k in support if k.startswith("hit:"))
    return Declaration((), place, hit, kind, replace(s, mines_policy=mines_policy(sit, s.attacker_draws)), side)


def preview(state: GameState, attackers: list[str], place: int, support: dict[str, int],
            kind: str = "normal") -> CombatPreview:
    sit = situation(state)
    decl = declaration(sit, state.active, attackers, place, support, kind)
    a = assess(sit, decl)
    # a bombardment with no marker chosen yet: its defence and the markers it may draw
    a.refusals = [r for r in a.refusals if not (kind == "bombardment" and not decl.support.attacker_draws
                                                 and r.rule == "STD-FM-BOMB")]
    if not a.legal:
        raise PortError("; ".join(f"{r.reason} ({r.rule})" for r in a.refusals))
    table = a.crt.tables[a.table]
    col = None if kind == "bombardment" else a.column()  # (no marker chosen yet: no column)
    dist = outcome_distribution(a, sit.pools.cups)
    choices = support_choices(sit, decl)
    columns = tuple(c.label for c in table.columns)
    results = tuple((code, float(p)) for code, p in dist.results.items())
    key = tuple((e.code, key_line(e)) for e in table_key(table))
    attack_lines = tuple(ModifierLine(x.text, f"{x.value:+d}", x.rule) for x in a.attack_lines)
    drawn = sorted(dist.attacker_markers)
    if kind == "bombardment":  # a result costs the unit a step, or nothing (STD-FM-BOMB)
        attack_lines += _cup_lines(sit, decl.support.attacker_draws, a.flak)
        step = sum(p for code, p in results if not table.results[code].defender.empty)
        results = (("a step", step), ("no effect", 1 - step)) if decl.support.attacker_draws else ()
        key += (("Bombardment", "Bombardment: NE and A1 do nothing; any other result costs the unit hit "
                                "one step, never a retreat (STD-FM-BOMB)"),)
    if col is None:
        column = ""  # support-fire markers still to be drawn decide it
    elif isinstance(col, Fixed):
        column = f"{col.label}: {col.result} without a roll"
    else:
        column = col.label
    return CombatPreview(
        attackers=tuple(a.attackers), defender_place=place, defenders=tuple(a.defenders),
        attack_lines=attack_lines,
        defence_lines=tuple(ModifierLine(x.text, f"{x.value:+d}", x.rule) for x in a.defence_lines),
        attack_total=a.attack, defence_total=a.defence, column=column,
        columns=columns, crt={c.label: c.results for c in table.columns},
        distribution=results, support=choices, die_sides=a.crt.die, rule=table.rule, key=key,
        attack_range=(a.attack + drawn[0], a.attack + drawn[-1]) if drawn else None)


def _cup_lines(sit: Situation, draws: tuple[str, ...], flak: bool) -> tuple[ModifierLine, ...]:
    """Each cup drawn from, with the markers it holds (halved under flak, FMU-FLAK-01)."""
    from ddaydesk.rules.combat.support import marker_value, param

    out = []
    for cup in sorted(set(draws)):
        values = sorted(marker_value(m, flak) for m in sit.pools.cups[cup] if not m.mines)
        held = ", ".join(f"+{v}" + (f" ×{values.count(v)}" if values.count(v) > 1 else "")
                         for v in sorted(set(values)))
        n = draws.count(cup)
        # the cup's Mines marker is drawn like the others but never bombards: put aside, another drawn
        mines = "; Mines: put aside if drawn, another drawn" \
            if any(m.mines for m in sit.pools.cups[cup]) else ""
        out.append(ModifierLine(f"{n} drawn at random from the {cup_name(cup)} cup ({held}{mines})"
                                + (", aircraft halved by flak" if flak and any(m.aircraft for m in sit.pools.cups[cup]) else ""),
                                f"+{sum(values[:n])}..+{sum(values[-n:])}",
                                param("fmu", "bombardment_range", cup, field="rule")))
    return tuple(out)


def _why(limits: SupportLimits, key: str) -> str:
    return "; ".join(dict.fromkeys(limits.why_not.get(key, ())))


def _refusals(sit: Situation, decl: Declaration, support: Support) -> set[str]:
    return {str(r) for r in assess(sit, replace(decl, support=support)).refusals}


def _d77_choice(sit: Situation, decl: Declaration, limits: SupportLimits, key: str) -> SupportChoice:
    """One D-Day '77 choice, capped at 0 with the rule when the other support chosen excludes it
    (D77-AIR-12: naval bombardment or air factors, never both)."""
    title, field, limit, rule = SUPPORT[key]
    most, why = getattr(limits, limit), _why(limits, field)
    others = replace(decl.support, **{field: 0})
    if most and (others.nbp or others.cas):
        extra = _refusals(sit, decl, replace(others, **{field: 1})) - _refusals(sit, decl, others)
        if extra:
            most, why = 0, "; ".join(sorted(extra))
    return SupportChoice(key, title, most, rule, why)


def support_choices(sit: Situation, decl: Declaration) -> tuple[SupportChoice, ...]:
    """Every support the attacker of ``decl`` could add (each with its cap and why it is not
    more); a choice capped at 0 says why none may be added."""
    if decl.kind == "bombardment":
        return _bombard_choices(sit, decl)
    limits = support_limits(sit, decl)
    if sit.system == "dday77":
        return tuple(_d77_choice(sit, decl, limits, key) for key in SUPPORT)
    side = sit.by_id[decl.attackers[0]].side if decl.attackers and decl.attackers[0] in sit.by_id else ""
    most = limits.draws_max
    out = [SupportChoice(f"draw:{cup}", f"Support fire markers from the {cup_name(cup)} cup",
                         min(most, n), "FMU-SFM-02",
                         f"at most {most} markers per side in one combat (FMU-SFM-02); the cup holds {n}")
           for cup, n in sorted(limits.cups.items()) if n]
    if sit.turn.turn == 1 or sit.pools.naval_left:
        out.append(SupportChoice("naval", "Naval gunfire markers", limits.naval_max, "FMU-NGS-01",
                                 _why(limits, "naval")))
    if side == "german" and sit.pools.mines_aside is not None:
        out.append(SupportChoice("mines", "Play the set-aside Mines marker", 1, "FMU-SFM-04"))
    if decl.support.attacker_draws and any(m.mines for c in set(decl.support.attacker_draws)
                                           for m in sit.pools.cups.get(c, ())):
        out.append(SupportChoice("redraw_mines", "A Mines marker drawn is put back and another drawn", 1,
                                 "FMU-SFM-03"))
    if not out:
        out.append(SupportChoice("draw:", "Support fire markers", 0, "FMU-SFM-02",
                                 f"the {side} cups are empty this GT" if side else ""))
    return tuple(out)


def _bombard_choices(sit: Situation, decl: Declaration) -> tuple[SupportChoice, ...]:
    """A bombardment's markers: one or two from the side's cups that reach the hex; a cup
    that does not says why (FMU-SFM-05/10/11)."""
    from ddaydesk.rules.combat.bombard import reaching_cups
    from ddaydesk.rules.combat.support import cup_side, param

    most = param("fmu", "max_markers_per_combat")
    reach = reaching_cups(sit, decl.side, decl.target)
    out = []
    for cup, ms in sorted(sit.pools.cups.items()):
        if cup_side(cup) != decl.side:
            continue
        rng = param("fmu", "bombardment_range", cup, field="")
        n = sum(1 for m in ms if not m.mines)
        why = (f"one or two markers in all (STD-FM-BOMB); the cup holds {n}" if cup in reach else
               f"its markers bombard only within {rng['value']} hexes of {_a_unit(decl.side)} ({rng['rule']})")
        out.append(SupportChoice(f"draw:{cup}", f"Markers from the {cup_name(cup)} cup",
                                 min(most, n) if cup in reach else 0, rng["rule"], why))
    return tuple(out)


def _a_unit(side: str) -> str:
    return f"{'an' if side[:1] in 'aeiou' else 'a'} {side.capitalize()} unit"
