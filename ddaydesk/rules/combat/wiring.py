"""The combat rules' place in the engine: ``register(rm)`` adds the combat actions, the end
checks and a guard that holds every other action while a combat waits for a decision.

The actions, their checks and the hold's words are wired by name (``engine.systems.later``):
those modules are imported when a combat rule is first asked, not with the rules module, and
a start draws its first frame without them. What every listing of moves asks (the automatic
victory's limits, closed.py) is a light module, wired at once."""

from __future__ import annotations

from ddaydesk.engine.actions import IllegalAction, action_kinds
from ddaydesk.engine.systems import Handler, RulesModule, later
from ddaydesk.rules.combat.closed import closed_mask, closed_problem, record, stopped

COMBAT_KINDS = ("respond", "resolve_combat", "take_losses", "retreat", "stiff_resistance", "advance")
_C = "ddaydesk.rules.combat."
_describe_pending = later(_C + "attackers", "describe_pending")


def _pending(state) -> str | None:
    """Nothing else happens between an announcement and its answer (D77-AUTO-14, D77-AIR-20)
    or before a result's choices are made: every other action waits."""
    p = record(state).get("pending")
    return _describe_pending(p) if p else None


def _closed_move(h: Handler) -> Handler:
    """A move into a hex closed by an automatic victory names its rule (the movement search
    already avoids it)."""

    def apply(state, action, ch, phase):
        problem = closed_problem(state, action.side, action.to)
        if problem:
            raise IllegalAction(problem)
        h.apply(state, action, ch, phase)

    return Handler(h.kind, h.legal, apply, h.sides)


def _handler(kind: str, module: str, legal: str, apply: str, sides: str = "phase") -> Handler:
    return Handler(kind, later(_C + module, legal), later(_C + module, apply), sides)


def register(rm: RulesModule) -> None:
    """(For the systems ``engine.systems.PLUGINS`` wires it to: D-Day '77 and Utah Beach.)"""
    action_kinds(_C + "actions", "attack", "automatic_victory", *COMBAT_KINDS)
    rm.add_hold(_pending, COMBAT_KINDS)
    rm.handlers["move"] = _closed_move(rm.handlers["move"])
    rm.add_action(_handler("attack", "flow", "declare_legal", "declare_apply"))
    rm.add_action(_handler("automatic_victory", "automatic", "auto_legal", "auto_apply"))
    rm.add_action(_handler("resolve_combat", "flow", "resolve_legal", "resolve_apply"))
    # the defender answers, and either side makes its result choices: "any"
    rm.add_action(_handler("respond", "flow", "respond_legal", "respond_apply", sides="any"))
    rm.add_action(_handler("take_losses", "choices", "losses_legal", "losses_apply", sides="any"))
    rm.add_action(_handler("retreat", "choices", "retreat_legal", "retreat_apply", sides="any"))
    rm.add_action(_handler("stiff_resistance", "choices", "stiff_legal", "stiff_apply", sides="any"))
    rm.add_action(_handler("advance", "choices", "advance_legal", "advance_apply", sides="any"))
    rm.add_end_check(later(_C + "obligations", "end_problem"))
    rm.add_move_limit(check=stopped, mask=closed_mask)
