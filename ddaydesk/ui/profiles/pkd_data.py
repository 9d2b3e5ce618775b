"""Koenig's D-Day as its panels see it (port side, no Qt): the Command Cup and the chit drawn,
the activation with its Operation and units, each side's Support, the battle under way with
the decisions it waits for, and the exact odds of any group of attackers (the battle dialog's
question, ``port.ask("odds", ...)``). Everything in names; every action a panel may take
comes ready-made from the rules' legal actions, or is judged by them before it is offered
(``port.perform``). Nothing in Koenig's D-Day is hidden from either player."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ddaydesk.engine import GameState, legal_actions
from ddaydesk.engine.state import MOVED, ON_MAP
from ddaydesk.rules.pkd import (
    AnswerBattle,
    ChooseOperation,
    CloseCombat,
    FireAttack,
    describe,
    pkd_view,
    preview,
)
from ddaydesk.rules.pkd.combat import crt, support_pool
from ddaydesk.rules.pkd.cup import cup_contents
from ddaydesk.rules.pkd.data import entry, val
from ddaydesk.rules.pkd.operations import operation_problem
from ddaydesk.rules.pkd.records import OPERATIONS, beach_of, can_arrive, enemy, rec, strength
from ddaydesk.rules.pkd.text import fire_title, place_name
from ddaydesk.rules.pkd.view import Chit, declared_preview
from ddaydesk.ui.port import PortError

if TYPE_CHECKING:  # (made when first used: not before a start's first frame)
    from ddaydesk.ui.port_values import CombatPreview, ModifierLine

SUPPORT = {"artillery": "Artillery", "allied_support": "Allied Support"}
EXPLAIN = {"rest_refit": "no movement or combat: draw a chit from the R&R Cup; its Replacements "
                         "remove Hits (the 2* chit may bring back an eliminated unit)"}
DECISIONS = ("answer_battle", "leadership", "withdraw", "occupy")


@dataclass(frozen=True)
class OperationChoice:
    id: str
    title: str
    explain: str
    rule: str
    action: object | None  # ChooseOperation, when the rules allow it now
    why: str = ""  # else why not


@dataclass(frozen=True)
class ActiveUnit:
    id: str
    name: str
    where: str
    value: int  # combat value now (Hits taken off)
    status: str  # "ready", "3 of 6 MP left", "has fired", "move ended", "overrunning"


@dataclass(frozen=True)
class Target:
    kind: str  # "fire" or "close_combat"
    title: str  # "Full Fire", "Mobile Fire", "Close Combat"
    place: int
    name: str
    defenders: tuple[str, ...]
    attackers: tuple[str, ...]  # unit ids that may join (the largest group)
    indirect: tuple[str, ...] = ()  # of them, Heavy Weapons out of reach but for Indirect Fire
    names: dict[str, str] = field(default_factory=dict)  # unit id -> name, strength


@dataclass(frozen=True)
class Decision:
    kind: str
    words: str
    action: object


@dataclass(frozen=True)
class Battle:
    kind: str
    title: str
    side: str  # the attacker
    target: int
    target_name: str
    attackers: tuple[str, ...]  # names
    defenders: tuple[str, ...]
    stage: str  # "answer", "leadership", "withdraw", "occupy"
    waits_for: str
    die: int | None
    first_die: int | None
    result: str | None
    result_text: str
    decisions: tuple[Decision, ...]
    support_most: int = 0  # what the defender may answer with
    corps: bool = False  # ...and whether he may add Corps Artillery
    attacker_places: tuple[int, ...] = ()
    retreats: tuple[int, ...] = ()  # hexes the defenders may retreat to (the withdraw stage)


@dataclass(frozen=True)
class KoenigView:
    turn_label: str
    day: bool
    phase: str  # the engine's phase id ("support", "interdiction", "allied.activation", "end")
    cup: tuple[Chit, ...]  # in the Command Cup now (or, before the Command Phase, to go in)
    cup_filled: bool
    drawn: tuple[Chit, ...]  # drawn this turn, in order; the last is acting
    acting: Chit | None
    operation: str | None
    operation_title: str
    operations: tuple[OperationChoice, ...]
    units: tuple[ActiveUnit, ...]  # the activated formation's (attached units too)
    targets: tuple[Target, ...]
    support: dict[str, tuple[tuple[str, int], ...]]  # side -> (kind title, points)
    leadership: bool  # the Leadership rule is in use
    leader: str | None
    battle: Battle | None
    score: dict[str, int]
    refit: dict | None = None  # an R&R chit drawn: {"chit", "left", "max_per_unit", "reconstitute"}
    values: dict[str, int] = field(default_factory=dict)  # unit id -> combat value now, on the map (Hits off)


@dataclass(frozen=True)
class Odds:
    """A battle judged before its die is rolled (the dialog's odds, updated as it changes)."""

    legal: bool
    refusal: str
    title: str
    attack_lines: tuple[ModifierLine, ...] = ()
    defence_lines: tuple[ModifierLine, ...] = ()
    attack: int = 0
    defence: int = 0
    column: str = ""
    faces: tuple[tuple[int, str, str], ...] = ()  # (die, result code, its words) of the column
    distribution: tuple[tuple[str, float], ...] = ()  # result code -> exact chance (``faces`` words it)
    eliminated: float = 0.0
    retreats: float = 0.0
    attacker_hit: float = 0.0
    rule: str = ""
    action: object | None = None  # the declaration (or the answer) to take
    answer_first: bool = False  # the defender will answer with Support before the roll


def _status(uid: str, av, moved: bool) -> str:
    if uid in av.overrun:
        return "overrunning"
    if uid in av.done:
        return "move ended"
    if uid in av.fired:
        return "has fired"
    if moved:  # a unit moves once an activation: MP it did not use are not "left"
        return "moved"
    if av.operation in ("move", "combined") and uid in av.mp_left:
        return f"{av.mp_left[uid]:g} MP left"
    return "ready"


def _unit(state: GameState, uid: str, av, name) -> ActiveUnit:
    k = state.unit(uid)
    u = state.scenario.units[k]
    if state.status[k] == ON_MAP:
        where, status = name(place_name(state, state.place[k])), _status(uid, av, bool(state.flags[k] & MOVED))
    else:  # arriving: it enters the map with its move (reinforcements, the landings)
        where = "—"
        status = "to enter" if can_arrive(state, k) else (f"turn {u.arrive_turn}" if u.arrive_turn else "off the map")
    return ActiveUnit(uid, name(u.name), where, strength(state, k), status)


def _targets(state: GameState, name) -> tuple[Target, ...]:
    out = []
    units = state.scenario.units
    for a in legal_actions(state, state.active, ("fire_attack", "close_combat")):
        if a.support or a.corps:  # one button per hex and kind: Support is chosen in the dialog
            continue
        fire = isinstance(a, FireAttack)
        foe = [units[k].name for k in state.units_at().get(a.target, []) if units[k].side != a.side]
        names = {u: f"{name(units[state.unit(u)].name)} ({strength(state, state.unit(u))})" for u in a.attackers}
        out.append(Target("fire" if fire else "close_combat", fire_title(state) if fire else "Close Combat",
                          a.target, name(place_name(state, a.target)), tuple(name(n) for n in foe),
                          tuple(a.attackers), tuple(a.indirect) if fire else (), names))
    return tuple(out)


def _battle(state: GameState, bv, name) -> Battle:
    units = state.scenario.units
    decisions = tuple(Decision(a.kind, name(describe(state, a)), a)
                      for a in legal_actions(state, state.active, DECISIONS))
    b = rec(state)["battle"]
    foe = enemy(bv.attacker)
    most = min(val("combat", "support.max_per_battle"), support_pool(state, foe))
    corps = any(isinstance(d.action, AnswerBattle) and d.action.corps for d in decisions)
    title = "Close Combat" if bv.kind == "close_combat" else (
        fire_title(state, bool(b["indirect"]) and len(b["indirect"]) == len(b["attackers"])))
    return Battle(bv.kind, title, bv.attacker, bv.target, name(place_name(state, bv.target)),
                  tuple(name(units[state.unit(u)].name) for u in bv.attackers),
                  tuple(name(units[state.unit(u)].name) for u in bv.defenders), bv.stage, bv.waits_for,
                  bv.die, bv.first_die, bv.result, bv.result_text, decisions, most, corps,
                  tuple(state.place[state.unit(u)] for u in bv.attackers if state.place[state.unit(u)] >= 0),
                  tuple(d.action.to for d in decisions if d.kind == "withdraw"))


def koenig_view(state: GameState, side: str, name) -> KoenigView:
    v = pkd_view(state, side)
    r = rec(state)
    filled = state.phase.endswith(".activation")
    if filled:
        cup = v.cup
    elif state.phase in ("support", "interdiction"):  # before the Command Phase: the chits to go in
        forms = beach_of(state).formations
        cup = tuple(Chit(f, forms[f].name, forms[f].side) for f in cup_contents(state))
    else:  # the turn's end: every chit drawn
        cup = ()
    av = v.activation
    ops: tuple[OperationChoice, ...] = ()
    units: tuple[ActiveUnit, ...] = ()
    targets: tuple[Target, ...] = ()
    if av is not None:
        if av.operation is None:
            ops = tuple(_operation(state, av.chit.side, op) for op in OPERATIONS
                        if op != "rest_refit" or state.options.get("rest_refit"))
        units = tuple(_unit(state, uid, av, name) for uid in av.units)
        if r["battle"] is None and av.operation and state.active == av.chit.side:
            targets = _targets(state, name)
    support = {s: tuple((SUPPORT.get(k, k), n) for k, n in pts.items()) for s, pts in v.support.items()}
    return KoenigView(v.turn_label, v.day, state.phase, cup, filled, v.drawn if filled else (),
                      av.chit if av else None, av.operation if av else None,
                      av.operation_title if av else "", ops, units, targets, support,
                      bool(state.options.get("leadership")), v.leader,
                      _battle(state, v.battle, name) if v.battle else None,
                      {s: sum(p.values()) for s, p in v.score.items()}, av.refit if av else None,
                      {u.id: strength(state, k) for k, u in enumerate(state.scenario.units) if state.place[k] >= 0})


def _operation(state: GameState, side: str, op: str) -> OperationChoice:
    e = entry("operations", f"operations.{op}")
    why = operation_problem(state, side, op)
    return OperationChoice(op, e["title"], EXPLAIN.get(op) or e.get("note", ""), e["rule"],
                           None if why else ChooseOperation(side, op), why or "")


# -- the battle dialog's questions -----------------------------------------------------------------
def _odds(pv, title: str, action, answer_first: bool, name) -> Odds:
    if not pv.legal:
        return Odds(False, name(pv.refusal or "not possible"), title)
    table = "standard" if pv.kind == "fire" else "close_combat"
    col = crt().column(pv.attack, pv.defence, table)
    results = getattr(col, "results", None) or (col.result,) * crt().die
    faces = tuple((d + 1, code, crt().result(code, table).text) for d, code in enumerate(results))

    from ddaydesk.ui.port_values import ModifierLine

    def lines(ls):
        return tuple(ModifierLine(name(x.text), f"{x.value:+d}" if k else str(x.value), x.rule)
                     for k, x in enumerate(ls))
    return Odds(True, "", title, lines(pv.attack_lines), lines(pv.defence_lines), pv.attack, pv.defence,
                pv.column, faces, tuple((code, float(p)) for code, _text, p in pv.results),
                float(pv.defender_eliminated), float(pv.defender_retreats), float(pv.attacker_hit),
                crt().table(table).rule, action, answer_first)


def declaration(a: FireAttack | CloseCombat) -> dict:
    """A declaration as :func:`declaration_odds` takes it."""
    fire = isinstance(a, FireAttack)
    return {"kind": "fire" if fire else "close_combat", "target": a.target, "attackers": tuple(a.attackers),
            "indirect": tuple(a.indirect) if fire else (), "support": a.support, "corps": a.corps}


def declaring(target: Target, ticked=None) -> dict:
    """A declaration on a ``Target``: ``ticked`` of its units (default: all that may join)."""
    units = tuple(u for u in ticked or () if u in target.attackers) or target.attackers
    return {"kind": target.kind, "target": target.place, "attackers": units, "indirect": target.indirect,
            "support": 0, "corps": False}


def declaration_odds(state: GameState, name, kind: str, target: int, attackers: tuple[str, ...],
                     indirect: tuple[str, ...] = (), support: int = 0, corps: bool = False) -> Odds:
    """The odds of declaring this battle now (before any answer), and the declaration."""
    side = state.active
    if kind == "fire":
        a = FireAttack(side, tuple(attackers), target, tuple(u for u in indirect if u in attackers), support, corps)
        title = fire_title(state, bool(a.indirect) and len(a.indirect) == len(a.attackers))
    else:
        a, title = CloseCombat(side, tuple(attackers), target, support, corps), "Close Combat"
    foe = enemy(side)
    answers = bool(support_pool(state, foe)) or (bool(state.options.get("leadership")) and rec(state)["leader"] == foe)
    return _odds(preview(state, a), title, a, answers, name)


def answer_odds(state: GameState, name, support: int = 0, corps: bool = False) -> Odds:
    """The odds of the battle waiting for the defender, if he answers so; and that answer."""
    b = rec(state)["battle"]
    if b is None:
        return Odds(False, "no battle waits for an answer", "")
    pv = declared_preview(state, support, corps)
    title = "Close Combat" if b["kind"] == "close_combat" else fire_title(state)
    answer = AnswerBattle(enemy(b["side"]), support, corps) if b["stage"] == "answer" else None
    return _odds(pv, title, answer, False, name)


def map_preview(state: GameState, attackers, place: int, name) -> CombatPreview:
    """The odds of the units picked on the map attacking ``place`` (the Fire first where a Close
    Combat is open too), as the window's hover shows any system's; PortError if none may."""
    from ddaydesk.ui.port_values import CombatPreview

    here = sorted((t for t in _targets(state, name) if t.place == place), key=lambda t: t.kind)
    if not here:
        raise PortError(f"{name(place_name(state, place))} may not be attacked now")
    t = here[-1]
    units = tuple(u for u in attackers if u in t.attackers)
    o = declaration_odds(state, name, t.kind, place, units, t.indirect)
    if not o.legal:
        raise PortError(o.refusal)
    table = crt().table("standard" if t.kind == "fire" else "close_combat")
    return CombatPreview(units, place, (), o.attack_lines, o.defence_lines, o.attack, o.defence, o.column,
                         tuple(c.label for c in table.columns), {c.label: c.results for c in table.columns},
                         o.distribution, (), crt().die, o.rule, tuple((c, w) for _d, c, w in o.faces))
