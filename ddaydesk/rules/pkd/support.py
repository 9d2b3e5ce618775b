"""The Support Phase of a day turn (docs/rules/koenig.md §3): the Leadership roll-off first
(PKD-LEAD-02..04), then each side's Support rolls (STD-PKD-SUP), with the Allied Preparation
modifier on turn 1 (PKD-PREP-01..03); then the Allies may trade Support points (or the
Leadership marker) for Interdiction markers and place them (PKD-INT-01..03)."""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState, Handler, IllegalAction, Phase
from ddaydesk.engine.core import Interdict
from ddaydesk.rules.pkd.actions import TradeSupport
from ddaydesk.rules.pkd.data import entry, table, val
from ddaydesk.rules.pkd.records import is_day, own, rec

PAY = ("artillery", "allied_support", "leadership")


def modifier(state: GameState, side: str) -> int:
    """What the Allied Preparation scenario adds to this side's Support Phase rolls now."""
    prep = entry("support", "preparation.modifier")
    if side == "allied" and state.options.get("allied_preparation") and state.turn == prep["turn"]:
        return int(prep["value"])
    return 0


def roll_off(allied: int, german: int, holder: str | None, margin: int) -> str | None:
    """Who holds the Leadership marker after a roll-off: the side at least ``margin`` higher
    takes it, from the stock or the other side (PKD-LEAD-03); else it stays (PKD-LEAD-04)."""
    if allied - german >= margin:
        return "allied"
    if german - allied >= margin:
        return "german"
    return holder


def points(results: list[int], die: int, mod: int) -> int:
    """Support points for a (modified) d6: a modified roll above 6 reads as 6."""
    return results[min(die + mod, len(results)) - 1]


def support_hook(state: GameState, ch: Changes) -> None:
    r = own(state)
    if state.options.get("leadership"):
        a = ch.roll(state, 6, "Leadership roll-off, Allied").value
        g = ch.roll(state, 6, "Leadership roll-off, German").value
        a_mod = a + modifier(state, "allied")
        before = r["leader"]
        r["leader"] = roll_off(a_mod, g, before, val("support", "leadership.min_margin"))
        mod_text = f" (+{a_mod - a})" if a_mod != a else ""
        got = r["leader"] or "nobody"
        how = "keeps" if r["leader"] == before else "takes"
        ch.notes.append(f"Leadership roll-off: Allied {a}{mod_text}, German {g}: "
                        + (f"the {got} player {how} the Leadership marker" if r["leader"] else "the marker stays in the stock"))
    support = {"allied": {"artillery": 0, "allied_support": 0}, "german": {"artillery": 0}}
    for row in table("support")["rolls"]:
        side, kind = row["side"], row["kind"]
        die = ch.roll(state, 6, f"Support: {side} {kind.replace('_', ' ')}").value
        mod = modifier(state, side)
        n = min(points(list(row["results"]), die, mod), int(row["max"]))
        support[side][kind] = n
        ch.notes.append(f"Support: {side} {kind.replace('_', ' ')} rolled {die}"
                        + (f" (+{mod})" if mod else "") + f": {n} point{'s' if n != 1 else ''}")
    r["support"] = support


# -- interdiction -----------------------------------------------------------------------------
def interdiction_due(state: GameState) -> bool:
    r = rec(state)
    return (bool(state.options.get("interdiction")) and is_day(state)
            and (sum(r["support"]["allied"].values()) > 0 or r["leader"] == "allied"))


def trade_problem(state: GameState, side: str, pay: str) -> str | None:
    r = rec(state)
    if side != "allied" or state.phase != "interdiction":
        return "only the Allied player interdicts, before the first chit is drawn (PKD-INT-01)"
    cap = val("support", "interdiction.max_markers")
    if r["interdiction"]["traded"] >= cap:
        return f"at most {cap} Interdiction markers a turn (PKD-INT-02)"
    if pay not in PAY:
        return f"pay with one of: {', '.join(PAY)}"
    if pay == "leadership":
        if r["leader"] != "allied":
            return "the Allied player does not hold the Leadership marker"
    elif r["support"]["allied"].get(pay, 0) <= 0:
        return f"no {pay.replace('_', ' ')} points left"
    return None


def _trade_legal(state: GameState, side: str, phase: Phase):
    for pay in PAY:
        if trade_problem(state, side, pay) is None:
            yield TradeSupport(side, pay)


def _trade_apply(state: GameState, a: TradeSupport, ch: Changes, phase: Phase) -> None:
    problem = trade_problem(state, a.side, a.pay)
    if problem:
        raise IllegalAction(problem)
    r = own(state)
    if a.pay == "leadership":
        r["leader"] = None
    else:
        pool = dict(r["support"]["allied"])
        pool[a.pay] -= 1
        r["support"] = {**r["support"], "allied": pool}
    it = r["interdiction"]
    r["interdiction"] = {"traded": it["traded"] + 1, "to_place": it["to_place"] + 1}
    ch.notes.append(f"one {'Leadership marker' if a.pay == 'leadership' else a.pay.replace('_', ' ') + ' point'} "
                    "traded for an Interdiction marker")


def wrap_interdict(core: Handler) -> Handler:
    """The engine's marker placement, for a marker traded in and not yet placed."""

    def legal(state: GameState, side: str, phase: Phase):
        if rec(state)["interdiction"]["to_place"] > 0:
            yield from core.legal(state, side, phase)

    def apply(state: GameState, a: Interdict, ch: Changes, phase: Phase) -> None:
        if rec(state)["interdiction"]["to_place"] <= 0:
            raise IllegalAction("trade a Support point for an Interdiction marker first (PKD-INT-02)")
        core.apply(state, a, ch, phase)
        r = own(state)
        it = r["interdiction"]
        r["interdiction"] = {**it, "to_place": it["to_place"] - 1}

    return Handler("interdict", legal, apply, core.sides)


def register(rm) -> None:
    rm.add_hook("pkd_support", support_hook)
    rm.add_condition("pkd_day", is_day, "night turn: no Support Phase")
    rm.add_condition("pkd_interdiction", interdiction_due)
    rm.add_action(Handler("trade_support", _trade_legal, _trade_apply))
    rm.add_action(wrap_interdict(rm.handlers["interdict"]))
