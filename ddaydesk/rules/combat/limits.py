"""What support a declared combat may still take: the choices the combat dialog offers.

``support_limits(sit, decl)`` answers with the largest allowed amounts (each refusal that
caps them is listed with its rule), computed by the same checks :func:`assess` applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.model import Declaration, Situation, Support
from ddaydesk.rules.combat.strength import assess


@dataclass
class SupportLimits:
    """How much support each kind a combat may take now."""

    nbp_max: int = 0
    cas_max: int = 0
    cds: bool = False  # a new CDS factor may be committed
    naval_max: int = 0
    draws_max: int = 0  # support fire markers per side
    cups: dict[str, int] = field(default_factory=dict)  # the attacker's cups and what they hold
    defender_cups: dict[str, int] = field(default_factory=dict)
    why_not: dict[str, list[str]] = field(default_factory=dict)  # option -> "reason (RULE)" lines

    def as_dict(self) -> dict:
        return {"nbp_max": self.nbp_max, "cas_max": self.cas_max, "cds": self.cds, "naval_max": self.naval_max,
                "draws_max": self.draws_max, "cups": self.cups, "defender_cups": self.defender_cups,
                "why_not": self.why_not}


def _largest(sit: Situation, decl: Declaration, key: str, hi: int, out: SupportLimits) -> int:
    """The largest amount of ``key`` in 0..hi that adds no refusal to the declaration as it is."""
    base = {str(r) for r in assess(sit, decl).refusals}
    best = 0
    for n in range(1, hi + 1):
        extra = [str(r) for r in assess(sit, replace(decl, support=replace(decl.support, **{key: n}))).refusals
                 if str(r) not in base]
        if extra:
            out.why_not[key] = extra
            break
        best = n
    return best


def support_limits(sit: Situation, decl: Declaration) -> SupportLimits:
    out = SupportLimits()
    bare = replace(decl, support=Support(mines_policy=decl.support.mines_policy))
    if sit.system == "dday77":
        # One past the larger of the pool and the per-attack cap, so the binding rule is named.
        nbp_cap = sup.param("dday77", "naval_bombardment", "max_per_attack")
        cas_cap = sup.param("dday77", "air", "cas_max_per_attack")
        out.nbp_max = _largest(sit, bare, "nbp", max(sit.pools.nbp_left, nbp_cap) + 1, out)
        out.cas_max = _largest(sit, bare, "cas", max(sit.pools.air_left, cas_cap) + 1, out)
        cds = [str(r) for r in assess(sit, replace(bare, support=Support(cds=True))).refusals
               if str(r) not in {str(x) for x in assess(sit, bare).refusals}]
        out.cds = not cds and decl.target not in sit.pools.cds_hexes
        if cds:
            out.why_not["cds"] = cds
        return out
    out.draws_max = sup.param("fmu", "max_markers_per_combat")
    out.naval_max = _largest(sit, bare, "naval", max(len(sit.pools.naval_left), out.draws_max) + 1, out)
    a = assess(sit, bare)
    side = sit.by_id[a.attackers[0]].side if a.attackers else decl.side
    for name, cup in sit.pools.cups.items():
        (out.cups if sup.cup_side(name) == side else out.defender_cups)[name] = len(cup)
    return out
