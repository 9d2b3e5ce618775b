"""D-Day2 through the engine's one action log: Game.do, undo up to a die roll, the dice log
with purposes, save -> load (verified), replay, per-side views, `ddaydesk check` on a save."""

from __future__ import annotations

import json

import pytest

from ddaydesk.cli import main
from ddaydesk.engine import (
    Game,
    IllegalAction,
    Move,
    Replay,
    legal_actions,
    load_game,
    save_game,
    view,
)
from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.dd2 import Casualties, ParaDrop, active_side, battle_odds, battles
from tests.rules.dd2.play import choose


def to_phase(g, phase):
    """Play the scripted player until the game reaches `phase`."""
    while g.state.phase != phase:
        g.do(choose(g.state))
    return g


@pytest.fixture(scope="module")
def played(scenario):
    """A seeded game played by the scripted player to turn 3, German move."""
    g = Game(scenario, seed=11)
    while (g.state.turn, g.state.phase) != (3, "german_move"):
        g.do(choose(g.state))
    return g


def test_undo_refused_after_a_roll_allowed_before(scenario):  # DD2-PARA-01, DD2-MOVE-01
    g = Game(scenario, seed=3)
    start = g.state.state_hash()
    assert g.undo_problem() == "nothing to undo"
    ch = g.do(ParaDrop("allied"))
    assert len(ch.dice) == 9 and all("para attack on" in r.purpose and "hits on 1" in r.purpose for r in ch.dice)
    assert "rolled dice" in g.undo_problem()
    with pytest.raises(IllegalAction, match="rolled dice"):
        g.undo()
    assert g.state.state_hash() != start
    to_phase(g, "allied_move")
    at_move = g.pos
    before = g.state.state_hash()
    moves = [a for a in legal_actions(g.state, "allied") if isinstance(a, Move)]
    ch = g.do(moves[0])  # an Allied move rolls nothing: it can be taken back
    assert ch.moved and not ch.dice and g.log[-1].via == ch.moved[0][3]
    assert g.undo_problem() is None
    g.undo()
    assert g.pos == at_move and g.state.state_hash() == before
    assert g.can_redo()
    g.redo()
    assert g.state.place[g.state.unit(moves[0].unit)] == moves[0].to


def test_casualty_choice_hands_the_seat_to_the_chooser(scenario):  # DD2-PARA-01, STD-DD2-CAS-01
    for seed in range(40):  # a seed whose para attack leaves the Germans a real choice
        g = Game(scenario, seed=seed)
        g.do(ParaDrop("allied"))
        if g.state.extra["dd2"]["pending"]:
            break
    s = g.state
    assert s.phase == "para" and s.active == active_side(s) == "german"
    picks = legal_actions(s, "german")
    assert picks and all(isinstance(a, Casualties) for a in picks)
    assert legal_actions(s, "allied") == []
    with pytest.raises(IllegalAction, match="german player picks"):
        g.do(Casualties("allied", picks[0].units))
    g.do(picks[0])
    assert all(g.state.part[g.state.unit(u)] == "dead" for u in picks[0].units)


def test_dice_log_names_every_roll(played):
    log = played.dice_log()
    assert log and all(r.purpose and r.sides == 6 for _, r in log)
    assert [r.draw for _, r in log] == list(range(len(log)))  # every draw of the stream, in order
    assert any(r.purpose.startswith("reinforcements us_chart") for _, r in log)


def test_save_load_verifies_and_gives_the_same_state(played, tmp_path, capsys):
    path = tmp_path / "dd2.json"
    save_game(played, path)
    g = load_game(path)
    assert g.state.state_hash() == played.state.state_hash() and g.pos == played.pos
    assert g.dice_log() == played.dice_log()
    doc = json.loads(path.read_text())
    assert {a["kind"] for a in doc["actions"]} >= {"para_drop", "bomb", "patrol", "move", "reinforce"}
    assert main(["check", str(path)]) == 0  # `ddaydesk check` accepts a D-Day2 save
    capsys.readouterr()
    # a tampered log is refused, naming the file
    doc["actions"][-1]["to"] = "1" if doc["actions"][-1].get("to") != "1" else "2"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(FormatError, match="bad.json"):
        load_game(bad)
    assert main(["check", str(bad)]) == 1


def test_replay_steps_through_the_log(played):
    r = Replay(played)
    r.jump(2, "allied_move")
    s = r.state
    assert (s.turn, s.phase) == (2, "allied_move")
    r.forward()
    assert r.last_changes is played.changes[r.at - 1]
    assert r.back() and r.state is s


def test_per_side_view_keeps_the_board_and_hides_the_dice(played):
    s = played.state
    units = s.to_dict()["units"]  # the part is in the canonical form (and so in the hash)
    assert [units[u.id]["part"] for u in s.scenario.units] == s.part
    for side in ("allied", "german"):
        v = view(s, side)
        assert v.part == s.part and v.place == s.place and v.extra == s.extra  # D-Day2 has no secrets
        assert v.dice.draws == s.dice.draws and not hasattr(v.dice, "state")  # no generator to read


def test_battle_odds_before_rolling_match_the_roll(played):  # DD2-GEN-01
    g = Game(played.scenario, played.seed)
    for a in played.log:
        g.do(a)
    g = to_phase(g, "german_battle") if g.state.phase != "german_battle" else g
    s = g.state
    zones = battles(s)
    assert zones
    odds = {z: battle_odds(s, z) for z in zones}
    ch = g.do(choose(s))  # fight
    for z, o in odds.items():
        assert sum(o["attacker_hits"]) == 1 and len(o["attacker_hits"]) == len(o["attack"]) + 1
        fired = [r for r in ch.dice if r.purpose.startswith(f"german attack in {s.scenario.board.labels[z]} (")]
        assert len(fired) == len(o["attack"])  # one die per unit, as the dialog showed
        assert sorted(int(r.purpose.rsplit(" ", 1)[1][:-1]) for r in fired) == sorted(o["attack"])


def test_a_move_shot_down_by_a_patrol_is_logged_without_a_path(played):  # DD2-AIR-06
    shot = [(a, ch) for a, ch in zip(played.log, played.changes, strict=True)
            if isinstance(a, Move) and not ch.moved]
    assert shot, "the scripted game has German moves under the patrols"
    a, ch = shot[0]
    assert a.via == () and ch.removed == [a.unit] and ch.dice
    assert any(f"at {a.unit} moving" in r.purpose for r in ch.dice)


def test_the_side_to_act_chooses_from_its_own_view(played):
    """The hot-seat loop: whoever is active picks from view(state, active) alone."""
    for s in played.states[:: max(1, len(played.states) // 40)]:
        v = view(s, s.active)
        assert legal_actions(v, s.active) == legal_actions(s, s.active)
