"""The airborne steps of the landing sequence before GT 1 (seed 002 11.2.2-11.2.3): drop zones,
placement, the drop dice and the hazards."""

import pytest

from ddaydesk.engine import (
    ELIMINATED,
    ON_MAP,
    Changes,
    EndPhase,
    Game,
    IllegalAction,
    legal_actions,
)
from ddaydesk.rules.fmu.airborne import (
    AXIAL,
    DropLoss,
    PlaceAirborne,
    PlaceDropZone,
    RollDrop,
    airborne_force,
    drift_target,
    drop_hazards,
)
from ddaydesk.rules.fmu.common import division_of, fx
from ddaydesk.rules.fmu.landing import Land, PlaceBeachhead
from tests.rules.fmu.fmu_helpers import (
    at,
    scenario,
    script_dice,
)
from tests.rules.fmu.test_fmu_landing import new


def _at_drop_zones():
    g = new()
    sc = g.scenario
    g.do(PlaceBeachhead("allied", at(sc, "2806")))
    g.do(EndPhase("allied"))
    for uid in ("us-4-8", "us-4-12", "us-4-22"):
        g.do(Land("allied", uid, at(sc, "2806")))
    g.do(EndPhase("allied"))
    assert g.state.phase == "landing.drop_zones"
    return g


def test_drop_zones_north_of_row_19_not_beach_city_sea_FMU_AIRB_01_FMU_GEN_02():
    # FMU-AIRB-01, FMU-GEN-02
    g = _at_drop_zones()
    sc = g.scenario
    with pytest.raises(IllegalAction, match="north of the 19xx row"):
        g.do(PlaceDropZone("allied", "82", at(sc, "1903")))
    with pytest.raises(IllegalAction, match="beach, woods, all-sea or city"):
        g.do(PlaceDropZone("allied", "82", at(sc, "3001")))  # Montebourg, a city
    with pytest.raises(IllegalAction, match="beach, woods"):
        g.do(PlaceDropZone("allied", "82", at(sc, "3005")))  # beach
    east = next(i for i in range(sc.board.n) if int(sc.board.labels[i][:2]) > 19
                and sc.board.terrain_of(i) == "clear" and i not in sc.board.regions["landing_and_linkup"].places)
    with pytest.raises(IllegalAction, match="east of the Vire"):
        g.do(PlaceDropZone("allied", "82", east))  # FMU-GEN-02
    with pytest.raises(IllegalAction, match=r"place the drop zone of the 82, 101 \(FMU-AIRB-01\)"):
        g.do(EndPhase("allied"))  # one zone for each of the two divisions
    g.do(PlaceDropZone("allied", "82", at(sc, "2003")))
    with pytest.raises(IllegalAction, match=r"place the drop zone of the 101 \(FMU-AIRB-01\)"):
        g.do(EndPhase("allied"))
    g.do(PlaceDropZone("allied", "101", at(sc, "2206")))
    g.do(EndPhase("allied"))
    assert g.state.phase == "landing.airborne"


def test_airborne_set_in_or_next_to_own_drop_zone_one_a_hex_FMU_AIRB_02():
    # FMU-AIRB-02: each division is 3 parachute and 1 glider regiments, set in or next to its
    # own zone (distance 0 or 1 accepted, every hex at distance 2 refused), one unit a hex.
    g = _at_drop_zones()
    sc = g.scenario
    board = sc.board
    g.do(PlaceDropZone("allied", "82", at(sc, "2503")))
    g.do(PlaceDropZone("allied", "101", at(sc, "2206")))
    g.do(EndPhase("allied"))
    force = {}
    for k in airborne_force(g.state):
        force.setdefault(division_of(g.state, k), []).append(sc.units[k].type)
    assert {d: sorted(t) for d, t in force.items()} == {
        "82": ["glider", "parachute", "parachute", "parachute"],
        "101": ["glider", "parachute", "parachute", "parachute"]}
    z = at(sc, "2503")
    near = {z, *board.adj[z]}
    ring2 = {j for i in board.adj[z] for j in board.adj[i]} - near
    assert len(near) == 7 and len(ring2) == 12
    for unit in ("us-82-505", "us-82-325"):  # a parachute and the glider regiment alike
        offered = {a.place for a in legal_actions(g.state, "allied") if a.kind == "place_airborne" and a.unit == unit}
        assert offered == near
        for far in sorted(ring2):
            with pytest.raises(IllegalAction, match="in or next to its division's drop zone"):
                g.do(PlaceAirborne("allied", unit, far))
    with pytest.raises(IllegalAction, match="in or next to"):
        g.do(PlaceAirborne("allied", "us-101-501", at(sc, "2503")))  # the 82nd's zone
    g.do(PlaceAirborne("allied", "us-82-325", at(sc, "2504")))  # next to the zone: accepted
    assert board.labels[g.state.place[g.state.unit("us-82-325")]] == "2504"
    g.do(PlaceAirborne("allied", "us-82-505", at(sc, "2503")))  # in the zone
    with pytest.raises(IllegalAction, match="one unit a hex"):
        g.do(PlaceAirborne("allied", "us-82-507", at(sc, "2503")))
    with pytest.raises(IllegalAction, match="one unit a hex"):
        g.do(PlaceAirborne("allied", "us-82-507", at(sc, "2504")))
    with pytest.raises(IllegalAction, match="place us-82-507"):
        g.do(EndPhase("allied"))


def _at_drop(monkeypatch=None):
    g = _at_drop_zones()
    sc = g.scenario
    g.do(PlaceDropZone("allied", "82", at(sc, "2503")))
    g.do(PlaceDropZone("allied", "101", at(sc, "2305")))
    g.do(EndPhase("allied"))
    while g.state.phase == "landing.airborne":
        acts = [a for a in legal_actions(g.state, "allied") if a.kind == "place_airborne"]
        g.do(acts[0] if acts else EndPhase("allied"))
    assert g.state.phase == "landing.drop"
    return g


@pytest.mark.parametrize("face,status,steps,drifts", [
    pytest.param(1, ELIMINATED, 0, False, id="FMU-AIRB-04"),
    pytest.param(2, ON_MAP, 1, True, id="FMU-AIRB-05-two"),
    pytest.param(3, ON_MAP, 1, True, id="FMU-AIRB-05"),
    pytest.param(4, ON_MAP, 0, True, id="FMU-AIRB-06"),
    pytest.param(5, ON_MAP, 0, True, id="FMU-AIRB-06-five"),
    pytest.param(6, ON_MAP, 0, False, id="FMU-AIRB-07"),
])
def test_drop_survival_die(monkeypatch, face, status, steps, drifts):
    g = _at_drop()
    k = g.state.unit("us-82-505")
    planned = g.state.place[k]
    script_dice(monkeypatch, [face, 4])  # drift 4: east
    ch = g.do(RollDrop("allied", "us-82-505"))
    assert g.state.status[k] == status
    assert g.state.steps_lost[k] == steps
    assert len(ch.dice) == (2 if drifts else 1)
    if status == ON_MAP:
        east = g.scenario.board.grid.nbr[planned * 6 + AXIAL["E"]]
        assert g.state.place[k] == (east if drifts else planned)
        d = fx(g.state)["drops"]["us-82-505"]
        assert d["planned"] == g.scenario.board.labels[planned] and d["landed"] == g.scenario.board.labels[g.state.place[k]]


def test_each_unit_rolls_once_and_all_must_roll_FMU_AIRB_03(monkeypatch):
    # FMU-AIRB-03
    g = _at_drop()
    script_dice(monkeypatch, [6])
    g.do(RollDrop("allied", "us-82-505"))
    with pytest.raises(IllegalAction, match="already dropped"):
        g.do(RollDrop("allied", "us-82-505"))
    with pytest.raises(IllegalAction, match="roll the drop of"):
        g.do(EndPhase("allied"))
    assert g.undo_problem()  # the roll is in the log for good


def test_drift_die_one_is_west_then_clockwise_FMU_AIRB_08():
    # FMU-AIRB-08
    g = _at_drop()
    sc = g.scenario
    here = at(sc, "2404")
    grid = sc.board.grid
    got = [drift_target(g.state, here, face)[0] for face in range(1, 7)]
    assert got == ["W", "NW", "NE", "E", "SE", "SW"]
    lab = sc.board.labels
    # On this map rows count from the south: west keeps the row and lowers the column.
    assert lab[drift_target(g.state, here, 1)[1]] == "2403"
    assert lab[drift_target(g.state, here, 4)[1]] == "2405"
    assert drift_target(g.state, here, 2)[1] == grid.nbr[here * 6 + 2]
    assert int(lab[drift_target(g.state, here, 2)[1]][:2]) == 25  # north-west is one row north


def _dropped_state(places: dict[str, str], reduced=()):
    g = _at_drop()
    s = g.state.copy()
    sc = g.scenario
    drops = fx(s)["drops"]
    for uid in list(drops):
        k = s.unit(uid)
        if uid in places:
            s.place[k] = at(sc, places[uid])
            drops[uid].update({"roll": 6, "landed": places[uid]})
            s.steps_lost[k] = 1 if uid in reduced else 0
        else:
            s.place[k], s.status[k] = -1, ELIMINATED
            drops[uid].update({"roll": 1, "landed": None})
    s._cache.clear()
    return s


def test_drop_hazards_woods_city_beach_reduce_sea_kills_FMU_AIRB_09_FMU_AIRB_10():
    # FMU-AIRB-09, FMU-AIRB-10
    sc = scenario()
    woods = next(sc.board.labels[i] for i in sc.board.regions["landing_and_linkup"].places
                 if sc.board.terrain_of(i) == "woods")
    sea = next(sc.board.labels[i] for i in range(sc.board.n) if sc.board.terrain_of(i) == "sea")
    s = _dropped_state({"us-82-505": woods, "us-82-507": "1706", "us-82-508": "3005",
                        "us-101-501": sea, "us-101-502": "2305"}, reduced=("us-82-507",))
    ch = Changes()
    drop_hazards(s, ch)
    st = {uid: (s.status[s.unit(uid)], s.steps_lost[s.unit(uid)]) for uid in
          ("us-82-505", "us-82-507", "us-82-508", "us-101-501", "us-101-502")}
    assert st["us-82-505"] == (ON_MAP, 1)  # woods: reduced (FMU-AIRB-09)
    assert st["us-82-507"][0] == ELIMINATED  # already reduced, in a city: eliminated
    assert st["us-82-508"] == (ON_MAP, 1)  # beach
    assert st["us-101-501"][0] == ELIMINATED  # all-sea (FMU-AIRB-10)
    assert st["us-101-502"] == (ON_MAP, 0)  # clear: nothing


def test_double_stacked_drop_costs_a_step_of_the_players_choice_FMU_AIRB_11():
    # FMU-AIRB-11
    s = _dropped_state({"us-82-505": "2404", "us-82-507": "2404", "us-101-501": "2305", "us-101-502": "2305"},
                       reduced=("us-101-501", "us-101-502"))
    drop_hazards(s, Changes())
    assert fx(s)["drop_losses"] == {"2305": 1, "2404": 1}
    g = Game(scenario(), 3)
    g.states[-1] = s
    s.phase = "landing.hazards"
    with pytest.raises(IllegalAction, match="choose the unit that loses a step"):
        g.do(EndPhase("allied"))
    g.do(DropLoss("allied", "us-82-507"))  # the player's choice
    assert g.state.steps_lost[g.state.unit("us-82-507")] == 1 and g.state.steps_lost[g.state.unit("us-82-505")] == 0
    with pytest.raises(IllegalAction, match="owes no loss"):
        g.do(DropLoss("allied", "us-82-505"))
    g.do(DropLoss("allied", "us-101-502"))  # both reduced: one is eliminated
    assert g.state.status[g.state.unit("us-101-502")] == ELIMINATED
    assert g.state.status[g.state.unit("us-101-501")] == ON_MAP


def test_offered_drop_zones_are_exactly_the_accepted_ones_FMU_AIRB_01():
    # FMU-AIRB-01: the fast listing and the one-by-one check agree on every hex of the map
    from ddaydesk.rules.fmu.airborne import _drop_zone_problem

    g = _at_drop_zones()
    s = g.state
    offered = {(a.division, a.place) for a in legal_actions(s, "allied") if a.kind == "place_drop_zone"}
    accepted = {(d, i) for d in ("82", "101") for i in range(s.scenario.board.n)
                if _drop_zone_problem(s, d, i) is None}
    assert offered == accepted and offered


def test_landing_summary_shows_each_drift_for_the_map(monkeypatch):
    # FMU-AIRB-08: planned and landed hexes of every drop, for the map's drift arrows
    from ddaydesk.rules.fmu.view import landing_summary

    g = _at_drop()
    script_dice(monkeypatch, [4, 1])  # drifts one hex west
    ch = g.do(RollDrop("allied", "us-82-505"))
    got = landing_summary(g.state)
    d = next(x for x in got["drops"] if x["unit"] == "us-82-505")
    assert got["step"] == "landing.drop" and "roll the drop" in got["to_do"]
    assert d["drift"] == "W" and d["landed"] != d["planned"]
    assert ch.moved[-1][1:3] == (at(g.scenario, d["planned"]), at(g.scenario, d["landed"]))
    assert got["drop_zones"] == {"82": "2503", "101": "2305"}
