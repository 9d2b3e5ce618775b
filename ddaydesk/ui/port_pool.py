"""The placement pool for the engine port: what may come onto the map now, grouped by how it
arrives, each with the places the rules accept for it (the engine's legal actions, so what
the map lights is what the rules take) and what is left of the turn's capacity.

* actions that put something on a place: D-Day '77's landings from the sea, parachute drops
  and supply centres; Utah Beach's beachhead markers, landings, drop zones, airborne units
  and the drop rolls; D-Day2's reinforcements; withheld units (D77-SET-04); replacements
  (units alike, as D-Day2's, are one entry with their count);
* D-Day Dice's Units landing in a landing Sector;
* reinforcements that come on by a move (the unit's legal range, entering from off the map).

The capacity notes read the rules' own counters (invasion landings and drops left, the
reinforcement allotment, supply centre markers, replacement factors, beachhead markers).
"""

from __future__ import annotations

from dataclasses import replace

from ddaydesk.engine import PENDING, current_phase
from ddaydesk.ui.port import Arrival, PortError

# action kind -> the pool's group (the order of the groups in the dock)
PLACING = {
    "place_withheld": "Withheld units",
    "place_beachhead": "Beachhead markers",
    "land_from_sea": "Landing from the sea",
    "land": "Landing at the beaches",
    "place_drop_zone": "Drop zones",
    "place_airborne": "Airborne units to their drop zones",
    "roll_drop": "Drops to roll (click the unit's hex)",
    "drop": "Airborne drops",
    "place_supply_centre": "Supply centres",
    "interdict": "Interdiction markers",
    "replace": "Replacements",
    "rebuild": "Replacements",
    "reinforce": "Reinforcements",
    "land_unit": "Units to land (each in a landing Sector)",
}
REINFORCEMENTS = "Reinforcements due"
MARKERS = {"place_beachhead": "Beachhead marker", "place_supply_centre": "Supply Centre",
           "interdict": "Interdiction marker"}


def arrivals(port) -> tuple[Arrival, ...]:
    state = port.game.state
    sc = port.scenario
    notes = capacity_notes(port, state)
    got: dict[str, dict] = {}
    for k, a in enumerate(port._choice_actions(state)):
        group = PLACING.get(a.kind)
        if group is None:
            continue
        unit = getattr(a, "unit", "") or (a.player if a.kind == "land_unit" else "")  # D-Day Dice: a player's Unit
        if a.kind == "place_drop_zone":
            from ddaydesk.rules.fmu.common import ordinal

            key, title = f"dz:{a.division}", f"Drop zone of the {ordinal(a.division)} Airborne Division"
        elif unit:
            key, title = f"{a.kind}:{unit}", sc.units[sc.unit_index[unit]].name
        else:
            key, title = a.kind, MARKERS.get(a.kind, a.kind.replace("_", " "))
        entry = got.setdefault(key, {"key": key, "title": title, "unit": unit, "places": {},
                                     "group": group + notes.get(a.kind, ""), "take": -1,
                                     "detail": _detail(port, unit)})
        place = getattr(a, "place", getattr(a, "to", None))
        if place is None and unit and state.place[sc.unit_index[unit]] >= 0:
            place = state.place[sc.unit_index[unit]]  # a drop to roll, a unit to rebuild: at its hex
        if place is None:
            entry["take"] = k
        else:
            entry["places"].setdefault(place, k)
            if a.kind == "land_from_sea" and port.board.terrain_of(place) == "sea":  # (action_text's "at sea")
                entry["afloat"] = entry.get("afloat", frozenset()) | {place}
    out = _alike([Arrival(**e) for e in got.values()])
    out += _reinforcements(port, state, {e["unit"] for e in got.values()}, notes.get("move", ""))
    order = list(dict.fromkeys([*PLACING.values(), REINFORCEMENTS]))
    return tuple(sorted(out, key=lambda e: next((n for n, g in enumerate(order) if e.group.startswith(g)), 99)))


def _alike(entries: list[Arrival]) -> list[Arrival]:
    """Units alike (same name and values, the same places: D-Day2's infantry) are one entry with
    their count; placing one places the first of them."""
    seen: dict[tuple, list[Arrival]] = {}
    for e in entries:
        seen.setdefault((e.group, e.title, e.detail, tuple(sorted(e.places)), e.take >= 0), []).append(e)
    return [same[0] if len(same) == 1 else replace(same[0], title=f"{same[0].title} ×{len(same)}")
            for same in seen.values()]


def _detail(port, unit: str) -> str:
    """The unit's values as its counter prints them (Koenig's: combat-movement)."""
    if not unit:
        return ""
    u = port.scenario.units[port.scenario.unit_index[unit]]
    if not any((u.attack, u.defence, u.movement)):  # a system without factors prints none
        return ""
    return port.profile.values(u)


def _reinforcements(port, state, listed: set[str], note: str) -> list[Arrival]:
    """Units due now that come on by an ordinary move, each with where it may enter, or why
    it may not."""
    phase = current_phase(state)
    if "move" not in phase.actions or port._own_moves:
        return []
    out = []
    for k, u in enumerate(port.scenario.units):
        if u.side != phase.side or state.status[k] != PENDING or u.id in listed or (u.arrive_turn or 0) > state.turn:
            continue
        try:
            rng = port.legal_moves(u.id)
        except PortError as exc:
            out.append(Arrival(f"move:{u.id}", u.name, REINFORCEMENTS + note, unit=u.id, move=True,
                               why=str(exc), detail=_detail(port, u.id)))
            continue
        places = {p: -1 for p in rng.cost if p >= 0 and p != rng.start}
        if places:  # (none: it comes another way, e.g. by an invasion not declared yet)
            out.append(Arrival(f"move:{u.id}", u.name, REINFORCEMENTS + note, places, u.id, True,
                               detail=_detail(port, u.id)))
    return out


def capacity_notes(port, state) -> dict[str, str]:
    """Action kind -> what is left of the turn's capacity for it, as a note after its group."""
    sid = port.scenario.system.id
    if sid == "dday77":
        return _d77_notes(port, state)
    if sid == "fmu":
        return _fmu_notes(state)
    return {}


def _d77_notes(port, state) -> dict[str, str]:
    from ddaydesk.rules.dday77.arrivals import replacements_left
    from ddaydesk.rules.dday77.common import allotment, allotment_left
    from ddaydesk.rules.dday77.landing import current
    from ddaydesk.rules.dday77.supply_centres import available
    from ddaydesk.rules.invasion import invasion_rules, landing

    out = {"place_supply_centre": f": {available(state)} markers left (D77-ASUP-02)",
           "replace": f": {replacements_left(state, state.active)} replacement factors left"}
    inv = current(state)
    if inv is not None:
        cap = landing(invasion_rules("dday77"), inv["number"])
        area = port.board.regions[inv["area"]].name
        out["land_from_sea"] = f" in {area}: {cap.seaborne - inv['sea']} of {cap.seaborne} left"
        out["drop"] = f": {cap.airborne - inv['air']} of {cap.airborne} left"
    allot, left = allotment(state), allotment_left(state)
    if allot is not None:
        out["move"] = f": {left} of {allot.value} allotment factors left ({allot.rule})"
        out.setdefault("drop", f": {left} of {allot.value} allotment factors left ({allot.rule})")
    return out


def _fmu_notes(state) -> dict[str, str]:
    from ddaydesk.rules.fmu.common import beachheads
    from ddaydesk.rules.fmu.data import val

    left = val("landing.beachhead_markers") - len(beachheads(state))
    from ddaydesk.rules.fmu.replacements import POOLS, points_left

    repl = ", ".join(f"{n} {'Commonwealth ' if who == 'commonwealth' else ''}{cls}"
                     for who in POOLS for cls, n in points_left(state, who).items() if n)
    return {"place_beachhead": f": {left} left (FMU-AMPH-01)",
            "land": f": at most {val('landing.beach_stack_limit')} units a beach hex (FMU-AMPH-06)",
            "rebuild": f": {repl or 'no'} replacement points left (FMU-REPL-02)"}
