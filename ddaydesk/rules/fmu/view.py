"""What an interface shows of the landing sequence: the step, what is still to do, and each
airborne unit's drop (planned hex -> landed hex, both dice) so the map can draw the drift.
JSON-able, printed hex labels, nothing hidden (the landing is public)."""

from __future__ import annotations

from typing import Any

from ddaydesk.engine.phases import current_phase
from ddaydesk.engine.state import GameState
from ddaydesk.rules.fmu.common import DROP_ZONE, beachheads, fx
from ddaydesk.rules.fmu.landing import landing_end_check

STEPS = {
    "landing.beachheads": "11.2.1 step 1: place the Utah Beachhead markers",
    "landing.amphibious": "11.2.1 step 2: land the 4th Infantry Division and 359/90",
    "landing.drop_zones": "11.2.2: place the drop zone markers",
    "landing.airborne": "11.2.2: place the airborne regiments around their drop zones",
    "landing.drop": "11.2.2: roll each unit's drop and drift",
    "landing.hazards": "11.2.2 step 4: losses for bad terrain and doubled hexes",
    "landing.german": "11.2.2 step 5: German at-start units",
    "landing.drop_attacks": "11.2.2 step 6: attacks in German-occupied drop hexes",
    "landing.beach_assault": "11.2.3: beach assaults",
}


def landing_summary(state: GameState) -> dict[str, Any]:
    labels = state.scenario.board.labels
    f = fx(state)
    todo = None
    if state.phase in STEPS:
        todo = landing_end_check(state, current_phase(state))
    return {
        "step": state.phase if state.phase in STEPS else None,
        "title": STEPS.get(state.phase),
        "to_do": todo,  # None: the step may end
        "beachheads": [labels[i] for i in beachheads(state)],
        "drop_zones": dict(f.get("drop_zones", {})),
        "drop_zone_markers": sorted(labels[m.place] for m in state.markers_of(DROP_ZONE)),
        "drop_zone_supply": bool(f.get("drop_zone_supply")),
        "drops": [{"unit": uid, **d} for uid, d in sorted(f.get("drops", {}).items())],
        "drop_losses": {h: n for h, n in f.get("drop_losses", {}).items() if n},
        "delayed": dict(f.get("delayed", {})),
    }
