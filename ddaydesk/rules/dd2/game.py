"""D-Day2 as an engine rules module: set-up, the phases' conditions and hooks, and the
handlers of :mod:`.handlers` (``register``, called through ``ddaydesk.rules.dd2`` by
engine/systems.py).

The order of play is the engine's (``rules/data/dd2/sequence.yaml``): a phase with nothing to
do is passed over by its ``when:`` condition, with a note saying why. Firing may leave casualty
choices in ``extra["dd2"]["pending"]``; while one waits, its chooser is the active side, only
``casualties`` is legal, and the phase goes on once the last one is made.
"""

from __future__ import annotations

from collections.abc import Callable

from ddaydesk.engine import (
    OVER,
    Changes,
    GameState,
    IllegalAction,
    RulesModule,
    current_phase,
)
from ddaydesk.rules.dd2 import fire
from ddaydesk.rules.dd2.checks import check_scenario
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.handlers import add_handlers
from ddaydesk.rules.dd2.phases import (
    REINFORCE_PHASES,
    blockhouses,
    bomb_zones,
    can_fire_at_beach,
    free_bombers,
    free_fighters,
)
from ddaydesk.rules.dd2.state import EXTRA, LAND_TYPES, DD2State, status_of


# -- set-up ---------------------------------------------------------------------------------
def _setup(gs: GameState) -> None:
    """Parts from the scenario (a unit given only a zone stands in its side's part), counters."""
    sc = gs.scenario
    problems = check_scenario(sc)
    if problems:
        raise IllegalAction("; ".join(message for _, message in problems))
    r = tables().rules
    gs.part = [u.part or u.box or fire.OWN_PART[u.side] for u in sc.units]
    gs.status = [status_of(p) for p in gs.part]
    gs.extra[EXTRA] = {
        "naval_pool": r["naval"]["pool"], "shots_left": 0, "bomber_depot": r["bombers"]["replacements"],
        "bombs": {}, "chart_pos": {cid: 0 for cid in tables().charts}, "to_place": {}, "rolled": False,
        "streak": 0, "winner": None, "pending": [], "moved": {}, "stopped": {},
    }


# -- who acts, who won ----------------------------------------------------------------------
def active_side(gs: GameState) -> str:
    """Who must act now: the chooser of a pending casualty choice, else the phase's side."""
    pending = gs.extra[EXTRA]["pending"]
    return pending[0]["chooser"] if pending else current_phase(gs).side


def winner(gs: GameState) -> str | None:
    return gs.extra[EXTRA]["winner"]


# -- conditions (`when:`) and hooks ---------------------------------------------------------
CONDITIONS: dict[str, tuple[Callable[[DD2State], bool], str]] = {
    "first_turn": (lambda s: s.turn == tables().rules["para"]["turn"], "first turn only"),  # DD2-PARA-01
    "naval_due": (lambda s: bool(blockhouses(s)) and s.game["naval_pool"] > 0,  # DD2-NAV-03
                  "no blockhouse or naval bombardment unit left"),
    "bombers_due": (lambda s: bool(free_bombers(s)) and bool(bomb_zones(s)), "no bomber or no zone to bomb"),
    "fighters_due": (lambda s: bool(free_fighters(s)), "no fighter left"),
    "blockhouses_can_fire": (can_fire_at_beach, "no blockhouse can fire at an occupied beach"),
    "contested_zone": (lambda s: any(s.contested(z) for z in range(s.board.n)), "no contested zone"),
}


def _enter_phase(gs: GameState, ch: Changes) -> None:
    """Hook `dd2_phase`: per-phase records start afresh; the naval step takes its shots."""
    s = DD2State(gs, ch)
    s.game["moved"], s.game["stopped"] = {}, {}
    if gs.phase == "naval":
        s.game["shots_left"] = min(tables().rules["naval"]["shots_per_turn"], s.game["naval_pool"])
    if gs.phase in REINFORCE_PHASES:
        s.game["to_place"], s.game["rolled"] = {}, False


def cities_clear(gs: GameState) -> tuple[int, ...]:
    """The victory cities the Allies hold clear of Germans now (DD2-VIC-01)."""
    s = DD2State(gs)
    return tuple(z for z in s.info.victory if s.in_zone(z, "allied", LAND_TYPES) and not s.in_zone(z, "german"))


def holders(gs: GameState) -> dict[int, str]:
    """Each zone one side's ground units alone stand in, and that side: who holds it now (an
    empty zone or a battle is nobody's; the map keeps no owner once the units leave)."""
    s = DD2State(gs)
    held = {}
    for z in range(s.board.n):
        sides = {s.side(k) for k in s.in_zone(z)}
        if len(sides) == 1:
            held[z] = sides.pop()
    return held


def _end_of_turn(gs: GameState, ch: Changes) -> None:
    """Hook `dd2_end_of_turn`: victory check (DD2-VIC-01), fighters land (DD2-AIR-08 note)."""
    s = DD2State(gs, ch)
    vic = tables().rules["victory"]
    cleared = len(cities_clear(gs)) == len(s.info.victory)
    s.game["streak"] = s.game["streak"] + 1 if cleared else 0
    s.note(f"end of turn {s.turn}: cities {'taken and clear' if cleared else 'not all clear'}")
    if s.game["streak"] >= vic["clear_turn_ends"]:
        s.game["winner"] = "allied"
    elif s.turn >= min(vic["deadline_turn"], s.scenario.last_turn):
        s.game["winner"] = "german"
    for k in range(len(s.zone)):
        if s.type(k) == "fighter" and s.part[k] == "P":
            s.set(k, -1, "usaaf")
    if s.game["winner"]:
        gs.phase = OVER
        s.note(f"game over: {s.game['winner']} victory")


def register(rm: RulesModule) -> None:
    """Called by the engine when it builds the rules module of system dd2."""
    rm.add_setup(_setup)
    rm.add_scenario_check(check_scenario)
    for name, (test, why) in CONDITIONS.items():
        rm.add_condition(name, lambda gs, test=test: test(DD2State(gs)), why)
    rm.add_hook("dd2_phase", _enter_phase)
    rm.add_hook("dd2_end_of_turn", _end_of_turn)
    add_handlers(rm)
