"""Engine actions in plain words for the player ("Land 1st Infantry Division at 1620").

Generic over the action dataclasses: the kind gives the verb, unit ids become unit names,
place fields (board indices) become place names, so a rules module's new action reads
sensibly without a line here; the phrasing of the common kinds is tuned below, and a system's
profile may phrase its own kinds whole (``UIProfile.phrases``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields

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


def cup_name(cup: str) -> str:
    """A Fire & Movement cup's id in words, the side capitalised ("allied_air" -> "Allied air")."""
    return cup.replace("_", " ").capitalize()


def describe(scenario: Scenario, action, place_name: Callable[[int], str],
             phrases: Mapping[str, str] | None = None,
             unit_where: Callable[[str], str] | None = None, more: Mapping[str, str] | None = None) -> str:
    """``action`` in words; ``place_name(i)`` names a place, ``unit_where(uid)`` where a unit
    stands (for a phrase's ``{unit_where}``); ``more``: a phrase's other values (the profile's)."""
    board = scenario.board

    def unit(uid: str) -> str:
        k = scenario.unit_index.get(uid)
        return scenario.units[k].name if k is not None else "a unit"

    def region(rid: str) -> str:
        r = board.regions.get(rid)
        return r.name if r is not None and r.name else rid.replace("_", " ").replace("-", " ")

    def division(d: str) -> str:
        """A division by its units' names ("82" -> "the 82nd Airborne": 'us-82-505' is its
        505th Parachute Infantry Regiment, '..., 82nd Airborne'), else its id."""
        for u in scenario.units:
            if u.id.split("-")[1:2] == [d] and ", " in u.name:
                return "the " + u.name.rsplit(", ", 1)[1]
        return f"division {d}"

    def value(name: str, v) -> str:
        if name in UNIT_FIELDS:
            names = [unit(v)] if isinstance(v, str) else [unit(u) for u in v]
            return ", ".join(names) if names else "no unit (stay)"
        if name in PLACE_FIELDS and isinstance(v, int):
            return place_name(v) if v >= 0 else "off the map"
        if name == "via":
            return " → ".join(place_name(p) for p in v)
        if name == "region":
            return region(v)
        return str(v)

    phrase = (phrases or {}).get(action.kind)
    if phrase is not None:
        values = {f.name: value(f.name, getattr(action, f.name)) for f in fields(action)}
        uid = getattr(action, "unit", None) or next(iter(getattr(action, "units", None) or ()), None)
        values["unit_where"] = unit_where(uid) if unit_where and isinstance(uid, str) else ""  # (of the first unit)
        return phrase.format(**values, **(more or {}))
    if action.kind == "take_losses" and action.units:  # each with its printed factors (an exchange counts them)
        lost = [scenario.units[scenario.unit_index[u]] for u in action.units if u in scenario.unit_index]
        return "Take losses: " + ", ".join(
            f"{u.name} ({u.attack}-{u.defence}-{u.movement})" if any((u.attack, u.defence, u.movement)) else u.name
            for u in lost)
    if action.kind in ("attack", "automatic_victory") and hasattr(action, "target"):
        # the hex attacked first: "Attack 1308 with ..." (never "Attack 3rd Canadian ...")
        what = {"automatic_victory": "Automatic victory on"}.get(action.kind, "Attack")
        mode = getattr(action, "mode", "normal")
        if mode == "bombardment":  # F&M: markers alone (STD-FM-BOMB); the unit picked in a stack
            hit = getattr(action, "hit", "")
            return f"Bombard {value('target', action.target)}" + (f", hitting {unit(hit)}" if hit else "")
        return (f"{what} {value('target', action.target)} with {value('attackers', action.attackers)}"
                + (f" ({mode.replace('_', ' ')})" if mode != "normal" else ""))
    if action.kind == "land_from_sea" and board.terrain_of(action.place) == "sea":  # (STD-INV-20)
        return f"Land {unit(action.unit)} at sea at {value('place', action.place)}, to attack the coast from there"
    if action.kind in ("respond", "resolve_combat"):
        verb = VERBS[action.kind]
        extra = support_words(action, unit)
        return f"{verb} {extra}" if extra else f"{verb} without support"
    words = [VERBS.get(action.kind, action.kind.replace("_", " ").capitalize())]
    for f in fields(action):
        if f.name == "side":
            continue
        v = getattr(action, f.name)
        if f.name in PLACE_FIELDS and isinstance(v, int) and v >= 0:  # (place 0 is a hex: said)
            words.append(f"at {value(f.name, v)}")
            continue
        if v == f.default and f.name != "units":  # the usual case goes without saying
            continue
        if v in ((), "", None, False, 0) and not (action.kind == "advance" and f.name == "units"):
            continue
        if f.name == "division":
            words.append(f"for {division(v)}")
        elif f.name == "via":
            words.append("via " + value(f.name, v))
        elif f.name in UNIT_FIELDS or f.name == "region":
            words.append(value(f.name, v))
        elif v is True:
            words.append(FLAGS.get(f.name, f.name.replace("_", " ")))
        else:
            words.append(f"{f.name.replace('_', ' ')} {v}")
    if action.kind == "respond" and len(words) == 1:
        words.append("without support")
    return " ".join(words)


def support_words(action, unit: Callable[[str], str]) -> str:
    """The support a combat's answer or roll commits, in words ("with 4 naval bombardment
    points", "drawing 2 markers from the Allied ground cup")."""
    parts = []
    for name, words in (("nbp", "naval bombardment point"), ("cas", "air factor"), ("naval", "naval gunfire marker")):
        n = getattr(action, name, 0)
        if n:
            parts.append(f"with {n} {words}{'s' if n != 1 else ''}")
    if getattr(action, "cds", False):
        parts.append("with close defensive support")
    draws = tuple(getattr(action, "draws", ()))
    for cup in dict.fromkeys(draws):
        n = draws.count(cup)
        parts.append(f"drawing {n} support fire marker{'s' if n != 1 else ''} from the {cup_name(cup)} cup")
    if getattr(action, "mines", False):
        parts.append("playing the Mines marker")
    if getattr(action, "mines_policy", "use") == "redraw":
        parts.append("setting a drawn Mines marker aside to draw again")
    if getattr(action, "defender", ""):
        parts.append(f"{unit(action.defender)} defending the beach stack")
    return ", ".join(parts)


def places(action, start: int = -1) -> tuple[int, ...]:
    """The places an action names, in order (a path: from ``start``, its unit's place)."""
    via = getattr(action, "via", ())
    if via:
        return ((start,) if start >= 0 else ()) + tuple(via)
    return tuple(getattr(action, f.name) for f in fields(action)
                 if f.name in PLACE_FIELDS and isinstance(getattr(action, f.name), int)
                 and getattr(action, f.name) >= 0)
