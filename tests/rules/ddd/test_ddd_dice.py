"""Phase 1: roll six dice, lock at least two, re-roll the rest up to twice, keep the Final
Tally; every die goes through the engine's roll and into the log; undo stops at a roll."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, legal_actions
from ddaydesk.rules.ddd import KeepDice, LockDie, Reroll, RollDice
from tests.rules.ddd.conftest import arrange, land_all, new_game, player, put


def _rolled(seed=1, **opts):
    g = new_game("exercise-tiger", seed, **opts)
    land_all(g)
    g.do(RollDice("allied", "us"))
    return g


def test_six_dice_two_of_each_colour_every_die_in_the_dice_log():
    g = _rolled()
    dice = player(g, "us")["dice"]
    assert [d[0] for d in dice] == ["red", "red", "white", "white", "blue", "blue"]
    log = g.dice_log()
    assert len(log) == 6 and all(r.sides == 6 and "American Unit" in r.purpose for _i, r in log)
    faces = ("soldier", "soldiers", "star", "courage", "tool", "skull")
    assert [d[1] for d in dice] == [faces[r.value - 1] for _i, r in log]
    assert "rolled dice" in g.undo_problem()  # no re-rolling by undo


def test_a_reroll_needs_two_locked_dice_and_keeps_them():
    g = _rolled()
    with pytest.raises(IllegalAction, match="lock at least 2"):
        g.do(Reroll("allied", "us"))
    g.do(LockDie("allied", "us", 0))
    assert Reroll("allied", "us") not in legal_actions(g.state, "allied")  # one is not enough
    g.do(LockDie("allied", "us", 3))
    g.undo()  # a lock is no roll: it can be taken back
    assert player(g, "us")["dice"][3][2] == 0
    g.do(LockDie("allied", "us", 3))
    before = [d[1] for d in player(g, "us")["dice"]]
    ch = g.do(Reroll("allied", "us"))
    after = player(g, "us")["dice"]
    assert len(ch.dice) == 4  # only the free dice
    assert after[0][1] == before[0] and after[3][1] == before[3] and after[0][2] == after[3][2] == 2
    with pytest.raises(IllegalAction, match="stays locked"):
        g.do(LockDie("allied", "us", 0))


def test_two_rerolls_then_the_tally_is_kept():
    g = _rolled(3)
    for k in (0, 1):
        g.do(LockDie("allied", "us", k))
    g.do(Reroll("allied", "us"))
    assert player(g, "us")["kept"] is False
    g.do(Reroll("allied", "us"))  # the second and last re-roll keeps the dice
    assert player(g, "us")["kept"] is True
    assert not [a for a in legal_actions(g.state, "allied") if a.kind in ("reroll", "lock_die", "keep_dice")]


def test_the_phase_waits_for_every_unit_to_keep():
    g = new_game("exercise-tiger", 2, unit_british=True)
    land_all(g)
    g.do(RollDice("allied", "us"))
    g.do(KeepDice("allied", "us"))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "end_phase"]
    g.do(RollDice("allied", "british"))
    g.do(KeepDice("allied", "british"))
    assert [a for a in legal_actions(g.state, "allied") if a.kind == "end_phase"]


def test_sector_attributes_five_dice_and_no_lock():
    g = new_game("exercise-tiger", 4)
    land_all(g)
    arrange(g, lambda s, r: put(s, "us", "8"))  # Tiger Sector 8: roll only 5 dice
    g.do(RollDice("allied", "us"))
    assert [d[0] for d in player(g, "us")["dice"]] == ["red", "red", "white", "white", "blue"]
    g = new_game("exercise-tiger", 4)
    land_all(g)
    arrange(g, lambda s, r: put(s, "us", "7"))  # Sector 7: no dice locked, all re-rolled
    g.do(RollDice("allied", "us"))
    assert not [a for a in legal_actions(g.state, "allied") if a.kind == "lock_die"]
    assert len(g.do(Reroll("allied", "us")).dice) == 6
