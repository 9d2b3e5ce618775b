"""A seeded, scripted game of the Utah Beach scenario: the landing, 17 game turns, a victory
decision (FMU-GEN-06, FMU-GEN-07, FMU-VIC-01..04), with the real combat: the landing's
compulsory attacks (FMU-AIRB-12, FMU-BEACH-01) and, in every combat phase, every attack the
combat rules list, each settled with the first listed choice. Supply is answered by the supply
calculator when it is installed, else every unit counts as supplied."""

from ddaydesk.engine import OVER, PENDING, EndPhase, Game, Move, legal_actions, reach
from ddaydesk.rules.fmu import supply
from ddaydesk.rules.fmu.common import fx
from tests.rules.fmu.fmu_helpers import fight_landing, play_landing, scenario, settle_combat

OBJECTIVES = ["1706", "1805", "2206", "2605", "2503", "2901", "2501"]


def _allied_moves(g: Game) -> None:
    s = g.state
    board = s.scenario.board
    targets = [board.index(h) for h in OBJECTIVES]
    for k, u in enumerate(s.scenario.units):
        s = g.state
        if u.side != "allied" or s.status[k] != "on_map" or s.flags[k] & 1:
            continue
        mine = {s.place[j] for j, v in enumerate(s.scenario.units) if v.side == "allied" and s.status[j] == "on_map"}
        goals = [t for t in targets if t not in mine] or targets
        dest = [d for d in reach(s, k).dest]
        if not dest or s.place[k] in goals:
            continue
        best = min(dest, key=lambda d: (min(board.distance(d, t) for t in goals), d))
        closer = min(board.distance(best, t) for t in goals) < min(board.distance(s.place[k], t) for t in goals)
        if closer and any(a.kind == "move" and a.unit == u.id and a.to == best for a in legal_actions(s, "allied")):
            g.do(Move("allied", u.id, best))


def _german_entries(g: Game) -> None:
    for k, u in enumerate(g.scenario.units):
        s = g.state
        if u.side == "german" and s.status[k] == PENDING and (u.arrive_turn or 99) <= s.turn:
            dest = reach(s, k).dest
            if dest:
                g.do(Move("german", u.id, dest[0]))


def _fight(g: Game, side: str) -> None:
    """Every attack the combat rules list for ``side`` now, one after the other."""
    while decls := [a for a in legal_actions(g.state, side) if a.kind == "attack"]:
        g.do(decls[0])
        settle_combat(g)


def play(seed: int) -> Game:
    return play_through(play_landing(Game(scenario(), seed)))


def play_through(g: Game, last_turn: int = 999) -> Game:
    """Play a Utah Beach game from its landing to its end (or past ``last_turn``)."""
    while g.state.phase != OVER and g.state.turn <= last_turn:
        s = g.state
        if s.phase.startswith("landing."):
            fight_landing(g)
            continue
        if s.phase == "weather":  # the campaign's weather (FMU-WX-01)
            g.do(next(a for a in legal_actions(s, s.active) if a.kind == "roll_weather"))
            continue
        if s.phase.endswith("combat"):
            _fight(g, s.active)
        elif s.phase == "allied.movement":
            _allied_moves(g)
        elif s.phase == "allied.landing":
            while True:
                lands = [a for a in legal_actions(g.state, "allied") if a.kind == "land"]
                if not lands:
                    break
                g.do(lands[0])
        elif s.phase == "german.movement":
            _german_entries(g)
        g.do(EndPhase(g.state.active))
    return g


def test_seeded_scripted_game_plays_17_turns_to_a_victory_decision(monkeypatch):
    if supply.calculator_provider(Game(scenario(), 1).state, {}) is None:
        monkeypatch.setattr(supply, "provider", lambda st, tr: {t: True for t in tr})
    g = play(2024)
    result = fx(g.state)["result"]
    assert g.state.phase == OVER
    assert g.state.turn == 17 or result["level"] == "strategic"
    assert result["winner"] in ("allied", "german") and result["rule"].startswith("FMU-VIC-")
    decls = [a for a in g.log if a.kind == "attack"]
    assert {a.mode for a in decls} >= {"beach_assault", "normal"}  # the real combat (FMU-BEACH-01)
    assert sum(a.kind == "resolve_combat" for a in g.log) == len(decls)  # every declared attack rolled
    turns = [s.turn for s in g.states]
    assert turns == sorted(turns) and set(range(1, g.state.turn + 1)) <= set(turns)  # every GT, in order
    first = [s.phase for s in g.states if s.turn == 2]
    assert first[0] == "support_fire" or "allied.movement" in first  # Allies first each GT (FMU-GEN-07)
    # the same seed and script give the same game
    again = play(2024)
    assert again.state.state_hash() == g.state.state_hash()
    assert [r.value for _, r in again.dice_log()] == [r.value for _, r in g.dice_log()]
