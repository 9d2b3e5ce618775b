"""Engine actions in plain words for the player ("Land 1st Infantry Division at 1620").

Generic over the action dataclasses: the kind gives the verb, unit ids become unit names,
place fields (board indices) become printed hex labels, so a rules module's new action reads
sensibly without a line here; the phrasing of the common kinds is tuned below.
"""

from __future__ import annotations

from dataclasses import fields

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario

VERBS = {  # kind -> verb phrase; the rest of the action's fields follow it
    "attack": "Attack", "respond": "Answer the attack", "resolve_combat": "Roll the combat",
    "take_losses": "Take losses:", "retreat": "Retreat", "stiff_resistance": "Stiff resistance:",
    "advance": "Advance", "invade": "Invade", "land_from_sea": "Land", "drop": "Drop",
    "replace": "Replace", "place_supply_centre": "Place supply centre",
    "remove_supply_centre": "Remove supply centre", "interdict_river": "Interdict river",
    "defensive_support": "Defensive support", "place_beachhead": "Place beachhead",
    "land": "Land", "place_drop_zone": "Place drop zone", "place_airborne": "Place airborne",
    "roll_drop": "Roll drop for", "drop_loss": "Drop loss:", "rebuild": "Rebuild",
    "withhold": "Withhold", "place_withheld": "Place withheld", "choose_area": "Choose area",
}
# the choices a combat waits for after its declaration (docs/rules/combat.md, "Action log")
COMBAT_CHOICES = frozenset({"respond", "take_losses", "retreat", "stiff_resistance", "advance"})
FLAGS = {"cds": "with close defensive support", "mines": "playing the Mines marker"}
PLACE_FIELDS = {"target", "place", "hex", "at", "to", "zone"}
UNIT_FIELDS = {"unit", "units", "attackers", "defender"}


def describe(scenario: Scenario, board: Board, action) -> str:
    def unit(uid: str) -> str:
        k = scenario.unit_index.get(uid)
        return scenario.units[k].name if k is not None else uid

    def region(rid: str) -> str:
        r = board.regions.get(rid) if hasattr(board, "regions") else None
        return getattr(r, "name", rid) if r is not None else rid

    words = [VERBS.get(action.kind, action.kind.replace("_", " ").capitalize())]
    for f in fields(action):
        if f.name == "side":
            continue
        v = getattr(action, f.name)
        if v == f.default and f.name != "units":  # the usual case goes without saying
            continue
        if v in ((), "", None, False, 0) and not (action.kind == "advance" and f.name == "units"):
            continue
        if f.name in UNIT_FIELDS:
            names = [unit(v)] if isinstance(v, str) else [unit(u) for u in v]
            words.append(", ".join(names) if names else "no unit (stay)")
        elif f.name in PLACE_FIELDS and isinstance(v, int):
            words.append(f"at {board.labels[v]}" if v >= 0 else "off the map")
        elif f.name == "via":
            words.append("via " + " → ".join(board.labels[p] for p in v))
        elif f.name == "region":
            words.append(region(v))
        elif v is True:
            words.append(FLAGS.get(f.name, f.name.replace("_", " ")))
        else:
            words.append(f"{f.name.replace('_', ' ')} {v}")
    if action.kind == "respond" and len(words) == 1:
        words.append("without support")
    return " ".join(words)


def places(action, start: int = -1) -> tuple[int, ...]:
    """The hexes an action names, in order (a path: from ``start``, its unit's hex)."""
    via = getattr(action, "via", ())
    if via:
        return ((start,) if start >= 0 else ()) + tuple(via)
    return tuple(getattr(action, f.name) for f in fields(action)
                 if f.name in PLACE_FIELDS and isinstance(getattr(action, f.name), int)
                 and getattr(action, f.name) >= 0)
