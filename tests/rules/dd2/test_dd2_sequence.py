"""Order of play (DD2-ORDER-01), the para attack (DD2-PARA-*) and naval bombardment (DD2-NAV-*)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction
from tests.rules.dd2.conftest import (
    Action,
    ScriptedDice,
    apply,
    at_phase,
    legal_actions,
    out,
    put,
    rolled,
)

ENDERS = ("para_drop", "end_naval", "end_bombing", "end_patrol", "blockhouse_fire", "end_moves",
          "fight", "roll_reinforcements", "end_placement")


def pass_turn(s):
    """Play one turn doing nothing optional; returns the states' phases in order."""
    seen = [s.phase]
    turn = s.turn
    while s.turn == turn and s.phase != "over":
        acts = legal_actions(s)
        a = next((a for a in acts if a.kind in ENDERS), None) or acts[0]
        s = apply(s, a)
        if s.phase != seen[-1]:
            seen.append(s.phase)
    return s, seen


def test_sequence_data_names_known_actions():  # DD2-ORDER-01
    from ddaydesk.engine import load_sequence, rules_module

    phases = load_sequence("dd2").phases
    rm = rules_module("dd2")
    assert [p.id for p in phases][:2] == ["para", "naval"] and phases[0].when == "first_turn"
    assert all(set(p.actions) <= set(rm.handlers) for p in phases)  # every action has its rules
    assert all(p.when in rm.conditions for p in phases if p.when)
    assert phases[-1].automatic and phases[-1].hooks == ("dd2_end_of_turn",)


def test_turn_order_and_para_only_on_turn_1(game):  # DD2-ORDER-01, DD2-PARA-01
    game.dice = ScriptedDice(default=6)  # every die misses: nothing changes but the phase
    s, seen = pass_turn(game)
    assert seen == ["para", "naval", "bombing", "patrol", "blockhouse_fire", "allied_move",
                    "allied_battle", "allied_reinforce", "german_move", "german_battle",
                    "german_reinforce", "naval"]
    assert s.turn == 2
    s, seen = pass_turn(s)
    assert seen[0] == "naval" and "para" not in seen  # turn 2 starts at naval bombardment


def test_para_attack_nine_dice_at_1_each_zone(game):  # DD2-PARA-01
    game.dice = ScriptedDice([1, 6, 6, 6, 6, 6, 1, 1, 6])
    s = apply(game, Action("para_drop"))
    log = rolled(s)
    assert [p for p, _ in log] == ["para attack on 10", "para attack on 11", "para attack on 17"]
    assert all(d == [[v, 1] for v, _ in d] and len(d) == 3 for _, d in [(p, dd) for p, dd in log])
    # zone 10: 1 hit among infantry+artillery -> the German (owner) picks
    assert s.pending and s.pending[0]["chooser"] == "german" and s.pending[0]["hits"] == 1
    s = apply(s, Action("casualties", units=("g10-art",)), side="german")
    # zone 17: 2 hits on 1 infantry + 2 blockhouses -> German picks again
    assert s.pending[0]["reason"] == "para attack on 17"
    with pytest.raises(IllegalAction, match="german player"):
        apply(s, Action("casualties", units=("g17-bh-1", "g17-bh-2")), side="allied")
    s = apply(s, Action("casualties", units=("g17-bh-1", "g17-bh-2")), side="german")
    assert s.phase == "naval" and s.part[s.k("g10-art")] == "dead" and s.part[s.k("g17-inf")] == "G"


def test_airborne_infantry_moves_and_fights_in_the_allied_turn(game):  # DD2-PARA-02
    game.dice = ScriptedDice([6, 6, 6, 1, 1, 6, 6, 6, 6])  # the paras clear zone 11 (inf + blockhouse)
    s = apply(game, Action("para_drop"))
    assert not s.in_zone(s.board.index("11"), "german")
    s = at_phase(s, "allied_move", default=6)
    moves = {a.zone for a in legal_actions(s) if a.kind == "move" and a.unit == "abn11-inf-1"}
    assert moves == {"7", "10", "12", "13"}
    s = apply(s, Action("end_moves"))
    s = apply(s, Action("fight"))  # zone 10's airborne infantry attack: 3 dice at 1
    assert [d for p, d in rolled(s) if p == "allied attack in 10"] == [[[6, 1]] * 3]


def test_six_naval_shots_at_2_then_the_phase_ends(game):  # DD2-NAV-01, DD2-NAV-02
    s = at_phase(game, "naval", default=3)
    s.game["shots_left"] = 6
    for _ in range(6):
        assert s.phase == "naval"
        s = apply(s, Action("bombard", unit="g14-bh-1"))  # the same blockhouse every time
    assert s.phase == "bombing"
    assert [d for _, d in rolled(s)] == [[[3, 2]]] * 6
    zone = s.label(s.zone[s.k("g14-bh-1")])  # the dice log says what each roll was for
    assert [w for w, _ in rolled(s)] == [f"naval shot at g14-bh-1 in {zone}"] * 6
    assert s.part[s.k("g14-bh-1")] == "G"  # 3 misses a hit-on-2 shot


def test_naval_shot_hits_on_2_and_never_at_other_units(game):  # DD2-NAV-02
    s = at_phase(game, "naval", [2])
    s.game["shots_left"] = 6
    with pytest.raises(IllegalAction):
        apply(s, Action("bombard", unit="g14-art-1"))
    s = apply(s, Action("bombard", unit="g14-bh-2"))
    assert s.part[s.k("g14-bh-2")] == "dead"
    assert all(a.kind == "end_naval" or s.type(s.k(a.unit)) == "blockhouse" for a in legal_actions(s))


def test_naval_step_skipped_without_blockhouses(game):  # DD2-NAV-03
    s = at_phase(game, "german_reinforce", default=6)
    for k in range(len(s.zone)):
        if s.type(k) == "blockhouse":
            out(s, k)
    s.game["rolled"] = True
    s = apply(s, Action("end_placement"))
    assert s.turn == 2 and s.phase != "naval"
    assert "turn 2 naval: passed over (no blockhouse or naval bombardment unit left)" in s.notes


def test_last_blockhouse_destroyed_ends_the_naval_step(game):  # DD2-NAV-03
    s = at_phase(game, "naval", [1])
    s.game["shots_left"] = 6
    for k in range(len(s.zone)):
        if s.type(k) == "blockhouse" and s.units[k].id != "g3-bh":
            out(s, k)
    put(s, "g3-bh", "3", "G")
    s = apply(s, Action("bombard", unit="g3-bh"))
    assert s.phase == "bombing" and s.game["shots_left"] == 5


def test_entering_the_naval_phase_gives_six_shots_and_the_game_twenty_spare_bombers():  # DD2-NAV-01, DD2-AIR-01
    # the naval phase's own hook, not a test's hand: 6 shots a turn out of the pool of 60; the
    # Depot starts with 20 bombers to replace those lost to ground fire
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.rules.dd2.state import DD2State
    from tests.rules.dd2.conftest import DD2
    from tests.rules.dd2.play import choose

    g = Game(load_scenario(DD2), seed=1)
    while g.state.phase != "naval":
        g.do(choose(g.state))
    s = DD2State(g.state, None)
    assert s.game["shots_left"] == 6 and s.game["naval_pool"] == 60
    assert s.game["bomber_depot"] == 20
