"""D-Day: Utah Beach (Fire & Movement) exclusive scenario rules (seed 002) on the engine.

``register(rm)`` plugs the scenario into the ``fmu`` rules module: the landing sequence
(landing.py, airborne.py), reinforcement entry and movement limits (limits.py), support fire cups by GT
(support.py), replacements (replacements.py), supply attrition (supply.py) and victory
(victory.py). Combat itself (beach assaults, drop-hex attacks) is the combat handlers'; this
module only says which attacks must happen and who may not attack on GT 1.
docs/rules/fire-and-movement.md.
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine.actions import Changes, IllegalAction
from ddaydesk.engine.phases import current_phase
from ddaydesk.engine.state import ATTACKED
from ddaydesk.engine.systems import Handler, RulesModule
from ddaydesk.rules.fmu import airborne, landing, limits, replacements, supply, support, victory
from ddaydesk.rules.fmu.common import check_scenario, fx, is_airborne, is_fmu_scenario
from ddaydesk.rules.fmu.data import val

# The landing's combat steps and the one kind of attack each holds (DeclareAttack.mode).
LANDING_ATTACKS = {"landing.drop_attacks": "drop_hex", "landing.beach_assault": "beach_assault"}


def _attack_problem(state, action) -> str | None:
    """Who may not attack now. GT 1 outside the landing: airborne units and units landed that
    GT (FMU-AIRB-18, FMU-AMPH-08, FMU-AMPH-09). Mobile combat phases: a unit landed this GT
    that fought in the combat phase (FMU-AREIN-11; other units follow the combat rules). The
    landing's combat steps hold only their compulsory attacks: the drop-hex attacks, where only
    the units in the German hex take part (FMU-AIRB-12), then the beach assaults (FMU-BEACH-01,
    FMU-AMPH-08)."""
    if not is_fmu_scenario(state):
        return None
    if state.phase.startswith("landing."):
        mode = getattr(action, "mode", "normal")
        due = LANDING_ATTACKS.get(state.phase)
        if mode != due:
            rule = "FMU-AIRB-12" if due == "drop_hex" else "FMU-BEACH-01"
            return (f"only the {due.replace('_', '-')} attacks are made in this step of the landing "
                    f"({rule})") if due else "no attack in this step of the landing"
        return None
    units = state.scenario.units
    mobile_phase = current_phase(state).units == "mobile"
    landed = fx(state).get("landed", {})
    gt1 = state.turn <= val("landing.airborne_restricted_turn")
    for uid in getattr(action, "attackers", ()) or ():
        k = state.scenario.unit_index.get(uid)
        if k is None:
            continue
        if gt1 and is_airborne(state, k):
            return f"{uid}: airborne units may not attack on GT {state.turn} (FMU-AIRB-18)"
        if gt1 and landed.get(uid) == state.scenario.first_turn:
            return f"{uid} landed on GT {state.turn}: its only combat is the beach assault (FMU-AMPH-08)"
        if mobile_phase and landed.get(uid) == state.turn and state.flags[k] & ATTACKED and units[k].side == action.side:
            return f"{uid} landed this GT and fought in the combat phase: no mobile combat for it (FMU-AREIN-11)"
    return None


def _wrap(h: Handler) -> Handler:
    """Every action: GT 1 attack limits first, then the handler, then who-holds-what."""

    def apply(state, action, ch: Changes, phase) -> None:
        if h.kind == "attack":
            problem = _attack_problem(state, action)
            if problem:
                raise IllegalAction(problem)
        h.apply(state, action, ch, phase)
        state._cache.clear()
        victory.sync(state, ch)

    def legal(state, side, phase):
        for a in h.legal(state, side, phase):
            if h.kind != "attack" or _attack_problem(state, a) is None:
                yield a

    return replace(h, apply=apply, legal=legal)


def _hook(fn):
    """A hook that also records who holds what afterwards."""

    def run(state, ch: Changes) -> None:
        fn(state, ch)
        state._cache.clear()
        victory.sync(state, ch)

    return run


def _new_game(state) -> None:
    if not is_fmu_scenario(state):
        return
    landing.withhold_german(state)
    support.fill_cups(state, Changes())


def register(rm: RulesModule) -> None:
    if rm.system != "fmu":
        return
    for kind, fn_legal, fn_apply in (
        ("place_beachhead", landing._beachhead_legal, landing._beachhead_apply),
        ("land", landing._land_legal, landing._land_apply),
        ("place_drop_zone", airborne._drop_zone_legal, airborne._drop_zone_apply),
        ("place_airborne", airborne.airborne_legal, airborne._airborne_apply),
        ("roll_drop", airborne._roll_legal, airborne._roll_apply),
        ("drop_loss", airborne._loss_legal, airborne._loss_apply),
        ("rebuild", replacements._legal, replacements._apply),
    ):
        rm.add_action(Handler(kind, fn_legal, fn_apply))
    for kind in list(rm.handlers):
        rm.handlers[kind] = _wrap(rm.handlers[kind])
    rm.add_condition("fmu_landing", landing.has_landing)
    rm.add_condition("fmu_airborne", airborne.has_airborne)
    rm.add_condition("fmu_drop_attacks", landing.drop_attacks_due)
    rm.add_condition("fmu_allied_arrivals",
                     lambda s: is_fmu_scenario(s) and bool(landing.due_to_land(s)) and bool(landing.landing_places(s)))
    rm.add_hook("fmu_amphibious_done", _hook(landing.amphibious_done))
    rm.add_hook("fmu_drop_hazards", _hook(airborne.drop_hazards))
    rm.add_hook("fmu_german_setup", _hook(landing.german_setup))
    rm.add_hook("fmu_drop_zones_supply", landing.drop_zones_supply)
    rm.add_hook("fmu_attacks_due", landing.attacks_due)
    rm.add_hook("fmu_german_arrivals", limits.german_arrivals)
    rm.add_hook("support_fire", _hook(support.support_phase))
    if not rm.hooks.get("supply"):  # the supply package's own hook, when present, does the attrition
        rm.add_hook("supply", _hook(supply.supply_phase))
    rm.add_hook("end_of_turn", support.end_of_turn)
    rm.add_hook("victory", victory.judge)
    rm.add_end_check(landing.landing_end_check)
    rm.add_end_check(limits.arrival_end_check)
    rm.add_move_limit(check=limits.move_check, mask=limits.move_mask, entry=limits.entry_filter)
    rm.add_setup(_new_game)
    rm.add_scenario_check(check_scenario)
