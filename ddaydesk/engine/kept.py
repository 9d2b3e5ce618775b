"""How a game keeps its past positions: compactly, sharing what consecutive ones hold alike.

A game keeps the state after every action of its log (undo, redo, review and replay cost
nothing), thousands in a long game, and the window holds them all. An action changes one
or two units: the state it produced shares with the one before it every per-unit list and
plain record the action left as it was (:func:`share_unchanged`). Once a state is no longer
the game's position it is *retired* (:func:`retire`): its per-unit lists of small ints
(``place``, ``flags``, ``steps_lost``) are kept as arrays of 1 or 2 bytes a unit instead of
lists of 8-byte pointers (a move changes ``place`` and ``flags``, so each retired state
holds its own two), shared with the state before it where equal, and so are its records of
``extra`` (and the mapping itself) where equal. The values are the same, so a retired state
reads, hashes and copies as before (:meth:`GameState.copy` makes lists again); the state
that becomes the position again on undo or redo gets its lists back (:func:`revive`), since
the movement and supply searches read them per unit.

Sound because no state in the log is changed in place: the next action changes a copy.
"""

from __future__ import annotations

from array import array
from struct import error, pack

from ddaydesk.engine.state import GameState

INTS = ("place", "flags", "steps_lost")  # per-unit lists of small ints
# Compared to the state before and shared when equal. (``extra`` is shared by retire() only:
# a live state's copy-on-write bookkeeping is about its own dict.)
SHARED = ("place", "status", "steps_lost", "flags", "part", "options", "secrets", "game", "scratch")
_MISSING = object()


def share_unchanged(old: GameState, new: GameState) -> None:
    """``new`` takes ``old``'s per-unit lists and plain records where the action left them as
    they were."""
    for name in SHARED:
        was = getattr(old, name)
        if getattr(new, name) == was:
            setattr(new, name, was)


def retire(state: GameState, before: GameState | None) -> None:
    """Keep ``state`` (no longer the game's position) compactly; ``before`` is the state
    before it in the log (retired already), or None for the first."""
    d = state.__dict__
    for name in INTS:
        values = d[name]
        if type(values) is list:
            packed = _packed(values)
            was = getattr(before, name, None)
            d[name] = was if was is not None and type(was) is type(packed) and was == packed else packed
    if before is not None:
        _share_records(state, before.extra)


def revive(state: GameState) -> None:
    """``state``, the game's position again, with its per-unit lists back as lists."""
    d = state.__dict__
    for name in INTS:
        if type(d[name]) is not list:
            d[name] = list(d[name])


def _packed(values: list) -> array | list:
    """``values`` as an array of the smallest signed int type holding them all, or as they
    are when none does (a value not an int, or beyond 32 bits). (Packed by struct: an array
    made from a list converts item by item, a few times slower.)"""
    n = len(values)
    for code in "bhi":
        try:
            return array(code, pack(f"{n}{code}", *values))
        except error:
            continue
    return values


def _share_records(state: GameState, before: dict) -> None:
    """``state``'s records of ``extra`` that equal ``before``'s become ``before``'s (a rule
    may write a new record equal to the last: control after a move in friendly land), and
    its ``extra`` mapping ``before`` itself when all of them do."""
    extra = state.extra
    if extra is before:
        return
    same = len(extra) == len(before)
    for key, rec in extra.items():
        was = before.get(key, _MISSING)
        if was is rec:
            continue
        if type(was) is type(rec) is dict and was == rec:
            extra[key] = was
        else:
            same = False
    if same:
        state.extra = before
