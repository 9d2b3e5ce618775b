"""Allied replacement points (11.2.5; campaign 14.0): granted in the support fire marker phase,
spent in the Allied movement phase on a reduced, supplied unit of the matching class, lost at
the end of the GT (FMU-REPL-02..05). The German side gets none (FMU-REPL-01)."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ON_MAP, GameState
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.rules.fmu.common import campaign
from ddaydesk.rules.fmu.data import entry
from ddaydesk.rules.fmu.supply import supplied_units


@action_type
@dataclass(frozen=True)
class Rebuild(Action):
    kind = "rebuild"
    unit: str


def points_for(schedule: list[dict], turn: int) -> dict[str, int]:
    """Points of each class a schedule gives on ``turn``."""
    out = {"leg": 0, "mobile": 0}
    for row in schedule:
        if turn < row["first_turn"] or turn > row.get("last_turn", 10**6):
            continue
        if row["parity"] == "odd" and turn % 2 == 0 or row["parity"] == "even" and turn % 2:
            continue
        out[row["type"]] += row["points"]
    return out


def schedule(state: GameState, side: str = "allied") -> list[dict]:
    if side != "allied":
        return []  # FMU-REPL-01
    return entry("replacements.campaign_us" if campaign(state) else "replacements.scenario")


def grant_points(state: GameState, ch: Changes) -> None:
    pts = points_for(schedule(state), state.turn)
    state.scratch["replacements"] = pts  # scratch empties at the next GT: points do not carry (FMU-REPL-05)
    if any(pts.values()):
        ch.notes.append(f"Allied replacement points GT {state.turn}: {pts['leg']} leg, {pts['mobile']} mobile "
                        f"({', '.join(r['rule'] for r in schedule(state))})")


def unit_class(state: GameState, k: int) -> str:
    rules = load_move_rules(state.scenario.system.id)
    return rules.classes[rules.class_of_type[state.scenario.units[k].type]]


def _problem(state: GameState, k: int) -> str | None:
    u = state.scenario.units[k]
    if u.side != "allied":
        return "the German side receives no replacements (FMU-REPL-01)"
    if state.status[k] != ON_MAP or not state.steps_lost[k]:
        return f"{u.id} is not a reduced unit on the map (FMU-REPL-02)"
    cls = unit_class(state, k)
    if state.scratch.get("replacements", {}).get(cls, 0) < 1:
        return f"no {cls} replacement point left this GT (FMU-REPL-03, FMU-REPL-04)"
    ok = supplied_units(state)
    if ok is None:
        return "supply cannot be traced (no supply calculator installed)"
    if u.id not in ok:
        return f"{u.id} is out of supply: only a supplied unit may be rebuilt (FMU-REPL-02)"
    return None


def _legal(state: GameState, side: str, phase: Phase):
    if side != "allied" or not any(state.scratch.get("replacements", {}).values()):
        return
    for k, u in enumerate(state.scenario.units):
        if u.side == side and state.steps_lost[k] and _problem(state, k) is None:
            yield Rebuild(side, u.id)


def _apply(state: GameState, a: Rebuild, ch: Changes, phase: Phase) -> None:
    try:
        k = state.unit(a.unit)
    except KeyError as exc:
        raise IllegalAction(exc.args[0]) from None
    problem = _problem(state, k)
    if problem:
        raise IllegalAction(problem)
    cls = unit_class(state, k)
    left = state.scratch["replacements"]
    state.scratch["replacements"] = {**left, cls: left[cls] - 1}
    state.steps_lost[k] = 0
    ch.units.append(a.unit)
    ch.notes.append(f"{a.unit} rebuilt with a {cls} replacement point (FMU-REPL-02)")
