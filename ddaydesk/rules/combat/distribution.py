"""Exact outcome distributions, and the draw-and-roll procedure they describe.

For a proposed attack, every die face and (F&M) every sequence of support fire marker draws
from the current cups is enumerated, without replacement, with the Mines marker's
use-or-redraw choice (FMU-SFM-03). Probabilities are exact fractions; nothing is sampled.
:func:`resolve` and :func:`draw` are the same procedure with the engine's dice, so the
distribution is what the table will actually do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ddaydesk.rules.combat.crt import Column, Fixed
from ddaydesk.rules.combat.model import Marker
from ddaydesk.rules.combat.support import marker_value

if TYPE_CHECKING:  # (Koenig's odds use this module without the strength rules)
    from ddaydesk.rules.combat.strength import Assessment


@dataclass
class Distribution:
    """The exact chances of each result (and column) of a combat before it is fought."""

    results: dict[str, Fraction]  # result code -> probability
    columns: dict[str, Fraction]  # column label (or fixed label) -> probability of using it
    attacker_markers: dict[int, Fraction] = field(default_factory=dict)  # drawn total -> probability
    defender_markers: dict[int, Fraction] = field(default_factory=dict)

    def as_dict(self) -> dict:
        def fmt(d: dict) -> list[dict]:
            return [{"key": k, "p": float(p), "exact": str(p)} for k, p in d.items()]

        return {"results": [{"result": k, "p": float(p), "exact": str(p)} for k, p in self.results.items()],
                "columns": [{"column": k, "p": float(p), "exact": str(p)} for k, p in self.columns.items()],
                "attacker_marker_total": fmt(self.attacker_markers),
                "defender_marker_total": fmt(self.defender_markers)}


def marker_totals(cups: dict[str, tuple[Marker, ...]], draws: tuple[str, ...], mines_policy: str,
                  flak: bool) -> dict[int, Fraction]:
    """Distribution of the total value drawn: one draw per entry of ``draws`` (a cup name), in
    order, without replacement. A drawn Mines marker is used or set aside for a redraw from the
    same cup, per ``mines_policy`` (FMU-SFM-03). Aircraft markers are halved under flak.

    Markers of equal worth are interchangeable, so a cup's state is a count per kind
    (value, is-Mines): a draw of kind k has probability count_k / markers left. Results are
    kept for the cups' current contents, so a dialog recomputing them costs nothing."""
    used = tuple(sorted((name, cups[name]) for name in set(draws)))
    return dict(_marker_totals(used, draws, mines_policy, flak))


@lru_cache(maxsize=256)
def _marker_totals(used: tuple, draws: tuple[str, ...], mines_policy: str,
                   flak: bool) -> tuple[tuple[int, Fraction], ...]:
    def kinds(cup: tuple[Marker, ...]) -> tuple[tuple[tuple[int, bool], int], ...]:
        out: dict[tuple[int, bool], int] = {}
        for m in cup:
            key = (marker_value(m, flak), m.mines)
            out[key] = out.get(key, 0) + 1
        return tuple(sorted(out.items()))

    start = tuple((name, kinds(cup)) for name, cup in used)

    @cache
    def walk(state: tuple, k: int) -> tuple[tuple[int, Fraction], ...]:
        if k == len(draws):
            return ((0, Fraction(1)),)
        contents = dict(state)
        cup = draws[k]
        left = contents[cup]
        n = sum(c for _, c in left)
        if n == 0:
            return walk(state, k + 1)
        out: dict[int, Fraction] = {}
        for idx, ((value, mines), count) in enumerate(left):
            rest = dict(contents)
            rest[cup] = tuple(kc for kc in (
                *left[:idx], ((value, mines), count - 1), *left[idx + 1:]) if kc[1] > 0)
            nxt = tuple(sorted(rest.items()))
            if mines and mines_policy == "redraw":
                tail, gain = walk(nxt, k), 0  # set aside; the same draw is made again
            else:
                tail, gain = walk(nxt, k + 1), value
            share = Fraction(count, n)
            for total, p in tail:
                out[total + gain] = out.get(total + gain, 0) + share * p
        return tuple(sorted(out.items()))

    return walk(start, 0)


def die_results(col: Column | Fixed, faces: int, reroll: frozenset[str]) -> dict[str, Fraction]:
    """Result probabilities in one column; ``reroll`` lists results the leadership holder
    re-rolls once (PKD-LEAD-06 hook)."""
    if isinstance(col, Fixed):
        return {col.result: Fraction(1)}
    one = Fraction(1, faces)
    out: dict[str, Fraction] = {}
    for r in col.results:
        if r in reroll:
            for r2 in col.results:
                out[r2] = out.get(r2, 0) + one * one
        else:
            out[r] = out.get(r, 0) + one
    return out


def outcome_distribution(a: Assessment, cups: dict[str, tuple[Marker, ...]] | None = None,
                         reroll: frozenset[str] = frozenset()) -> Distribution:
    s = a.decl.support
    cups = cups or {}
    shared = set(s.attacker_draws) & set(s.defender_draws)
    if shared:
        raise ValueError(f"both sides cannot draw from the same cup: {sorted(shared)}")
    att = marker_totals(cups, s.attacker_draws, s.mines_policy, a.flak) if s.attacker_draws else {0: Fraction(1)}
    dfn = marker_totals(cups, s.defender_draws, s.mines_policy, False) if s.defender_draws else {0: Fraction(1)}
    # Group the draws by the column they lead to first: far fewer columns than draw pairs.
    by_col: dict[str, list] = {}
    base_a, base_d = a.attack, a.defence
    for xa, pa in att.items():
        for xd, pd in dfn.items():
            col = a.crt.column(base_a + xa, base_d + xd, a.table)
            entry = by_col.setdefault(col.label, [col, Fraction(0)])
            entry[1] += pa * pd
    results: dict[str, Fraction] = {}
    columns = {label: p for label, (_, p) in by_col.items()}
    for col, p in by_col.values():
        for r, q in die_results(col, a.crt.die, reroll).items():
            results[r] = results.get(r, 0) + p * q
    order = list(a.crt.tables[a.table].results)
    results = {k: results[k] for k in order if k in results}
    return Distribution(results, columns, att if s.attacker_draws else {}, dfn if s.defender_draws else {})


# ---- the procedure itself -------------------------------------------------------------------
@dataclass(frozen=True)
class Draw:
    """The support markers a combat drew, those set aside, and what is left in the cups."""

    markers: tuple[Marker, ...]  # used in this combat
    set_aside: tuple[Marker, ...]  # Mines put aside for a redraw (FMU-SFM-03/04)
    cups: dict[str, tuple[Marker, ...]]  # what is left in the cups


def draw(cups: dict[str, tuple[Marker, ...]], draws: tuple[str, ...], mines_policy: str,
         pick: Callable[[int], int]) -> Draw:
    """Draw markers with the engine's generator: ``pick(n)`` returns an index in ``range(n)``
    (the engine records each pick in its dice log)."""
    left = {k: tuple(v) for k, v in cups.items()}
    used: list[Marker] = []
    aside: list[Marker] = []
    for cup in draws:
        while left[cup]:
            i = pick(len(left[cup]))
            m = left[cup][i]
            left[cup] = left[cup][:i] + left[cup][i + 1:]
            if m.mines and mines_policy == "redraw":
                aside.append(m)
                continue
            used.append(m)
            break
    return Draw(tuple(used), tuple(aside), left)


@dataclass(frozen=True)
class Resolution:
    """A combat fought: the column, the die and the result."""

    result: str
    column: str
    die: int | None  # None for a fixed result
    attack: int
    defence: int
    first_die: int | None = None  # the die before a leadership re-roll (PKD-LEAD-06)

    def as_dict(self) -> dict:
        return {"result": self.result, "column": self.column, "die": self.die, "attack": self.attack,
                "defence": self.defence, "first_die": self.first_die}


def resolve(a: Assessment, roll: Callable[[], int], attacker_markers: tuple[Marker, ...] = (),
            defender_markers: tuple[Marker, ...] = (),
            reroll: Callable[[str], bool] | None = None) -> Resolution:
    """The result of a combat: drawn markers are added, the column found and the die rolled
    with ``roll()``. ``reroll(result)`` is the Koenig leadership hook (PKD-LEAD-06): when it
    says yes, the die is rolled once more and the second roll stands."""
    att = a.attack + sum(marker_value(m, a.flak) for m in attacker_markers)
    dfn = a.defence + sum(marker_value(m, False) for m in defender_markers)
    col = a.crt.column(att, dfn, a.table)
    if isinstance(col, Fixed):
        return Resolution(col.result, col.label, None, att, dfn)
    die = roll()
    result = col.results[die - 1]
    if reroll is not None and reroll(result):
        second = roll()
        return Resolution(col.results[second - 1], col.label, second, att, dfn, first_die=die)
    return Resolution(result, col.label, die, att, dfn)
