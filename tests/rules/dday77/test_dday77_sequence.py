"""The D-Day '77 game turn, played on the tutorial: our default sequence (the 1977 outline is
not public, docs/rules/dday77.md; STD-SEQ in rules/data/dday77/sequence.yaml), each phase with
its actions and its hooks."""

from __future__ import annotations

import random

import pytest

from ddaydesk.engine import Game, IllegalAction, Move, legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import TUTORIAL
from tests.rules.dday77.conftest import arrange, at_phase
from tests.rules.dday77.random_play import play_phase

PHASES = ("allied.air", "allied.movement", "allied.combat", "german.movement", "german.combat")


def test_the_game_turn_in_our_default_order_with_its_hooks_STD_SEQ():
    # STD-SEQ: Allied air (with the tactical air option), movement, combat, supply; then the
    # German movement, combat, supply. The supply phases have no actions: their hooks run as
    # the combat phase before them ends.
    g = Game(load_scenario(TUTORIAL), 1, {"tactical_air": True})
    rng = random.Random(0)
    seen = []
    while g.state.turn < 3:
        s = g.state
        seen.append((s.turn, s.phase))
        kinds = {a.kind for a in legal_actions(s, s.active)}
        if s.phase == "allied.air":
            assert {"interdict", "place_supply_centre"} <= kinds
            assert s.record("air")["turn"] == s.turn  # the air hook's factors
            if s.turn > 1:
                assert (s.record("supply")["turn"], s.record("supply")["phase"]) == (s.turn - 1, "german.supply")
        elif s.phase.endswith(".movement"):
            assert "move" in kinds
            assert s.record("air")["turn"] == s.turn
        if s.phase == "german.movement":
            assert (s.record("supply")["turn"], s.record("supply")["phase"]) == (s.turn, "allied.supply")
        play_phase(g, rng)
    assert seen == [(t, p) for t in (1, 2) for p in PHASES]


def test_without_the_air_phase_the_movement_phase_records_the_air_factors_STD_SEQ():
    # tactical air off: no air phase; the Allied movement phase's own air hook keeps the
    # turn's (standard) air factors for close support in combat
    g = Game(load_scenario(TUTORIAL), 1)
    assert g.state.phase == "allied.movement" and g.state.record("air")["turn"] == 1


def test_moves_only_in_movement_and_attacks_only_in_combat_STD_SEQ():
    sc = load_scenario(TUTORIAL)
    g = Game(sc, 1, {"tactical_air": True})
    s = at_phase(g.state, "german.combat", turn=2)
    a_inf, g_inf = (next(u.id for u in sc.units if u.side == side and u.type == "infantry")
                    for side in ("allied", "german"))
    board = sc.board
    spot = next(i for i in range(board.n) if sc.system.terrain[board.terrain_of(i)].passable
                and all(sc.system.terrain[board.terrain_of(j)].passable for j in board.adj[i]))
    s = arrange(s, {g_inf: board.labels[spot], a_inf: board.labels[board.adj[spot][0]]}, others="gone")
    assert {a.kind for a in legal_actions(s, "german") if a.kind == "attack"} == {"attack"}
    mover = at_phase(s, "german.movement", turn=2)
    assert any(a.kind == "move" and a.unit == g_inf for a in legal_actions(mover, "german"))
    g2 = Game(sc, 1)
    g2.states[-1] = s
    with pytest.raises(IllegalAction, match="move is not allowed in the german.combat phase"):
        g2.do(Move("german", g_inf, board.adj[spot][1]))


def test_the_german_combat_phase_begins_by_settling_control_STD_SEQ_STD_CTRL_01():
    # STD-SEQ: the German combat phase's control hook records who holds each hex after the
    # German movement phase (STD-CTRL-01, our documented default). A German unit that came to
    # stand in an Allied hex without a move marking it (an advance after an automatic victory)
    # holds it from then on: when it is gone again in the combat phase the hex stays German
    from ddaydesk.engine import EndPhase, apply
    from ddaydesk.rules.dday77.control import controller

    sc = load_scenario(TUTORIAL)
    s = at_phase(Game(sc, 1).state, "german.movement", turn=1)
    g_inf = next(u.id for u in sc.units if u.side == "german" and u.type == "infantry")
    board = sc.board
    spot = next(i for i in range(board.n) if sc.system.terrain[board.terrain_of(i)].passable
                and not sc.system.terrain[board.terrain_of(i)].sea
                and all(s.place[k] != i for k in range(len(sc.units))))
    s = arrange(s, {g_inf: board.labels[spot]})
    s.extra["control"] = {"allied": format(1 << spot, "x")}  # the Allies held it
    s._cache.clear()
    assert controller(s, spot) == "german"  # a German unit stands there now
    s, _ = apply(s, EndPhase("german"))
    assert s.phase == "german.combat"
    gone = arrange(s, {g_inf: "x"})
    assert controller(gone, spot) == "german"  # settled as the phase began
    before = arrange(at_phase(s, "german.movement"), {g_inf: "x"})
    before.extra["control"] = {"allied": format(1 << spot, "x")}
    before._cache.clear()
    assert controller(before, spot) == "allied"  # the step before: not settled yet
