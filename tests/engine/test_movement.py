"""Legal moves on hand-made positions (tests/data/engine/small.yaml).

Terrain and hexside costs are ddaydesk defaults (STD-TEC, rules/data/dday77/terrain.yaml);
the clauses these tests prove are named at each test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.engine import (
    ELIMINATED,
    ON_MAP,
    IllegalAction,
    Move,
    apply,
    legal_actions,
    new_state,
    positions,
    reach,
    zoc_map,
)
from ddaydesk.engine.movement import allowance
from ddaydesk.engine.positions import edge_table
from ddaydesk.engine.tables import SCALE, load_move_rules
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import TUTORIAL, at, position

ARMOURED = {"armoured_zoc": True}


def cost(sc, state, uid, label, mode="normal"):
    r = reach(state, state.unit(uid), mode)
    i = at(sc, label)
    return r.cost(i) if i in r.dest or i in r.zoc_stops else None


def labels(sc, places):
    return [sc.board.labels[p] for p in places]


# -- terrain, hexsides, map ---------------------------------------------------------------------
def test_terrain_entry_costs_come_from_the_table(small):
    s = position(small, {"a-inf": "0303"})
    assert cost(small, s, "a-inf", "0403") == 1  # clear
    assert cost(small, s, "a-inf", "0202") == 2  # woods
    s = position(small, {"a-inf": "0603"})
    assert cost(small, s, "a-inf", "0703") == 3  # mountain


def test_river_hexside_adds_to_the_entry_cost(small):
    s = position(small, {"a-inf": "0404"})
    # 0404-0505 and 0405-0505 are river sides; every way to 0505 that avoids them is longer.
    assert cost(small, s, "a-inf", "0505") == 2
    assert cost(small, s, "a-inf", "0403") == 1


def test_road_hexsides_replace_the_terrain_cost(small):
    s = position(small, {"a-inf": "0106"})
    r = reach(s, s.unit("a-inf"))
    assert r.cost(at(small, "0506")) == 2.0  # four road sides at 1/2 MP
    assert labels(small, r.path(at(small, "0506"))) == ["0106", "0206", "0306", "0406", "0506"]
    assert r.cost(at(small, "0507")) == 2.5  # off the road: 1.5 on it, then 1 cross-country


def test_sea_and_map_edge_are_never_entered(small):
    s = position(small, {"a-arm": "0804"})
    r = reach(s, s.unit("a-arm"))
    assert not any(small.board.terrain_of(i) == "sea" for i in r.dest)
    with pytest.raises(IllegalAction, match="sea"):
        apply(s, Move("allied", "a-arm", at(small, "0904")))


def test_enemy_occupied_hexes_cannot_be_entered(small):
    s = position(small, {"a-arm": "0303", "g-hq": "0503"})
    r = reach(s, s.unit("a-arm"))
    assert at(small, "0503") not in r.dest
    with pytest.raises(IllegalAction, match="enemy"):
        apply(s, Move("allied", "a-arm", at(small, "0503")))


def test_edge_tables_are_built_once_per_board_and_class(small):
    rules = load_move_rules("dday77")
    first = edge_table(small.board, rules, 0)
    assert edge_table(small.board, rules, 0) is not None
    assert edge_table(small.board, rules, 0)[0] is first[0]  # the cached table, not a rebuild


# -- zones of control ---------------------------------------------------------------------------
def test_entering_an_enemy_zoc_stops_the_move(small):
    # STD-ZOC (standard rule 8.4 reading): g-inf at 0503 has 0403 in its ZOC.
    s = position(small, {"a-inf": "0303", "g-inf": "0503"})
    r = reach(s, s.unit("a-inf"))
    assert at(small, "0403") in r.zoc_stops
    assert cost(small, s, "a-inf", "0604") is None  # only through the ZOC, 3 MP away otherwise too far
    for i in r.dest:
        path = r.path(i)
        assert not any(zoc_map(s, "german")[p] for p in path[1:-1])  # never through a ZOC hex


def test_a_unit_may_leave_a_zoc_but_not_step_straight_into_another(small):
    # STD-ZOC (8.5 reading): starting in an enemy ZOC the unit may leave; ZOC to ZOC is refused.
    s = position(small, {"a-inf": "0403", "g-inf": "0503"})
    r = reach(s, s.unit("a-inf"))
    assert at(small, "0303") in r.dest
    # 0402 is in g-inf's ZOC too: not one step away (1 MP) but only around, through 0303
    assert r.cost(at(small, "0402")) == 2
    assert labels(small, r.path(at(small, "0402"))) == ["0403", "0303", "0402"]


def test_hq_units_exert_no_zoc(small):
    s = position(small, {"a-inf": "0303", "g-hq": "0503"})
    r = reach(s, s.unit("a-inf"))
    assert not r.zoc_stops
    assert cost(small, s, "a-inf", "0604") == 3


@pytest.mark.parametrize("uid", ["a-arm", "a-mech"], ids=["D77-ZOC-01-armour", "D77-ZOC-01-mechanised"])
def test_armour_passes_through_non_armoured_zoc(small, uid):
    # D77-ZOC-01 (no stop) and D77-ZOC-02 (no movement penalty): 0403 and 0504 are in g-inf's ZOC.
    # D77-ZOC-01 rests on base rules 8.4, 8.5, 8.6, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = position(small, {uid: "0303", "g-inf": "0503"}, options=ARMOURED)
    r = reach(s, s.unit(uid))
    assert r.cost(at(small, "0604")) == 3
    assert labels(small, r.path(at(small, "0604")))[1] in ("0403", "0404")
    assert not r.zoc_stops


def test_armour_zoc_rule_is_an_option(small):
    # D77-ZOC-01 only with the optional rule: without it armour stops like everyone else.
    s = position(small, {"a-arm": "0303", "g-inf": "0503"})
    assert at(small, "0403") in reach(s, s.unit("a-arm")).zoc_stops


def test_armoured_enemy_zoc_still_stops_armour(small):
    # D77-ZOC-03: the exemption covers only ZOC of non-armoured units.
    s = position(small, {"a-arm": "0303", "g-arm": "0503"}, options=ARMOURED)
    r = reach(s, s.unit("a-arm"))
    assert at(small, "0403") in r.zoc_stops
    assert r.cost(at(small, "0604")) > 3


@pytest.mark.parametrize("uid", ["a-inf", "a-para"], ids=["D77-ZOC-05-infantry", "D77-ZOC-05-parachute"])
def test_non_armoured_units_keep_the_zoc_stop(small, uid):
    # D77-ZOC-05: only armoured and PG units get the exemption.
    # D77-ZOC-05 rests on base rules 8.4, 8.5, 8.6, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = position(small, {uid: "0303", "g-inf": "0503"}, options=ARMOURED)
    assert at(small, "0403") in reach(s, s.unit(uid)).zoc_stops


def test_zoc_map_for_the_overlay(small):
    s = position(small, {"g-inf": "0503", "g-hq": "0107"})
    z = zoc_map(s, "german")
    assert sorted(labels(small, [i for i in range(small.board.n) if z[i]])) == sorted(
        ["0603", "0602", "0502", "0402", "0403", "0504"])


# -- stacking -----------------------------------------------------------------------------------
def test_stacking_limit_applies_where_the_move_ends(small):
    # STD-STACK (default 3 divisions, HQs free): a full stack may be passed through, not joined.
    s = position(small, {"a-inf": "0303", "a-inf2": "0403", "a-para": "0403", "a-mech": "0403",
                         "a-hq": "0403"})
    r = reach(s, s.unit("a-inf"))
    assert at(small, "0403") not in r.dest
    assert at(small, "0503") in r.dest
    with pytest.raises(IllegalAction, match="stacking limit of 3"):
        apply(s, Move("allied", "a-inf", at(small, "0403")))
    # an HQ does not count against the limit
    s = position(small, {"a-hq": "0303", "a-inf2": "0403", "a-para": "0403", "a-mech": "0403"})
    assert at(small, "0403") in reach(s, s.unit("a-hq")).dest


# -- interdiction -------------------------------------------------------------------------------
def test_entering_an_interdicted_hex_costs_two_more(small):
    # PKD-INT-04 (D-Day '77 hex interdiction uses the same +2, movement.yaml note)
    s = position(small, {"a-inf": "0303"}, interdicted=("0403",))
    assert cost(small, s, "a-inf", "0403") == 3


def test_leaving_an_interdicted_hex_costs_two_more(small):
    # PKD-INT-05: a unit starting in an interdicted hex pays +2 on its first step out.
    s = position(small, {"a-inf": "0403"}, interdicted=("0403",))
    assert cost(small, s, "a-inf", "0303") == 3
    assert cost(small, s, "a-inf", "0203") == 4


def test_exit_and_entry_charges_add_up(small):
    # PKD-INT-05 note: entering and exiting are charged separately, so a step from one
    # interdicted hex into another costs 1 + 2 + 2.
    s = position(small, {"a-arm": "0403"}, interdicted=("0403", "0303"))
    assert cost(small, s, "a-arm", "0303") == 5
    s = position(small, {"a-inf": "0403"}, interdicted=("0403", "0303"))
    assert cost(small, s, "a-inf", "0303") is None  # 5 MP: beyond an infantry unit's 4


# -- weather ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("weather", "arm", "inf"), [
    pytest.param("CLR", 6, 4, id="D77-WX-08"),
    pytest.param("RAIN", 6, 4, id="D77-WX-09-no-movement-effect"),
    pytest.param("MUD", 5, 4, id="D77-WX-14"),
    pytest.param("SNOW", 5, 3, id="D77-WX-19"),
])
def test_weather_changes_movement_factors(small, weather, arm, inf):
    s = position(small, {"a-arm": "0303", "a-inf": "0103"}, weather=weather)
    assert allowance(s, s.unit("a-arm")) == arm * SCALE
    assert allowance(s, s.unit("a-mech")) == arm * SCALE  # mechanised with armour (D77-WX-14)
    assert allowance(s, s.unit("a-inf")) == inf * SCALE
    assert max(reach(s, s.unit("a-inf")).dist[i] for i in reach(s, s.unit("a-inf")).dest) <= inf * SCALE


# -- strategic movement and surprise attack --------------------------------------------------------
def test_strategic_movement_doubles_and_keeps_away_from_enemies(small):
    # STD-STRAT default: x2, may not start or go next to enemy units.
    s = position(small, {"a-inf": "0103", "g-inf": "0707"})
    r = reach(s, s.unit("a-inf"), "strategic")
    assert r.mp == 8 * SCALE
    assert at(small, "0603") in r.dest  # 5 hexes away
    near = set(small.board.adj[at(small, "0707")])
    assert near and not near & set(r.dest)
    s = position(small, {"a-inf": "0403", "g-inf": "0503"})
    with pytest.raises(IllegalAction, match="next to an enemy"):
        apply(s, Move("allied", "a-inf", at(small, "0101"), "strategic"))


def test_interdicted_unit_may_not_move_strategically(small):
    # D77-SURP-05: interdiction takes precedence, even for a surprise attack.
    s = position(small, {"a-inf": "0303"}, interdicted=("0303",), options={"surprise_attack": True})
    with pytest.raises(IllegalAction, match="D77-SURP-05"):
        apply(s, Move("allied", "a-inf", at(small, "0101"), "strategic"))
    s.scratch["surprise"] = "allied"
    with pytest.raises(IllegalAction, match="interdicted"):
        apply(s, Move("allied", "a-inf", at(small, "0101"), "surprise"))


def _surprise(small, units, **kw):
    from ddaydesk.engine import DeclareSurprise

    s = position(small, units, options={"surprise_attack": True, **kw.pop("options", {})}, **kw)
    s, _ = apply(s, DeclareSurprise("allied"))
    return s


def test_surprise_units_may_start_and_end_next_to_enemies(small):
    # D77-SURP-03: starts adjacent to g-inf (0503), ends adjacent to g-inf2 (0207).
    # D77-SURP-02 rests on base Strategic Movement rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _surprise(small, {"a-inf": "0403", "g-inf": "0503", "g-inf2": "0207"})
    s2, ch = apply(s, Move("allied", "a-inf", at(small, "0206"), "surprise"))
    assert labels(small, [s2.place[s2.unit("a-inf")]]) == ["0206"]
    assert s2.flags[s2.unit("a-inf")] & 8  # SURPRISE: may attack this turn (D77-SURP-02)


def test_surprise_infantry_stops_in_zoc_and_armour_passes_non_armoured_zoc(small):
    # D77-SURP-04: normal movement rules, including the armoured ZOC option.
    s = _surprise(small, {"a-inf": "0303", "a-arm": "0304", "g-inf": "0503"}, options=ARMOURED)
    assert at(small, "0403") in reach(s, s.unit("a-inf"), "surprise").zoc_stops
    r = reach(s, s.unit("a-arm"), "surprise")
    assert not r.zoc_stops and at(small, "0604") in r.dest


def test_at_most_three_surprise_units(small):
    # D77-SURP-02: up to 3 units.
    # D77-SURP-02 rests on base Strategic Movement rule, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _surprise(small, {"a-inf": "0303", "a-inf2": "0304", "a-para": "0305", "a-arm": "0306"})
    for uid, to in (("a-inf", "0203"), ("a-inf2", "0204"), ("a-para", "0205")):
        s, _ = apply(s, Move("allied", uid, at(small, to), "surprise"))
    with pytest.raises(IllegalAction, match="D77-SURP-02"):
        apply(s, Move("allied", "a-arm", at(small, "0206"), "surprise"))
    assert not any(a.kind == "move" and a.mode == "surprise" for a in legal_actions(s, "allied"))


def test_surprise_attack_once_per_game_per_side(small):
    # D77-SURP-01
    from ddaydesk.engine import DeclareSurprise

    s = _surprise(small, {"a-inf": "0303", "g-inf": "0707"})
    with pytest.raises(IllegalAction, match="already declared"):
        apply(s, DeclareSurprise("allied"))
    s.scratch = {}
    with pytest.raises(IllegalAction, match="once per game"):
        apply(s, DeclareSurprise("allied"))
    s.phase, s.active = "german.movement", "german"
    apply(s, DeclareSurprise("german"))  # the other side keeps its use
    s = position(small, {"a-inf": "0303"})
    with pytest.raises(IllegalAction, match="not in use"):
        apply(s, DeclareSurprise("allied"))


# -- reinforcements -------------------------------------------------------------------------------
def test_reinforcements_enter_from_their_region_on_their_turn(small):
    s = position(small, {"a-late": None})
    with pytest.raises(IllegalAction, match="arrives on turn 2"):
        apply(s, Move("allied", "a-late", at(small, "0202")))
    s = position(small, {"a-late": None}, turn=2)
    r = reach(s, s.unit("a-late"))
    assert r.start == -1
    assert r.cost(at(small, "0101")) == 1  # entering the first hex costs its terrain
    assert r.cost(at(small, "0202")) == 3  # 0102 (1) then woods (2)
    s2, ch = apply(s, Move("allied", "a-late", at(small, "0202")))
    assert s2.status[s2.unit("a-late")] == "on_map"
    assert ch.moved[0][1] == -1


def test_a_unit_moves_once_per_movement_phase(small):
    s = position(small, {"a-inf": "0303"})
    s, _ = apply(s, Move("allied", "a-inf", at(small, "0403")))
    with pytest.raises(IllegalAction, match="already moved"):
        apply(s, Move("allied", "a-inf", at(small, "0503")))


def test_a_hex_holding_more_units_than_a_byte_counts_is_full_not_an_error(small):
    # a scenario may put any number of units in a hex; the stacking count is a byte per place
    import dataclasses

    u = next(u for u in small.units if u.id == "a-inf")
    crowd = [dataclasses.replace(u, id=f"a-{k}", hex=at(small, "0505")) for k in range(300)]
    units = [*small.units, *crowd]
    sc = dataclasses.replace(small, units=units, unit_index={x.id: k for k, x in enumerate(units)})
    s = position(sc, {"a-inf": "0404", **{x.id: "0505" for x in crowd}})
    assert at(sc, "0505") not in reach(s, s.unit("a-inf")).dest  # full (STD-STACK-01)
    with pytest.raises(IllegalAction, match="stacking limit"):
        apply(s, Move("allied", "a-inf", at(sc, "0505")))


@settings(max_examples=40, deadline=None)
@given(moves=st.lists(st.tuples(st.integers(0, 10**6), st.integers(-1, 10**6)), min_size=1, max_size=30))
def test_masks_worked_out_from_the_last_counts_are_the_masks_counted_afresh(moves):
    """A new state's ZOC/occupancy masks come from the side's last counts when few units moved:
    they must be the masks counted from nothing (any units, any places, off the map too)."""
    sc = load_scenario(TUTORIAL)
    s = new_state(sc, 1)
    board = sc.board
    for k, p in moves:
        k %= len(sc.units)
        s = s.copy()
        s.place[k] = -1 if p < 0 else p % board.n
        s.status[k] = ON_MAP if p >= 0 else ELIMINATED
        got = positions(s)
        sc.__dict__.pop("_positions_cache", None)  # nothing to start from
        s._cache.clear()
        assert positions(s) == got
