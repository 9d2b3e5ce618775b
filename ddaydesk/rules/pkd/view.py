"""What a Koenig window shows, read from the engine's per-side view: the Command Cup (chits left
and drawn), the activation under way, Hits per unit, each side's Support points and the
Leadership marker, the battle waiting for a decision, and a battle's exact odds before the roll
(:func:`preview`). Pure, no Qt; nothing in Koenig's D-Day is hidden from either player (the cup's
contents are public; the next chit is not known to anyone: the dice state is blanked)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ddaydesk.engine import GameState, view
from ddaydesk.engine.tables import SCALE
from ddaydesk.rules.pkd.actions import CloseCombat, FireAttack
from ddaydesk.rules.pkd.battle import retreat_places, spread
from ddaydesk.rules.pkd.combat import Line, assess, column, crt, results
from ddaydesk.rules.pkd.data import val
from ddaydesk.rules.pkd.operations import op_title
from ddaydesk.rules.pkd.records import beach_of, full_allowance, rec
from ddaydesk.rules.pkd.victory import score


@dataclass(frozen=True)
class Chit:
    formation: str
    name: str
    side: str


@dataclass(frozen=True)
class ActivationView:
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


@dataclass(frozen=True)
class BattleView:
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


@dataclass(frozen=True)
class PKDView:
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


@dataclass(frozen=True)
class Preview:
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
        z = Fraction(0)
        return Preview(False, ass.refusal, ass.kind, ass.mode, (), (), 0, 0, "", (), z, z, z)
    table = ass.table
    dist = results(ass, reroll)
    limit = val("combat", "hits.eliminated_at")
    defenders = list(ass.defenders)
    can_retreat = bool(retreat_places(state, defenders, state.scenario.units[defenders[0]].side))
    elim = ret = hit = Fraction(0)
    rows = []
    for code, p in dist.items():
        res = crt().result(code, table)
        given = spread(state, defenders, res.defender.steps)
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
    return Preview(True, None, ass.kind, ass.mode, ass.attack_lines, ass.defence_lines, ass.attack, ass.defence,
                   column(ass).label, tuple(rows), elim, ret, hit)
