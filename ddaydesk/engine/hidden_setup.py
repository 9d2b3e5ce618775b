"""Withheld set-up and a secret area (``rules/data/<system>/setup.yaml``; D77-SET-01..05).

One side holds units back from its set-up; the other secretly records an area (the Allied
invasion area), kept in its ``secrets`` so the first side's view never holds it; the
withheld units are then placed, and the area is revealed to both (a reveal: undo stops
there).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ddaydesk.engine.actions import Action, Changes, IllegalAction, action_type
from ddaydesk.engine.positions import positions
from ddaydesk.engine.sequence import Phase
from ddaydesk.engine.state import ON_MAP, WITHHELD, GameState
from ddaydesk.engine.systems import Handler, RulesModule
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.records import Record
from ddaydesk.rules.tables import table_path

SECRET_KEY = "secret_area"


@dataclass(frozen=True, eq=False, repr=False)
class SetupRules(Record):
    """The hidden set-up option of a system: units withheld, and a secret area (setup.yaml)."""

    option: str
    withhold_side: str
    max_withheld: int
    area_side: str
    area_kind: str


@cache
def load_setup_rules(system_id: str) -> SetupRules | None:
    path = table_path(system_id, "setup")
    if not path.is_file():
        return None
    rd = Reader(str(path))
    top = rd.mapping(load_file(str(path)), (1, 1), "setup", required=("system", "withheld", "secret_area"),
                     optional=("placement",))
    rd.raise_if_problems()
    w = rd.mapping(top["withheld"], top.at("withheld"), "withheld",
                   required=("option", "side", "max_units", "rule", "confidence"), optional=("note",))
    a = rd.mapping(top["secret_area"], top.at("secret_area"), "secret_area",
                   required=("option", "side", "region_kind", "rule", "confidence"), optional=("note",))
    rd.raise_if_problems()
    return SetupRules(str(w["option"]), str(w["side"]), int(w["max_units"]), str(a["side"]), str(a["region_kind"]))


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Withhold(Action):
    """Hold a unit back from the set-up (D77-SET-02)."""

    kind = "withhold"
    unit: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ChooseArea(Action):
    """Secretly record an area (D77-SET-03). ``secret``: the other side's log shows only that
    a choice was made."""

    kind = "choose_area"
    secret = True
    region: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PlaceWithheld(Action):
    """Put a withheld unit on the map (D77-SET-04)."""

    kind = "place_withheld"
    unit: str
    place: int


def _withheld(state: GameState, side: str) -> list[int]:
    return [k for k, u in enumerate(state.scenario.units) if u.side == side and state.status[k] == WITHHELD]


def _withhold_problem(state: GameState, a: Withhold) -> str | None:
    sr = load_setup_rules(state.scenario.system.id)
    k = state.scenario.unit_index.get(a.unit)
    if k is None or state.scenario.units[k].side != a.side:
        return f"{a.unit!r} is not a {a.side} unit"
    if state.status[k] != ON_MAP:
        return f"{a.unit} is not set up on the map"
    if len(_withheld(state, a.side)) >= sr.max_withheld:
        return f"at most {sr.max_withheld} units may be held back (D77-SET-02)"
    return None


def _withhold_legal(state: GameState, side: str, phase: Phase):
    for u in state.scenario.units:
        a = Withhold(side, u.id)
        if u.side == side and _withhold_problem(state, a) is None:
            yield a


def _withhold_apply(state: GameState, a: Withhold, ch: Changes, phase: Phase) -> None:
    problem = _withhold_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    k = state.unit(a.unit)
    state.status[k] = WITHHELD
    state.place[k] = -1
    ch.units.append(a.unit)


def _areas(state: GameState) -> list[str]:
    sr = load_setup_rules(state.scenario.system.id)
    return sorted(r.id for r in state.scenario.board.regions.values() if r.kind == sr.area_kind)


def _choose_legal(state: GameState, side: str, phase: Phase):
    if SECRET_KEY not in state.secrets.get(side, {}):
        for r in _areas(state):
            yield ChooseArea(side, r)


def _choose_apply(state: GameState, a: ChooseArea, ch: Changes, phase: Phase) -> None:
    if SECRET_KEY in state.secrets.get(a.side, {}):
        raise IllegalAction("the area is already recorded")
    if a.region not in _areas(state):
        raise IllegalAction(f"{a.region!r} is not one of the areas: {', '.join(_areas(state))}")
    state.secrets[a.side] = {**state.secrets.get(a.side, {}), SECRET_KEY: a.region}


def _place_problem(state: GameState, a: PlaceWithheld) -> str | None:
    sc = state.scenario
    k = sc.unit_index.get(a.unit)
    if k is None or sc.units[k].side != a.side or state.status[k] != WITHHELD:
        return f"{a.unit!r} is not a withheld {a.side} unit"
    if not isinstance(a.place, int) or not 0 <= a.place < sc.board.n:
        return f"{a.place!r} is not a place on the map"
    label = sc.board.labels[a.place]
    if not sc.system.terrain[sc.board.terrain_of(a.place)].passable:
        return f"{label} is {sc.board.terrain_of(a.place)}: no unit may stand there"
    pos = positions(state)
    if any(pos.occupied[s][a.place] for s in sc.system.sides if s != a.side):
        return f"{label} holds enemy units"
    rules = load_move_rules(sc.system.id)
    adds = 0 if sc.units[k].type in rules.stack_exempt else 1
    if pos.count[a.side][a.place] + adds > rules.stack_limit:
        return f"{label} would exceed the stacking limit of {rules.stack_limit}"
    return None


def _place_legal(state: GameState, side: str, phase: Phase):
    for k in _withheld(state, side):
        for i in range(state.scenario.board.n):
            a = PlaceWithheld(side, state.scenario.units[k].id, i)
            if _place_problem(state, a) is None:
                yield a


def _place_apply(state: GameState, a: PlaceWithheld, ch: Changes, phase: Phase) -> None:
    problem = _place_problem(state, a)
    if problem:
        raise IllegalAction(problem)
    k = state.unit(a.unit)
    state.status[k] = ON_MAP
    state.place[k] = a.place
    ch.moved.append((a.unit, -1, a.place, (a.place,)))


def _end_check(state: GameState, phase: Phase) -> str | None:
    if phase.id == "setup.invasion_area" and SECRET_KEY not in state.secrets.get(phase.side, {}):
        return "record the invasion area first (D77-SET-03)"
    if phase.id == "setup.place_withheld" and _withheld(state, phase.side):
        return "place every withheld unit first (D77-SET-04)"
    return None


def _reveal(state: GameState, ch: Changes) -> None:
    """D77-SET-05: the recorded area becomes known to both sides."""
    sr = load_setup_rules(state.scenario.system.id)
    secret = state.secrets.get(sr.area_side, {})
    if SECRET_KEY in secret:
        state.secrets[sr.area_side] = {k: v for k, v in secret.items() if k != SECRET_KEY}
        state.game[SECRET_KEY] = {"side": sr.area_side, "region": secret[SECRET_KEY]}
        ch.revealed.append(f"{sr.area_side} {sr.area_kind.replace('_', ' ')}: {state.game[SECRET_KEY]['region']}")


def register(rm: RulesModule) -> None:
    sr = load_setup_rules(rm.system)
    if sr is None:
        return
    rm.add_action(Handler("withhold", _withhold_legal, _withhold_apply))
    rm.add_action(Handler("choose_area", _choose_legal, _choose_apply))
    rm.add_action(Handler("place_withheld", _place_legal, _place_apply))
    rm.add_hook("reveal_secret_area", _reveal)
    rm.add_condition("withheld_setup", lambda s: bool(s.options.get(sr.option)))
    rm.add_condition("has_withheld", lambda s: bool(_withheld(s, sr.withhold_side)))
    rm.add_end_check(_end_check)
