"""D-Day Dice as an engine rules module: ``register`` (called by engine/systems.py through
``ddaydesk.rules.ddd``) adds the actions, hooks, conditions, end checks and the hold that
keeps every other action waiting while a choice is asked. Every handler and hook ends by
settling the game (phases.settle): a decided game stops there."""

from __future__ import annotations

from ddaydesk.engine import OVER, Handler, IllegalAction, RulesModule
from ddaydesk.engine.actions import action_kinds
from ddaydesk.engine.systems import later
from ddaydesk.rules.ddd import (
    badges,
    bonus,
    campaign,
    cards,
    moves,
    observe,
    pending,
    phases,
    rolls,
    setup,
    text,
)
from ddaydesk.rules.ddd.pending import ANSWERS, answer_apply, answers, side_of, waiting

LATER_ACTIONS = "ddaydesk.rules.ddd.actions_later"
# Phase 4 (supply), combat (with Carry On!), the automated German's play and the solitaire
# Unit's: imported when first called, after a start's first frame (a landing or the dice)
_SUPPLY = "ddaydesk.rules.ddd.supply"
_COMBAT = "ddaydesk.rules.ddd.combat"
LATER_KINDS = ("blind_start", "pick_tally", "score_tally", "trade_die", "rally_specialist", "find_item", "trade_resources", "use_card", "draw_decoration",
               "pick_decoration", "order_decorations", "choose_loss", "bunker_assault", "decide",
               "forward_observation", "order_conditions", "mulligan", "desperate_measure", "badge_of_courage",
               "give_badge", "next_battle")
# the answers' classes, imported when one is first made
_MAKE = {name: later(LATER_ACTIONS, name) for name in ("ChooseLoss", "PickDecoration", "OrderDecorations", "Decide",
                                                       "OrderConditions")}


def _settled(apply):
    def run(state, action, ch, phase):
        apply(state, action, ch, phase)
        phases.settle(state, ch)
        if state.phase == OVER:
            ch.phases.append(OVER)
    return run


def _hook(fn):
    def run(state, ch):
        if state.extra.get("ddd", {}).get("winner") is None:
            fn(state, ch)
        phases.settle(state, ch)
    return run


# -- answers to waiting choices ------------------------------------------------------------------
def _answer_legal(kind: str, make):
    """``make(side, player, value)`` of the answer's class (actions_later.py: imported when first
    made)."""
    def legal(state, side, phase):
        c = waiting(state)
        if c and pending.ANSWER_OF[c["kind"]] == kind and side_of(c["player"]) == side:
            for value in answers(state, c):
                yield make(side, c["player"], value)
    return legal


def _answer_apply(kind: str, value_of):
    def apply(state, action, ch, phase):
        answer_apply(state, value_of(action), kind, action.side, ch, getattr(action, "player", None))
    return apply


def _blind_legal(state, side, phase):
    from ddaydesk.rules.ddd.actions_later import BlindStart  # (made when first listed)

    r = state.record("ddd")
    for k in range(len(r.get("blind", ()))):
        yield BlindStart(side, k)


def _blind_apply(state, action, ch, phase):
    r = state.record("ddd")
    if not 0 <= action.die < len(r.get("blind", ())):
        raise IllegalAction("pick one of the Blind start dice")
    setup.blind_pick(state, action.die, ch)
    ch.end_phase = True


def _while_fighting(fn):
    def cond(state):
        return campaign.fighting(state) and fn(state)
    return cond


def register(rm: RulesModule) -> None:
    if rm.system != "ddd":
        return
    action_kinds(LATER_ACTIONS, *LATER_KINDS)  # (a save's actions read by kind: their module imported then)
    rm.add_setup(setup.setup)
    handlers = [
        ("land_unit", moves.land_legal, moves.land_apply, "phase"),
        ("blind_start", _blind_legal, _blind_apply, "phase"),
        ("roll_dice", rolls.dice_legal_kind("roll_dice"), rolls.roll_apply, "phase"),
        ("lock_die", rolls.dice_legal_kind("lock_die"), rolls.lock_apply, "phase"),
        ("reroll", rolls.dice_legal_kind("reroll"), rolls.reroll_apply, "phase"),
        ("keep_dice", rolls.dice_legal_kind("keep_dice"), rolls.keep_apply, "phase"),
        ("pick_tally", rolls.pick_legal, rolls.pick_apply, "any"),
        ("score_tally", rolls.score_legal, rolls.score_apply, "phase"),
        ("trade_die", rolls.trade_die_legal, rolls.trade_die_apply, "phase"),
        ("rally_specialist", later(_SUPPLY, "rally_legal"), later(_SUPPLY, "rally_apply"), "phase"),
        ("find_item", later(_SUPPLY, "find_legal"), later(_SUPPLY, "find_apply"), "phase"),
        ("trade_resources", later(_SUPPLY, "trade_legal"), later(_SUPPLY, "trade_apply"), "phase"),
        ("draw_decoration", later(_SUPPLY, "draw_legal"), later(_SUPPLY, "draw_apply"), "phase"),
        ("use_card", cards.card_legal, cards.card_apply, "phase"),
        ("sector_move", moves.move_legal, moves.move_apply, "phase"),
        ("bunker_assault", later(_COMBAT, "assault_legal"), later(_COMBAT, "assault_apply"), "phase"),
        ("choose_loss", _answer_legal("choose_loss", lambda s, p, v: _MAKE["ChooseLoss"](s, p, v)),
         _answer_apply("choose_loss", lambda a: a.choice), "any"),
        ("pick_decoration", _answer_legal("pick_decoration", lambda s, p, v: _MAKE["PickDecoration"](s, v)),
         _answer_apply("pick_decoration", lambda a: a.card), "any"),
        ("order_decorations", _answer_legal("order_decorations", lambda s, p, v: _MAKE["OrderDecorations"](s, tuple(v.split(",")))),
         _answer_apply("order_decorations", lambda a: ",".join(a.order)), "any"),
        ("decide", _answer_legal("decide", lambda s, p, v: _MAKE["Decide"](s, p, v)), _answer_apply("decide", lambda a: a.choice),
         "any"),
        ("order_conditions", _answer_legal("order_conditions", lambda s, p, v: _MAKE["OrderConditions"](s, tuple(v.split(",")))),
         _answer_apply("order_conditions", lambda a: ",".join(a.order)), "any"),
        ("mulligan", bonus.mulligan_legal, bonus.mulligan_apply, "phase"),
        ("desperate_measure", bonus.add_legal, bonus.add_apply, "phase"),
        ("forward_observation", observe.legal, observe.apply, "phase"),
        ("badge_of_courage", badges.buy_legal, badges.buy_apply, "phase"),
        ("give_badge", badges.give_legal, badges.give_apply, "phase"),
        ("next_battle", campaign.next_legal, campaign.next_apply, "phase"),
    ]
    for kind, legal, apply, sides in handlers:
        rm.add_action(Handler(kind, legal, _settled(apply), sides))
    for name, fn in (("ddd_ashore", setup.ashore), ("ddd_german_start", setup.german_start),
                     ("ddd_turn_start", phases.turn_start), ("ddd_upkeep", phases.upkeep),
                     ("ddd_combat", later(_COMBAT, "combat")), ("ddd_bot_move", later("ddaydesk.rules.ddd.solo", "bot_move")),
                     ("ddd_auto_german", later("ddaydesk.rules.ddd.auto", "play")), ("ddd_end_of_turn", lambda s, c: None), ("ddd_fire", bonus.fire)):
        rm.add_hook(name, _hook(fn))
    conds = {"landing_choice": setup.landing_choice, "assault_due": later(_COMBAT, "assault_due"), **phases.CONDITIONS}
    for name, fn in conds.items():  # between a campaign's battles, no phase of a battle happens
        rm.add_condition(name, _while_fighting(fn))
    rm.add_condition("between_battles", lambda s: campaign.between(s.record("ddd")))
    rm.add_end_check(phases.end_problem)
    rm.add_hold(pending.hold_reason, ANSWERS)
    rm.describe = text.describe
    rm.phase_name = text.phase_name
