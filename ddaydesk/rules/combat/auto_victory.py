"""Automatic victory at 7-1 during the movement phase (D-Day '77 optional rule, D77-AUTO-*).

:func:`check` says whether an automatic victory may be declared now and, if so, what it
does; :func:`with_cds` decides it again after the Allied player announced Close Defensive
Support against it (D77-AUTO-13..17).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.model import Declaration, Line, Situation, Support
from ddaydesk.rules.combat.strength import Assessment, assess
from ddaydesk.rules.combat.support import Refusal
from ddaydesk.rules.combat.terrain import automatic_victory_barred, load_defence


@dataclass
class AutoVictory:
    """Whether an automatic victory may be announced here, with the assessment behind it."""

    allowed: bool
    assessment: Assessment
    refusals: list[Refusal] = field(default_factory=list)
    cds_offer: bool = False  # the Allied defender may announce CDS now (D77-AUTO-13/14)
    cancelled: bool = False  # CDS brought the odds below 7-1: fought in the combat phase (D77-AUTO-16)
    removed: list[str] = field(default_factory=list)  # defenders taken off, no die (D77-AUTO-03)
    locked: list[str] = field(default_factory=list)  # no more moves or attacks this turn (D77-AUTO-04/05)
    closed_hex: int = -1  # no other friendly unit may enter it this phase (D77-AUTO-07)
    advance_units: list[str] = field(default_factory=list)  # may take the hex if normally legal (D77-AUTO-06)
    notes: list[Line] = field(default_factory=list)


def check(sit: Situation, attackers: tuple[str, ...], target: int, cds: bool = False,
          cas: int = 0) -> AutoVictory:
    decl = Declaration(attackers, target, kind="automatic", support=Support(cas=cas, cds=cds))
    a = assess(sit, decl)
    refusals = list(a.refusals)
    units = [sit.by_id[u] for u in a.attackers]
    side = units[0].side if units else ""
    if not sit.options.get("automatic_victory", False):
        refusals.append(Refusal("D77-AUTO-01", "the automatic victory optional rule is not in play"))
    if sit.turn.phase != "movement" or sit.turn.active_side != side:
        refusals.append(Refusal("D77-AUTO-01", "an automatic victory is won in the attacker's own movement phase"))
    barred = automatic_victory_barred(sit, load_defence(sit.system), target)
    if barred:
        refusals.append(Refusal(barred, "no automatic victory against a city, fortress or fortification hex"))
    if any(sit.is_sea(u.place) for u in units):
        refusals.append(Refusal("D77-AUTO-18", "no automatic victory for units attacking from an all-sea hex"))
    if target in sit.pools.auto_blocked:
        refusals.append(Refusal("D77-AUTO-17", "close defensive support cancelled the automatic victory "
                                               "here; this attack goes to the combat phase"))
    need = sup.param("dday77", "automatic_victory", "min_odds")
    if a.defence > 0 and a.attack < need * a.defence:
        refusals.append(Refusal("D77-AUTO-02", f"{a.attack}:{a.defence} is below {need}-1"))
    av = AutoVictory(allowed=not refusals, assessment=a, refusals=refusals)
    defenders = [sit.by_id[u] for u in a.defenders]
    av.cds_offer = (not cds and target not in sit.pools.cds_hexes and not refusals
                    and not sup.check_cds(sit, target, defenders))
    if cds and not refusals:
        av.notes.append(Line("D77-AUTO-13", "close defensive support added to the defence", 1, "seed"))
    if av.allowed:
        _outcome(sit, av, target)
    elif cds and a.cds_new and not [r for r in refusals if r.rule != "D77-AUTO-02"]:
        av.cancelled = True
        av.notes.append(Line("D77-AUTO-16", "close defensive support brings the odds below 7-1: the automatic "
                                            "victory is cancelled and fought in the combat phase, CDS included",
                             0, "seed"))
        av.notes.append(Line("D77-AUTO-15", "the CDS air factor is spent", -1, "seed"))
    return av


def _outcome(sit: Situation, av: AutoVictory, target: int) -> None:
    a = av.assessment
    av.removed = list(a.defenders)
    av.locked = list(a.attackers)
    av.closed_hex = target
    # (the result's plan when a victory is open, not at every start)
    from ddaydesk.rules.combat.results import plan_result

    code = a.crt.above.result if a.crt.above else "DE"
    av.advance_units = plan_result(sit, a, code).advance_units
    av.notes.append(Line("D77-AUTO-03", "the defenders are removed without a die roll; movement goes on", 0, "seed"))
    av.notes.append(Line("D77-AUTO-08", "the hexes around the emptied hex are free of its ZOC for the rest "
                                        "of the phase", 0, "seed"))


def with_cds(sit: Situation, attackers: tuple[str, ...], target: int) -> AutoVictory:
    """The automatic victory decided again once the Allies announced CDS (D77-AUTO-14/16): it
    stands if the odds stay at 7-1 or better, otherwise it is cancelled; the engine then spends
    the air factor (D77-AUTO-15) and adds ``target`` to ``Pools.auto_blocked`` (D77-AUTO-17)."""
    return check(sit, attackers, target, cds=True)
