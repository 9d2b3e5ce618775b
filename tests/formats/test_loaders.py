from ddaydesk.formats.mapfile import load_map
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import DATA, ROOT


def test_small_map_in_a_dozen_lines():
    path = DATA / "good" / "small.yaml"
    assert len(path.read_text().splitlines()) <= 14
    b = load_map(path)
    assert (b.kind, b.n, b.grid.width, b.grid.height) == ("hex", 24, 6, 4)
    assert b.terrain_of(b.index("0101")) == "sea"
    assert b.terrain_of(b.index("0502")) == "city"
    assert b.terrain_of(b.index("0403")) == "mountain"
    side = b.side_between(b.index("0402"), b.index("0502"))
    assert b.side_features(side) == ["river"] and b.side_names[side] == "Test River"
    # the same side seen from the other hex
    assert b.side_between(b.index("0502"), b.index("0402")) == side
    assert b.side_features(b.side_between(b.index("0202"), b.index("0302"))) == []
    assert [p.name for p in b.places_at[b.index("0502")]] == ["Testville"]
    east = b.regions["east"]
    assert east.side == "german" and [b.labels[i] for i in east.places] == ["0601", "0602", "0603", "0604"]
    assert len(b.content_hash) == 64


def test_hit_testing_and_centres_agree():
    b = load_map(DATA / "good" / "small.yaml")
    for i in range(b.n):
        assert b.place_at_point(*b.centre(i)) == i
    assert b.place_at_point(-50.0, -50.0) == -1


def test_area_map_is_a_board_too():
    b = load_map(DATA / "good" / "areas.yaml")
    assert b.kind == "area" and b.n == 3
    assert b.adj[b.index("2")] == (b.index("1"), b.index("3"))
    assert b.distance(b.index("1"), b.index("3")) == 2
    assert b.place_at_point(1.0, 2.5) == b.index("3")
    assert b.regions["caen"].places == (b.index("3"),)


def test_scenario_units_and_options():
    sc = load_scenario(DATA / "good" / "small-scenario.yaml")
    assert sc.system.id == "dday77" and sc.board.id == "small"
    assert [u.id for u in sc.units] == ["a1", "a2", "g1"]
    a1, a2, g1 = sc.units
    assert a1.hex == sc.board.index("0202") and a1.arrive_turn is None
    assert a2.hex == -1 and (a2.arrive_turn, a2.arrive_region) == (2, "east")
    assert (g1.attack, g1.defence, g1.movement) == (4, 4, 3)
    assert sc.options["armoured_zoc"] is True and sc.options["weather"] is False
    assert sc.unit_index == {"a1": 0, "a2": 1, "g1": 2}
    assert sc.markers[0].kind == "interdiction" and sc.markers[0].place == sc.board.index("0403")


def test_shipped_tutorial_loads_with_its_map():
    sc = load_scenario(ROOT / "scenarios" / "tutorial.yaml")
    assert sc.board.id == "tutorial"
    assert {u.side for u in sc.units} == {"allied", "german"}
    caen = [p for p in sc.board.places if p.name == "Caen"][0]
    assert sc.board.terrain_of(caen.place) == "city"


def test_shipped_weather_charts_load_one_result_per_die_face():
    # the chart reader refuses a row whose results do not match the die (one per face)
    from ddaydesk.engine.tables import load_weather_chart

    for system, rows in (("dday77", 5), ("fmu", 1)):
        chart = load_weather_chart(system)
        assert chart.die == 6 and len(chart.rows) == rows
        assert all(len(results) == chart.die for _first, _last, results, _rule in chart.rows)
