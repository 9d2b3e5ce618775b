"""Koenig's D-Day actions in words for a player: unit and place names, never ids ("Full Fire
at 0605 Hermanville-sur-Mer: 1st Suffolk, 2nd East Yorkshire · with 2 Support points"). Pure, no Qt."""

from __future__ import annotations

from ddaydesk.engine import Action, EndPhase, GameState, Interdict, Move
from ddaydesk.rules.pkd.actions import (
    AnswerBattle,
    Attach,
    ChooseOperation,
    CloseCombat,
    FireAttack,
    ForceMarch,
    HaltOverrun,
    Leadership,
    Occupy,
    Reconstitute,
    Recover,
    Refit,
    TradeSupport,
    Withdraw,
)
from ddaydesk.rules.pkd.operations import op_title
from ddaydesk.rules.pkd.records import formation_name, rec

PAY = {"artillery": "an Artillery point", "allied_support": "an Allied Support point",
       "leadership": "the Leadership marker"}
FEAT = {"keep": "keep the Leadership marker (accept the roll)",
        "reroll": "spend the Leadership marker: re-roll the die (Battlefield Leadership)",
        "stand": "spend the Leadership marker: ignore the retreat and fight on (Battlefield Leadership)"}


def place_name(state: GameState, p: int) -> str:
    """'0605 Hermanville-sur-Mer': the hex number and the first name on it."""
    if p < 0:
        return "nowhere"
    board = state.scenario.board
    names = [x.name for x in board.places if x.place == p]
    return f"{board.labels[p]} {names[0]}" if names else board.labels[p]


def unit_name(state: GameState, uid: str) -> str:
    k = state.scenario.unit_index.get(uid)
    return state.scenario.units[k].name if k is not None else str(uid)


def _names(state: GameState, ids) -> str:
    return ", ".join(unit_name(state, u) for u in ids)


VARIANT = " · "  # before the Support an attack takes: the Actions dock lists the variants under their attack


def _support(n: int, corps: bool) -> str:
    parts = [f"{n} Support point{'s' if n > 1 else ''}"] if n else []
    if corps:
        parts.append("Corps Artillery (the Leadership marker)")
    return (VARIANT + "with " + " and ".join(parts)) if parts else ""


def fire_title(state: GameState, indirect_only: bool = False) -> str:
    """The fire's name in the rules: Full Fire in a Fire Operation, else Mobile Fire; Indirect
    Fire when every attacker fires indirectly (the Command Cup panel and the battle dialog's words)."""
    if indirect_only:
        return "Indirect Fire"
    act = rec(state)["act"]
    return "Full Fire" if act and act["op"] == "fire" else "Mobile Fire"


def describe(state: GameState, a: Action) -> str:
    """One line for a player."""
    if isinstance(a, EndPhase):
        act = rec(state)["act"]
        if state.phase == "interdiction":
            return "done interdicting: draw the first chit"
        return f"end the {formation_name(state, act['formation'])} activation" if act else "end the phase"
    if isinstance(a, Move):
        k = state.unit(a.unit)
        start = state.place[k]
        frm = place_name(state, start) if start >= 0 else "off the map"
        return f"move {unit_name(state, a.unit)} from {frm} to {place_name(state, a.to)}"
    if isinstance(a, ChooseOperation):
        return f"{op_title(a.operation)} Operation"
    if isinstance(a, FireAttack):
        ind = [u for u in a.attackers if u in a.indirect]
        direct = [u for u in a.attackers if u not in a.indirect]
        who = _names(state, ind) if not direct else "; ".join(  # (all indirect: the title says it)
            [_names(state, direct)] + (["indirect: " + _names(state, ind)] if ind else []))
        title = fire_title(state, not direct)
        return f"{title} at {place_name(state, a.target)}: {who}{_support(a.support, a.corps)}"
    if isinstance(a, CloseCombat):
        return f"Close Combat at {place_name(state, a.target)}: {_names(state, a.attackers)}{_support(a.support, a.corps)}"
    if isinstance(a, AnswerBattle):
        return "defend " + (_support(a.support, a.corps)[len(VARIANT):] or "without Support")
    if isinstance(a, Leadership):
        return FEAT.get(a.feat, a.feat)
    if isinstance(a, Withdraw):
        return f"retreat to {place_name(state, a.to)}"
    if isinstance(a, Occupy):
        return f"move into the hex: {_names(state, a.units)}" if a.units else "stay: nobody moves into the hex"
    if isinstance(a, HaltOverrun):
        return f"{unit_name(state, a.unit)} ends its overrun"
    if isinstance(a, ForceMarch):
        return f"Force March {unit_name(state, a.unit)} (spend the Leadership marker)"
    if isinstance(a, Attach):
        return f"attach {unit_name(state, a.unit)} to this formation for the turn (spend the Leadership marker)"
    if isinstance(a, Recover | Reconstitute):
        where = f"at {place_name(state, a.place)}" if a.place >= 0 else "(no hex qualifies: the chance is lost)"
        if isinstance(a, Recover):
            return f"Unit Recovery: {unit_name(state, a.unit)} returns {where} (spend the Leadership marker)"
        return f"reconstitute {unit_name(state, a.unit)} {where} with both Replacements"
    if isinstance(a, Refit):
        return f"Replacements: {_names(state, a.units)}" if a.units else "no unit to refit"
    if isinstance(a, TradeSupport):
        return f"trade {PAY.get(a.pay, a.pay)} for an Interdiction marker"
    if isinstance(a, Interdict):
        return f"place an Interdiction marker at {place_name(state, a.place)}"
    return a.kind.replace("_", " ")


BATTLE_STAGE = {"answer": "answer to", "leadership": "Leadership decision in", "withdraw": "retreat from",
                "occupy": "advance after"}


def phase_label(state: GameState) -> str | None:
    """'activation: 6th Airborne Division, Move Operation' while a formation acts; while its
    battle waits for the other player, that player's decision ('answer to the 716th Infantry
    Division's Mobile Fire at 0605 Hermanville-sur-Mer'): the window puts the deciding side first."""
    r = rec(state)
    act, b = r["act"], r["battle"]
    if act is None or not state.phase.endswith(".activation"):
        return None
    form = formation_name(state, act["formation"])
    if b and state.active != act["side"]:
        what = fire_title(state, bool(b["indirect"]) and len(b["indirect"]) == len(b["attackers"])) \
            if b["kind"] == "fire" else "Close Combat"
        return f"{BATTLE_STAGE.get(b['stage'], 'decision in')} the {form}'s {what} at {place_name(state, b['target'])}"
    op = f", {op_title(act['op'])} Operation" if act["op"] else ""
    return f"activation: {form}{op}"
