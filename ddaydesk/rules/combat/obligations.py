"""What a combat phase still owes before it may end: the attacks the rules make compulsory.

One list serves the engine's end check (:func:`end_problem`: the first obligation left open
refuses the end of the phase, with its rule) and the window's checklist (each entry with the
hexes whose attack settles it and the units to attack with), so the checklist shows exactly
what holds the phase up:

* an attack that close defensive support kept from an automatic victory (D77-AUTO-16);
* the F&M attacks the landing rules make compulsory: beach assaults (FMU-BEACH-01) and the
  attacks of airborne units sharing a hex with the German (FMU-AIRB-12);
* units in an enemy zone of control that may still attack (D77-ZOC-04; ``must_attack_from_zoc``
  in the system's ``support.yaml``), each with the enemy hexes it may attack.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import ON_MAP, GameState, Phase, positions
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.attackers import (
    DUE,
    declarable,
    describe_pending,
    enemy,
    pending,
    phase_list,
)
from ddaydesk.rules.combat.state_adapter import record, situation

DUE_RULES = {"beach_assault": ("FMU-BEACH-01", "the beach assault at {hex} must be made"),
             "drop_hex": ("FMU-AIRB-12", "{units} must attack the German unit in its hex")}


@dataclass(frozen=True)
class Obligation:
    """One compulsory attack still open. ``text`` names units by id (a front end names them);
    ``attacks`` are (target hex, units to attack it with, declaration mode) that settle it."""

    rule: str
    text: str
    units: tuple[str, ...]  # the units that must attack (empty: a hex that must be attacked)
    target: int  # the hex that must be attacked, or -1 when any of ``attacks`` will do
    attacks: tuple[tuple[int, tuple[str, ...], str], ...]


def obligations(state: GameState, phase: Phase) -> list[Obligation]:
    """The compulsory attacks the phasing side has not made yet (none outside combat phases
    or while a combat is under way)."""
    if phase.kind != "combat" or pending(state):
        return []
    side = phase.side
    out = _kept_from_automatic_victory(state, side, phase)
    out += _due(state, side, phase)
    out += _in_enemy_zoc(state, side, phase)
    return out


def end_problem(state: GameState, phase: Phase) -> str | None:
    """Why the phase may not end yet: the combat under way, or the first open obligation."""
    p = pending(state)
    if p:
        return describe_pending(p)
    owed = obligations(state, phase)
    return owed[0].text if owed else None


def _kept_from_automatic_victory(state: GameState, side: str, phase: Phase) -> list[Obligation]:
    rec = record(state)
    if rec.get("turn") != state.turn or not rec.get("must_attack"):
        return []
    defended = set(phase_list(state, "defended"))
    sit = situation(state)
    out = []
    for m in rec["must_attack"]:
        t = sit.board.index(m["target"])
        if m["target"] in defended or not any(u.side != side for u in sit.at.get(t, ())):
            continue
        groups = [d for d in declarable(state, side, phase) if d.target == t]
        if groups:
            units = tuple(u for u in groups[0].attackers if u in m.get("attackers", ())) or groups[0].attackers
            out.append(Obligation("D77-AUTO-16", f"the attack on {m['target']} that close defensive support kept "
                                                 "from an automatic victory must be fought (D77-AUTO-16)",
                                  (), t, ((t, units, groups[0].mode),)))
    return out


def _due(state: GameState, side: str, phase: Phase) -> list[Obligation]:
    out = []
    labels = state.scenario.board.labels
    for d in declarable(state, side, phase):
        if d.mode in DUE:
            rule, words = DUE_RULES[d.mode]
            text = words.format(hex=labels[d.target], units=", ".join(d.attackers))
            out.append(Obligation(rule, f"{text} ({rule})", d.attackers, d.target, ((d.target, d.attackers, d.mode),)))
    return out


def _in_enemy_zoc(state: GameState, side: str, phase: Phase) -> list[Obligation]:
    if not sup.param(state.scenario.system.id, "must_attack_from_zoc"):
        return []
    # The units in an enemy zone of control first: most phases end with none, and then the
    # attacks open to them need not be worked out.
    zoc = positions(state).zoc[enemy(state, side)]
    place, status = state.place, state.status
    in_zoc = [u.id for k, u in enumerate(state.scenario.units)
              if u.side == side and status[k] == ON_MAP and place[k] >= 0 and zoc[place[k]]]
    if not in_zoc:
        return []
    normal = [d for d in declarable(state, side, phase) if d.mode == "normal"]
    owing = set(in_zoc) & {uid for d in normal for uid in d.attackers}
    out = []
    for uid in in_zoc:
        if uid not in owing:
            continue
        # each attack open to it, with the other units that owe one there ticked too
        attacks = tuple((d.target, tuple(u for u in d.attackers if u in owing), d.mode)
                        for d in normal if uid in d.attackers)
        out.append(Obligation("D77-ZOC-04", f"{uid} is in an enemy zone of control and must attack (D77-ZOC-04)",
                              (uid,), -1, attacks))
    return out
