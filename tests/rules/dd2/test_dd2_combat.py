"""Zones and their parts, moves, landing, one-round battles, blockhouse fire."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction
from ddaydesk.rules.dd2.moves import stack
from tests.rules.dd2.conftest import Action, apply, at_phase, clear_zone, legal_actions, put, rolled


def test_a_g_and_p_parts_are_one_zone(game):  # DD2-TERR-01
    s = game
    z = s.board.index("3")
    put(s, "abn10-inf-1", "3", "A")
    put(s, "ftr-1", "3", "P")
    assert {s.part[k] for k in s.in_zone(z, types=("infantry", "fighter", "blockhouse"))} == {"A", "G", "P"}
    assert s.contested(z)  # the Allied part and the German part are the same zone
    assert stack(s, z, "allied") == 1  # the fighter on P3 is there but does not count for the limit


def test_all_units_in_a_contested_zone_fight_in_the_enemy_part(game):  # DD2-TERR-02, DD2-MOVE-01
    s = at_phase(game, "allied_move", default=6)
    put(s, "usr-inf-1", "9", "A")
    s = apply(s, Action("move", unit="usr-inf-1", zone="10"))
    assert s.part[s.k("usr-inf-1")] == "G"  # moved into the German part of 10
    s = apply(s, Action("end_moves"))
    assert s.phase == "allied_battle" and [a.kind for a in legal_actions(s)] == ["fight"]  # mandatory
    s = apply(s, Action("fight"))
    attack10 = [d for p, d in rolled(s) if p == "allied attack in 10"]
    assert attack10 == [[[6, 1]] * 4]  # all four Allied units in 10 fought, one die each


def test_nobody_leaves_a_contested_zone_air_may_come_and_go(game):  # DD2-TERR-03
    s = at_phase(game, "german_move", default=6)
    with pytest.raises(IllegalAction, match="contested"):
        apply(s, Action("move", unit="g10-inf", zone="9"))
    s = at_phase(s, "allied_move", default=6)
    with pytest.raises(IllegalAction, match="contested"):
        apply(s, Action("move", unit="abn10-inf-1", zone="9"))
    put(s, "usr-inf-2", "9", "A")
    s = apply(s, Action("move", unit="usr-inf-2", zone="10"))  # reinforcing is allowed
    assert s.zone[s.k("usr-inf-2")] == s.board.index("10")
    s = at_phase(s, "patrol", default=6)
    s = apply(s, Action("patrol", zone="10", n=1))  # fighters go over contested zones
    assert s.part[s.k("ftr-1")] == "P"


def test_eight_units_per_alliance_air_and_blockhouses_apart(game):  # DD2-TERR-04
    s = at_phase(game, "allied_move", default=6)
    clear_zone(s, "20")
    for i in range(1, 9):
        put(s, f"usr-inf-{i}", "20", "A")
    put(s, "usr-inf-9", "19", "A")
    with pytest.raises(IllegalAction, match="already holds 8 allied"):
        apply(s, Action("move", unit="usr-inf-9", zone="20"))
    for i in range(1, 4):
        put(s, f"ftr-{i}", "20", "P")
    put(s, "bomber-1", "20", "A")
    assert stack(s, s.board.index("20"), "allied") == 8  # 8 land units plus 3 fighters and a bomber is fine
    s = at_phase(s, "german_move", default=6)
    clear_zone(s, "22")
    for i in range(1, 8):
        put(s, f"rennes-inf-{i}", "22", "G")
    put(s, "g14-bh-1", "22", "G")
    put(s, "g14-bh-2", "22", "G")
    put(s, "rennes-inf-8", "27", "G")
    s = apply(s, Action("move", unit="rennes-inf-8", zone="22"))  # 8th unit, blockhouses aside
    assert stack(s, s.board.index("22"), "german") == 8
    put(s, "rennes-inf-9", "27", "G")
    with pytest.raises(IllegalAction, match="already holds 8 german"):
        apply(s, Action("move", unit="rennes-inf-9", zone="22"))


def test_only_as_many_land_as_the_zone_has_room_for(game):  # DD2-MOVE-02
    s = at_phase(game, "allied_move", default=6)
    clear_zone(s, "14")
    for i in range(1, 7):
        put(s, f"usr-inf-{i}", "14", "A")
    for i in range(7, 12):
        put(s, f"usr-inf-{i}", "14", "beach")
    for i in range(7, 9):
        s = apply(s, Action("land", unit=f"usr-inf-{i}"))
    with pytest.raises(IllegalAction, match="already holds 8 Allied"):
        apply(s, Action("land", unit="usr-inf-9"))
    assert not [a for a in legal_actions(s) if a.kind == "land" and a.unit.startswith("usr")]
    waiting = [s.units[k].id for k in s.on_beach(s.board.index("14")) if s.units[k].id.startswith("usr")]
    assert waiting == ["usr-inf-9", "usr-inf-10", "usr-inf-11"]  # they wait for a later turn


def test_landing_into_germans_goes_straight_to_combat(game):  # DD2-MOVE-03
    s = at_phase(game, "allied_move", default=6)
    s = apply(s, Action("land", unit="omaha-inf-1"))
    assert s.part[s.k("omaha-inf-1")] == "G"
    with pytest.raises(IllegalAction, match="contested"):
        apply(s, Action("move", unit="omaha-inf-1", zone="21"))
    s = apply(apply(s, Action("end_moves")), Action("fight"))
    assert ("allied attack in 14", [[6, 1]]) in rolled(s)


def test_landing_is_the_whole_move_even_for_armour(game):  # DD2-MOVE-02 (movement 1)
    s = at_phase(game, "allied_move", default=6)
    clear_zone(s, "15")
    s = apply(s, Action("land", unit="gold-arm"))
    assert s.part[s.k("gold-arm")] == "A"
    with pytest.raises(IllegalAction, match="landed this turn: landing is its whole move, it may go no further"):
        apply(s, Action("move", unit="gold-arm", zone="22"))


def test_allied_survivors_retreat_to_the_allied_part(game):  # DD2-MOVE-04, DD2-GEN-01
    s = at_phase(game, "allied_battle", default=6)
    for k in s.in_zone(s.board.index("10"), "allied"):
        s.part[k] = "G"
    s = apply(s, Action("fight"))
    assert {s.part[k] for k in s.in_zone(s.board.index("10"), "allied")} == {"A"}
    assert {s.part[k] for k in s.in_zone(s.board.index("10"), "german")} == {"G"}
    assert s.phase == "allied_reinforce"  # one round: no second round is offered


def test_german_attack_brings_the_blockhouses(game):  # DD2-MOVE-05, DD2-UNIT-11
    s = at_phase(game, "german_move", default=6)
    s = apply(s, Action("move", unit="g7-inf", zone="11"))  # zone 11: German infantry and blockhouse
    assert s.part[s.k("g7-inf")] == "A"
    s = apply(apply(s, Action("end_moves")), Action("fight"))
    attack = dict(rolled(s))["german attack in 11"]
    assert sorted(n for _, n in attack) == [1, 1, 3]  # two infantry at 1, the blockhouse at 3


def test_german_survivors_retreat_to_the_german_part(game):  # DD2-MOVE-06
    s = at_phase(game, "german_battle", default=6)
    s = apply(s, Action("fight"))
    for label in ("10", "11", "17"):
        z = s.board.index(label)
        assert {s.part[k] for k in s.in_zone(z, "german")} == {"G"}
        assert {s.part[k] for k in s.in_zone(z, "allied")} == {"A"}


def test_battles_go_on_turn_after_turn(game):  # DD2-BATTLE-01, DD2-GEN-01
    s = at_phase(game, "allied_battle", default=6)
    s = apply(s, Action("fight"))
    assert s.contested(s.board.index("10")) and s.phase == "allied_reinforce"
    s = at_phase(s, "german_battle", default=6)
    s = apply(s, Action("fight"))  # the Germans fight the same zone in their turn
    assert "german attack in 10" in dict(rolled(s))
    s = at_phase(s, "allied_battle", default=6)
    before = len(s.rolls)
    s = apply(s, Action("fight"))  # and the Allies again next time
    assert "allied attack in 10" in dict(rolled(s, before))


def test_casualties_in_battle_go_to_the_owner(game):  # DD2-GEN-01 (one round), owner picks
    s = at_phase(game, "allied_battle", [1, 6, 6] + [1, 6], default=6)  # zone 10: 1 hit each way
    s = apply(s, Action("fight"))
    assert s.pending[0]["chooser"] == "german" and s.pending[0]["candidates"] == ["g10-inf", "g10-art"]
    # DD2-BATTLE-01: the one roll's hits are taken in the battle phase, then the battle waits
    # for the next turn
    s = apply(s, Action("casualties", units=("g10-art",)), side="german")
    assert s.part[s.k("g10-art")] == "dead"


def test_blockhouses_fire_at_their_beach_and_the_german_picks(game):  # DD2-BLK-01, DD2-UNIT-11
    # Utah (4, 7, 11: 3 dice), Omaha (14: 2), Gold (15: 2), Juno (16: 1), Sword (17, 18: 3)
    dice = [6, 6, 6] + [3, 1] + [6, 6] + [6] + [6, 6, 6]
    s = at_phase(game, "blockhouse_fire", dice)
    s = apply(s, Action("blockhouse_fire"))
    log = rolled(s)
    assert [(p, len(d)) for p, d in log] == [
        ("blockhouses fire at Utah", 3), ("blockhouses fire at Omaha", 2), ("blockhouses fire at Gold", 2),
        ("blockhouses fire at Juno", 1), ("blockhouses fire at Sword", 3)]
    assert all(n == 3 for _, d in log for _, n in d)
    assert s.pending[0] == {"chooser": "german", "hits": 2, "reason": "blockhouse fire at Omaha",
                            "candidates": [f"omaha-inf-{i}" for i in range(1, 7)] + ["omaha-art-1", "omaha-art-2"]}
    assert sum(len(d) for _, d in log) == 11  # one fire unit per blockhouse with an arrow
    s = apply(s, Action("casualties", units=("omaha-art-1", "omaha-art-2")), side="german")
    assert s.phase == "allied_move" and s.part[s.k("omaha-art-1")] == "dead"


def test_casualties_of_a_german_attack_are_taken_in_the_german_battle_phase(game):  # DD2-BATTLE-01
    # the roll's hits are taken in the German battle phase, by the owner of the units hit
    s = at_phase(game, "german_battle", [1, 6, 1, 6, 6, 6], default=6)
    s = apply(s, Action("fight"))
    assert s.phase == "german_battle" and s.pending[0]["chooser"] == "german"
    assert s.pending[0]["candidates"] == ["g10-inf", "g10-art"]
    s = apply(s, Action("casualties", units=("g10-inf",)), side="german")
    assert s.part[s.k("g10-inf")] == "dead"
