"""Sequence of play as data: phase order, who may act, automatic phases, hooks, game end."""

from __future__ import annotations

import pytest

from ddaydesk.engine import (
    OVER,
    EndPhase,
    Game,
    IllegalAction,
    Move,
    RollWeather,
    apply,
    current_phase,
    legal_actions,
    load_sequence,
    rules_module,
)
from ddaydesk.engine.movement import reach
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import DATA
from tests.engine.conftest import at, position

FMU = DATA / "engine" / "fmu_scenario.yaml"


def phases_of_turn(game: Game) -> list[str]:
    seen = [game.state.phase]
    turn = game.state.turn
    while True:
        ch = game.do(legal_actions(game.state, game.state.active)[0]
                     if game.state.phase == "weather" else EndPhase(game.state.active))
        seen.extend(p for p in ch.phases if p not in seen)
        if game.state.turn != turn or game.state.phase == OVER:
            return seen


def test_dday77_turn_is_allied_then_german_movement_then_combat(small):
    # STD-SEQ (research rules.md §1.13 default): weekly turn, Allied player turn first.
    g = Game(small, 1)
    assert g.state.phase == "allied.movement" and g.state.active == "allied"
    order = phases_of_turn(g)
    assert order == ["allied.movement", "allied.combat", "allied.supply", "german.movement",
                     "german.combat", "german.supply", "end"]
    assert g.state.turn == 2 and g.state.phase == "allied.movement"


def test_fmu_has_mobile_movement_and_mobile_combat_phases():
    # FMU sequence default with the Mobile phases of 11.2.1/11.2.4; Allies first (FMU-GEN-07).
    g = Game(load_scenario(FMU), 1)
    order = phases_of_turn(g)
    assert order[:4] == ["allied.movement", "allied.combat", "allied.mobile_movement", "allied.mobile_combat"]
    assert "german.mobile_movement" in order and order.index("german.movement") > order.index("allied.mobile_combat")


def test_only_mobile_units_move_in_the_mobile_movement_phase():
    sc = load_scenario(FMU)
    g = Game(sc, 1)
    g.do(EndPhase("allied"))
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.mobile_movement"
    movers = {a.unit for a in legal_actions(g.state, "allied") if a.kind == "move"}
    assert movers == {"a-mob"}
    with pytest.raises(IllegalAction, match="only mobile units"):
        g.do(Move("allied", "a-leg", at(sc, "0201")))


def test_fmu_stacking_is_one_unit_and_leaving_zoc_costs_one():
    sc = load_scenario(FMU)
    s = position(sc, {"a-leg": "0303", "a-mob": "0203", "g-leg": "0503"})
    r = reach(s, s.unit("a-mob"))
    assert at(sc, "0303") not in r.dest  # STD-STACK fmu default: 1 unit per hex
    assert at(sc, "0202") in r.dest  # the step before: the first unit in a hex is fine
    r = reach(s, s.unit("a-leg"))
    # 0303 is not in g-leg's ZOC; 0403 is. From 0403 a leg unit pays 1 more to leave.
    s = position(sc, {"a-leg": "0403", "g-leg": "0503"})
    r = reach(s, s.unit("a-leg"))
    assert r.cost(at(sc, "0303")) == 2


def test_fmu_inclement_weather_halves_movement_rounding_up():
    # FMU-WX-02: MA 5 becomes 3.
    sc = load_scenario(FMU)
    s = position(sc, {"a-mob": "0103"}, weather="inclement")
    assert reach(s, s.unit("a-mob")).mp == 3 * 2


def test_actions_out_of_phase_are_refused_with_a_reason(small):
    g = Game(small, 1)
    with pytest.raises(IllegalAction, match="not allowed in the allied.movement phase"):
        g.do(RollWeather("allied"))
    with pytest.raises(IllegalAction, match="german may not act"):
        g.do(Move("german", "g-inf", at(small, "0706")))
    assert legal_actions(g.state, "german") == []
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.combat"
    with pytest.raises(IllegalAction, match="move is not allowed in the allied.combat phase"):
        g.do(Move("allied", "a-inf", at(small, "0201")))


def test_weather_is_rolled_from_turn_six_only_with_the_option(small):
    # D77-WX-01 (roll from turn 6), D77-WX-02 (no roll before).
    g = Game(small, 3, {"weather": True})
    turns_with_roll = []
    while g.state.turn <= 7:
        if g.state.phase == "weather":
            turns_with_roll.append(g.state.turn)
            with pytest.raises(IllegalAction, match="roll for the weather first"):
                g.do(EndPhase("allied"))
            g.do(RollWeather("allied"))
        else:
            g.do(EndPhase(g.state.active))
    assert turns_with_roll == [6, 7]
    g = Game(small, 3)
    while g.state.turn <= 6:
        assert g.state.phase != "weather"
        g.do(EndPhase(g.state.active))


def test_weather_roll_reads_the_chart(small):
    # D77-WX-03..07: the chart rows as printed.
    from ddaydesk.engine.tables import load_weather_chart

    chart = load_weather_chart("dday77")
    assert chart.row(6)[2] == ("CLR",) * 5 + ("RAIN",)  # D77-WX-03
    assert chart.row(20)[2] == ("CLR", "CLR", "CLR", "RAIN", "RAIN", "MUD")  # D77-WX-04
    assert chart.row(30)[2] == ("CLR", "RAIN", "MUD", "MUD", "SNOW", "SNOW")  # D77-WX-05
    assert chart.row(33)[2] == ("CLR", "CLR", "RAIN", "RAIN", "MUD", "SNOW")  # D77-WX-06
    assert chart.row(50)[2] == ("CLR", "CLR", "CLR", "CLR", "RAIN", "MUD")  # D77-WX-07
    for turn in (6, 25, 33):
        s = position(small, {}, options={"weather": True}, phase="weather", turn=turn)
        expected = chart.row(turn)[2][s.dice.copy().roll(6, "").value - 1]
        s2, ch = apply(s, RollWeather("allied"))
        assert s2.weather == expected and ch.dice[0].purpose == f"weather turn {turn}"
        assert s2.phase == "allied.movement"  # the roll ends the weather phase


def test_phase_hooks_run_on_entry_and_end_checks_can_hold_a_phase(small):
    rm = rules_module("dday77")
    calls = []
    rm.add_hook("supply", lambda state, ch: calls.append((state.turn, state.phase)))
    def hold(state, phase):
        return "attack first" if phase.kind == "combat" else None

    rm.add_end_check(hold)
    try:
        g = Game(small, 1)
        g.do(EndPhase("allied"))
        with pytest.raises(IllegalAction, match="attack first"):
            g.do(EndPhase("allied"))
        assert all(a.kind != "end_phase" for a in legal_actions(g.state, "allied"))
        rm.end_checks.remove(hold)
        g.do(EndPhase("allied"))  # enters allied.supply, which runs the hook and passes
    finally:
        rm.hooks["supply"].pop()
        if hold in rm.end_checks:  # only its own: the rules modules' checks stay
            rm.end_checks.remove(hold)
    assert calls == [(1, "allied.supply")]
    assert g.state.phase == "german.movement"


def test_the_game_ends_after_the_last_turn(tutorial):
    g = Game(tutorial, 1)
    while g.state.phase != OVER:  # ending each phase, fighting the combats that must be fought
        acts = legal_actions(g.state, g.state.active)
        g.do(next((a for a in acts if a.kind == "end_phase"), acts[0]))
    assert g.state.turn == tutorial.last_turn
    assert legal_actions(g.state, "allied") == [] and legal_actions(g.state, "german") == []
    with pytest.raises(IllegalAction, match="over"):
        apply(g.state, EndPhase("allied"))
    assert current_phase(g.state).id == OVER


def test_sequence_files_load_with_rule_tags():
    for system in ("dday77", "fmu"):
        seq = load_sequence(system)
        assert all(p.rule and p.confidence in ("seed", "default") for p in seq.phases)


def test_fmu_weather_is_rolled_by_the_german_from_gt_two():
    # FMU-WX-01: from GT 2 the German rolls 1d6 at the start of each GT; a 6 is inclement.
    g = Game(load_scenario(FMU), 5, {"weather": True})
    assert g.state.phase != "weather"  # none on GT 1
    while g.state.phase != "weather":
        g.do(EndPhase(g.state.active))
    assert (g.state.turn, g.state.active) == (2, "german")
    expected = "inclement" if g.state.dice.copy().roll(6, "").value == 6 else "normal"
    g.do(RollWeather("german"))
    assert g.state.weather == expected and g.state.phase == "allied.movement"  # support fire is automatic
