"""Hex control for D-Day '77 (STD-CTRL-01, D77-ASUP-10): a land hex belongs to the side that
last had a unit in it alone; at the start the German holds every land hex except those the
scenario marks with an Allied ``control`` marker. An Allied Supply Centre counts as an Allied
unit for control.

The settled Allied hexes live in ``state.extra["control"]["allied"]`` as a hex-string bit mask
over places (cheap to copy with every action): every move marks the hexes its unit stood in
and passed through, and the ``control`` hook settles where units stand after movement and
combat; :func:`allied_bits` overlays where units stand now, so control is always current.
"""

from __future__ import annotations

from ddaydesk.engine.actions import Changes
from ddaydesk.engine.state import ON_MAP, GameState

KEY = "control"
SC = "supply_centre"


def _land(state: GameState) -> bytes:
    """One byte per place: 1 where a unit may stand (land a side can control)."""
    sc = state.scenario
    got = sc.__dict__.get("_land_mask")
    if got is None:
        board, terrain = sc.board, sc.system.terrain
        passable = [terrain[name].passable and not terrain[name].sea for name in board.terrain_names]
        got = sc.__dict__["_land_mask"] = bytes(1 if passable[t] else 0 for t in board.terrain)
    return got


def _settled(state: GameState) -> int:
    return int(state.extra.get(KEY, {}).get("allied", "0"), 16)


def _overlay(state: GameState) -> tuple[int, int]:
    """Bits of places holding Allied units (or an SC) and of places holding German units."""
    allied = german = 0
    units = state.scenario.units
    land = _land(state)
    for k, p in enumerate(state.place):
        if p >= 0 and state.status[k] == ON_MAP and land[p]:
            if units[k].side == "allied":
                allied |= 1 << p
            else:
                german |= 1 << p
    for m in state.markers:
        if m.kind == SC:
            allied |= 1 << m.place
    return allied, german


def allied_bits(state: GameState) -> int:
    """Places the Allies control now, as an int bit mask (bit ``i`` = place ``i``)."""
    got = state._cache.get("allied_control")
    if got is None:
        allied, german = _overlay(state)
        got = state._cache["allied_control"] = (_settled(state) | allied) & ~german
    return got


def controller(state: GameState, place: int) -> str | None:
    """``allied``, ``german``, or None for sea, lakes and neutral hexes."""
    if not _land(state)[place]:
        return None
    return "allied" if allied_bits(state) >> place & 1 else "german"


def init_control(state: GameState) -> None:
    """Set-up: the scenario's Allied ``control`` markers become the settled mask."""
    bits = 0
    for m in state.scenario.markers:
        if m.kind == KEY and m.side == "allied":
            bits |= 1 << m.place
    state.extra[KEY] = {"allied": format(bits, "x")}


def settle(state: GameState, ch: Changes) -> None:
    """Hook ``control``: record who holds each hex after movement and combat."""
    bits = allied_bits(state)
    state.extra[KEY] = {"allied": format(bits, "x")}
    state._cache.pop("allied_control", None)


def mark_path(state: GameState, side: str, path) -> None:
    """A unit moved along ``path`` (start first): each land hex it stood in or passed
    through is now its side's."""
    bits = _settled(state)
    land = _land(state)
    for p in path:
        if land[p]:
            bits = bits | (1 << p) if side == "allied" else bits & ~(1 << p)
    state.extra[KEY] = {"allied": format(bits, "x")}
    state._cache.pop("allied_control", None)


def controlled_names(state: GameState) -> dict[str, frozenset[str]]:
    """Side -> names of the map's named places it controls (for victory conditions)."""
    board = state.scenario.board
    bits, land = allied_bits(state), _land(state)  # (controller() for each of hundreds of places)
    out: dict[str, set[str]] = {"allied": set(), "german": set()}
    for p in board.places:
        if land[p.place]:
            out["allied" if bits >> p.place & 1 else "german"].add(p.name)
    return {s: frozenset(v) for s, v in out.items()}
