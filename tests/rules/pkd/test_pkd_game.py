"""The standard game on the Sword scenario: the Command Cup, activations, the turn, victory,
and whole seeded games played to their end through the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.engine import OVER, Changes, EndPhase, Game, IllegalAction, Move, legal_actions
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.pkd import ChooseOperation
from ddaydesk.rules.pkd.records import rec
from ddaydesk.rules.pkd.victory import end_of_turn, objective_hexes, score, totals
from tests.rules.pkd.conftest import SWORD, do, hex_, position, scenario
from tests.rules.pkd.play import play

OFF = {"leadership": False, "interdiction": False, "rest_refit": False, "indirect_fire": False,
       "overruns": False, "allied_preparation": False}


def test_the_first_cup_holds_the_formations_in_play():
    g = Game(scenario(SWORD), 5, OFF)
    r = rec(g.state)
    assert sorted([*r["cup"], *r["drawn"]]) == ["1ssbde", "6abn", "716id", "8bde"]
    # 185th Brigade lands on turn 2, von Luck is released on turn 2, 12th SS arrives on turn 6
    assert r["act"]["formation"] == r["drawn"][0] and g.state.active == r["act"]["side"]
    draws = [d for d in g.start_changes.dice if d.purpose.startswith("Command Cup")]
    assert [d.sides for d in draws] == [4]  # a draw is a roll among the chits left, in the log


def test_ending_an_activation_draws_the_next_chit_until_the_cup_is_empty():
    g = Game(scenario(SWORD), 5, OFF)
    seen = [rec(g.state)["act"]["formation"]]
    sides_rolled = []
    while g.state.turn == 1:
        ch = g.do(EndPhase(g.state.active))
        sides_rolled += [d.sides for d in ch.dice if d.purpose.startswith("Command Cup, turn 1")]
        if g.state.turn == 1:
            seen.append(rec(g.state)["act"]["formation"])
    assert sorted(seen) == ["1ssbde", "6abn", "716id", "8bde"]  # each formation once a turn
    assert sides_rolled == [3, 2]  # the last chit is not rolled for
    assert g.state.turn == 2 and rec(g.state)["act"]["formation"] in rec(g.state)["drawn"]
    assert "kgluck" in [*rec(g.state)["cup"], *rec(g.state)["drawn"]]


def test_only_the_drawn_formation_acts():
    st = position({"a-inf1": "0101", "b-inf": "0106"}, op="move")  # a1's activation
    with pytest.raises(IllegalAction, match="not in the activated formation"):
        do(st, Move("allied", "b-inf", hex_(st, "0206")))
    assert {a.unit for a in legal_actions(st, "allied", ["move"])} <= {"a-inf1", "a-inf2", "a-hvy", "a-hvy2",
                                                                         "a-tank", "a-tank9"}
    assert not legal_actions(st, "german", ["move", "operation"])


def test_an_operation_once_per_activation():
    st = position(op=None)
    chosen, _ = do(st, ChooseOperation("allied", "fire"))
    with pytest.raises(IllegalAction, match="already carries out"):
        do(chosen, ChooseOperation("allied", "move"))


def test_a_scenario_unit_without_a_formation_is_refused(tmp_path):
    raw = Path(scenario().source).read_text(encoding="utf-8").replace("formation: a2, ", "")
    bad = tmp_path / "bad.yaml"
    bad.write_text(raw.replace("map: pkd-test-map.yaml", f"map: {scenario().board.source}"), encoding="utf-8")
    with pytest.raises(FormatError, match="formation None"):
        Game(load_scenario(bad), 1)


def test_sudden_death_in_caen_and_the_victory_points():
    st = position(formation=None, sc=SWORD, dice=[1] * 30)
    caen = objective_hexes(st)["Caen"]
    allied = [k for k, u in enumerate(st.scenario.units) if u.side == "allied"][:len(caen)]
    for k, p in zip(allied, caen, strict=False):
        st.place[k], st.status[k] = p, "on_map"
    st._cache.clear()
    ch = Changes()
    end_of_turn(st, ch)
    assert st.phase == OVER and st.game["outcome"]["winner"] == "allied" and "Caen" in st.game["outcome"]["reason"]
    one_short = position(formation=None, sc=SWORD)
    for k, p in zip(allied, caen[:-1], strict=False):
        one_short.place[k], one_short.status[k] = p, "on_map"
    one_short._cache.clear()
    end_of_turn(one_short, Changes())
    assert one_short.phase != OVER  # turn 1 of 12: nothing decided yet
    t = totals(one_short)
    assert t["allied"] < 5 and "german" in t


OBJECTIVE_VP = {"Caen": 5, "Pegasus Bridge": 2, "Ranville": 2, "Ouistreham": 1, "Hermanville-sur-Mer": 1,
                "Lion-sur-Mer": 1, "Hillman": 1, "Périers ridge": 1, "Biéville": 1, "Douvres radar station": 1}


@pytest.mark.parametrize("side", ["allied", "german"])
def test_each_objective_scores_its_victory_points_for_the_side_holding_all_its_hexes(side):
    # STD-PKD-VIC, our default (docs/rules/koenig.md §8): Caen 5, the Orne bridges 2 each, the
    # other eight places 1 each; an objective scores only when every one of its hexes is held
    st = position(formation=None, sc=SWORD)
    hexes = objective_hexes(st)
    assert set(hexes) == set(OBJECTIVE_VP)  # every objective is on the map
    labels = st.scenario.board.labels
    enemy = "german" if side == "allied" else "allied"
    rec(st)["control"] = {labels[p]: side for ps in hexes.values() for p in ps}
    got = score(st)
    assert {k: v for k, v in got[side].items() if k in OBJECTIVE_VP} == OBJECTIVE_VP
    assert not any(k in OBJECTIVE_VP for k in got[enemy])
    caen = hexes["Caen"]
    assert len(caen) > 1
    rec(st)["control"] = {**rec(st)["control"], labels[caen[0]]: enemy}  # one Caen hex lost
    assert "Caen" not in score(st)[side] and "Caen" not in score(st)[enemy]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_random_games_play_to_their_end(seed):
    g = play(Game(scenario(SWORD), seed, {"leadership": True, "interdiction": True, "rest_refit": True,
                                           "indirect_fire": True, "overruns": True,
                                           "allied_preparation": seed == 2}), seed)
    assert g.state.phase == OVER and g.state.turn == 12
    out = g.state.game["outcome"]
    assert out["winner"] in ("allied", "german") and out["rule"] == "STD-PKD-VIC"
    kinds = {a.kind for a in g.log}
    assert {"operation", "move", "end_phase"} <= kinds and kinds & {"fire_attack", "close_combat"}
