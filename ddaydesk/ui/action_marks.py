"""What an action did on the map, as one side may see it: the paths units took (moves,
retreats, advances, landings), the attacks (from the attackers' places to the target) and
the other places it named (an interdiction, a supply centre, a drop zone).

Read from the log (the action, the state it was taken in, its Changes), never from the
rules: review draws the action at its position, and the last-move trails draw the other
side's moves and attacks since the viewing side's last turn. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ddaydesk.engine import WITHHELD, current_phase
from ddaydesk.ui.action_text import PLACE_FIELDS

Path = tuple[int, ...]


@dataclass(frozen=True)
class Marks:
    """What an action leaves on the map: the paths moved, the attacks, the places it named."""

    paths: tuple[Path, ...] = ()  # places moved through, start first (two places or more)
    attacks: tuple[tuple[Path, int], ...] = ()  # (the attackers' places, the target)
    places: tuple[int, ...] = ()  # places the action named or entered (a landing, a marker)

    def __bool__(self) -> bool:
        return bool(self.paths or self.attacks or self.places)

    def __add__(self, other: Marks) -> Marks:
        return Marks(self.paths + other.paths, self.attacks + other.attacks,
                     tuple(dict.fromkeys(self.places + other.places)))

    def all_places(self) -> set[int]:
        """Every place a mark touches (for tests and for bringing it into view)."""
        out = set(self.places)
        for p in self.paths:
            out.update(p)
        for frm, target in self.attacks:
            out.update(frm)
            out.add(target)
        return out


def _visible(state, side: str, k: int) -> bool:
    """Whether ``side`` may see where unit ``k`` stands in ``state`` (another side's withheld
    unit stands nowhere in its view)."""
    u = state.scenario.units[k]
    return u.side == side or state.status[k] != WITHHELD


def _attack(game, i: int) -> tuple[tuple[str, ...], int] | None:
    """(attackers, target place) of an attack action, or of the roll of a declared one."""
    a, before = game.actions[i], game.states[i]
    attackers, target = getattr(a, "attackers", None), getattr(a, "target", None)
    if isinstance(attackers, tuple) and isinstance(target, int) and target >= 0:
        return attackers, target
    if a.kind == "resolve_combat":  # the combat declared before it (docs/rules/combat.md)
        p = (before.record("combat") or {}).get("pending") or {}
        label = p.get("target")
        if label in before.scenario.board.index_of:
            return tuple(p.get("attackers", ())), before.scenario.board.index_of[label]
    return None


def action_marks(game, i: int, side: str) -> Marks:
    """Action ``i`` of ``game``'s log (0 = the first) on the map, as ``side`` may see it:
    nothing of another side's secret action, no place of a unit that side cannot see."""
    a, before, after, ch = game.actions[i], game.states[i], game.states[i + 1], game.changes[i]
    if a.secret and a.side != side:
        return Marks()
    index = before.scenario.unit_index
    paths, places = [], []
    for uid, _frm, to, path in ch.moved:
        k = index.get(uid)
        if k is None or not _visible(after, side, k):
            continue
        on_map = tuple(p for p in path if p >= 0) or ((to,) if to >= 0 else ())
        if len(on_map) > 1:
            paths.append(on_map)
        elif on_map:
            places.append(on_map[0])  # entered, landed or placed there
    attacks = []
    found = _attack(game, i)
    if found is not None:
        attackers, target = found
        frm = tuple(dict.fromkeys(before.place[index[u]] for u in attackers
                                  if u in index and before.place[index[u]] >= 0))
        attacks.append((frm, target))
    elif not ch.moved:  # what else it names: an interdicted hex, a supply centre placed
        places += [getattr(a, f.name) for f in fields(a) if f.name in PLACE_FIELDS
                   and isinstance(getattr(a, f.name), int) and getattr(a, f.name) >= 0]
    return Marks(tuple(paths), tuple(attacks), tuple(dict.fromkeys(places)))


def phase_side(state) -> str:
    """The side whose phase a state is in."""
    return current_phase(state).side


def last_moves(game, side: str) -> Marks:
    """The last-move trails ``side`` sees now: its own moves in the current stretch of its
    phases (this turn's), and before them every move and attack made in the other sides'
    phases since ``side``'s previous turn (the opponent's whole turn, retreats included)."""
    marks = Marks()
    own = True  # still in side's current stretch, walking back
    turn = game.state.turn
    for i in range(game.pos - 1, game.history_from - 1, -1):  # (what is known of it yet)
        before = game.states[i]
        mine = phase_side(before) == side
        if mine and not own or own and mine and before.turn != turn or before.turn < turn - 1:
            break  # side's previous turn (or the turn before last): the trails start after it
        own = own and mine
        m = action_marks(game, i, side)
        marks = (Marks(m.paths) if own else m) + marks  # its own attacks go without saying
    return marks
