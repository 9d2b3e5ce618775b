"""Allied replacement points (11.2.5; campaign 14.0): granted in the support fire marker phase,
spent in the Allied movement phase on a reduced, supplied unit of the matching class, lost at
the end of the GT (FMU-REPL-02..05). The German side gets none (FMU-REPL-01). In the campaign
the U.S. and the Commonwealth forces each have their own schedule (FMU-CAMP-02..06) and their
own points: a unit is rebuilt from its own nation's."""

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
@dataclass(frozen=True, eq=False, repr=False)
class Rebuild(Action):
    """A reduced unit rebuilt."""

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


# The nationalities a Commonwealth schedule serves (as the campaign's support cups, FMU-CAMP-11)
COMMONWEALTH = frozenset({"british", "canadian", "commonwealth"})
# Where each nation's points of the GT are kept (scratch empties at the next GT: FMU-REPL-05)
POOLS = {"us": "replacements", "commonwealth": "replacements_commonwealth"}


def nation(state: GameState, k: int) -> str:
    """Whose replacement points unit ``k`` is rebuilt with: ``us`` or ``commonwealth``."""
    return "commonwealth" if state.scenario.units[k].nationality in COMMONWEALTH else "us"


def schedule(state: GameState, side: str = "allied", who: str = "us") -> list[dict]:
    """The schedule of ``who``'s points: the scenario's, or in the campaign the nation's own."""
    if side != "allied":
        return []  # FMU-REPL-01
    if not campaign(state):
        return entry("replacements.scenario") if who == "us" else []
    return entry(f"replacements.campaign_{who}")


def points_left(state: GameState, who: str = "us") -> dict[str, int]:
    return state.scratch.get(POOLS[who], {})


def grant_points(state: GameState, ch: Changes) -> None:
    units = state.scenario.units
    nations = {nation(state, k) for k, u in enumerate(units) if u.side == "allied"} | {"us"}
    for who in sorted(nations):
        rows = schedule(state, who=who)
        pts = points_for(rows, state.turn)
        state.scratch[POOLS[who]] = pts
        if any(pts.values()):
            whose = "Commonwealth" if who == "commonwealth" else "Allied"
            ch.notes.append(f"{whose} replacement points GT {state.turn}: {pts['leg']} leg, {pts['mobile']} mobile "
                            f"({', '.join(r['rule'] for r in rows)})")


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
    if points_left(state, nation(state, k)).get(cls, 0) < 1:
        if nation(state, k) == "commonwealth":
            return f"no Commonwealth {cls} replacement point left this GT (FMU-CAMP-05, FMU-CAMP-06)"
        return f"no {cls} replacement point left this GT (FMU-REPL-03, FMU-REPL-04)"
    ok = supplied_units(state)
    if ok is None:
        return "supply cannot be traced (no supply calculator installed)"
    if u.id not in ok:
        return f"{u.id} is out of supply: only a supplied unit may be rebuilt (FMU-REPL-02)"
    return None


def _legal(state: GameState, side: str, phase: Phase):
    if side != "allied" or not any(n for who in POOLS for n in points_left(state, who).values()):
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
    pool = POOLS[nation(state, k)]
    left = state.scratch[pool]
    state.scratch[pool] = {**left, cls: left[cls] - 1}
    state.steps_lost[k] = 0
    ch.units.append(a.unit)
    ch.notes.append(f"{a.unit} rebuilt with a {cls} replacement point (FMU-REPL-02)")
