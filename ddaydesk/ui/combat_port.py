"""Combat previews from ``ddaydesk.rules.combat`` (docs/rules/combat.md) for the dialog.

The position is the combat rules' own view of the engine's state (their ``situation``: the
support left, a close defensive support answer, isolation, strategic movers); strengths,
refusals, the CRT and the exact distribution are the combat module's own answers. Rolling
goes through the engine's log.
"""

from __future__ import annotations

from ddaydesk.engine import GameState
from ddaydesk.rules.combat import Declaration, Support, assess, outcome_distribution
from ddaydesk.rules.combat.crt import Fixed
from ddaydesk.rules.combat.limits import support_limits
from ddaydesk.rules.combat.state_adapter import situation
from ddaydesk.rules.combat.words import key_line, table_key
from ddaydesk.ui.port import CombatPreview, ModifierLine, PortError, SupportChoice

SUPPORT = {  # dialog choice -> (title, Support field, limit field, rule)
    "nbp": ("Naval bombardment points", "nbp", "nbp_max", "D77-NAV-03"),
    "cas": ("Close air support factors", "cas", "cas_max", "D77-AIR-08"),
}


def preview(state: GameState, attackers: list[str], place: int, support: dict[str, int]) -> CombatPreview:
    sit = situation(state)
    decl = Declaration(tuple(attackers), place, support=Support(
        **{SUPPORT[k][1]: v for k, v in support.items() if k in SUPPORT}))
    a = assess(sit, decl)
    if not a.legal:
        raise PortError("; ".join(f"{r.reason} ({r.rule})" for r in a.refusals))
    table = a.crt.tables[a.table]
    col = a.column()
    dist = outcome_distribution(a, sit.pools.cups)
    limits = support_limits(sit, decl)
    choices = tuple(SupportChoice(key, title, getattr(limits, limit), rule)
                    for key, (title, _field, limit, rule) in SUPPORT.items() if getattr(limits, limit) > 0)
    columns = tuple(c.label for c in table.columns)
    if col is None:
        column = ""  # support-fire markers still to be drawn decide it
    elif isinstance(col, Fixed):
        column = f"{col.label}: {col.result} without a roll"
    else:
        column = col.label
    return CombatPreview(
        attackers=tuple(a.attackers), defender_place=place, defenders=tuple(a.defenders),
        attack_lines=tuple(ModifierLine(x.text, f"{x.value:+d}", x.rule) for x in a.attack_lines),
        defence_lines=tuple(ModifierLine(x.text, f"{x.value:+d}", x.rule) for x in a.defence_lines),
        attack_total=a.attack, defence_total=a.defence, column=column,
        columns=columns, crt={c.label: c.results for c in table.columns},
        distribution=tuple((code, float(p)) for code, p in dist.results.items()),
        support=choices, die_sides=a.crt.die, rule=table.rule,
        key=tuple((e.code, key_line(e)) for e in table_key(table)))
