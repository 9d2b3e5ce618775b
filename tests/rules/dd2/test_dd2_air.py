"""US Airforce: bombers, German AA, fighter patrols (DD2-AIR-*)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction
from tests.rules.dd2.conftest import Action, apply, at_phase, legal_actions, put, rolled


def test_bombers_only_where_no_allied_ground_unit(game):  # DD2-AIR-01
    s = at_phase(game, "bombing", default=6)
    with pytest.raises(IllegalAction, match="Allied ground units"):
        apply(s, Action("bomb", unit="bomber-1", zone="10"))  # airborne infantry in zone 10
    zones = {a.zone for a in legal_actions(s) if a.kind == "bomb"}
    assert "2" in zones and "10" not in zones and "14" in zones  # Omaha's units are on the beach
    s = apply(s, Action("bomb", unit="bomber-1", zone="2"))
    assert s.game["bombs"] == {"bomber-1": "2"}


def test_two_bombers_at_3_and_the_allies_pick_the_casualty(game):  # DD2-AIR-01, DD2-AIR-02
    # zone 14: 4 infantry, 3 artillery, 2 blockhouses. Bombers roll 2 then 4: one hit.
    s = at_phase(game, "bombing", [2, 4] + [6] * 9 + [6, 6])
    s = apply(s, Action("bomb", unit="bomber-1", zone="14"))
    s = apply(s, Action("bomb", unit="bomber-2", zone="14"))
    s = apply(s, Action("end_bombing"))
    log = rolled(s)
    assert log[0] == ("bombers over 14", [[2, 3], [4, 3]])
    assert log[1][0] == "German fire at bombers over 14" and len(log[1][1]) == 9
    assert s.pending[0]["chooser"] == "allied" and s.pending[0]["hits"] == 1
    picks = {a.units for a in legal_actions(s)}
    assert picks == {("g14-inf-1",), ("g14-art-1",), ("g14-bh-1",)}  # one per kind of unit
    s = apply(s, Action("casualties", units=("g14-art-2",)), side="allied")
    assert s.part[s.k("g14-art-2")] == "dead"
    # then AA: the 2 artillery left fire one die at 1 each at the 2 bombers
    assert rolled(s)[-1] == ("AA at bombers over 14", [[6, 1], [6, 1]])
    assert s.phase == "patrol"


def test_aa_after_bombing_one_die_per_artillery(game):  # DD2-AIR-03
    s = at_phase(game, "bombing", [6] + [6] * 7 + [6, 6, 6, 6])
    put(s, "rennes-art-1", "2", "G")
    put(s, "rennes-art-2", "2", "G")  # zone 2: 1 infantry, 4 artillery, 2 blockhouses
    s = apply(apply(s, Action("bomb", unit="bomber-1", zone="2")), Action("end_bombing"))
    assert rolled(s)[-1] == ("AA at bombers over 2", [[6, 1]] * 4)


def test_bomber_lost_to_ground_fire_is_replaced_lost_to_aa_is_not(game):  # DD2-AIR-04
    # bomber-1 over zone 12 (1 armour): misses, the armour hits it (2 <= 3): replaced.
    s = at_phase(game, "bombing", [6, 2])
    s = apply(apply(s, Action("bomb", unit="bomber-1", zone="12")), Action("end_bombing"))
    assert s.part[s.k("bomber-1")] == "usaaf" and s.game["bomber_depot"] == 19
    # bomber-2 over zone 21 (1 artillery): misses, survives the artillery, falls to its AA.
    s = at_phase(s, "bombing", [6, 6, 1])
    s = apply(apply(s, Action("bomb", unit="bomber-2", zone="21")), Action("end_bombing"))
    assert s.part[s.k("bomber-2")] == "dead" and s.game["bomber_depot"] == 19
    s = at_phase(s, "bombing", default=6)
    assert [a.unit for a in legal_actions(s) if a.kind == "bomb"][:1] == ["bomber-1"]
    apply(s, Action("bomb", unit="bomber-1", zone="12"))
    with pytest.raises(IllegalAction, match="not a bomber ready"):
        apply(s, Action("bomb", unit="bomber-2", zone="12"))


def test_at_most_3_fighters_a_zone_and_8_in_all(game):  # DD2-AIR-05
    s = at_phase(game, "patrol", default=6)
    s = apply(s, Action("patrol", zone="20", n=3))
    with pytest.raises(IllegalAction, match="at most 3"):
        apply(s, Action("patrol", zone="20", n=1))
    s = apply(s, Action("patrol", zone="24", n=3))
    with pytest.raises(IllegalAction, match="only 2 fighter"):
        apply(s, Action("patrol", zone="25", n=3))
    s = apply(s, Action("patrol", zone="25", n=2))
    assert not [a for a in legal_actions(s) if a.kind == "patrol"]  # all 8 are up


def test_each_patrolling_fighter_fires_at_1_at_units_moving_in_and_out(game):  # DD2-AIR-06
    s = at_phase(game, "german_move", [6, 6, 6, 6])
    put(s, "ftr-1", "13", "P")
    put(s, "ftr-2", "13", "P")
    s = apply(s, Action("move", unit="g12-arm", zone="13"))  # in: 2 dice
    assert rolled(s) == [("patrol over 13 at g12-arm moving into 13", [[6, 1], [6, 1]])]
    s = apply(s, Action("move", unit="g13-inf", zone="20"))  # out: 2 dice
    assert rolled(s)[-1] == ("patrol over 13 at g13-inf moving out of 13", [[6, 1], [6, 1]])
    s.dice.push(6, 1)
    s = apply(s, Action("move", unit="g12-arm", zone="20"))  # armour's second zone: out of 13, hit
    assert s.part[s.k("g12-arm")] == "dead"


def test_fighters_over_artillery_draw_aa(game):  # DD2-AIR-07
    s = at_phase(game, "patrol", [6, 6])
    s = apply(s, Action("patrol", zone="2", n=3))  # Cherbourg: 2 artillery
    s = apply(s, Action("end_patrol"))
    assert rolled(s) == [("AA at fighters over 2", [[6, 1], [6, 1]])]
    assert len(s.in_zone(s.board.index("2"), "allied", ("fighter",))) == 3


def test_two_fighter_unit_hit_once_becomes_one_fighter_for_good(game):  # DD2-AIR-08
    s = at_phase(game, "patrol", [1, 6])
    s = apply(apply(s, Action("patrol", zone="2", n=2)), Action("end_patrol"))
    assert len(s.in_zone(s.board.index("2"), "allied", ("fighter",))) == 1
    s = at_phase(s, "german_reinforce", default=6)
    s.game["rolled"] = True
    s = apply(s, Action("end_placement"))  # end of turn: fighters land
    s = at_phase(s, "patrol", default=6)
    assert max(a.n for a in legal_actions(s) if a.kind == "patrol") == 3
    s = apply(s, Action("patrol", zone="20", n=3))
    s = apply(s, Action("patrol", zone="24", n=3))
    with pytest.raises(IllegalAction, match="only 1 fighter"):
        apply(s, Action("patrol", zone="25", n=2))


def test_three_fighter_unit_taking_2_hits_is_a_one_fighter_unit(game):  # DD2-AIR-09
    s = at_phase(game, "patrol", [1, 1, 1])
    put(s, "rennes-art-1", "2", "G")  # 3 artillery, 3 AA hits on 3 fighters would kill all
    s.dice = type(s.dice)([1, 1, 6])
    s = apply(apply(s, Action("patrol", zone="2", n=3)), Action("end_patrol"))
    assert len(s.in_zone(s.board.index("2"), "allied", ("fighter",))) == 1
    assert sum(1 for k in range(len(s.zone)) if s.type(k) == "fighter" and s.alive(k)) == 6
