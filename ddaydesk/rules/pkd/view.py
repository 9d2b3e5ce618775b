"""What a Koenig window shows, read from the engine's per-side view: the Command Cup (chits left
and drawn), the activation under way, Hits per unit, each side's Support points and the
Leadership marker, the battle waiting for a decision, and a battle's exact odds before the roll
(:func:`preview`). Pure, no Qt; nothing in Koenig's D-Day is hidden from either player (the cup's
contents are public; the next chit is not known to anyone: the dice state is blanked)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ddaydesk.engine import GameState, view
from ddaydesk.engine.tables import SCALE
from ddaydesk.records import Record
from ddaydesk.rules.pkd.actions import CloseCombat, FireAttack
from ddaydesk.rules.pkd.battle import retreat_places, spread
from ddaydesk.rules.pkd.combat import Line, assess, crt, distribution, results, support_problem
from ddaydesk.rules.pkd.data import val
from ddaydesk.rules.pkd.operations import op_title
from ddaydesk.rules.pkd.records import beach_of, full_allowance, on_map, rec
from ddaydesk.rules.pkd.victory import score

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass(frozen=True, eq=False, repr=False)
class Chit(Record):
    """A formation chit of the Command Cup."""

    formation: str
    name: str
    side: str


@dataclass(frozen=True, eq=False, repr=False)
class ActivationView(Record):
    """The formation acting now and its Operation."""

    chit: Chit
    operation: str | None  # "move", "fire", "combined", "rest_refit", or None until chosen
    operation_title: str
    units: tuple[str, ...]  # unit ids acting with it (attached ones included)
    mp_left: dict[str, float]  # per unit, in the chosen Operation
    fired: tuple[str, ...]
    done: tuple[str, ...]
    overrun: tuple[str, ...]
    force_march: str | None
    attached: tuple[str, ...]
    refit: dict | None  # {"chit", "left", "max_per_unit", "reconstitute"} of an R&R draw


@dataclass(frozen=True, eq=False, repr=False)
class BattleView(Record):
    """A Koenig fight under way."""

    kind: str  # "fire" or "close_combat"
    attacker: str
    attackers: tuple[str, ...]
    target: int
    defenders: tuple[str, ...]
    stage: str  # "answer", "leadership", "withdraw", "occupy"
    waits_for: str  # the side that must decide
    die: int | None
    first_die: int | None  # before a Battlefield Leadership re-roll
    result: str | None
    result_text: str


@dataclass(frozen=True, eq=False, repr=False)
class PKDView(Record):
    """What a Koenig window shows besides the map: the cup, the activation, the fight."""

    turn: int
    turn_label: str
    day: bool
    cup: tuple[Chit, ...]  # chits still in the Command Cup
    drawn: tuple[Chit, ...]  # drawn this turn, in order (the last is the one acting)
    activation: ActivationView | None
    hits: dict[str, int]  # unit id -> Hits (units without Hits left out)
    support: dict[str, dict[str, int]]  # side -> {"artillery": n, "allied_support": n}
    leader: str | None  # who holds the Leadership marker; None: in the stock
    interdiction_to_place: int
    battle: BattleView | None
    score: dict[str, dict[str, int]]


def _chit(state: GameState, fid: str) -> Chit:
    f = beach_of(state).formations[fid]
    return Chit(fid, f.name, f.side)


def pkd_view(state: GameState, side: str) -> PKDView:
    v = view(state, side)
    r = rec(v)
    act = r["act"]
    av = None
    if act:
        ids = tuple(u.id for k, u in enumerate(v.scenario.units)
                    if (u.formation == act["formation"] and u.id not in r["attached_used"]) or u.id in act["attached"])
        left = {uid: (full_allowance(v, v.unit(uid), act) - act["spent"].get(uid, 0)) / SCALE for uid in ids} \
            if act["op"] in ("move", "combined") else {}
        av = ActivationView(_chit(v, act["formation"]), act["op"], op_title(act["op"]) if act["op"] else "",
                            ids, left, tuple(act["fired"]), tuple(act["done"]), tuple(act["overrun"]),
                            act["force_march"], tuple(act["attached"]), act["refit"])
    b = r["battle"]
    bv = None
    if b:
        table = "standard" if b["kind"] == "fire" else "close_combat"
        bv = BattleView(b["kind"], b["side"], tuple(b["attackers"]), b["target"], tuple(b["defenders"]), b["stage"],
                        v.active, b["die"], b["first_die"], b["result"],
                        crt().result(b["result"], table).text if b["result"] else "")
    hits = {u.id: v.steps_lost[k] for k, u in enumerate(v.scenario.units) if v.steps_lost[k]}
    bch = beach_of(v)
    return PKDView(v.turn, bch.label(v.turn), bch.day(v.turn), tuple(_chit(v, f) for f in r["cup"]),
                   tuple(_chit(v, f) for f in r["drawn"]), av, hits,
                   {s: dict(p) for s, p in r["support"].items()},
                   r["leader"] if v.options.get("leadership") else None,
                   r["interdiction"]["to_place"], bv, score(v))


@dataclass(frozen=True, eq=False, repr=False)
class Preview(Record):
    """A battle judged before the roll: every strength line with its rule, the column, and the
    exact chance of each result and of what matters to the players."""

    legal: bool
    refusal: str | None
    kind: str
    mode: str
    attack_lines: tuple[Line, ...]
    defence_lines: tuple[Line, ...]
    attack: int
    defence: int
    column: str
    results: tuple[tuple[str, str, Fraction], ...]  # (code, words, probability)
    defender_eliminated: Fraction  # every defending unit gone (Hits, or no hex to retreat to)
    defender_retreats: Fraction
    attacker_hit: Fraction


def preview(state: GameState, a: FireAttack | CloseCombat, def_support: int = 0, def_corps: bool = False,
            reroll: frozenset[str] = frozenset()) -> Preview:
    """The odds of a proposed battle with the defender answering with ``def_support`` Support
    points (and Corps Artillery); ``reroll``: results the Leadership holder would re-roll."""
    ass = assess(state, a, def_support, def_corps)
    if not ass.legal:
        z = _zero()
        return Preview(False, ass.refusal, ass.kind, ass.mode, (), (), 0, 0, "", (), z, z, z)
    return _judged(state, ass.kind, ass.mode, ass.table, list(ass.defenders), ass.attack_lines, ass.defence_lines,
                   ass.attack, ass.defence, dist=results(ass, reroll))


def declared_preview(state: GameState, def_support: int = 0, def_corps: bool = False,
                     reroll: frozenset[str] = frozenset()) -> Preview | None:
    """The odds of the battle waiting for the defender's answer, if he answers with
    ``def_support`` Support points (and Corps Artillery): the attack as declared, the
    defence as it stands plus the answer. None when no battle is declared."""
    b = rec(state)["battle"]
    if b is None:
        return None
    foe = state.scenario.units[state.unit(b["defenders"][0])].side
    problem = support_problem(state, foe, def_support, def_corps) if b["stage"] == "answer" else None
    if problem:
        z = _zero()
        return Preview(False, problem, b["kind"], "", (), (), 0, 0, "", (), z, z, z)
    extra = (def_support + def_corps) * val("combat", "support.value") if b["stage"] == "answer" else 0
    rule = "STD-PKD-FIRE" if b["kind"] == "fire" else "STD-PKD-CC"
    lines = [Line("the attack as declared", b["attack"], rule)]
    dlines = [Line("the defence before the answer", b["defence_base"], rule)] if b["stage"] == "answer" else \
        [Line("the defence as rolled, the answer included", b.get("defence", b["defence_base"]), rule)]
    if def_support and extra:
        dlines.append(Line(f"{def_support} Support point{'s' if def_support > 1 else ''}", def_support, "STD-PKD-SUP"))
    if def_corps and extra:
        dlines.append(Line("Corps Artillery (the Leadership marker)", 1, "PKD-LEAD-10"))
    defence = sum(x.value for x in dlines)
    table = "standard" if b["kind"] == "fire" else "close_combat"
    ks = [state.unit(u) for u in b["defenders"] if on_map(state, state.unit(u))]
    dist = distribution(crt().column(b["attack"], defence, table), reroll)
    return _judged(state, b["kind"], "", table, ks, tuple(lines), tuple(dlines), b["attack"], defence, dist=dist)


def _zero() -> Fraction:
    from fractions import Fraction  # (with a battle's odds: not before a start's first frame)

    return Fraction(0)


def _judged(state, kind, mode, table, defenders, alines, dlines, attack, defence, dist) -> Preview:
    """Each result's chance, and what it means for the defenders and attackers."""
    limit = val("combat", "hits.eliminated_at")
    can_retreat = bool(defenders) and bool(retreat_places(state, defenders, state.scenario.units[defenders[0]].side))
    elim = ret = hit = _zero()
    rows = []
    for code, p in dist.items():
        res = crt().result(code, table)
        given = spread(state, defenders, res.defender.steps) if defenders else {}  # (all gone already)
        gone = all(state.steps_lost[k] + given[k] >= limit for k in defenders)
        if res.defender.retreat and not gone:
            if can_retreat:
                ret += p
            else:
                gone = True
        if gone:
            elim += p
        if res.attacker.steps:
            hit += p
        rows.append((code, res.text, p))
    label = crt().column(attack, defence, table).label
    return Preview(True, None, kind, mode, tuple(alines), tuple(dlines), attack, defence, label, tuple(rows),
                   elim, ret, hit)
