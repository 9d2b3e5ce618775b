"""The landing sequence before GT 1 (seed 002 11.2.1-11.2.3)."""

import pytest

from ddaydesk.engine import (
    ELIMINATED,
    ON_MAP,
    PENDING,
    WITHHELD,
    Changes,
    EndPhase,
    Game,
    IllegalAction,
    Move,
    legal_actions,
)
from ddaydesk.rules.fmu.airborne import (
    PlaceAirborne,
    PlaceDropZone,
    RollDrop,
    airborne_force,
    drift_target,
)
from ddaydesk.rules.fmu.common import fx, zoc_of
from ddaydesk.rules.fmu.landing import Land, PlaceBeachhead, landing_force, landing_places
from tests.rules.fmu.fmu_helpers import (
    at,
    attack,
    fight_landing,
    play_landing,
    scenario,
    script_dice,
    settle_combat,
)


def new():
    return Game(scenario(), 3)


def test_setup_phases_run_in_the_printed_order_FMU_SEQ_01():
    # FMU-SEQ-01
    g = new()
    seen = [g.state.phase]
    assert seen == ["landing.beachheads"]
    with pytest.raises(IllegalAction, match="not allowed in the landing.beachheads"):
        g.do(PlaceDropZone("allied", "82", at(g.scenario, "2503")))  # FMU-SEQ-01: airborne after amphibious
    play_landing(g)
    assert g.state.phase in ("landing.drop_attacks", "landing.beach_assault")


def test_beachhead_markers_only_on_utah_beach_one_a_hex_FMU_AMPH_01():
    # FMU-AMPH-01
    g = new()
    sc = g.scenario
    g.do(PlaceBeachhead("allied", at(sc, "2806")))
    with pytest.raises(IllegalAction, match="already has a beachhead"):
        g.do(PlaceBeachhead("allied", at(sc, "2806")))
    with pytest.raises(IllegalAction, match="not a Utah Beach hex"):
        g.do(PlaceBeachhead("allied", at(sc, "2406")))
    offered = {sc.board.labels[a.place] for a in legal_actions(g.state, "allied") if a.kind == "place_beachhead"}
    assert offered == {"3005", "2906", "2707", "2607", "2508"}


def test_unplaced_beachhead_markers_are_gone_for_good_FMU_AMPH_02():
    # FMU-AMPH-02
    g = new()
    g.do(PlaceBeachhead("allied", at(g.scenario, "2806")))
    g.do(EndPhase("allied"))
    with pytest.raises(IllegalAction, match="not allowed in the landing.amphibious"):
        g.do(PlaceBeachhead("allied", at(g.scenario, "2707")))


def test_landing_force_is_4th_division_and_359th_FMU_AMPH_05():
    # FMU-AMPH-05
    g = new()
    ids = sorted(g.scenario.units[k].id for k in landing_force(g.state))
    assert ids == ["us-4-12", "us-4-22", "us-4-8", "us-90-359"]


def test_three_a_beach_hex_the_fourth_lands_on_gt2_FMU_AMPH_06():
    # FMU-AMPH-06
    g = new()
    sc = g.scenario
    g.do(PlaceBeachhead("allied", at(sc, "2806")))
    g.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22"):
        g.do(Land("allied", uid, at(sc, "2806")))
    with pytest.raises(IllegalAction, match="three units"):
        g.do(Land("allied", "us-90-359", at(sc, "2806")))
    g.do(EndPhase("allied"))  # no room left: the phase may end
    assert fx(g.state)["delayed"] == {"us-90-359": 2}


def test_beachhead_markers_without_units_removed_FMU_AMPH_10():
    # FMU-AMPH-10
    g = new()
    sc = g.scenario
    g.do(PlaceBeachhead("allied", at(sc, "3005")))
    g.do(PlaceBeachhead("allied", at(sc, "2906")))
    g.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22"):
        g.do(Land("allied", uid, at(sc, "2906")))
    with pytest.raises(IllegalAction, match=r"^land us-90-359 first \(FMU-AMPH-05\)$"):
        g.do(EndPhase("allied"))  # FMU-AMPH-05: every landing unit that has room lands
    g.do(Land("allied", "us-90-359", at(sc, "3005")))
    g.do(EndPhase("allied"))
    assert sorted(sc.board.labels[m.place] for m in g.state.markers_of("beachhead")) == ["2906", "3005"]
    g2 = new()
    g2.do(PlaceBeachhead("allied", at(sc, "3005")))
    g2.do(PlaceBeachhead("allied", at(sc, "2906")))
    g2.do(PlaceBeachhead("allied", at(sc, "2806")))
    g2.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22", "us-90-359"):
        g2.do(Land("allied", uid, at(sc, "2906" if uid != "us-90-359" else "2806")))
    g2.do(EndPhase("allied"))
    assert sorted(sc.board.labels[m.place] for m in g2.state.markers_of("beachhead")) == ["2806", "2906"]


def test_german_units_placed_at_step_5_after_the_drift_FMU_SEQ_02_FMU_GSET_01_FMU_GSET_02():
    # FMU-SEQ-02, FMU-GSET-01, FMU-GSET-02
    g = new()
    sc = g.scenario
    german = [j for j, u in enumerate(sc.units) if u.side == "german" and u.hex >= 0]
    k = g.state.unit("ge-739-709")
    assert g.state.status[k] == WITHHELD  # not on the map while the Allies land and drop
    assert g.state.place[k] == -1
    play_landing(g)
    on_map = [any(s.status[j] == ON_MAP for j in german) for s in g.states]
    first = on_map.index(True)
    # the step before: through the drop and the hazards (step 4) no German unit is on the map
    assert all(not on_map[i] for i in range(first))
    assert g.states[first - 1].phase == "landing.hazards"
    # the step after: all of them at once, after the drift, before the attacks of steps 6 and 7
    after = g.states[first]
    assert all(after.status[j] == ON_MAP for j in german)
    assert after.phase in ("landing.drop_attacks", "landing.beach_assault")
    dropped = g.states[next(i for i, s in enumerate(g.states) if s.phase == "landing.hazards")]
    for j in airborne_force(after):  # every airborne unit already in its final (drifted) hex
        assert after.place[j] == dropped.place[j] and after.status[j] == dropped.status[j] != PENDING
    where = {u.id: sc.board.labels[g.state.place[j]] for j, u in enumerate(sc.units)
             if u.side == "german" and g.state.status[j] == ON_MAP}
    assert where == {"ge-6-2": "1709", "ge-709-709": "3303", "ge-919-709": "3002",
                     "ge-729-709": "3203", "ge-739-709": "3303"}  # two units in 3303 as printed


def test_unit_in_a_german_hex_must_attack_it_alone_with_the_real_combat_FMU_AIRB_12_FMU_AIRB_13_FMU_AIRB_15():
    # FMU-AIRB-12: seed 3 with the 82nd's zone next to 3203 (729/709) puts us-82-508 on it
    # FMU-AIRB-13 rests on system stiff resistance rule, not in the seeds: proven against our default (docs/rules/fire-and-movement.md)
    g = play_landing(new(), dz=("3103", "2305"))
    s = g.state
    sc = g.scenario
    from ddaydesk.rules.fmu.landing import drop_hex_units
    assert s.phase == "landing.drop_attacks"
    in_hex = [sc.units[k].id for k in drop_hex_units(s)]
    assert in_hex == ["us-82-508"]
    target = s.place[s.unit("us-82-508")]
    with pytest.raises(IllegalAction, match="must attack the German unit in its hex"):
        g.do(EndPhase("allied"))
    decls = [a for a in legal_actions(s, "allied") if a.kind == "attack"]
    assert decls == [attack("allied", in_hex, target, "drop_hex")]  # only the units in the hex
    neighbour = next(sc.units[k].id for k in range(len(sc.units)) if sc.units[k].side == "allied"
                     and s.status[k] == ON_MAP and s.place[k] in sc.board.adj[target])
    with pytest.raises(IllegalAction):
        g.do(attack("allied", [*in_hex, neighbour], target, "drop_hex"))  # adjacent units cannot join
    g.do(decls[0])
    assert g.state.active == "allied"  # FMU-AIRB-13: no German answer (no markers, no stiff resistance)
    assert {len(a.draws) for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"} == {0, 1}
    settle_combat(g)
    k, ge = g.state.unit("us-82-508"), g.state.unit("ge-729-709")
    german_stayed = g.state.status[ge] == ON_MAP and g.state.place[ge] == target
    assert not german_stayed or g.state.status[k] == ELIMINATED  # FMU-AIRB-15
    g.do(EndPhase("allied"))
    assert g.state.phase == "landing.beach_assault"


def test_beach_assault_required_in_every_occupied_beach_hex_FMU_BEACH_01():
    # FMU-BEACH-01
    g = play_landing(new())
    while g.state.phase == "landing.drop_attacks":
        fight_landing_phase(g)
    # the beach assault step (11.2.2 step 7) begins by flipping the drop zones to their
    # supply side (FMU-AIRB-16): the step before it has not
    before = [s for s in g.states if s.phase != "landing.beach_assault"][-1]
    assert not fx(before).get("drop_zone_supply") and before.phase.startswith("landing.")
    assert g.state.phase == "landing.beach_assault" and fx(g.state)["drop_zone_supply"] is True
    with pytest.raises(IllegalAction, match="beach assault"):
        g.do(EndPhase("allied"))
    sc = g.scenario
    due = sorted((a.attackers, sc.board.labels[a.target]) for a in legal_actions(g.state, "allied")
                 if a.kind == "attack")
    assert due == [(("us-4-12", "us-4-22", "us-4-8"), "2806"), (("us-90-359",), "2707")] or due == [
        (("us-4-8", "us-4-12", "us-4-22"), "2806"), (("us-90-359",), "2707")]
    with pytest.raises(IllegalAction, match="FMU-BEACH-01"):  # every unit of the stack takes part
        g.do(attack("allied", ["us-4-8"], at(sc, "2806"), "beach_assault"))
    for decl in [a for a in legal_actions(g.state, "allied") if a.kind == "attack"]:
        g.do(decl)
        settle_combat(g)
    g.do(EndPhase("allied"))
    assert g.state.turn == 1 and g.state.phase == "allied.movement"


def fight_landing_phase(g):
    for decl in [a for a in legal_actions(g.state, "allied") if a.kind == "attack" and a.mode != "normal"]:
        g.do(decl)
        settle_combat(g)
    g.do(EndPhase("allied"))


def landed_gt1(seed=3, dz=("2503", "2305")):
    g = play_landing(Game(scenario(), seed), dz=dz)
    fight_landing(g)
    return g


def test_gt1_landed_and_airborne_units_may_not_move_FMU_AMPH_08_FMU_AMPH_09_FMU_AIRB_18(monkeypatch):
    # FMU-AMPH-08, FMU-AMPH-09, FMU-AIRB-18
    g = landed_gt1()
    movers = {a.unit for a in legal_actions(g.state, "allied") if a.kind == "move"}
    assert movers == set()
    with pytest.raises(IllegalAction, match="landed on GT 1"):
        g.do(Move("allied", "us-4-8", at(g.scenario, "2705")))
    airborne = next(u.id for k, u in enumerate(g.scenario.units)
                    if u.type == "parachute" and u.side == "allied" and g.state.status[k] == ON_MAP)
    with pytest.raises(IllegalAction, match="airborne units may not move"):
        g.do(Move("allied", airborne, at(g.scenario, "2402")))
    g.do(EndPhase("allied"))  # to combat: airborne may not attack on GT 1
    with pytest.raises(IllegalAction, match="may not attack on GT 1"):
        g.do(attack("allied", [airborne], at(g.scenario, "3203")))
    with pytest.raises(IllegalAction, match="only combat is the beach assault"):
        g.do(attack("allied", ["us-4-8"], at(g.scenario, "3203")))


def test_airborne_units_project_no_zoc_on_gt1_FMU_AIRB_17(monkeypatch):
    # FMU-AIRB-17
    g = landed_gt1()
    s = g.state
    airborne = [k for k, u in enumerate(s.scenario.units) if u.type in ("parachute", "glider")
                and u.side == "allied" and s.status[k] == ON_MAP]
    next_to = {j for k in airborne for j in s.scenario.board.adj[s.place[k]]}
    zoc = zoc_of(s, "allied")
    others = {j for k, u in enumerate(s.scenario.units) if u.side == "allied" and s.status[k] == ON_MAP
              and k not in airborne for j in s.scenario.board.adj[s.place[k]]}
    assert any(next_to - others)
    assert not any(zoc[j] for j in next_to - others)
    s2 = s.copy()
    s2.turn = 2
    assert all(zoc_of(s2, "allied")[j] for j in next_to)


def test_stacked_units_that_leave_the_beach_never_stack_again_FMU_AMPH_07(monkeypatch):
    # FMU-AMPH-07
    g = landed_gt1()
    s = g.state.copy()
    s.turn = 2
    s.phase = "allied.movement"
    from ddaydesk.engine import reach
    k = s.unit("us-4-8")
    r = reach(s, k)
    occupied = {s.place[j] for j, u in enumerate(s.scenario.units) if u.side == "allied" and s.status[j] == ON_MAP}
    assert r.dest and not (set(r.dest) & occupied)  # not even the other beach stack (2707)


def test_drop_zones_give_airborne_supply_then_go_on_gt3_FMU_AIRB_16(monkeypatch):
    # FMU-AIRB-16
    g = landed_gt1()
    assert fx(g.state)["drop_zone_supply"] is True
    assert len(g.state.markers_of("drop_zone")) == 2
    from ddaydesk.rules.fmu.support import support_phase
    s = g.state.copy()
    s.turn = 2
    support_phase(s, Changes())
    assert len(s.markers_of("drop_zone")) == 2
    s.turn = 3
    ch = Changes()
    support_phase(s, ch)
    assert s.markers_of("drop_zone") == [] and fx(s)["drop_zone_supply"] is False


def test_beach_hex_whose_assault_units_all_die_loses_its_marker_FMU_BEACH_06(monkeypatch):
    # FMU-BEACH-06 through the real beach assault: us-90-359, alone on 2707 and already reduced,
    # rolls a 6 (D2 or D3 at +4..+6 on either beach line: every assaulting unit reduced, BEACH-05)
    from ddaydesk.rules.fmu.landing import beach_assault_units

    g = play_landing(new())
    while g.state.phase == "landing.drop_attacks":
        fight_landing_phase(g)
    assert g.state.phase == "landing.beach_assault"
    assert len(beach_assault_units(g.state)) == 4
    s = g.state.copy()
    s.steps_lost[s.unit("us-90-359")] = 1
    g.states[-1] = s
    sc = g.scenario
    g.do(attack("allied", ["us-90-359"], at(sc, "2707"), "beach_assault"))
    script_dice(monkeypatch, [6])  # the combat die: the answer and roll draw no markers
    settle_combat(g)
    assert g.state.status[g.state.unit("us-90-359")] == ELIMINATED
    labels = sorted(sc.board.labels[m.place] for m in g.state.markers_of("beachhead"))
    assert labels == ["2806"]
    assert "2707" not in [sc.board.labels[i] for i in landing_places(g.state)]


def test_landing_log_saves_and_replays_to_the_same_state(tmp_path):
    # The landing's actions and dice are in the log like any other (FMU-AIRB-03 rolls replayed).
    from ddaydesk.engine import load_game, save_game

    g = play_landing(new())
    path = tmp_path / "landing.json"
    save_game(g, path)
    again = load_game(path)
    assert again.state.state_hash() == g.state.state_hash()
    assert [r.value for _, r in again.dice_log()] == [r.value for _, r in g.dice_log()]
    kinds = {a.kind for a in again.log}
    assert {"place_beachhead", "land", "place_drop_zone", "place_airborne", "roll_drop"} <= kinds


def test_compulsory_attacks_are_listed_for_the_combat_wiring_FMU_BEACH_01():
    # FMU-BEACH-01, FMU-AIRB-12: the combat record names the hexes where attacks are due,
    # and each is struck off when its attack is made
    g = play_landing(new())
    while g.state.phase == "landing.drop_attacks":
        fight_landing_phase(g)
    assert g.state.extra["combat"]["beach_assault_due"] == ["2707", "2806"]
    assert "drop_hex_due" not in g.state.extra["combat"]
    with pytest.raises(IllegalAction, match="only the beach-assault attacks"):  # FMU-AMPH-08
        g.do(attack("allied", ["us-90-359"], at(g.scenario, "2707")))
    fight_landing(g)
    assert g.state.extra["combat"]["beach_assault_due"] == []


def test_drift_onto_a_full_beach_hex_is_blocked_FMU_AMPH_06_FMU_AIRB_08_FMU_AIRB_11(monkeypatch):
    # Regression (hypothesis, seed 34): a paratrooper drifting north-east from 2805 onto 2906,
    # which holds three landed units, made four on a beach landing hex. The limit of three
    # binds the drop too (FMU-AMPH-06); like a drift off the map, the drift is blocked and the
    # unit comes down on its planned hex (FMU-AIRB-08 reading), where no hazard applies.
    g = new()
    sc = g.scenario
    g.do(PlaceBeachhead("allied", at(sc, "2906")))
    g.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22"):
        g.do(Land("allied", uid, at(sc, "2906")))
    g.do(EndPhase("allied"))
    g.do(PlaceDropZone("allied", "82", at(sc, "2503")))
    g.do(PlaceDropZone("allied", "101", at(sc, "2705")))
    g.do(EndPhase("allied"))
    g.do(PlaceAirborne("allied", "us-101-506", at(sc, "2805")))
    assert drift_target(g.state, at(sc, "2805"), 3) == ("NE", at(sc, "2805"))  # 2906 is full
    assert drift_target(g.state, at(sc, "2805"), 4)[1] == at(sc, "2806")  # a free hex: drifts
    while acts := [a for a in legal_actions(g.state, "allied") if isinstance(a, PlaceAirborne)]:
        g.do(acts[0])
    g.do(EndPhase("allied"))
    script_dice(monkeypatch, [4, 3])  # survives, drifts 3: north-east, onto 2906
    ch = g.do(RollDrop("allied", "us-101-506"))
    k = g.state.unit("us-101-506")
    assert sc.board.labels[g.state.place[k]] == "2805"
    assert fx(g.state)["drops"]["us-101-506"]["landed"] == "2805"
    assert "blocked" in ch.notes[-1]
    assert len([j for j in g.state.units_at()[at(sc, "2906")]
                if sc.units[j].side == "allied"]) == 3  # FMU-AMPH-06
