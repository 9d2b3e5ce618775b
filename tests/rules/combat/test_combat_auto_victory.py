"""Automatic victory at 7-1 in the movement phase (D77-AUTO-01..18)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ddaydesk.rules.combat import TurnInfo, check_automatic_victory
from ddaydesk.rules.combat.auto_victory import with_cds
from tests.rules.combat.conftest import Build

MOVE = TurnInfo(turn=3, phase="movement", active_side="german")


def setup(b: Build, attack: list[int], defence: int, at: str = "0404", attacker_type="infantry",
          hq: bool = False):
    if hq:
        b.unit("hq", "allied", "0305", 0, 1, type="hq", zoc=False)
    b.unit("d", "allied", at, defence, defence)
    ids = []
    for k, v in enumerate(attack):
        b.unit(f"g{k}", "german", b.nb(at, k), v, v, type=attacker_type)
        ids.append(f"g{k}")
    return tuple(ids), b.board.index(at)


def rules(av) -> set[str]:
    return {r.rule for r in av.refusals}


def test_offered_in_own_movement_phase_only_D77_AUTO_01(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4)
    assert check_automatic_victory(d77.sit(turn=MOVE), ids, t).allowed
    combat = replace(MOVE, phase="combat")
    assert "D77-AUTO-01" in rules(check_automatic_victory(d77.sit(turn=combat), ids, t))
    other = replace(MOVE, active_side="allied")
    assert "D77-AUTO-01" in rules(check_automatic_victory(d77.sit(turn=other), ids, t))
    assert "D77-AUTO-01" in rules(check_automatic_victory(
        d77.sit(options={"automatic_victory": False}, turn=MOVE), ids, t))


@pytest.mark.parametrize(("attack", "ok"), [([7, 7, 7, 7], True), ([7, 7, 7, 6], False)],
                         ids=["D77-AUTO-02-28v4", "D77-AUTO-02-27v4"])
def test_needs_7_to_1(d77, attack, ok):
    # D77-AUTO-02 rests on base CRT odds calculation, not in the seeds: proven against our default (docs/rules/dday77.md)
    ids, t = setup(d77, attack, 4)
    av = check_automatic_victory(d77.sit(turn=MOVE), ids, t)
    assert av.allowed == ok
    assert ok or "D77-AUTO-02" in rules(av)


def test_defenders_removed_without_a_roll_and_movement_goes_on_D77_AUTO_03(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4)
    av = check_automatic_victory(d77.sit(turn=MOVE), ids, t)
    assert av.removed == ["d"]  # D77-AUTO-03
    note = next(n for n in av.notes if n.rule == "D77-AUTO-03")  # what the player is told, in words
    assert (note.text, note.value) == ("the defenders are removed without a die roll; movement goes on", 0)


def test_participants_locked_for_the_turn_D77_AUTO_04_05(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4)
    av = check_automatic_victory(d77.sit(turn=MOVE), ids, t)
    assert av.locked == list(ids)  # D77-AUTO-04 no more movement, D77-AUTO-05 no more attacks


def test_participants_may_advance_if_normally_legal_D77_AUTO_06(d77):
    # D77-AUTO-06 rests on base rule 11.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    ids, t = setup(d77, [14, 14], 4, attacker_type="armour")
    assert check_automatic_victory(d77.sit(turn=MOVE), ids, t).advance_units == list(ids)
    b = Build(d77.board, "dday77")
    ids, t = setup(b, [14, 14], 4, attacker_type="infantry")
    assert check_automatic_victory(b.sit(turn=MOVE), ids, t).advance_units == []  # D77-AUTO-06


def test_vacated_hex_closed_to_other_units_D77_AUTO_07(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4)
    assert check_automatic_victory(d77.sit(turn=MOVE), ids, t).closed_hex == t  # D77-AUTO-07


def test_former_zoc_is_free_after_removal_D77_AUTO_08(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4)
    sit = d77.sit(turn=MOVE)
    av = check_automatic_victory(sit, ids, t)
    after = replace(sit, units=[u for u in sit.units if u.id not in av.removed])
    assert set(d77.board.adj[t]) <= sit.zoc_of("allied")
    assert not set(d77.board.adj[t]) & after.zoc_of("allied")  # D77-AUTO-08
    assert "D77-AUTO-08" in [n.rule for n in av.notes]


@pytest.mark.parametrize(("hex_", "rule"), [("0402", "D77-AUTO-09"), ("0502", "D77-AUTO-10"),
                                            ("0602", "D77-AUTO-11")],
                         ids=["D77-AUTO-09", "D77-AUTO-10", "D77-AUTO-11"])
def test_never_against_city_fortress_or_fortification(d77, hex_, rule):
    ids, t = setup(d77, [20, 20, 20], 1, at=hex_)
    av = check_automatic_victory(d77.sit(turn=MOVE), ids, t)
    assert not av.allowed and rule in rules(av)


def test_close_attack_support_does_not_count_D77_AUTO_12(d77):
    # D77-AUTO-02 rests on base CRT odds calculation, not in the seeds: proven against our default (docs/rules/dday77.md)
    d77.unit("hq", "allied", "0305", 0, 1, type="hq", zoc=False)
    d77.unit("d", "german", "0404", 4, 4)
    d77.unit("a1", "allied", d77.nb("0404", 0), 12, 12)
    d77.unit("a2", "allied", d77.nb("0404", 1), 12, 12)
    turn = replace(MOVE, active_side="allied")
    t = d77.board.index("0404")
    assert "D77-AUTO-02" in rules(check_automatic_victory(d77.sit(turn=turn), ("a1", "a2"), t))  # 24:4
    av = check_automatic_victory(d77.sit(turn=turn), ("a1", "a2"), t, cas=4)
    assert not av.allowed and "D77-AUTO-12" in rules(av)


def test_allied_defender_offered_cds_D77_AUTO_13(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4, hq=True)
    assert check_automatic_victory(d77.sit(turn=MOVE), ids, t).cds_offer  # D77-AUTO-13
    b = Build(d77.board, "dday77")
    ids, t = setup(b, [7, 7, 7, 7], 4, hq=False)
    assert not check_automatic_victory(b.sit(turn=MOVE), ids, t).cds_offer


def test_cds_decided_at_the_announcement_D77_AUTO_14(d77):
    # The offer belongs to the announcement: once this hex has its CDS factor there is no new offer.
    ids, t = setup(d77, [7, 7, 7, 7], 4, hq=True)
    sit = d77.sit(turn=MOVE)
    later = replace(sit, pools=replace(sit.pools, cds_hexes=frozenset({t})))
    assert check_automatic_victory(sit, ids, t).cds_offer
    assert not check_automatic_victory(later, ids, t).cds_offer  # D77-AUTO-14


def test_cds_below_7_to_1_cancels_and_spends_D77_AUTO_15_16(d77):
    ids, t = setup(d77, [7, 7, 7, 7], 4, hq=True)
    av = with_cds(d77.sit(turn=MOVE), ids, t)
    assert not av.allowed and av.cancelled  # D77-AUTO-16: 28 vs 5
    assert av.assessment.defence == 5  # fought later with the CDS factor in the defence
    assert "D77-AUTO-15" in [n.rule for n in av.notes]  # D77-AUTO-15: the air factor is spent
    note = next(n for n in av.notes if n.rule == "D77-AUTO-16")  # what the player is told, in words
    assert note.text == ("close defensive support brings the odds below 7-1: the automatic victory is "
                         "cancelled and fought in the combat phase, CDS included")


def test_cds_that_leaves_7_to_1_does_not_stop_it_D77_AUTO_16(d77):
    ids, t = setup(d77, [9, 9, 9, 8], 4, hq=True)  # 35 vs 5
    av = with_cds(d77.sit(turn=MOVE), ids, t)
    assert av.allowed and not av.cancelled and av.assessment.defence == 5


def test_no_second_chance_after_cancellation_D77_AUTO_17(d77):
    ids, t = setup(d77, [9, 9, 9, 9, 9], 4, hq=True)
    sit = d77.sit(turn=MOVE)
    blocked = replace(sit, pools=replace(sit.pools, auto_blocked=frozenset({t}), cds_hexes=frozenset({t})))
    av = check_automatic_victory(blocked, ids, t)  # 45 vs 5 would be 9-1
    assert not av.allowed and "D77-AUTO-17" in rules(av)


def test_never_from_an_all_sea_hex_D77_AUTO_18(d77):
    d77.unit("d", "german", "0203", 1, 1)
    sea = [d77.board.label(j) for j in d77.board.adj[d77.board.index("0203")]
           if d77.board.terrain_of(j) == "sea"]
    d77.unit("s", "allied", sea[0], 8, 8)
    turn = replace(MOVE, active_side="allied")
    av = check_automatic_victory(d77.sit(turn=turn), ("s",), d77.board.index("0203"))
    assert not av.allowed and "D77-AUTO-18" in rules(av)
