"""Helpers for the D-Day Dice tests: games on the shipped maps, arranging a position (the
test sets a player's resources, dice or Sector directly, then acts through the engine), and
playing phases forward with plain choices."""

from __future__ import annotations

from ddaydesk.engine import OVER, EndPhase, Game, legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd import model as m
from tests.conftest import ROOT

SCEN = {name: ROOT / "scenarios" / f"ddd-{name}.yaml" for name in
        ("exercise-tiger", "exercise-fabius", "omaha", "gold", "atlantikwall", "solitaire", "strongpoint-daimler",
         "gold-single", "campaign-overlord")}
MAPS = ("exercise-tiger", "exercise-fabius", "omaha", "gold", "strongpoint-daimler", "gold-single")
# Every module and optional rule of Atlantikwall and Overlord on (Badge of Honor aside: it
# changes what the Badges are), with the recommended Carry On! limit.
EVERY_MODULE = dict(battle_conditions=True, persistent_weather=True, forward_observation=True, badges=True,
                    badge_of_courage=True, badge_of_assistance=True, victory_points=True, playing_with_fire=True,
                    supply_snafu=True, carry_on=True, carry_on_once=True, mulligans=True, desperate_measures=True,
                    mgf_dice=True, mgf_dice_mines=True, captain_ocrappy=True, major_mcmoron=True)


def new_game(name: str = "exercise-fabius", seed: int = 1, **options) -> Game:
    return Game(load_scenario(SCEN[name]), seed=seed, options=options)


def at(phase: str, name: str = "exercise-tiger", seed: int = 1, **options) -> Game:
    """A game landed and played (plain choices) to ``phase``, every player at 30 Soldiers."""
    g = new_game(name, seed, **options)
    land_all(g)
    play_to(g, phase)
    arrange(g, lambda s, r: [p.update(soldiers=30) for p in r["players"].values()])
    return g


def arrange(g: Game, fn) -> None:
    """Change the position in place of the current state (``fn(state, record)``), as a player
    setting up a table would; later actions go through the engine."""
    s = g.state.copy()
    fn(s, s.own(m.EXTRA))
    s._cache.clear()
    g.states[g.pos] = s


def put(state, pid: str, label: str) -> None:
    """Put Unit ``pid`` in Sector ``label`` (visited), its marker at 1."""
    i = state.scenario.board.index(label)
    k = state.unit(pid)
    state.place[k] = i
    state.status[k] = "on_map"
    p = state.own(m.EXTRA)["players"][pid]
    p["status"] = "ashore"
    p["marker"] = 1
    p["visited"] = [*p["visited"], label]


def land_all(g: Game) -> None:
    """Set-up: every Unit lands in the first landing Sector offered."""
    while g.state.phase == "landing":
        g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "land_unit"))
    if g.state.phase == "blind_start":
        g.do(legal_actions(g.state, "german")[0])


def step(g: Game) -> None:
    """One plain action for whoever must act: roll and keep, score the first way, make the
    first choice, move where the marker forces it, end the phase otherwise."""
    s = g.state
    acts = legal_actions(s, s.active)
    for kind in ("land_unit", "blind_start", "choose_loss", "pick_decoration", "order_decorations", "pick_tally",
                 "decide", "order_conditions", "next_battle", "roll_dice", "keep_dice", "score_tally", "bunker_assault"):
        pick = [a for a in acts if a.kind == kind]
        if pick:
            g.do(pick[0])
            return
    ends = [a for a in acts if isinstance(a, EndPhase)]
    g.do(ends[0] if ends else next(a for a in acts if a.kind == "sector_move"))


def play_to(g: Game, phase: str, turn: int | None = None, limit: int = 400) -> None:
    for _ in range(limit):
        s = g.state
        if s.phase == phase and (turn is None or s.turn == turn) or s.phase == OVER:
            return
        step(g)
    raise AssertionError(f"never reached {phase} (turn {turn}); at {g.state.phase} turn {g.state.turn}")


def rec(g: Game) -> dict:
    return g.state.record(m.EXTRA)


def player(g: Game, pid: str) -> dict:
    return rec(g)["players"][pid]


def notes(ch) -> str:
    return "\n".join(ch.notes)
