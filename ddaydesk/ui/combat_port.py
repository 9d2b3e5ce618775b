"""Combat previews from ``ddaydesk.rules.combat`` (docs/rules/combat.md) for the dialog.

The position is the engine's state as the attacking side sees it; strengths, refusals,
the CRT and the exact distribution are the combat module's own answers. Rolling goes
through the engine's log once the combat module registers its attack action there.
"""

from __future__ import annotations

from ddaydesk.engine import ELIMINATED, ON_MAP, GameState
from ddaydesk.rules.combat import (
    CombatUnit,
    Declaration,
    Situation,
    Support,
    TurnInfo,
    assess,
    outcome_distribution,
)
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.crt import Fixed
from ddaydesk.rules.combat.limits import support_limits
from ddaydesk.rules.combat.model import Pools
from ddaydesk.ui.port import CombatPreview, ModifierLine, PortError, SupportChoice

SUPPORT = {  # dialog choice -> (title, Support field, limit field, rule)
    "nbp": ("Naval bombardment points", "nbp", "nbp_max", "D77-NAV-03"),
    "cas": ("Close air support factors", "cas", "cas_max", "D77-AIR-08"),
}


def situation(state: GameState) -> Situation:
    sc = state.scenario
    units = []
    for k, u in enumerate(sc.units):
        if state.status[k] != ON_MAP or state.status[k] == ELIMINATED:
            continue
        reduced = state.steps_lost[k] > 0 and u.reduced is not None
        a, d, _m = u.reduced if reduced else (u.attack, u.defence, u.movement)
        units.append(CombatUnit(id=u.id, side=u.side, type=u.type, nationality=u.nationality, attack=a,
                                defence=d, place=state.place[k], reduced=reduced,
                                has_reduced_side=u.reduced is not None, zoc=u.type != "hq", name=u.name))
    turn = TurnInfo(turn=state.turn, active_side=state.active,
                    weather={"MUD": "mud", "SNOW": "snow", "RAIN": "rain"}.get(str(state.weather), "clear"))
    if sc.system.id == "fmu":
        pools = Pools(cups=sup.initial_cups(), naval_left=sup.naval_markers(turn.turn))
    else:
        pools = Pools(nbp_left=sup.nbp_pool(turn), air_left=sup.air_pool(turn))
    beaches = frozenset(p.place for p in sc.board.places_of_kind("beach_landing"))
    return Situation(system=sc.system.id, board=sc.board, units=units, options=dict(state.options),
                     turn=turn, pools=pools, beach_places=beaches)


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
        support=choices, die_sides=a.crt.die, rule=table.rule)
