"""D-Day '77 play: the rules of docs/rules/dday77.md that are neither combat nor the supply
calculation, wired into the engine as actions and hooks (``engine/systems.py`` plug-in).

- ``landing``: the invasions and airborne drops (STD-INV-*, STD-AIRB-*, D77-WX-10/12/16);
  naval bombardment points in ``state.extra["naval"]``;
- ``arrivals``: Allied arrivals at the supply sources under the allotment (D77-WX-20),
  replacements;
- ``air``: air factors, river interdiction, close defensive support (``state.extra["air"]``);
  ``carpet``: carpet bombing (our default; none in snow, D77-WX-17);
- ``supply_centres``: SC markers placed and removed (D77-ASUP-02..13);
- ``control``: who holds each hex; ``victory_play``: the end-of-turn judgement.

Landing, arrivals and the Supply Centres are wired by name (``engine.systems.later``) and
imported when one of their rules is first asked: a start draws its first frame without them
(nor combat's model, which the landing reads). The air rules run in the opening phases, and
carpet bombing's pin is asked of every unit whenever moves are listed: they are imported with
the package.
"""

from __future__ import annotations

from ddaydesk.engine.actions import action_kinds
from ddaydesk.engine.systems import Handler, RulesModule, later, wrapped_later
from ddaydesk.rules.dday77 import air, carpet, control

SYSTEM = "dday77"
_D = "ddaydesk.rules.dday77."
SEA_UNITS = "at_sea"  # scratch: units landed in all-sea hexes this turn (landing.py)


def _handler(kind: str, module: str, name: str, sides: str = "phase") -> Handler:
    """``module``'s ``<name>_legal`` and ``<name>_apply``."""
    return Handler(kind, later(_D + module, f"{name}_legal"), later(_D + module, f"{name}_apply"), sides)


def _check_victory(state, ch) -> None:
    # (the victory rules on the first judgement, at the end of a turn: not with every start)
    from ddaydesk.rules.dday77.victory_play import check_victory

    check_victory(state, ch)


def _perils(state) -> dict[str, str]:
    # (the landing rules imported once a unit has landed at sea, not for a start's first view)
    if not state.scratch.get(SEA_UNITS):
        return {}
    from ddaydesk.rules.dday77.landing import perils

    return perils(state)


def register(rm: RulesModule) -> None:
    if rm.system != SYSTEM:
        return
    rm.add_setup(control.init_control)
    rm.add_hook("control", control.settle)
    rm.add_hook("victory", _check_victory)
    action_kinds(_D + "landing", "invade", "land_from_sea", "drop")
    rm.add_action(_handler("invade", "landing", "invade"))
    rm.add_action(_handler("land_from_sea", "landing", "land"))
    rm.add_action(_handler("drop", "landing", "drop"))
    rm.add_hook("at_sea", later(_D + "landing", "drowned"))
    rm.perils = _perils
    rm.add_end_check(later(_D + "landing", "first_invasion_check"))
    action_kinds(_D + "arrivals", "replace")
    rm.add_action(_handler("replace", "arrivals", "replace"))
    rm.add_move_limit(entry=later(_D + "arrivals", "entry"))
    rm.handlers["move"] = wrapped_later(rm.handlers["move"], _D + "arrivals", "wrap_move")
    air.register(rm)
    rm.add_action(Handler("carpet_bomb", carpet.carpet_legal, carpet.carpet_apply))
    rm.add_move_limit(check=carpet.pinned)  # (asked of every unit whenever moves are listed: not by name)
    action_kinds(_D + "supply_centres", "place_supply_centre", "remove_supply_centre")
    rm.add_action(_handler("place_supply_centre", "supply_centres", "place", sides="any"))
    rm.add_action(_handler("remove_supply_centre", "supply_centres", "remove"))
