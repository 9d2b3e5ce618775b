"""D-Day: Utah Beach supply (exclusive rule 12.0, FMU-SUP-*).

An Allied unit is supplied by a path of any length to a beach landing hex with a beachhead
marker (airborne units: or to a drop zone while the markers are on the map), that enters no
enemy-occupied hex and passes through no enemy-ZOC hex, even one a friendly unit holds.
A unit on a beach landing hex is always supplied. German units are always supplied (the
scenario gives them no supply rule).
"""

from __future__ import annotations

from ddaydesk.rules.supply.blocking import TraceMap
from ddaydesk.rules.supply.explain import Target, why_not
from ddaydesk.rules.supply.model import Leg, SupplyInput, UnitSupply
from ddaydesk.rules.supply.params import SupplyParams
from ddaydesk.rules.supply.trace import bfs


def fmu_supply(inp: SupplyInput, p: SupplyParams, tm: TraceMap, explain: bool) -> dict[str, UnitSupply]:
    beach_rule = p.tag("allied.beach_always_supplied").rule
    dist_b = bfs(inp.board, tm, inp.beachheads, None)
    zones = inp.drop_zones if inp.turn < p["allied.drop_zones_until_turn"] else ()
    dist_z = bfs(inp.board, tm, zones, None) if zones else None
    airborne = set(p["allied.airborne_types"])
    beach = set(inp.beach_landing) if p["allied.beach_always_supplied"] else set()
    out: dict[str, UnitSupply] = {}
    for u in inp.units:
        if u.side != "allied":
            if p["german.always_supplied"]:
                out[u.id] = UnitSupply(u.id, u.side, True, "always", rule=p.tag("german.always_supplied").rule)
            continue
        if u.place in beach:
            out[u.id] = UnitSupply(u.id, u.side, True, "always", rule=beach_rule)
        elif u.place in dist_b.hits:
            leg = Leg(u.id, "beachhead", "beachhead", u.place, dist_b, None, "FMU-SUP-02")
            out[u.id] = UnitSupply(u.id, u.side, True, "supplied", [leg], rule="FMU-SUP-02")
        elif u.type in airborne and dist_z is not None and u.place in dist_z.hits:
            leg = Leg(u.id, "drop_zone", "drop_zone", u.place, dist_z, None, "FMU-SUP-02")
            out[u.id] = UnitSupply(u.id, u.side, True, "supplied", [leg], rule="FMU-SUP-02")
        else:
            why = None
            if explain:
                targets = [Target(b, "beachhead", "beachhead", None, "FMU-SUP-02") for b in inp.beachheads]
                if u.type in airborne:
                    targets += [Target(z, "drop_zone", "drop_zone", None, "FMU-SUP-02") for z in zones]
                why = why_not(inp.board, tm, u.place, targets, p.blocking)
            out[u.id] = UnitSupply(u.id, u.side, False, "unsupplied", why=why,
                                   effect="eliminate" if u.reduced else "reduce", rule="FMU-SUP-05")
    return out


def attrition(result_units: dict[str, UnitSupply], ending: str, p: SupplyParams) -> dict[str, str]:
    """Unit id -> ``reduce``/``eliminate`` for the units out of supply, applied only when the
    player turn named by ``check_after`` ends (FMU-SUP-01, FMU-SUP-05); else nothing."""
    if ending != p["allied.check_after"]:
        return {}
    return {uid: u.effect for uid, u in result_units.items() if not u.supplied and u.effect}
