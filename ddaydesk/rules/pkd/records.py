"""What Koenig's D-Day keeps in the game state, and the unit facts every part reads.

``state.extra["pkd"]`` (read with :func:`rec`, change through :func:`own`):

- ``cup``: formation ids still in the Command Cup this turn; ``drawn``: those drawn, in order;
- ``act``: the activation under way (None between draws): ``formation``, ``side``, ``op``
  (None until chosen: move, fire, combined, rest_refit), ``spent`` (unit id -> MP ticks spent),
  ``fired``, ``done`` (units whose move has ended), ``cc`` (unit id -> hexes it closed with),
  ``overrun`` (units in the middle of an overrun), ``force_march``, ``attached``, ``refit``;
- ``battle``: the battle waiting for a decision (docs/rules/koenig.md §5), or None;
- ``support``: each side's Support points this turn; ``leader``: who holds the Leadership
  marker (None: in the stock); ``interdiction``: markers traded and still to place;
- ``reconstituted``, ``attached_used``: units out of their own formation's turn;
- ``control``: objective hex label -> the side that last held it; ``vp`` at the end.

Hits are the engine's per-unit ``steps_lost`` (0, 1 or 2; the third eliminates).
"""

from __future__ import annotations

from typing import Any

from ddaydesk.engine.state import ELIMINATED, ON_MAP, PENDING, GameState
from ddaydesk.engine.tables import SCALE
from ddaydesk.rules.pkd.data import Beach, beach, entry, val

EXTRA = "pkd"
SIDES = ("allied", "german")
OPERATIONS = ("move", "fire", "combined", "rest_refit")


def new_record() -> dict[str, Any]:
    return {"cup": [], "drawn": [], "act": None, "battle": None,
            "support": {"allied": {"artillery": 0, "allied_support": 0}, "german": {"artillery": 0}},
            "leader": None, "interdiction": {"traded": 0, "to_place": 0},
            "reconstituted": [], "attached_used": [], "control": {}}


def rec(state: GameState) -> dict[str, Any]:
    return state.record(EXTRA)


def own(state: GameState) -> dict[str, Any]:
    return state.own(EXTRA)


def beach_of(state: GameState) -> Beach:
    return beach(state.scenario)


def enemy(side: str) -> str:
    return "german" if side == "allied" else "allied"


def name(state: GameState, k: int) -> str:
    return state.scenario.units[k].name


def formation_of(state: GameState, k: int) -> str:
    return state.scenario.units[k].formation or ""


def formation_name(state: GameState, fid: str) -> str:
    f = beach_of(state).formations.get(fid)
    return f.name if f else fid


def hits(state: GameState, k: int) -> int:
    return state.steps_lost[k]


def strength(state: GameState, k: int) -> int:
    """Combat value now: the printed value less one per Hit, never below 1 (STD-PKD-HITS)."""
    loss = val("combat", "hits.strength_loss")
    floor = 1
    return max(floor, state.scenario.units[k].attack - hits(state, k) * loss)


def heavy(state: GameState, k: int) -> bool:
    return state.scenario.units[k].type == "heavy_weapons"


def on_map(state: GameState, k: int) -> bool:
    return state.status[k] == ON_MAP and state.place[k] >= 0


def units_at(state: GameState, place: int, side: str | None = None) -> list[int]:
    got = state.units_at().get(place, [])
    return got if side is None else [k for k in got if state.scenario.units[k].side == side]


def is_day(state: GameState) -> bool:
    return beach_of(state).day(state.turn)


def activation(state: GameState) -> dict[str, Any] | None:
    return rec(state)["act"]


def in_activation(state: GameState, k: int) -> bool:
    """Unit ``k`` acts with the formation now activated: its own (unless attached elsewhere
    this turn) or attached to it (PKD-LEAD-11). A unit reconstituted this turn conducts no
    Operation (PKD-RR-08)."""
    r = rec(state)
    act = r["act"]
    if act is None:
        return False
    uid = state.scenario.units[k].id
    if uid in r["reconstituted"]:
        return False
    if uid in act["attached"]:
        return True
    return formation_of(state, k) == act["formation"] and uid not in r["attached_used"]


def can_arrive(state: GameState, k: int) -> bool:
    u = state.scenario.units[k]
    return state.status[k] == PENDING and (u.arrive_turn or 0) <= state.turn


def eliminated(state: GameState, k: int) -> bool:
    return state.status[k] == ELIMINATED


def take_hits(state: GameState, k: int, n: int, ch) -> bool:
    """Put ``n`` Hits on unit ``k``; True if that eliminated it (the third Hit, STD-PKD-HITS)."""
    if n <= 0:
        return False
    limit = val("combat", "hits.eliminated_at")
    state.steps_lost[k] = min(state.steps_lost[k] + n, limit)
    uid = state.scenario.units[k].id
    if state.steps_lost[k] >= limit:
        state.status[k] = ELIMINATED
        state.place[k] = -1
        state.steps_lost[k] = 0
        ch.removed.append(uid)
        ch.notes.append(f"{name(state, k)} is eliminated")
        return True
    ch.units.append(uid)
    return False


def full_allowance(state: GameState, k: int, act: dict[str, Any]) -> int:
    """Unit ``k``'s Movement Allowance in this activation, in ticks, before what it spent:
    full in a Move Operation (doubled by Force March, PKD-LEAD-08), half rounded up in a
    Combined one (full with Force March, PKD-LEAD-09), none otherwise."""
    mf = state.scenario.units[k].movement
    forced = act["force_march"] == state.scenario.units[k].id
    op = act["op"]
    if op == "move":
        mf *= entry("operations", "force_march")["multiplier"] if forced else 1
    elif op == "combined":
        mf = mf if forced else (mf + 1) // 2
    else:
        mf = 0
    return mf * SCALE
