"""What a combat takes from the turn's support pools once it is rolled.

The engine keeps :class:`Pools` in its state and replaces it with :func:`spend` after the
roll: naval bombardment points and air factors are spent for the turn (D77-NAV-04,
D77-AIR-09), a committed CDS factor is spent and marks its hex for the phase (D77-AIR-17/21),
drawn markers leave their cups (FMU-SFM-02), a Mines marker set aside stays aside for the GT
(FMU-SFM-04), and chosen naval gunfire markers are used up (FMU-NGS-01).
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.distribution import Draw
from ddaydesk.rules.combat.model import Pools
from ddaydesk.rules.combat.strength import Assessment


def spend(pools: Pools, a: Assessment, attacker: Draw | None = None, defender: Draw | None = None) -> Pools:
    s = a.decl.support
    air = s.cas + (sup.param("dday77", "air", "cds_factor") if a.cds_new else 0)
    cups = dict(pools.cups)
    aside = pools.mines_aside
    for d, drawn_from in ((attacker, s.attacker_draws), (defender, s.defender_draws)):
        if d is None:
            continue
        for name in set(drawn_from):  # each side's draw changes only its own cups
            cups[name] = d.cups[name]
        if d.set_aside:
            aside = d.set_aside[0]
    if s.attacker_mines or s.defender_mines:
        aside = None  # played: gone for this GT
    return replace(
        pools,
        nbp_left=pools.nbp_left - s.nbp,
        air_left=pools.air_left - air,
        cds_hexes=pools.cds_hexes | ({a.decl.target} if a.cds_new else set()),
        cups=cups,
        naval_left=pools.naval_left[s.naval:],
        mines_aside=aside,
    )
