"""The D-Day '77 order-of-battle data and the scenario builder (tools/scenarios/build_dday77.py),
run on the stand-in map tests/data/dday77/standin.yaml until maps/dday77.yaml exists."""

import datetime as dt
import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.cli import main as cli_main
from ddaydesk.formats.mapfile import load_map
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.systems import load_system
from tests.conftest import DATA, ROOT


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


build = _module(ROOT / "tools" / "scenarios" / "build_dday77.py", "build_dday77")
STANDIN = DATA / "dday77" / "standin.yaml"
SYSTEM = load_system("dday77")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("scenarios")
    warnings = build.build_all(STANDIN, out)
    return out, warnings, load_scenario(out / "dday77-campaign.yaml"), load_scenario(out / "dday77-breakout.yaml")


def test_the_stand_in_map_is_reproduced_by_its_script(tmp_path):
    standin = _module(DATA / "dday77" / "make_standin.py", "make_standin")
    standin.main(tmp_path / "standin.yaml")
    assert (tmp_path / "standin.yaml").read_bytes() == STANDIN.read_bytes()


def test_both_scenarios_pass_ddaydesk_check(built, capsys):
    out, *_ = built
    assert cli_main(["check", str(out)]) == 0, capsys.readouterr()


def test_the_build_is_deterministic(built, tmp_path):
    out, *_ = built
    build.build_all(STANDIN, tmp_path)
    for name in ("dday77-campaign.yaml", "dday77-breakout.yaml"):
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes()


def _stacks(sc):
    count, sides = Counter(), {}
    for u in sc.units:
        if u.hex >= 0:
            if u.type != "hq":
                count[u.hex] += 1
            sides.setdefault(u.hex, set()).add(u.side)
    return count, sides


@pytest.mark.parametrize("which", [2, 3], ids=["campaign", "breakout"])
def test_set_up_respects_stacking_and_terrain(built, which):
    sc = built[which]
    count, sides = _stacks(sc)
    limit = load_file(str(SYSTEM.folder / "stacking.yaml"))["limit"]["value"]
    assert max(count.values()) <= limit
    assert all(len(s) == 1 for s in sides.values())  # never both sides in a hex
    for u in sc.units:
        if u.hex >= 0:
            t = SYSTEM.terrain[sc.board.terrain_of(u.hex)]
            assert t.passable and not t.sea


def test_campaign_starts_with_the_german_army_on_the_map_and_the_allies_to_come(built):
    campaign = built[2]
    assert (campaign.first_turn, campaign.last_turn, campaign.first_player) == (1, 50, "allied")
    assert all(u.hex >= 0 for u in campaign.units if u.side == "german" and u.arrive_turn is None)
    allied = [u for u in campaign.units if u.side == "allied"]
    assert allied and all(u.hex == -1 and u.arrive_region is None for u in allied)
    assert sum(1 for u in allied if u.arrive_turn == 1) >= 9  # the assault force and its first follow-up


def test_hq_units_and_nationalities(built):
    campaign = built[2]
    hqs = {u.hq for u in campaign.units if u.type == "hq"}
    assert {"ob_west", "army_group_b", "army_group_g", "netherlands", "shaef", "army_group", "army"} <= hqs
    allied_nats = {u.nationality for u in campaign.units if u.side == "allied"}
    assert allied_nats == {"us", "british", "canadian", "french", "polish"}
    # the 21st Army Group is a British HQ (D77-ASUP-25)
    assert next(u for u in campaign.units if u.id == "al-21ag").nationality == "british"


@pytest.mark.parametrize(("uid", "turn"), [("us-1", 1), ("us-2a", 2), ("ge-9ss", 3), ("us-3", 11), ("ca-1", 41)])
def test_arrival_turns_follow_the_historical_week(built, uid, turn):
    u = built[2].units[built[2].unit_index[uid]]
    assert u.arrive_turn == turn


def test_german_arrivals_enter_by_the_east_edge(built):
    campaign = built[2]
    edge = campaign.board.regions["german_east_edge"]
    assert (edge.kind, edge.side) == ("supply_source", "german")
    arrivals = [u for u in campaign.units if u.side == "german" and u.arrive_turn is not None]
    assert arrivals and {u.arrive_region for u in arrivals} == {"german_east_edge"}


def test_breakout_front_and_arrivals(built):
    breakout = built[3]
    assert (breakout.first_turn, breakout.last_turn) == (8, 12)
    allied_ctrl = {m.place for m in breakout.markers if m.kind == "control" and m.side == "allied"}
    assert allied_ctrl
    for u in breakout.units:
        if u.hex >= 0:  # each side sets up on its own side of the front of 24 July 1944
            assert (u.hex in allied_ctrl) == (u.side == "allied"), u.id
    arrivals = [u for u in breakout.units if u.side == "allied" and u.hex < 0]
    assert {u.arrive_region for u in arrivals} == {"normandy"}
    assert all(8 <= u.arrive_turn <= 12 for u in arrivals)
    ids = {u.id for u in breakout.units}
    assert {"us-3", "fr-1db", "us-82"}.isdisjoint(ids)  # Dragoon, later and withdrawn units stay out
    assert {"pl-1a", "fr-2db", "al-us3"} <= ids


def test_every_unit_of_the_order_of_battle_is_in_the_campaign(built):
    _doc, units = build.load_oob()
    campaign = built[2]
    assert [u.id for u in campaign.units] == [u.id for u in units]
    assert all(u.arrive_turn <= 50 for u in campaign.units if u.arrive_turn is not None)


def test_scenarios_name_victory_conditions_the_victory_table_has(built):
    conditions = load_file(str(SYSTEM.folder / "victory.yaml"))["conditions"]
    assert built[2].victory == "campaign" and built[3].victory == "breakout"
    assert {built[2].victory, built[3].victory} <= set(conditions)


def test_the_front_is_drawn_between_hex_centres_so_far_hexes_are_not_ties(built):
    # Brest is as many hexes from Cherbourg (Allied anchor) as from Rennes (German anchor) on
    # the stand-in; measured between centres it is German, so its garrison stands in it.
    breakout = built[3]
    brest = next(p.place for p in breakout.board.places if p.name == "Brest")
    assert breakout.units[breakout.unit_index["ge-2fj"]].hex == brest


def test_fallback_places_are_reported(built):
    warnings = built[1]
    assert any("'Hilversum' is not on the map; placed near 'Utrecht'" in w for w in warnings)


@pytest.mark.parametrize(("a", "b"), [("Saint-Lô", "Saint-Lo"), ("St-Malo", "Saint-Malo"), ("Évreux", "evreux"),
                                      ("Caumont-l'Éventé", "Caumont l’Evente"), ("Ste-Mère", "Sainte Mere")])
def test_place_names_compare_without_accents_case_or_hyphens(a, b):
    assert build.normalise(a) == build.normalise(b)


@pytest.mark.parametrize(("date", "turn"), [("1944-06-06", 1), ("1944-06-12", 1), ("1944-06-13", 2),
                                            ("1944-08-15", 11), ("1945-05-14", 49),
                                            ("1945-05-15", 50)])
def test_turn_of_date(date, turn):
    calendar = {"turn_1": dt.date(1944, 6, 6), "days_per_turn": 7}
    assert build.turn_of(dt.date.fromisoformat(date), calendar) == turn


def test_order_of_battle_uses_the_system_vocabulary_and_calendar():
    doc, units = build.load_oob()
    for u in units:
        assert u.type in SYSTEM.unit_types and u.nationality in SYSTEM.nationalities, u.id
        assert (u.hq in SYSTEM.hq_kinds) == (u.type == "hq"), u.id
        if u.arrive_date:
            assert 1 <= build.turn_of(u.arrive_date, doc["calendar"]) <= doc["calendar"]["last_turn"], u.id
    # the seed's examples of Allied ratings (its naval bombardment examples) exist: 4-4-4 and 5-5-4
    values = {u.values for u in units if u.side == "allied"}
    assert {(4, 4, 4), (5, 5, 4)} <= values


def _board():
    return load_map(STANDIN)


def test_a_unit_near_no_known_place_is_an_error():
    placer = build.Placer(_board(), 3, ("hq",))
    unit = build.Unit("x", "X", "german", "german", "infantry", (1, 1, 1), None, ("Atlantis",), 2, None)
    with pytest.raises(build.BuildError, match=r"unit x: none of the places \['Atlantis'\]"):
        placer.place(unit, unit.near, 2)


def test_a_full_neighbourhood_is_an_error_naming_the_unit():
    placer = build.Placer(_board(), 1, ("hq",))
    make = lambda uid: build.Unit(uid, uid, "german", "german", "infantry", (1, 1, 1), None, ("Paris",), 0, None)  # noqa: E731
    first = placer.place(make("a"), ("Paris",), 0)
    assert placer.place(build.Unit("h", "h", "german", "german", "hq", (0, 1, 4), "ob_west", ("Paris",), 0, None),
                        ("Paris",), 0) == first  # HQs do not count against the limit
    with pytest.raises(build.BuildError, match="unit b: no free hex for it within 0 of Paris"):
        placer.place(make("b"), ("Paris",), 0)


def test_units_spill_to_the_nearest_free_hex():
    board = _board()
    placer = build.Placer(board, 3, ("hq",))
    make = lambda uid: build.Unit(uid, uid, "german", "german", "infantry", (1, 1, 1), None, ("Paris",), 1, None)  # noqa: E731
    hexes = [placer.place(make(str(k)), ("Paris",), 1) for k in range(4)]
    paris = placer.find(("Paris",))[1]
    assert hexes[:3] == [paris] * 3
    assert board.distance(paris, hexes[3]) == 1


SHIPPED_MAP = ROOT / "maps" / "dday77.yaml"
SHIPPED = [ROOT / "scenarios" / n for n in ("dday77-campaign.yaml", "dday77-breakout.yaml")]


@pytest.mark.skipif(not (SHIPPED_MAP.is_file() and all(p.is_file() for p in SHIPPED)),
                    reason="maps/dday77.yaml or the D-Day '77 scenarios not built yet")
def test_shipped_scenarios_are_what_the_builder_makes_of_the_shipped_map(tmp_path):
    # a regenerated map or edited order of battle needs `python tools/scenarios/build_dday77.py`
    build.build_all(SHIPPED_MAP, tmp_path, map_ref="dday77")
    for name in ("dday77-campaign.yaml", "dday77-breakout.yaml"):
        assert (tmp_path / name).read_bytes() == (ROOT / "scenarios" / name).read_bytes()


PLACE_NAMES = sorted({p.name for p in load_map(STANDIN).places})


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PLACE_NAMES), st.sampled_from(["allied", "german"]),
                          st.sampled_from(["infantry", "hq"]), st.integers(0, 3)), max_size=40))
def test_placement_never_breaks_stacking_terrain_sides_or_reach(requests):
    board = load_map(STANDIN)
    placer = build.Placer(board, 3, ("hq",))
    placed = []
    for k, (name, side, utype, within) in enumerate(requests):
        unit = build.Unit(str(k), str(k), side, side, utype, (1, 1, 1), None, (name,), within, None)
        try:
            placed.append((unit, placer.place(unit, (name,), within), placer.find((name,))[1]))
        except build.BuildError as exc:
            assert f"unit {k}: no free hex" in str(exc)
    count, sides = Counter(), {}
    for unit, i, anchor in placed:
        assert board.distance(anchor, i) <= unit.within
        assert placer.land[i]
        count[i] += unit.type != "hq"
        sides.setdefault(i, set()).add(unit.side)
    assert all(n <= 3 for n in count.values())
    assert all(len(s) == 1 for s in sides.values())
