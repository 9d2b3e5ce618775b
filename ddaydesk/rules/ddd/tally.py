"""The Final Tally counted as the rules count it, as pure functions over the dice.

A die is ``(colour, face)``. An RWB is one die of each RWB colour (Red, White, Blue; the
German's Black stands for Blue, DDD-GER-07) showing the same face; a Straight is one die of
each of the six faces. A die counts in one RWB at most and never in an RWB and a Straight
together (DDD-BADGE-05). A Skull that is in neither and that no effect ignores is an Active
Skull and cancels another die (DDD-COND-06, wave2.md §1.5); its owner picks which.

:func:`scorings` lists every way the dice can be scored that a player could want: the
largest sets of RWBs (with or without the Straight they leave possible: taking an RWB never
costs anything else) times the choice of cancelled dice, by face (two dice of one face are
the same to the player). ``ignore`` Skulls are set aside first (the Sharpshooter); ``aside``
dice count for nothing at all, in no RWB or Straight (the Combat Medical Badge's Skulls);
``keep_active`` Skulls stay active whatever ignores them (a Rookie Officer's penalty).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product

from ddaydesk.records import Record
from ddaydesk.rules.ddd.data import FACES

Die = tuple[str, str]  # (colour, face)


@dataclass(frozen=True, eq=False, repr=False)  # (equality, hash and repr: Record's, made once)
class Base(Record):
    """One way to score: RWB faces (sorted), their dice, the Straight's dice (empty when
    none), the cancelled dice and their faces, the Skulls that cancel and those ignored."""

    rwbs: tuple[str, ...]
    rwb_dice: tuple[tuple[int, int, int], ...]
    straight_dice: tuple[int, ...]
    cancel: tuple[str, ...]
    cancelled: tuple[int, ...]
    active_skulls: tuple[int, ...]
    ignored_skulls: tuple[int, ...]
    aside: tuple[int, ...] = ()

    @property
    def straight(self) -> bool:
        return bool(self.straight_dice)

    def counted(self, n: int) -> list[int]:
        """Dice whose faces count (all but the cancelled and set-aside ones; a Skull's face adds
        nothing)."""
        return [i for i in range(n) if i not in self.cancelled and i not in self.aside]


def die_roles(dice: tuple[Die, ...], base: Base) -> list[str]:
    """Per die, what it does in this scoring: ``rwb``, ``straight``, ``cancelled``,
    ``active_skull``, ``ignored_skull`` or ``counts`` (for the dice tray's highlights)."""
    roles = ["counts"] * len(dice)
    for trio in base.rwb_dice:
        for i in trio:
            roles[i] = "rwb"
    for i in base.straight_dice:
        roles[i] = "straight"
    for i in base.cancelled:
        roles[i] = "cancelled"
    for i in base.active_skulls:
        roles[i] = "active_skull"
    for i in base.ignored_skulls:
        roles[i] = "ignored_skull"
    for i in base.aside:
        roles[i] = "aside"
    return roles


@lru_cache(maxsize=4096)
def scorings(dice: tuple[Die, ...], colours: tuple[str, str, str], ignore: int = 0,
             rwb_faces: tuple[str, ...] = FACES, aside: tuple[int, ...] = (), keep_active: int = 0) -> tuple[Base, ...]:
    """``rwb_faces``: the faces whose three colours make an RWB (the German has bonuses for
    four faces only: his other triples are plain dice)."""
    n = len(dice)
    groups: dict[str, tuple[int, dict[str, list[int]]]] = {}
    for f in rwb_faces:
        idx = {c: [i for i, (col, fc) in enumerate(dice) if col == c and fc == f and i not in aside] for c in colours}
        m = min(len(v) for v in idx.values())
        if m:
            groups[f] = (m, idx)
    cands: list[tuple[tuple[str, ...], tuple, tuple[int, ...]]] = []
    faces = list(groups)
    for counts in product(*(range(groups[f][0] + 1) for f in faces)):
        trios, rwbs = [], []
        for f, k in zip(faces, counts, strict=True):
            idx = groups[f][1]
            for t in range(k):
                trios.append(tuple(idx[c][t] for c in colours))
                rwbs.append(f)
        used = {i for trio in trios for i in trio} | set(aside)
        first: dict[str, int] = {}
        for i in range(n):
            if i not in used:
                first.setdefault(dice[i][1], i)
        cands.append((tuple(rwbs), tuple(trios), ()))
        if len(first) == len(FACES):
            cands.append((tuple(rwbs), tuple(trios), tuple(sorted(first.values()))))
    out = []
    for rwbs, trios, straight in cands:
        if any(_dominates(o, (rwbs, straight)) for o in ((c[0], c[2]) for c in cands)):
            continue
        used = {i for trio in trios for i in trio} | set(straight) | set(aside)
        rest = [i for i in range(n) if i not in used]
        skulls = [i for i in rest if dice[i][1] == "skull"]
        others = [i for i in rest if dice[i][1] != "skull"]
        ignored = tuple(skulls[:min(ignore, max(0, len(skulls) - keep_active))])
        active = skulls[len(ignored):]
        k = min(len(active), len(others))
        by_face = Counter(dice[i][1] for i in others)
        for cancel in combinations_with_replacement(sorted(by_face), k):
            need = Counter(cancel)
            if any(need[f] > by_face[f] for f in need):
                continue
            cancelled, taken = [], Counter()
            for i in others:
                f = dice[i][1]
                if taken[f] < need[f]:
                    taken[f] += 1
                    cancelled.append(i)
            out.append(Base(tuple(sorted(rwbs)), trios, straight, cancel, tuple(cancelled),
                            tuple(active[:k]) + tuple(active[k:]), ignored, tuple(aside)))
    return tuple(out)


def _dominates(a: tuple[tuple[str, ...], tuple], b: tuple[tuple[str, ...], tuple]) -> bool:
    """``a`` takes every RWB ``b`` takes and more, and the Straight if ``b`` does."""
    if a == b:
        return False
    ca, cb = Counter(a[0]), Counter(b[0])
    return all(ca[f] >= cb[f] for f in cb) and (bool(a[1]) or not b[1]) and (ca != cb or bool(a[1]) > bool(b[1]))


def face_gain(dice: tuple[Die, ...], base: Base, faces: dict) -> dict[str, int]:
    """What the counted faces add (Skulls add nothing)."""
    out: dict[str, int] = {}
    for i in base.counted(len(dice)):
        face = faces[dice[i][1]]
        if face.resource != "none":
            out[face.resource] = out.get(face.resource, 0) + face.amount
    return out
