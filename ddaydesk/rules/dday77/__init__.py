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
"""

from __future__ import annotations

from ddaydesk.engine.systems import RulesModule
from ddaydesk.rules.dday77 import (
    air,
    arrivals,
    carpet,
    control,
    landing,
    supply_centres,
)

SYSTEM = "dday77"


def _check_victory(state, ch) -> None:
    # (the victory rules on the first judgement, at the end of a turn: not with every start)
    from ddaydesk.rules.dday77.victory_play import check_victory

    check_victory(state, ch)


def register(rm: RulesModule) -> None:
    if rm.system != SYSTEM:
        return
    rm.add_setup(control.init_control)
    rm.add_hook("control", control.settle)
    rm.add_hook("victory", _check_victory)
    landing.register(rm)
    arrivals.register(rm)
    air.register(rm)
    carpet.register(rm)
    supply_centres.register(rm)
