"""Listed means legal, on any scenario of any system: random legal games in which every
action ``legal_actions`` lists is accepted, and every other action tried is refused with a
reason. Used by tests/engine/test_listed_means_legal.py (bounded, hypothesis) and by
tools/soak_legal.py (many long games, by hand).

Actions to try are made from the action types' declared fields (as a save is read), so a
new system's actions are probed without a line here: values come from the scenario (units,
places, regions, sides) and from what the listed actions hold, one field at a time changed
from a listed action (near the line) or all fields drawn (far from it).

Two documented widenings (docs/engine.md): a ``Move`` with a path (``via``) is the listed
move when the path is lawful; and for actions that name a group of units, one listing stands
for its variants: any part of an attack's largest group, and units alike (same values, same
place) in place of the listed ones (D-Day2 lists one pick of casualties per mix of types).
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from typing import Any

from ddaydesk.engine import OVER, Game, IllegalAction, Move, apply, legal_actions
from ddaydesk.engine.actions import (
    PATH_FIELDS,
    PLACE_FIELDS,
    Action,
    action_class,
    all_action_types,
)
from ddaydesk.engine.phases import current_phase


class Chooser:
    """Random choices from a seeded generator; the hypothesis test passes its own draws."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def choice(self, seq):
        return seq[self.int(0, len(seq) - 1)]


class Violation(AssertionError):
    pass


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _harvest(listed: list[Action]) -> dict[tuple[str, str], list]:
    out: dict[tuple[str, str], list] = {}
    for a in listed:
        for f in dataclasses.fields(a):
            v = getattr(a, f.name)
            out.setdefault((a.kind, f.name), []).append(v)
            if isinstance(v, tuple):
                out.setdefault(("*items", f.name), []).extend(v)
    return out


def _value(ch: Chooser, state, cls: type, name: str, tp: Any, seen: dict) -> Any:
    sc = state.scenario
    board = sc.board
    have = seen.get((cls.kind, name), [])
    if have and ch.int(0, 2):
        return ch.choice(have)
    if name in PATH_FIELDS:
        p = ch.int(0, board.n - 1)
        walk = [p]
        for _ in range(ch.int(0, 5)):
            walk.append(ch.choice(board.adj[walk[-1]]) if board.adj[walk[-1]] else walk[-1])
        return tuple(walk)
    if name in PLACE_FIELDS and tp is int:
        return ch.int(-1, board.n - 1)
    if name == "side":
        return ch.choice(sc.system.sides)
    if tp is bool:
        return bool(ch.int(0, 1))
    if tp is int:
        return ch.int(-1, 8)
    if tp is str:
        pool = [u.id for u in sc.units[:50]] + list(board.regions)[:20] + ["", "normal", "nowhere"]
        return ch.choice(pool)
    if typing.get_origin(tp) is tuple:
        items = seen.get(("*items", name)) or [u.id for u in sc.units[:50]]
        return tuple(ch.choice(items) for _ in range(ch.int(0, 4)))
    opts = [a for a in typing.get_args(tp) if a is not type(None)]
    return None if not opts or not ch.int(0, 3) else _value(ch, state, cls, name, opts[0], seen)


def candidate(ch: Chooser, state, listed: list[Action]) -> Action:
    """An action to try: a listed one with one field changed, or one made up."""
    seen = _harvest(listed)
    if listed and ch.int(0, 1):
        base = ch.choice(listed)
        cls = type(base)
        fields = [f for f in dataclasses.fields(cls)]
        f = ch.choice(fields)
        new = _value(ch, state, cls, f.name, _hints(cls)[f.name], {})
        return dataclasses.replace(base, **{f.name: new})
    kinds = sorted({"end_phase", *current_phase(state).actions} if ch.int(0, 3) else all_action_types())
    cls = action_class(ch.choice(kinds))
    hints = _hints(cls)
    return cls(**{f.name: _value(ch, state, cls, f.name, hints[f.name], seen) for f in dataclasses.fields(cls)})


def _alike(state, uid: Any) -> Any:
    """What makes two units interchangeable in a choice: the same values where they stand."""
    k = state.scenario.unit_index.get(uid) if isinstance(uid, str) else None
    if k is None:
        return ("not a unit", uid)
    u = state.scenario.units[k]
    part = state.part[k] if state.part else ""
    return (u.side, u.type, u.attack, u.defence, u.movement, state.place[k], part, state.status[k],
            state.steps_lost[k])


def covered(state, a: Action, listed: list[Action]) -> bool:
    """Whether accepting ``a`` agrees with the listing (see the module's widenings)."""
    if a in listed:
        return True
    groups = [f.name for f in dataclasses.fields(a) if isinstance(getattr(a, f.name), tuple)
              and f.name not in PATH_FIELDS]
    if not groups or any(len(set(getattr(a, g))) != len(getattr(a, g)) for g in groups):
        return False  # (a unit named twice is never the listed action)
    for b in listed:
        if type(b) is not type(a):
            continue
        same = all(getattr(a, f.name) == getattr(b, f.name) for f in dataclasses.fields(a)
                   if f.name not in groups and f.compare)
        if same and all(not Counter(_alike(state, u) for u in getattr(a, g))
                        - Counter(_alike(state, u) for u in getattr(b, g)) for g in groups):
            return True
    return False


def check(state, a: Action, listed_by_side: dict[str, list[Action]]) -> str:
    """Try ``a`` on ``state``; raise Violation when the outcome disagrees with the listing.
    Returns what happened, for statistics."""
    listed = listed_by_side.get(a.side)
    if listed is None:
        listed = listed_by_side[a.side] = legal_actions(state, a.side) if isinstance(a.side, str) else []
    try:
        apply(state, a)
    except IllegalAction as exc:
        if not exc.reason:
            raise Violation(f"{a}: refused without a reason") from None
        path_probe = isinstance(a, Move) and bool(a.via)
        if a in listed and not path_probe:
            raise Violation(f"turn {state.turn} {state.phase}: listed but refused: {a}: {exc.reason}") from None
        return "refused"
    if not covered(state, a, listed):
        raise Violation(f"turn {state.turn} {state.phase}: accepted but not listed: {a}")
    return "accepted"


def _next(ch: Chooser, listed: list[Action]) -> Action:
    """The action to play: a kind first (so that a phase's hundred moves do not drown its one
    attack), ending the phase only now and then while there is something else to do."""
    kinds = sorted({a.kind for a in listed} - {"end_phase"})
    if not kinds or not ch.int(0, 7):
        ends = [a for a in listed if a.kind == "end_phase"]
        if ends:
            return ends[0]
    kind = ch.choice(kinds) if kinds else listed[0].kind
    return ch.choice([a for a in listed if a.kind == kind])


def play(game: Game, ch: Chooser, steps: int, probes: int = 3, listed_sample: int = 6,
         stats: Counter | None = None) -> Game:
    """Up to ``steps`` actions of a random legal game, checking the listing at each."""
    stats = stats if stats is not None else Counter()
    for _ in range(steps):
        state = game.state
        if state.phase == OVER:
            break
        listed = legal_actions(state, state.active)
        if not listed:
            raise Violation(f"turn {state.turn} {state.phase}: {state.active} has nothing to do")
        others = [a for a in listed if a.kind != "move"]
        moves = [a for a in listed if a.kind == "move"]
        sample = others[:listed_sample] + [ch.choice(moves) for _ in range(min(len(moves), 2))]
        by_side = {state.active: listed}
        for a in sample:
            stats[check(state, a, by_side)] += 1
        for _ in range(probes):
            stats[check(state, candidate(ch, state, listed), by_side)] += 1
        game.do(_next(ch, listed))
        stats["steps"] += 1
    return game
