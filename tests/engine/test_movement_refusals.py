"""Why a move is refused: each reason names the hex and says what stops the unit (the
movement procedure's words to the player, engine/movement.py ``why_not``)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import IllegalAction, Move, apply, reach
from ddaydesk.engine.movement import mode_problem, path_cost, path_problem
from ddaydesk.engine.tables import SCALE
from tests.engine.conftest import at, position


def refused(s, uid, to, mode="normal"):
    with pytest.raises(IllegalAction) as e:
        apply(s, Move("allied", uid, at(s.scenario, to), mode))
    return str(e.value)


def test_each_refusal_names_the_hex_and_the_reason(small):
    s = position(small, {"a-inf": "0303", "a-inf2": "0304", "a-para": "0304", "a-arm": "0304",
                         "g-inf": "0505"})
    assert refused(s, "a-inf", "0303") == "a-inf is already in 0303"
    assert refused(s, "a-inf", "0901") == "0901 is sea: no unit may enter it"
    assert refused(s, "a-inf", "0505") == "0505 holds enemy units"
    assert refused(s, "a-inf", "0304") == "0304 would exceed the stacking limit of 3"
    assert refused(s, "a-inf", "0807") == ("0807 is out of reach: a-inf has 4 MP this move and enemy "
                                           "zones of control, terrain and rivers leave no cheaper path")


def test_strategic_movement_may_not_end_next_to_an_enemy(small):
    s = position(small, {"a-inf": "0101", "g-inf": "0707"})
    assert refused(s, "a-inf", "0606", "strategic") == (
        "0606 is next to an enemy unit: strategic movement may not go there")


def test_a_path_next_to_an_enemy_is_a_normal_path_and_no_strategic_one(small):
    s = position(small, {"a-inf": "0303", "g-inf": "0606"})
    k = s.unit("a-inf")
    r = reach(s, k)
    path = r.path(at(small, "0506"))  # 0506 is next to 0606
    assert path_cost(s, k, "normal", path) == r.cost(at(small, "0506")) * SCALE
    with pytest.raises(ValueError, match="0506 may not be entered \\(enemy units or next to them\\)"):
        path_cost(s, k, "strategic", path)


def test_why_a_unit_may_not_move_in_a_mode(small):
    s = position(small, {"a-inf": "0303", "a-inf2": None, "g-inf": "0304"}, interdicted=("0505",))
    k = s.unit("a-inf")
    assert mode_problem(s, k, "flying") == "unknown movement mode 'flying' (expected one of: normal, strategic, surprise)"
    assert mode_problem(s, k, "normal") is None
    assert mode_problem(s, k, "surprise") == "the surprise attack rule is not in use"
    assert mode_problem(s, k, "strategic") == "a-inf starts next to an enemy unit and may not use strategic movement"
    assert mode_problem(s, s.unit("a-inf2"), "strategic") == (
        "a-inf2 is not on the map and cannot use strategic movement")
    free = position(small, {"a-inf": "0505"}, interdicted=("0505",))
    assert mode_problem(free, free.unit("a-inf"), "strategic") == (
        "a-inf is interdicted and may not use strategic movement (D77-SURP-05)")
    clear = position(small, {"a-inf": "0101"}, options={"surprise_attack": True})
    assert mode_problem(clear, clear.unit("a-inf"), "strategic") is None
    assert mode_problem(clear, clear.unit("a-inf"), "surprise") == (
        "allied has not declared a surprise attack this turn (D77-SURP-01)")


def test_a_reinforcement_may_spend_its_whole_allowance_on_its_entry_hex(small):
    # the boundary: an entry hex costing exactly the unit's allowance may be entered (and no
    # further)
    from dataclasses import replace

    slow = replace(small, units=tuple(replace(u, movement=1) if u.id == "a-late" else u for u in small.units))
    s = position(slow, {"a-late": None}, turn=2)
    r = reach(s, s.unit("a-late"))
    assert sorted(slow.board.labels[i] for i in r.dest) == ["0101", "0102", "0103"]  # 1 MP each, no further


def test_the_last_half_mp_is_spent_on_a_road(small):
    # the search expands every cost up to the whole allowance: a 1-MP unit on the road
    # 0106-0206-0306 (half an MP a side) reaches 0306, two road hexes away, and not 0406
    from dataclasses import replace

    slow = replace(small, units=tuple(replace(u, movement=1) if u.id == "a-inf" else u for u in small.units))
    s = position(slow, {"a-inf": "0106"})
    r = reach(s, s.unit("a-inf"))
    assert r.cost(at(slow, "0306")) == 1 and at(slow, "0306") in r.dest
    assert at(slow, "0406") not in r.dest


def test_a_given_path_must_end_at_the_destination_and_stay_on_the_map(small):
    s = position(small, {"a-inf": "0303"})
    k = s.unit("a-inf")
    path = (at(small, "0303"), at(small, "0403"))
    with pytest.raises(IllegalAction, match="^the path must end at the destination$"):
        apply(s, Move("allied", "a-inf", at(small, "0503"), via=path))
    assert path_problem(s, k, "normal", (at(small, "0303"), small.board.n)) == (
        "the path names a place that is not on the map")


def test_full_hexes_are_closed_wherever_they_lie_on_the_board(small):
    # the stacking check finds every full hex, the board's first place (0101, index 0) and
    # three full hexes at once among them: none may be entered, a hex holding 2 may
    from dataclasses import replace

    extra = [replace(u, id=f"a-inf-{n}") for n in range(3) for u in small.units if u.id == "a-inf"]
    big = replace(small, units=[*small.units, *extra])
    stacks = {"0101": ("a-inf", "a-inf2", "a-para"), "0202": ("a-arm", "a-mech", "a-arm2"),
              "0301": ("a-inf-0", "a-inf-1", "a-inf-2")}
    units = {uid: hex_ for hex_, ids in stacks.items() for uid in ids}
    units["a-hq"] = "0203"  # exempt from stacking, so it makes no hex full
    s = position(big, {**units, "a-late": "0201"})
    assert at(big, "0101") == 0
    r = reach(s, s.unit("a-late"))
    assert not {at(big, h) for h in stacks} & set(r.dest)
    assert at(big, "0203") in r.dest and at(big, "0102") in r.dest
    for hex_ in stacks:
        assert refused(s, "a-late", hex_) == f"{hex_} would exceed the stacking limit of 3"


def test_a_unit_on_the_board_s_first_place_moves_from_there(small):
    # place 0 (0101) is a place on the map like any other, not "off the map"
    s = position(small, {"a-inf": "0101"})
    r = reach(s, s.unit("a-inf"))
    assert r.start == 0 and r.cost(at(small, "0201")) == 1


def test_a_unit_without_an_entry_region_has_no_entry_place():
    # a D-Day2 bomber names no arrival region and its side has no entry or supply source
    # region (it comes on by D-Day2's own rules): no place to come on, an empty list
    from ddaydesk.engine.movement import entry_places
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir

    sc = load_scenario(scenarios_dir() / "dday2.yaml")
    s = position(sc, {"bomber-1": None})
    assert entry_places(s, s.unit("bomber-1")) == []
