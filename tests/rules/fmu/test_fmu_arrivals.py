"""Reinforcements: German entry by edge (11.1.2) and Allied landings on beachhead hexes (11.2.4)."""

import pytest

from ddaydesk.engine import ON_MAP, PENDING, EndPhase, IllegalAction, Move, legal_actions, reach
from ddaydesk.engine.movement import entry_places
from ddaydesk.rules.fmu.common import fx
from ddaydesk.rules.fmu.landing import Land, due_to_land, landing_places
from ddaydesk.rules.fmu.limits import german_arrivals
from tests.rules.fmu.fmu_helpers import at, play_to, scenario
from tests.rules.fmu.test_fmu_landing import landed_gt1


def to_phase(g, phase_id):
    while g.state.phase != phase_id:
        g.do(EndPhase(g.state.active))
    return g


def labels(s, places):
    return sorted(s.scenario.board.labels[i] for i in places)


def arrivals(sc, turn):
    return sorted(u.id for u in sc.units if u.arrive_turn == turn and u.side == "german")


@pytest.mark.parametrize("turn,ids", [
    pytest.param(1, ["ge-1057-91", "ge-1058-91", "ge-191-91"], id="FMU-GREIN-06"),
    pytest.param(2, ["ge-17-17ss-aa", "ge-243-243", "ge-37-17ss", "ge-920-243", "ge-921-243", "ge-922-243"],
                 id="FMU-GREIN-07-FMU-GREIN-08"),
    pytest.param(3, ["ge-17-17ss-at", "ge-33-17ss"], id="FMU-GREIN-09"),
    pytest.param(4, ["ge-1049-77", "ge-1050-77"], id="FMU-GREIN-10"),
    pytest.param(5, ["ge-15-5", "ge-5-5-at"], id="FMU-GREIN-11"),
    pytest.param(9, ["ge-897-266"], id="FMU-GREIN-12"),
    pytest.param(6, [], id="FMU-GREIN-12-none-6"),
    pytest.param(8, [], id="FMU-GREIN-12-none-8"),
])
def test_german_reinforcement_schedule(turn, ids):
    assert arrivals(scenario(), turn) == ids


@pytest.mark.parametrize("turn,ids", [
    pytest.param(2, ["us-90-357", "us-90-358"], id="FMU-AREIN-02"),
    pytest.param(3, ["us-9-39", "us-9-47", "us-9-60"], id="FMU-AREIN-03"),
    pytest.param(4, ["us-4ad-cca", "us-4ad-ccb", "us-4ad-ccr"], id="FMU-AREIN-04"),
    pytest.param(5, ["us-79-313", "us-79-314", "us-79-315"], id="FMU-AREIN-05"),
    pytest.param(15, ["us-5ad-cca", "us-5ad-ccb", "us-5ad-ccr", "us-8-121", "us-8-18", "us-8-28"], id="FMU-AREIN-06"),
    pytest.param(10, [], id="FMU-AREIN-06-none"),
])
def test_allied_reinforcement_schedule(turn, ids):
    assert sorted(u.id for u in scenario().units if u.arrive_turn == turn and u.side == "allied") == ids


def test_west_edge_entry_on_or_north_of_row_24_FMU_GREIN_03_FMU_GREIN_01(monkeypatch):
    # FMU-GREIN-03, FMU-GREIN-01
    g = to_phase(landed_gt1(), "german.movement")
    s = g.state
    k = s.unit("ge-1057-91")
    got = labels(s, entry_places(s, k))
    assert "2901" in got and "2401" in got and "2301" not in got
    assert all(int(h[:2]) >= 24 and h.endswith("01") for h in got)
    # FMU-GREIN-01: no entry hex in an Allied ZOC or occupied
    from ddaydesk.rules.fmu.common import zoc_of
    zoc = zoc_of(s, "allied")
    assert not any(zoc[i] for i in entry_places(s, k))
    s2 = s.copy()
    j = s2.unit("us-90-357")
    s2.place[j], s2.status[j] = at(s.scenario, "2502"), ON_MAP  # next to 2501, 2401, 2601
    s2._cache.clear()
    got2 = labels(s2, entry_places(s2, k))
    assert "2501" not in got2 and "2401" not in got2 and "2901" in got2


def test_due_reinforcements_must_enter_FMU_GREIN_02(monkeypatch):
    # FMU-GREIN-02
    g = to_phase(landed_gt1(), "german.movement")
    with pytest.raises(IllegalAction, match="must enter this turn"):
        g.do(EndPhase("german"))
    for uid in ("ge-191-91", "ge-1057-91", "ge-1058-91"):
        k = g.state.unit(uid)
        dest = reach(g.state, k).dest
        g.do(Move("german", uid, dest[0]))
    g.do(EndPhase("german"))


def test_blocked_arrival_is_delayed_until_legal_FMU_GREIN_02(monkeypatch):
    # FMU-GREIN-02
    g = to_phase(landed_gt1(), "german.movement")
    s = g.state.copy()
    s.turn = 4
    blockers = [k for k, u in enumerate(s.scenario.units) if u.side == "allied"][:13]
    south = sorted(s.scenario.board.regions["south_edge"].places)
    for k, i in zip(blockers, south[1::2], strict=False):
        s.place[k], s.status[k] = i, ON_MAP
    s._cache.clear()
    k = s.unit("ge-1049-77")
    assert not reach(s, k).dest  # every south-edge hex occupied or in an Allied ZOC
    from ddaydesk.engine.sequence import load_sequence
    from ddaydesk.rules.fmu.limits import arrival_end_check
    assert s.status[k] == PENDING
    assert "ge-1049-77" not in (arrival_end_check(s, load_sequence("fmu").phase("german.movement")) or "")


def test_west_units_blocked_north_may_enter_anywhere_west_a_turn_later_FMU_GREIN_04(monkeypatch):
    # FMU-GREIN-04
    g = to_phase(landed_gt1(), "german.movement")
    s = g.state.copy()
    sc = s.scenario
    north = sorted(sc.board.regions["west_edge_north"].places)
    allied = [k for k, u in enumerate(sc.units) if u.side == "allied"]
    for k, i in zip(allied, north[::2], strict=False):  # every other hex: all of them occupied or in ZOC
        s.place[k], s.status[k] = i, ON_MAP
    s._cache.clear()
    s.turn = 2
    from ddaydesk.engine import Changes
    german_arrivals(s, Changes())
    k = s.unit("ge-920-243")
    assert fx(s)["west_any_from"]["ge-920-243"] == 3
    assert not reach(s, k).dest  # on GT 2 nothing on or north of row 24
    s.turn = 3
    s._cache.clear()
    assert "1301" in labels(s, entry_places(s, k))
    assert reach(s, k).dest


def test_gt3_units_enter_at_an_edge_road_hex_on_or_south_of_1301_FMU_GREIN_09(monkeypatch):
    # FMU-GREIN-09
    g = to_phase(landed_gt1(), "german.movement")
    s = g.state
    got = labels(s, entry_places(s, s.unit("ge-33-17ss")))
    assert got == ["0108", "0401", "0601", "1001", "1301"]  # 0112 (to Torigni) is east of the Vire


def test_entering_units_have_their_full_movement_FMU_GREIN_05(monkeypatch):
    # FMU-GREIN-05
    g = to_phase(landed_gt1(), "german.movement")
    s = g.state
    k = s.unit("ge-191-91")
    r = reach(s, k)
    assert r.mp == s.scenario.units[k].movement * 2
    e = r.path(r.dest[0])[0]
    assert r.cost(e) >= 1  # the first hex is paid for from the allowance


def _gt2_landing(monkeypatch):
    g = landed_gt1()
    while not (g.state.turn == 2 and g.state.phase == "allied.landing"):
        s = g.state
        if s.phase == "german.movement":
            for uid in ("ge-191-91", "ge-1057-91", "ge-1058-91"):
                k = s.unit(uid)
                if s.status[k] == PENDING and reach(g.state, k).dest:
                    g.do(Move("german", uid, reach(g.state, k).dest[0]))
        g.do(EndPhase(g.state.active))
    return g


def test_reinforcements_land_after_allied_movement_on_beachheads_FMU_AREIN_01_FMU_AMPH_03(monkeypatch):
    # FMU-AREIN-01, FMU-AMPH-03
    g = _gt2_landing(monkeypatch)
    s = g.state
    assert s.phase == "allied.landing"  # after the Allied movement phase
    offered = {(a.unit, s.scenario.board.labels[a.place]) for a in legal_actions(s, "allied") if a.kind == "land"}
    assert {u for u, _ in offered} == {"us-90-357", "us-90-358"}
    assert {h for _, h in offered} <= {s.scenario.board.labels[m.place] for m in s.markers_of("beachhead")}
    a = next(a for a in legal_actions(s, "allied") if a.kind == "land")
    g.do(a)
    with pytest.raises(IllegalAction, match="not allowed in the allied.landing"):
        g.do(Move("allied", a.unit, g.scenario.board.adj[a.place][0]))


def test_beach_stacking_limit_for_reinforcements_FMU_AREIN_07(monkeypatch):
    # FMU-AREIN-07
    g = _gt2_landing(monkeypatch)
    s = g.state
    full = at(s.scenario, "2806")  # the landing put three units here
    assert len([k for k in s.units_at().get(full, [])]) == 3
    with pytest.raises(IllegalAction, match="three units"):
        g.do(Land("allied", "us-90-357", full))


def test_empty_beach_hex_in_ezoc_refused_occupied_one_allowed_FMU_AREIN_10(monkeypatch):
    # FMU-AREIN-10
    g = _gt2_landing(monkeypatch)
    s = g.state.copy()
    sc = s.scenario
    from ddaydesk.rules.fmu.common import add_marker
    add_marker(s, "beachhead", at(sc, "3005"))
    gk = s.unit("ge-919-709")
    s.place[gk], s.status[gk] = at(sc, "3004"), ON_MAP  # next to 3005 and 2906? (3005 only matters)
    s._cache.clear()
    assert at(sc, "3005") not in landing_places(s)
    j = s.unit("us-4-22")
    s.place[j] = at(sc, "3005")
    s._cache.clear()
    assert at(sc, "3005") in landing_places(s)


def test_landed_mobile_units_move_in_the_mobile_phase_FMU_AREIN_11(monkeypatch):
    # FMU-AREIN-11
    g = landed_gt1()
    s = g.state.copy()
    s.turn = 4
    s.phase = "allied.mobile_movement"
    k = s.unit("us-4ad-cca")
    s.place[k], s.status[k] = at(s.scenario, "2707"), ON_MAP
    from ddaydesk.rules.fmu.common import fx as f
    f(s).setdefault("landed", {})["us-4ad-cca"] = 4
    from ddaydesk.engine.movement import move_problem
    assert move_problem(s, k, "normal", "mobile") is None
    s.turn = 1
    f(s)["landed"]["us-4ad-cca"] = 1
    assert "landed on GT 1" in move_problem(s, k, "normal", "mobile")  # FMU-AMPH-09


def test_a_unit_that_fought_in_the_combat_phase_sits_out_mobile_combat_FMU_AREIN_11(monkeypatch):
    # FMU-AREIN-11: mobile units landed this GT attack in mobile combat only if they did not fight before
    from ddaydesk.engine import ATTACKED, Game
    from tests.rules.fmu.fmu_helpers import attack

    g = landed_gt1()
    s = g.state.copy()
    s.turn, s.phase, s.active = 4, "allied.mobile_combat", "allied"
    for uid, h in (("us-4ad-cca", "2707"), ("us-4ad-ccb", "2607")):
        k = s.unit(uid)
        s.place[k], s.status[k] = at(s.scenario, h), ON_MAP
    s.flags[s.unit("us-4ad-cca")] |= ATTACKED
    s.flags[s.unit("us-4ad-ccb")] |= ATTACKED
    fx(s).setdefault("landed", {})["us-4ad-cca"] = 4  # landed this GT; ccb landed earlier
    fx(s)["landed"]["us-4ad-ccb"] = 3
    s._cache.clear()
    # a German unit next to both hexes to attack
    common = next(j for j in s.scenario.board.adj[at(s.scenario, "2707")]
                  if j in s.scenario.board.adj[at(s.scenario, "2607")] and not s.units_at().get(j))
    ge = s.unit("ge-919-709")
    s.place[ge], s.status[ge] = common, ON_MAP
    s._cache.clear()
    g2 = Game(scenario(), 3)
    g2.states[-1] = s
    with pytest.raises(IllegalAction, match="fought in the combat phase"):
        g2.do(attack("allied", ["us-4ad-cca"], common))
    g2.do(attack("allied", ["us-4ad-ccb"], common))  # landed earlier: the combat rules decide
    assert g2.state.extra["combat"]["pending"]["attackers"] == ["us-4ad-ccb"]


WEST_GT2 = ["ge-243-243", "ge-920-243", "ge-921-243", "ge-922-243"]
SOUTH_GT2 = ["ge-37-17ss", "ge-17-17ss-aa"]


def test_gt2_west_edge_units_enter_on_gt2_by_the_west_edge_FMU_GREIN_07_FMU_GREIN_08():
    # FMU-GREIN-07 (and FMU-GREIN-08's south-edge pair), played: not on GT 1, on GT 2 the four
    # enter by the west edge (on or north of row 24), the two of GREIN-08 by the south edge.
    g = play_to(landed_gt1(), 1, "german.movement")
    s = g.state
    movers = {a.unit for a in legal_actions(s, "german") if a.kind == "move"}
    for uid in WEST_GT2 + SOUTH_GT2:  # the turn before: none of them may enter
        assert s.status[s.unit(uid)] == PENDING and uid not in movers
        with pytest.raises(IllegalAction, match="arrives on turn 2, not before"):
            g.do(Move("german", uid, entry_places(s, s.unit(uid))[0]))
    play_to(g, 2, "german.movement")
    s = g.state
    west = {h for h in labels(s, s.scenario.board.regions["west_edge_north"].places)}
    for uid in WEST_GT2:
        got = labels(s, entry_places(s, s.unit(uid)))
        assert got and set(got) <= west and all(h.endswith("01") and int(h[:2]) >= 24 for h in got)
    for uid in SOUTH_GT2:
        got = labels(s, entry_places(s, s.unit(uid)))
        assert got and all(h.startswith("01") for h in got) and not set(got) & west
    for uid in WEST_GT2 + SOUTH_GT2:
        k = g.state.unit(uid)
        taken = {g.state.place[j] for j in range(len(g.scenario.units)) if g.state.status[j] == ON_MAP}
        gate = next(i for i in entry_places(g.state, k) if i not in taken)
        g.do(Move("german", uid, gate))
        assert g.state.status[k] == ON_MAP and g.state.place[k] == gate
    assert {g.scenario.board.labels[g.state.place[g.state.unit(u)]][2:] for u in WEST_GT2} == {"01"}
    g.do(EndPhase("german"))  # all due units are in: the phase may end


GT15 = ["us-5ad-cca", "us-5ad-ccb", "us-5ad-ccr", "us-8-121", "us-8-18", "us-8-28"]


def test_gt15_reinforcements_land_on_gt15_and_not_before_FMU_AREIN_06():
    # FMU-AREIN-06, played: GT 14 has no landing (none due); on GT 15 the six land.
    g = play_to(landed_gt1(), 14, "allied.movement")
    s = g.state
    assert not [s.scenario.units[k].id for k in due_to_land(s)]
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.combat"  # the landing phase is skipped on GT 14
    play_to(g, 15, "allied.movement")
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.landing"
    assert {a.unit for a in legal_actions(g.state, "allied") if a.kind == "land"} == set(GT15)
    with pytest.raises(IllegalAction, match="land us-"):
        g.do(EndPhase("allied"))  # they must land while there is room
    beach = set(landing_places(g.state))
    for uid in GT15:
        g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "land" and a.unit == uid))
        k = g.state.unit(uid)
        assert g.state.status[k] == ON_MAP and g.state.place[k] in beach
    g.do(EndPhase("allied"))
    assert g.state.phase == "allied.combat"
