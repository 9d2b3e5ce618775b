"""Surprise attack (D-Day '77 optional rule): the combat side of D77-SURP-*.

Once a game each side may, for one turn, move up to 3 units by strategic movement and still
attack with them. The movement side (adjacency to enemy units during the strategic move) is
the engine's; this module checks the declaration and who may then attack.
"""

from __future__ import annotations

from ddaydesk.rules.combat.model import CombatUnit, Situation
from ddaydesk.rules.combat.support import Refusal

MAX_SURPRISE_UNITS = 3  # D77-SURP-02


def check_declaration(sit: Situation, side: str, unit_ids: tuple[str, ...],
                      used_by: frozenset[str]) -> list[Refusal]:
    """May ``side`` make its surprise attack this turn with these units?"""
    out = []
    if not sit.options.get("surprise_attack", False):
        out.append(Refusal("D77-SURP-01", "the surprise attack optional rule is not in play"))
    if side in used_by:
        out.append(Refusal("D77-SURP-01", "this side has already made its surprise attack this game"))
    if len(unit_ids) > MAX_SURPRISE_UNITS:
        out.append(Refusal("D77-SURP-02", f"at most {MAX_SURPRISE_UNITS} units take part in a surprise attack"))
    for uid in unit_ids:
        u = sit.unit(uid)
        if u.side != side:
            out.append(Refusal("D77-SURP-02", f"{uid} is not a {side} unit"))
        if u.interdicted:
            out.append(Refusal("D77-SURP-05", f"{uid} is interdicted and may not use strategic movement"))
    return out


def check_attackers(attackers: list[CombatUnit]) -> list[Refusal]:
    """Units that moved strategically attack only as declared surprise units (D77-SURP-02)."""
    return [Refusal("D77-SURP-02", f"{u.id} used strategic movement this turn and is not a surprise unit")
            for u in attackers if u.strategic and not u.surprise]
