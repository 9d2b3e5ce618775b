"""Paul Koenig's D-Day (system ``pkd``): the series' standard game as ddaydesk's documented
defaults, with every optional rule of seed 001 as a toggle (docs/rules/koenig.md).

The engine calls :func:`register` when it builds the system's rules module. The parts:
``cup`` (the Command Cup and activations), ``operations`` (Operations, movement, Force March,
Temporary Attachment), ``support`` (the Support Phase, the Leadership roll-off, interdiction),
``combat`` and ``battle``/``battle_actions`` (Fire and Close Combat with exact odds, Hits,
retreats, overruns), ``refit`` (Rest & Refit, Unit Recovery), ``victory``. For a window:
:func:`pkd_view` (the cup, the activation, Hits, Support, the battle), :func:`preview` (a
battle's strengths and exact outcome before the roll) and :func:`describe` (any action in words).
"""

from __future__ import annotations

from ddaydesk.engine import GameState, RulesModule
from ddaydesk.formats.errors import FormatError, Problem, show
from ddaydesk.rules.pkd import battle_actions, cup, operations, refit, support, victory
from ddaydesk.rules.pkd.actions import (
    AnswerBattle,
    Attach,
    ChooseOperation,
    CloseCombat,
    FireAttack,
    ForceMarch,
    HaltOverrun,
    Leadership,
    Occupy,
    Reconstitute,
    Recover,
    Refit,
    TradeSupport,
    Withdraw,
)
from ddaydesk.rules.pkd.data import beach
from ddaydesk.rules.pkd.records import EXTRA, new_record
from ddaydesk.rules.pkd.text import describe, phase_label
from ddaydesk.rules.pkd.view import pkd_view, preview

SYSTEM = "pkd"


def check_scenario(sc) -> list[tuple[str, str]]:
    """Problems of a scenario for Koenig's D-Day, each with its unit (``ddaydesk check`` names
    the unit's line): every unit answers to a formation of its beach (the Command Cup's
    chits), on its own side."""
    forms = beach(sc).formations
    out = []
    for u in sc.units:
        f = forms.get(u.formation or "")
        if f is None:
            out.append((u.id, f"unit {u.id}: formation {show(u.formation)} is not one of {', '.join(sorted(forms))}"))
        elif f.side != u.side:
            out.append((u.id, f"unit {u.id}: formation {u.formation} is a {f.side} formation"))
    return out


def _setup(state: GameState) -> None:
    problems = check_scenario(state.scenario)
    if problems:
        raise FormatError([Problem(state.scenario.source, 1, 1, p) for _unit, p in problems])
    state.extra[EXTRA] = new_record()
    victory.init_control(state)


def register(rm: RulesModule) -> None:
    if rm.system != SYSTEM:
        return
    rm.add_setup(_setup)
    rm.add_scenario_check(check_scenario)
    rm.describe = describe
    rm.phase_label = phase_label
    rm.add_action(cup.end_handler())
    operations.register(rm)
    support.register(rm)
    battle_actions.register(rm)
    refit.register(rm)
    rm.add_hook("pkd_command", cup.fill_and_draw)
    rm.add_hook("pkd_end_of_turn", victory.end_of_turn)
    rm.add_condition("pkd_cup", lambda s: bool(cup.cup_contents(s)), "no formation left to activate")
    rm.add_condition("pkd_by_draw", lambda s: False)


__all__ = ["AnswerBattle", "Attach", "ChooseOperation", "CloseCombat", "FireAttack", "ForceMarch", "HaltOverrun",
           "Leadership", "Occupy", "Reconstitute", "Recover", "Refit", "TradeSupport", "Withdraw", "describe",
           "phase_label", "pkd_view", "preview", "register"]
