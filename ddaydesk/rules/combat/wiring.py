"""The combat rules' place in the engine: ``register(rm)`` adds the combat actions, the end
checks and a guard that holds every other action while a combat waits for a decision."""

from __future__ import annotations

from ddaydesk.engine import Handler, IllegalAction, RulesModule
from ddaydesk.rules.combat import attackers, automatic, choices, flow, obligations
from ddaydesk.rules.combat.state_adapter import record

COMBAT_KINDS = ("respond", "resolve_combat", "take_losses", "retreat", "stiff_resistance", "advance")


def _pending(state) -> str | None:
    """Nothing else happens between an announcement and its answer (D77-AUTO-14, D77-AIR-20)
    or before a result's choices are made: every other action waits."""
    p = record(state).get("pending")
    return attackers.describe_pending(p) if p else None


def _closed_move(h: Handler) -> Handler:
    """A move into a hex closed by an automatic victory names its rule (the movement search
    already avoids it)."""

    def apply(state, action, ch, phase):
        problem = automatic.closed_problem(state, action.side, action.to)
        if problem:
            raise IllegalAction(problem)
        h.apply(state, action, ch, phase)

    return Handler(h.kind, h.legal, apply, h.sides)


def register(rm: RulesModule) -> None:
    """(For the systems ``engine.systems.PLUGINS`` wires it to: D-Day '77 and Utah Beach.)"""
    rm.add_hold(_pending, COMBAT_KINDS)
    rm.handlers["move"] = _closed_move(rm.handlers["move"])
    rm.add_action(Handler("attack", flow.declare_legal, flow.declare_apply))
    rm.add_action(Handler("automatic_victory", automatic.auto_legal, automatic.auto_apply))
    rm.add_action(Handler("resolve_combat", flow.resolve_legal, flow.resolve_apply))
    # the defender answers, and either side makes its result choices: "any"
    rm.add_action(Handler("respond", flow.respond_legal, flow.respond_apply, sides="any"))
    rm.add_action(Handler("take_losses", choices.losses_legal, choices.losses_apply, sides="any"))
    rm.add_action(Handler("retreat", choices.retreat_legal, choices.retreat_apply, sides="any"))
    rm.add_action(Handler("stiff_resistance", choices.stiff_legal, choices.stiff_apply, sides="any"))
    rm.add_action(Handler("advance", choices.advance_legal, choices.advance_apply, sides="any"))
    rm.add_end_check(obligations.end_problem)
    rm.add_move_limit(check=automatic.stopped, mask=automatic.closed_mask)
