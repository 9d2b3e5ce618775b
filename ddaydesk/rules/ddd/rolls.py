"""Phase 1 and Phase 2 at the table: rolling, locking, re-rolling and keeping the dice, the
Close Combat Clasp's second tally, the Lieutenant's dice trade, and scoring the Final Tally.

Every die is rolled through the engine (``Changes.roll``): it is in the log and the dice log,
and the action that rolled it cannot be undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState, IllegalAction, Phase
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.actions import (
    KeepDice,
    LockDie,
    Reroll,
    RollDice,
)
from ddaydesk.rules.ddd.data import FACES, tables
from ddaydesk.rules.ddd.pending import push

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import PickTally, ScoreTally, TradeDie

COLOUR_NAMES = {"red": "Red", "white": "White", "blue": "Blue", "black": "Black"}


def players(state: GameState, side: str) -> list[str]:
    """Who rolls, scores, rallies and moves in ``side``'s phases now."""
    r = m.rec(state)
    if side == "german":  # the program's German plays in the `*_auto` phases (auto.py)
        return [m.GERMAN] if m.has_german(r) and r["auto_german"] == state.phase.endswith("_auto") else []
    return [] if m.solo(r) else m.active_units(r)


def attributes(state: GameState, pid: str) -> frozenset[str]:
    """The attributes of ``pid``'s Sector for it this turn (the Battle Conditions win over the
    printed ones, DDD-COND-03)."""
    from ddaydesk.rules.ddd.conditions import sector_attributes

    place = m.place_of(state, pid) if pid != m.GERMAN else -1
    sm = m.sectors(state)
    return sector_attributes(state, pid, sm.sector(place).attributes) if place in sm.sectors else frozenset()


def rerolls(state: GameState, pid: str) -> int:
    """Re-rolls allowed this turn: two, less the Battle Conditions' and a Rookie's (never below 0)."""
    from ddaydesk.rules.ddd import conditions, rookie

    n = tables().rerolls + conditions.effects(state, pid).n("rerolls") - rookie.amount(state, pid, "rookie_rerolls")
    return max(0, n)


def roll_face(state: GameState, ch: Changes, who: str, colour: str) -> str:
    return FACES[ch.roll(state, len(FACES), f"{who}: {COLOUR_NAMES.get(colour, colour)} die").value - 1]


def _mine(state: GameState, a, side: str) -> dict:
    if a.player not in players(state, side):
        raise IllegalAction(f"{m.player_name(state, a.player)} does not roll now")
    return m.player(m.own(state), a.player)


# -- roll, lock, re-roll, keep ------------------------------------------------------------------
def roll_problem(p: dict) -> str | None:
    return "the dice are already rolled" if p["rolls"] or p["kept"] else None


def reroll_problem(state: GameState, pid: str, p: dict) -> str | None:
    t = tables()
    if not p["rolls"] or p["kept"]:
        return "roll first" if not p["rolls"] else "the Final Tally is kept"
    allowed = rerolls(state, pid)
    if p["rolls"] > allowed:
        return f"no re-roll left ({allowed} this turn)"
    free = [d for d in p["dice"] if not d[2]]
    if not free:
        return "every die is locked"
    if "no_lock" not in attributes(state, pid) and len(p["dice"]) - len(free) < t.min_locked:
        return f"lock at least {t.min_locked} dice before re-rolling"
    return None


def lock_problem(state: GameState, pid: str, p: dict, die: int) -> str | None:
    if not p["rolls"] or p["kept"] or p["rolls"] > rerolls(state, pid):
        return "dice are locked between a roll and a re-roll"
    if "no_lock" in attributes(state, pid):
        return "no dice are locked in this Sector"
    if not 0 <= die < len(p["dice"]):
        return f"there is no die {die + 1}"
    if p["dice"][die][2] == 2:
        return "that die stays locked"
    return None


def dice_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    for pid in players(state, side):
        p = m.player(r, pid)
        if roll_problem(p) is None:
            yield RollDice(side, pid)
        for k in range(len(p["dice"])):
            if lock_problem(state, pid, p, k) is None:
                yield LockDie(side, pid, k)
        if reroll_problem(state, pid, p) is None:
            yield Reroll(side, pid)
        if p["rolls"] and not p["kept"]:
            yield KeepDice(side, pid)


def roll_apply(state: GameState, a: RollDice, ch: Changes, phase: Phase) -> None:
    p = _mine(state, a, a.side)
    problem = roll_problem(p)
    if problem:
        raise IllegalAction(problem)
    from ddaydesk.rules.ddd.rookie import amount

    colours = list(tables().dice_sets[p["side"]])
    fewer = ("five_dice" in attributes(state, a.player)) + amount(state, a.player, "rookie_dice")
    for _ in range(min(fewer, colours.count("blue"))):
        colours.remove("blue")  # roll only 5 dice here: one Blue fewer
    who = m.player_name(state, a.player)
    p["dice"] = [[c, roll_face(state, ch, who, c), 0] for c in colours]
    p["rolls"] = 1
    ch.notes.append(f"{who} rolls " + ", ".join(_die_words(d) for d in p["dice"]))


def lock_apply(state: GameState, a: LockDie, ch: Changes, phase: Phase) -> None:
    p = _mine(state, a, a.side)
    problem = lock_problem(state, a.player, p, a.die)
    if problem:
        raise IllegalAction(problem)
    d = p["dice"][a.die]
    d[2] = 0 if d[2] else 1


def reroll_apply(state: GameState, a: Reroll, ch: Changes, phase: Phase) -> None:
    p = _mine(state, a, a.side)
    problem = reroll_problem(state, a.player, p)
    if problem:
        raise IllegalAction(problem)
    who = m.player_name(state, a.player)
    for d in p["dice"]:
        if d[2]:
            d[2] = 2  # locked at a re-roll: stays locked
        else:
            d[1] = roll_face(state, ch, who, d[0])
    p["rolls"] += 1
    ch.notes.append(f"{who} re-rolls: " + ", ".join(_die_words(d) for d in p["dice"]))
    if p["rolls"] > rerolls(state, a.player):
        _keep(state, a.player, p, ch)


def keep_apply(state: GameState, a: KeepDice, ch: Changes, phase: Phase) -> None:
    p = _mine(state, a, a.side)
    if not p["rolls"] or p["kept"]:
        raise IllegalAction("there are no dice to keep")
    _keep(state, a.player, p, ch)


def _keep(state: GameState, pid: str, p: dict, ch: Changes) -> None:
    p["kept"] = True
    for d in p["dice"]:
        d[2] = 0
    if p.get("clasp"):  # the Close Combat Clasp's second tally: keep one of the two
        push(state, ch, {"kind": "pick_tally", "player": pid, "why": "Close Combat Clasp"})


def _die_words(d: list) -> str:
    return f"{COLOUR_NAMES.get(d[0], d[0])} {tables().faces[d[1]].name}"


def pick_legal(state: GameState, side: str, phase: Phase):
    from ddaydesk.rules.ddd.pending import side_of, waiting

    c = waiting(state)
    if c and c["kind"] == "pick_tally" and side == side_of(c["player"]):
        from ddaydesk.rules.ddd.actions_later import PickTally  # (made when first listed)

        yield PickTally(side, c["player"], True)
        yield PickTally(side, c["player"], False)


def pick_apply(state: GameState, a: PickTally, ch: Changes, phase: Phase) -> None:
    from ddaydesk.rules.ddd.pending import answer_apply, waiting

    c = waiting(state)
    if c is None or c["player"] != a.player:
        raise IllegalAction("no second tally waits")
    answer_apply(state, "original" if a.original else "new", "pick_tally", a.side, ch)


# -- the Lieutenant's dice trade ----------------------------------------------------------------
def trade_die_legal(state: GameState, side: str, phase: Phase):
    r = m.rec(state)
    for pid in players(state, side):
        p = m.player(r, pid)
        if not _can_trade_die(p):
            continue
        here = m.place_of(state, pid)
        for other in players(state, side):
            q = m.player(r, other)
            if other != pid and m.place_of(state, other) == here and q["kept"] and q["scored"] is None:
                from ddaydesk.rules.ddd.actions_later import TradeDie  # (made when first listed)
                for k in range(len(p["dice"])):
                    yield TradeDie(side, pid, other, k)


def _can_trade_die(p: dict) -> bool:
    return ("lieutenant" in p["specialists"] and p["kept"] and p["scored"] is None
            and not p["turn"].get("traded_die") and len(p["dice"]) > 0)


def trade_die_apply(state: GameState, a: TradeDie, ch: Changes, phase: Phase) -> None:
    if a not in set(trade_die_legal(state, a.side, phase)):
        raise IllegalAction("the Lieutenant trades one kept die with a Unit in his Sector, before scoring")
    r = m.own(state)
    p, q = m.player(r, a.player), m.player(r, a.receiver)
    die = p["dice"].pop(a.die)
    q["dice"].append(die)
    p["turn"]["traded_die"] = True
    ch.notes.append(f"{m.player_name(state, a.player)} gives its {_die_words(die)} to {m.player_name(state, a.receiver)}")


# -- Phase 2: scoring ---------------------------------------------------------------------------
def score_legal(state: GameState, side: str, phase: Phase):
    for pid in players(state, side):
        for o in scoring.options(state, pid):
            yield o.action


def score_apply(state: GameState, a: ScoreTally, ch: Changes, phase: Phase) -> None:
    if a.player not in players(state, a.side):
        raise IllegalAction(f"{m.player_name(state, a.player)} does not score now")
    o = scoring.apply_score(state, a, ch)
    from ddaydesk.rules.ddd import effects

    effects.after_score(state, a.player, o.effects, ch)
    effects.after_tally(state, a.player, o.base.rwbs, len(o.base.active_skulls), ch)


def dice_legal_kind(kind: str):
    """``dice_legal`` narrowed to one action kind (one handler each)."""
    def legal(state: GameState, side: str, phase: Phase):
        return (a for a in dice_legal(state, side, phase) if a.kind == kind)
    return legal
