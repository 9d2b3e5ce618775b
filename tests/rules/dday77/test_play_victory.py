"""Victory judged at the end of the game turn and the game over state (STD-VIC-*)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, apply, legal_actions
from ddaydesk.engine.phases import OVER
from tests.rules.dday77.conftest import arrange, at_phase, do, start


def _end_of_turn(s):
    """From the German combat phase through the end of the game turn."""
    return do(s, EndPhase("german"))


def _east_of_rhine(campaign, n, turn=30):
    board = campaign.board
    germany = sorted(i for i in board.regions["germany"].places if board.terrain_of(i) == "clear")
    ids = [u.id for u in campaign.units if u.side == "allied" and u.type != "hq"][:n]
    s = arrange(start(campaign), {uid: board.labels[germany[i * 3]] for i, uid in enumerate(ids)}, others="gone")
    s = at_phase(s, "german.combat", turn=turn)
    return s, ids


def test_ten_supplied_allied_units_east_of_the_rhine_win_at_once_std_vic_01(campaign):
    # proves STD-VIC-01
    s, _ids = _east_of_rhine(campaign, 10)
    s = _end_of_turn(s)
    assert s.phase == OVER
    assert s.game["outcome"]["winner"] == "allied" and s.game["outcome"]["rule"] == "STD-VIC-01"
    assert s.game["outcome"]["turn"] == 30
    assert legal_actions(s, "allied") == [] and legal_actions(s, "german") == []
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(s, EndPhase("allied"))


def test_unsupplied_units_do_not_count_std_vic_01(campaign):
    # proves STD-VIC-01: with Allied supply centres in use and none on the map, the supply
    # hook finds the ten units in Germany out of supply (D77-ASUP-11): no victory
    s, ids = _east_of_rhine(campaign, 10)
    s.options["allied_supply"] = True
    s = _end_of_turn(s)
    assert set(ids) <= set(s.record("supply")["unsupplied"])
    assert s.phase != OVER and "outcome" not in s.game
    assert s.turn == 31


@pytest.mark.parametrize("turn,over", [(1, False), (2, True), (3, True)])
def test_the_german_wins_when_no_allied_unit_is_left_std_vic_02(campaign, turn, over):
    # proves STD-VIC-02: at the end of any turn after the first (turn 1: not yet), judged by
    # the end phase's victory hook after the German phases (STD-SEQ)
    s = arrange(start(campaign), {}, others="gone")
    s = _end_of_turn(at_phase(s, "german.combat", turn=turn))
    assert (s.phase == OVER) == over
    assert s.game.get("outcome", {}).get("rule") == ("STD-VIC-02" if over else None)


def test_otherwise_the_german_wins_after_the_last_turn_std_vic_03(campaign):
    # proves STD-VIC-03
    s, _ = _east_of_rhine(campaign, 3, turn=50)
    s = _end_of_turn(s)
    assert s.phase == OVER and s.game["outcome"]["winner"] == "german"
    assert s.game["outcome"]["rule"] == "STD-VIC-03"


@pytest.mark.parametrize("cities,won", [
    (["Avranches", "Rennes", "Le Mans", "Alençon", "Falaise"], True),
    (["Avranches", "Rennes", "Le Mans", "Alençon", "Rouen"], True),  # the last city listed counts too
    (["Avranches", "Rennes", "Le Mans", "Alençon"], False),  # 4 of 5
])
def test_the_breakout_is_won_by_holding_five_cities_std_vic_10(breakout, cities, won):
    # proves STD-VIC-10
    from ddaydesk.engine import new_state

    s = new_state(breakout, 1)
    board = breakout.board
    places = sorted({p.place for p in board.places if p.name in cities})
    assert {p.name for p in board.places if p.place in places} >= set(cities)
    s = at_phase(s, "german.combat", turn=breakout.last_turn)
    s.extra["control"] = {"allied": format(int(s.extra["control"]["allied"], 16) | sum(1 << p for p in places), "x")}
    units_there = {breakout.units[k].id: "x" for k, p in enumerate(s.place) if p in places}
    # no German left in contact either: units in an enemy ZOC would have to attack first
    germans = {u.id: "x" for u in breakout.units if u.side == "german"}
    s = arrange(s, {**units_there, **germans})
    s = _end_of_turn(s)
    assert (s.game["outcome"]["winner"] == "allied" and s.game["outcome"]["rule"] == "STD-VIC-10") == won
