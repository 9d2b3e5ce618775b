"""The F&M game turn, played: our default sequence (the system's 4.1 outline is not public,
docs/rules/fire-and-movement.md "Sequence of play"; STD-SEQ in rules/data/fmu/sequence.yaml),
each phase with the actions and the hooks it must have."""

from __future__ import annotations

import pytest

from ddaydesk.engine import MOVED, ON_MAP, IllegalAction, legal_actions
from ddaydesk.rules.fmu.support import combat_pools
from tests.rules.fmu.fmu_helpers import play_to
from tests.rules.fmu.test_fmu_landing import landed_gt1

ALLIED = ["allied.movement", "allied.combat", "allied.mobile_movement", "allied.mobile_combat"]
GERMAN = ["german.movement", "german.combat", "german.mobile_movement", "german.mobile_combat"]


def test_the_game_turn_in_our_default_order_STD_SEQ():
    # STD-SEQ: each player's movement, combat, mobile movement and mobile combat, the Allies
    # first (FMU-GEN-07); Allied reinforcements land after Allied movement (FMU-AREIN-01)
    seen = []
    play_to(landed_gt1(), 2, "german.movement", seen)
    assert seen == ([(1, p, "allied") for p in ALLIED] + [(1, p, "german") for p in GERMAN]
                    + [(2, "allied.movement", "allied"), (2, "allied.landing", "allied")]
                    + [(2, p, "allied") for p in ALLIED[1:]])


def test_each_phase_allows_its_own_actions_STD_SEQ():
    # STD-SEQ: movement phases move, combat phases attack, and each only in its phase
    g = play_to(landed_gt1(), 2, "allied.movement")
    s = g.state
    assert {"move", "rebuild"} <= {a.kind for a in legal_actions(s, "allied")}
    assert combat_pools(s)["turn"] == 2  # the support fire phase's hook refilled the cups for GT 2
    assert not any(f & MOVED for f in s.flags)  # the end of GT 1 cleared the moves
    mover = next(a for a in legal_actions(s, "allied") if a.kind == "move")
    g.do(mover)
    play_to(g, 2, "allied.combat")
    with pytest.raises(IllegalAction, match="not allowed in the allied.combat phase"):
        g.do(mover)
    contact = _in_contact(g.state, "us-4-8")
    assert "attack" in {a.kind for a in legal_actions(contact, "allied")}
    play_to(g, 2, "allied.mobile_combat")
    tank = _in_contact(g.state, "us-4ad-cca")
    kinds = {(a.kind, a.attackers) for a in legal_actions(tank, "allied") if a.kind == "attack"}
    assert kinds == {("attack", ("us-4ad-cca",))}  # only the mobile unit, in the mobile phase


def test_german_movement_moves_german_units_STD_SEQ():
    g = play_to(landed_gt1(), 1, "german.combat")
    play_to(g, 2, "german.movement")
    s = g.state
    movers = {a.unit for a in legal_actions(s, "german") if a.kind == "move"}
    assert movers and all(s.scenario.units[s.unit(u)].side == "german" for u in movers)
    g.do(next(a for a in legal_actions(s, "german") if a.kind == "move"))


def _in_contact(state, uid):
    """A copy of ``state`` with ``uid`` on the map next to the first German unit on it."""
    s = state.copy()
    board = s.scenario.board
    german = next(k for k, u in enumerate(s.scenario.units) if u.side == "german" and s.status[k] == ON_MAP)
    taken = {s.place[k] for k in range(len(s.scenario.units)) if s.status[k] == ON_MAP}
    k = s.unit(uid)
    s.place[k] = next(i for i in board.adj[s.place[german]] if i not in taken and board.terrain_of(i) != "sea")
    s.status[k] = ON_MAP
    s.flags[k] = 0
    s._cache.clear()
    return s


def test_entering_german_movement_runs_the_blocked_arrivals_check_STD_SEQ_FMU_GREIN_04():
    # the German movement phase's hook (STD-SEQ) notes, as the phase begins, the west-edge
    # units blocked on and north of row 24 (FMU-GREIN-04): they may come on a turn later
    from ddaydesk.engine import EndPhase
    from ddaydesk.rules.fmu.common import fx

    g = play_to(landed_gt1(), 2, "allied.mobile_combat")
    s = g.state.copy()
    north = sorted(s.scenario.board.regions["west_edge_north"].places)
    allied = [k for k, u in enumerate(s.scenario.units) if u.side == "allied" and s.status[k] != ON_MAP]
    for k, i in zip(allied, north[::2], strict=False):
        s.place[k], s.status[k] = i, ON_MAP
    s._cache.clear()
    g.states[-1] = s
    g.do(EndPhase("allied"))
    assert g.state.phase == "german.movement"
    assert {u: t for u, t in fx(g.state)["west_any_from"].items()} == {
        "ge-243-243": 3, "ge-920-243": 3, "ge-921-243": 3, "ge-922-243": 3}


# Each combat phase of the turn, who attacks there and with which unit (a mobile one: it may
# act in every combat phase), against whom (tests/data/combat/fmu_scenario.yaml).
COMBAT_PHASES = [
    pytest.param("allied.combat", "a-mob", "g-leg", id="allied.combat"),
    pytest.param("allied.mobile_combat", "a-mob", "g-leg", id="allied.mobile_combat"),
    pytest.param("german.combat", "g-mob", "a-leg", id="german.combat"),
    pytest.param("german.mobile_combat", "g-mob", "a-leg", id="german.mobile_combat"),
]


@pytest.mark.parametrize("phase,attacker,defender", COMBAT_PHASES)
def test_each_combat_phase_attacks_and_advances_after_combat_STD_SEQ(phase, attacker, defender):
    # STD-SEQ: every combat phase of the turn (each player's, then his mobile units') allows the
    # whole combat: declaring the attack, and after a retreat the advance into the emptied hex
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.rules.combat.actions import Advance, DeclareAttack
    from tests.rules.combat.conftest import FMU_WIRING, first, game_at, seeded_result

    sc = load_scenario(FMU_WIRING)
    side = phase.split(".")[0]
    foe = "german" if side == "allied" else "allied"
    target = sc.board.index("0403")

    def make(seed):  # the defender reduced, for odds that can make it retreat
        g = game_at(sc, {attacker: "0303", defender: "0403"}, phase=phase, turn=2, seed=seed)
        g.state.steps_lost[g.state.unit(defender)] = 1
        return g

    g = seeded_result(make, lambda g: g.do(DeclareAttack(side, (attacker,), target)), "D2")
    g.do(first(legal_actions(g.state, foe), "retreat"))
    assert [a.units for a in legal_actions(g.state, side) if a.kind == "advance"] == [(), (attacker,)]
    g.do(Advance(side, (attacker,)))
    assert g.state.place[g.state.unit(attacker)] == target


def test_the_end_phase_judges_victory_after_the_last_combat_STD_SEQ():
    # STD-SEQ: after the German mobile combat phase the turn's end phase runs its victory hook
    # (here FMU-VIC-01: no beach landing hex left at the end of a GT); with a beachhead left
    # the game goes on to the next GT's first phase
    from ddaydesk.engine import OVER, EndPhase
    from ddaydesk.rules.fmu.common import fx, remove_markers

    for beachhead, after in ((True, (3, "allied.movement")), (False, (2, OVER))):
        g = play_to(landed_gt1(), 2, "german.mobile_combat")
        if not beachhead:
            s = g.state.copy()
            remove_markers(s, "beachhead")
            g.states[-1] = s
        g.do(EndPhase("german"))
        assert (g.state.turn, g.state.phase) == after
        assert ("result" in fx(g.state)) != beachhead
