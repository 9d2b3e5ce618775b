"""Fire and Close Combat: who may attack what, the strengths with a line per modifier (its rule
id), and the exact outcome distribution before the roll (docs/rules/koenig.md §5).

Fire (Full in a Fire Operation, Mobile at half strength in a Combined one, Indirect from Heavy
Weapons at up to two hexes) sets the firers' strength against the target hex's terrain; Close
Combat sets the attackers' combat values against the defenders'. The difference picks a
column of the Fire or Close Combat Table (``crt.yaml``, the shared CRT reader) and one d6 the
result. Nothing here changes a state: :mod:`.battle` plays the result through the log.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ddaydesk.engine import GameState
from ddaydesk.records import Record
from ddaydesk.rules.pkd.actions import CloseCombat, FireAttack
from ddaydesk.rules.pkd.data import entry, val
from ddaydesk.rules.pkd.records import (
    enemy,
    heavy,
    in_activation,
    is_day,
    name,
    on_map,
    rec,
    strength,
    units_at,
)

if TYPE_CHECKING:  # (the CRT and exact odds when a battle is worked out: not before a start's first frame)
    from fractions import Fraction

    from ddaydesk.rules.combat.crt import CRT

SYSTEM = "pkd"


@dataclass(frozen=True, eq=False, repr=False)
class Line(Record):
    """One line of a Koenig fight's odds, with its rule."""

    text: str
    value: int
    rule: str


@dataclass(frozen=True, eq=False, repr=False)
class Assessment(Record):
    """A proposed battle judged now: ``refusal`` is None when the rules allow it."""

    kind: str  # "fire" or "close_combat"
    mode: str  # fire: "full" or "mobile"; "" for close combat
    side: str
    attackers: tuple[int, ...]
    indirect: tuple[int, ...]
    target: int
    defenders: tuple[int, ...]
    attack_lines: tuple[Line, ...] = ()
    defence_lines: tuple[Line, ...] = ()
    refusal: str | None = None
    defender_heavy: bool = False
    table: str = "standard"
    attack: int = field(default=0)
    defence: int = field(default=0)

    @property
    def legal(self) -> bool:
        return self.refusal is None


def crt() -> CRT:
    from ddaydesk.rules.combat.crt import load_crt

    return load_crt(SYSTEM)


def _has(board, a: int, b: int, feature: str) -> bool:
    s = board.side_between(a, b)
    return s >= 0 and bool(board.side_mask[s] & board.feature_bit(feature))


def across(board, a: int, t: int, feature: str) -> bool:
    """Is ``a`` across a ``feature`` hexside from ``t``: adjacent over one, or two hexes away
    with every hex between them behind one."""
    if t in board.adj[a]:
        return _has(board, a, t, feature)
    between = [m for m in board.adj[a] if t in board.adj[m]]
    return bool(between) and all(_has(board, a, m, feature) or _has(board, m, t, feature) for m in between)


def support_pool(state: GameState, side: str) -> int:
    return sum(rec(state)["support"][side].values())


def support_problem(state: GameState, side: str, n: int, corps: bool) -> str | None:
    cap = val("combat", "support.max_per_battle")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return "the Support points must be a whole number"
    if n > cap:
        return f"at most {cap} Support points a battle (STD-PKD-SUP)"
    if n > support_pool(state, side):
        return f"the {side} player has {support_pool(state, side)} Support points left"
    if corps and not (state.options.get("leadership") and rec(state)["leader"] == side):
        return "Corps Artillery spends the Leadership marker, which this side does not hold (PKD-LEAD-10)"
    return None


def _units(state: GameState, ids) -> list[int] | str:
    out = []
    for uid in ids:
        k = state.scenario.unit_index.get(uid) if isinstance(uid, str) else None
        if k is None:
            return f"there is no unit {uid!r}"
        out.append(k)
    if not out:
        return "name at least one attacking unit"
    if len(set(out)) != len(out):
        return "a unit is named twice"
    return out


def declaration_problem(state: GameState, a: FireAttack | CloseCombat) -> str | None:
    """Why the attacker may not declare this battle now (support aside), or None."""
    r = rec(state)
    act = r["act"]
    board = state.scenario.board
    fire = isinstance(a, FireAttack)
    if act is None or a.side != act["side"] or a.side != state.active:
        return "only the activated formation attacks"
    op = act["op"]
    if op is None:
        return "choose the formation's Operation first"
    if fire and op not in ("fire", "combined"):
        return "units fire in a Fire or Combined Operation"
    if not fire and op not in ("move", "combined"):
        return "Close Combat is made in a Move or Combined Operation"
    ks = _units(state, a.attackers)
    if isinstance(ks, str):
        return ks
    t = a.target
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < board.n:
        return f"{t!r} is not a hex of the map"
    foe = enemy(a.side)
    if not units_at(state, t, foe):
        return f"{board.labels[t]} holds no enemy unit"
    indirect = set(a.indirect) if fire else set()
    if not indirect <= set(a.attackers):
        return "an indirect firer must be one of the attackers"
    for k in ks:
        u = state.scenario.units[k]
        if not in_activation(state, k) or not on_map(state, k):
            return f"{u.name} is not an active unit on the map"
        if u.id in act["fired"] or u.id in act["done"]:
            return f"{u.name} has already attacked or ended its move"
        p = state.place[k]
        if fire and u.id in indirect:
            problem = _indirect_problem(state, k, t, op)
            if problem:
                return problem
            continue
        if t not in board.adj[p]:
            return f"{u.name} is not next to {board.labels[t]}"
        if _has(board, p, t, "cliff"):
            return f"{u.name} has no line of sight up the cliff (PKD-IND-06)"
        if not fire:
            if heavy(state, k) and not val("combat", "close_combat.heavy_weapons_attack"):
                return f"{u.name} is a Heavy Weapons unit: it does not start a Close Combat (STD-PKD-CC)"
            if board.labels[t] in act["cc"].get(u.id, ()):
                return f"{u.name} has already closed with {board.labels[t]} this activation"
    return None


def _indirect_problem(state: GameState, k: int, t: int, op: str) -> str | None:
    u = state.scenario.units[k]
    if not state.options.get("indirect_fire"):
        return "the Indirect Fire rule is not in use"
    if not heavy(state, k):
        return f"{u.name} is not a Heavy Weapons unit: only they fire indirectly (PKD-IND-01)"
    if op != "fire":
        return "Indirect Fire is a Full Fire attack, never Mobile Fire (PKD-IND-03)"
    rng = val("combat", "fire.indirect_range")
    d = state.scenario.board.distance(state.place[k], t)
    if d > rng:
        return f"{u.name} is {d} hexes from the target: Indirect Fire reaches {rng} (PKD-IND-02)"
    return None


def assess(state: GameState, a: FireAttack | CloseCombat, def_support: int = 0, def_corps: bool = False) -> Assessment:
    fire = isinstance(a, FireAttack)
    kind = "fire" if fire else "close_combat"
    problem = declaration_problem(state, a) or support_problem(state, a.side, a.support, a.corps)
    foe = enemy(a.side)
    if problem is None:
        problem = support_problem(state, foe, def_support, def_corps)
    ks = _units(state, a.attackers)
    if isinstance(ks, str) or problem:
        return Assessment(kind, "", a.side, (), (), a.target, (), refusal=problem or str(ks))
    act = rec(state)["act"]
    mode = ("full" if act["op"] == "fire" else "mobile") if fire else ""
    indirect = tuple(k for k in ks if fire and state.scenario.units[k].id in a.indirect)
    defenders = tuple(units_at(state, a.target, foe))
    att = _attack_lines(state, ks, indirect, a, mode)
    dfn = _defence_lines(state, a.target, defenders, fire, def_support, def_corps)
    return Assessment(kind, mode, a.side, tuple(ks), indirect, a.target, defenders, tuple(att), tuple(dfn),
                      None, any(heavy(state, k) for k in defenders), "standard" if fire else "close_combat",
                      max(0, sum(x.value for x in att)), max(0, sum(x.value for x in dfn)))


def _attack_lines(state, ks, indirect, a, mode) -> list[Line]:
    board = state.scenario.board
    fire = isinstance(a, FireAttack)
    lines: list[Line] = []
    direct = [k for k in ks if k not in indirect]
    full = direct if mode != "mobile" else []
    for k in full:
        lines.append(Line(name(state, k), strength(state, k), "STD-PKD-FIRE" if fire else "STD-PKD-CC"))
    if mode == "mobile" and direct:
        total = sum(strength(state, k) for k in direct)
        lines.append(Line(f"Mobile Fire, half of {total} (rounded up): "
                          + ", ".join(name(state, k) for k in direct), _share(total, "fire.mobile_strength"),
                          "STD-PKD-FIRE"))
    if indirect:
        total = sum(strength(state, k) for k in indirect)
        lines.append(Line(f"Indirect Fire, half of {total} (rounded up): "
                          + ", ".join(name(state, k) for k in indirect), _share(total, "fire.indirect_strength"),
                          "PKD-IND-04"))
    # the penalty is lifted when every firer is indirect (PKD-IND-05)
    if len(indirect) < len(ks) and all(across(board, state.place[k], a.target, "river") for k in ks):
        lines.append(Line("every attacker across the river", val("combat", "fire.river"), "PKD-IND-05"))
    if fire and not is_day(state):
        lines.append(Line("Fire at night", val("combat", "fire.night"), "STD-PKD-NIGHT"))
    lines += _support_lines(a.support, a.corps)
    return lines


def _share(total: int, key: str) -> int:
    """A fraction of a strength (the table's, e.g. a half), rounded up."""
    from fractions import Fraction

    return math.ceil(Fraction(str(val("combat", key))) * total)


def _support_lines(support: int, corps: bool) -> list[Line]:
    """Support points and the Corps Artillery point, each worth the table's support value (the
    defender's answer is summed the same way: battle.py)."""
    each = val("combat", "support.value")
    lines = []
    if support:
        lines.append(Line(f"{support} Support point{'s' if support > 1 else ''}", support * each, "STD-PKD-SUP"))
    if corps:
        lines.append(Line("Corps Artillery (the Leadership marker)", each, "PKD-LEAD-10"))
    return lines


def _defence_lines(state, t, defenders, fire, support, corps) -> list[Line]:
    board = state.scenario.board
    lines: list[Line] = []
    if not fire:
        hvy = val("combat", "close_combat.heavy_weapons_value")
        for k in defenders:
            v = hvy if heavy(state, k) else strength(state, k)
            lines.append(Line(name(state, k) + (" (Heavy Weapons)" if heavy(state, k) else ""), v, "STD-PKD-CC"))
    terrain = board.terrain_of(t)
    tv = entry("combat", f"defence.terrain.{terrain}")
    if tv["value"] or fire:  # (a Fire's defence is the terrain alone: named even when it adds nothing)
        lines.append(Line(f"{terrain} in {board.labels[t]}", tv["value"], tv["rule"]))
    sp = entry("combat", "defence.places.strongpoint")
    if defenders and state.scenario.units[defenders[0]].side in sp["sides"] and any(
            p.place == t and p.kind == "strongpoint" for p in board.places):
        lines.append(Line("strongpoint", sp["value"], sp["rule"]))
    return lines + _support_lines(support, corps)


def column(a: Assessment):
    return crt().column(a.attack, a.defence, a.table)


def results(a: Assessment, reroll: frozenset[str] = frozenset()) -> dict[str, Fraction]:
    """Exact probability of each result code; ``reroll``: results the Leadership holder would
    re-roll (PKD-LEAD-06, the shared distribution's hook)."""
    return distribution(column(a), reroll)


def distribution(col, reroll: frozenset[str] = frozenset()) -> dict[str, Fraction]:
    """Exact probability of each result code of a table's column."""
    from fractions import Fraction

    from ddaydesk.rules.combat.crt import Fixed
    from ddaydesk.rules.combat.distribution import die_results

    if isinstance(col, Fixed):
        return {col.result: Fraction(1)}
    return die_results(col, crt().die, reroll)
