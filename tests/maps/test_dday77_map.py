"""maps/dday77.yaml: the strategic map has what the D-Day '77 rules look up on the board."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.formats.mapfile import load_map

ROOT = Path(__file__).resolve().parents[2]
AREAS = ["north_sea", "pas_de_calais", "le_havre", "normandy", "brittany", "bay_of_biscay", "south_france"]
RIVERS = ["Seine", "Loire", "Rhine", "Meuse", "Somme", "Scheldt", "Moselle", "Marne", "Oise", "Garonne", "Rhône"]


@pytest.fixture(scope="module")
def board():
    return load_map(ROOT / "maps" / "dday77.yaml")


def place(board, name, kind=None):
    hits = [p for p in board.places if p.name == name and (kind is None or p.kind == kind)]
    assert hits, f"no {kind or 'place'} named {name}"
    return hits[0]


def is_coastal(board, i):
    return any(board.terrain_of(j) == "sea" for j in board.adj[i])


def test_about_2600_hexes_of_sea_coast_and_land(board):
    assert 2400 <= board.n <= 2800
    counts = {t: sum(1 for i in range(board.n) if board.terrain_of(i) == t) for t in board.terrain_names}
    assert counts["sea"] > 500 and counts["coast"] > 80 and counts["clear"] > 1000


@pytest.mark.parametrize("name", ["Brest", "Boulogne", "Rotterdam", "Cherbourg", "Antwerp", "Le Havre", "Marseille"])
def test_seed_ports_are_coastal_ports_with_a_capacity(board, name):
    # D77-NAV-10 (Brest), D77-AIR-03 (Boulogne, Rotterdam), D77-ASUP-12 (ports as supply sources)
    p = place(board, name, "port")
    assert p.capacity and p.capacity > 0
    assert is_coastal(board, p.place) or board.terrain_of(p.place) in ("city", "fortress")


def test_boulogne_and_rotterdam_are_cities_to_control(board):  # D77-AIR-03
    for name in ("Boulogne", "Rotterdam"):
        assert board.terrain_of(place(board, name, "city").place) in ("city", "fortress")


@pytest.mark.parametrize("name", ["Paris", "Liège", "Strasbourg"])
def test_inland_ports_have_a_capacity_and_are_inland(board, name):  # D77-ASUP-12, D77-ASUP-16
    p = place(board, name, "inland_port")
    assert p.capacity and not is_coastal(board, p.place)


@pytest.mark.parametrize("name", ["Brest", "Lorient", "Saint-Nazaire", "Cherbourg", "Metz"])
def test_fortresses_are_fortress_hexes(board, name):  # D77-AUTO-10, D77-FORT-01
    assert board.terrain_of(place(board, name, "fortress").place) == "fortress"


def test_west_wall_is_a_fortified_zone_on_the_german_border(board):  # D77-AUTO-11
    ww = board.regions["west_wall"]
    germany = set(board.regions["germany"].places)
    assert ww.kind == "fortified_zone" and len(ww.places) >= 15
    assert set(ww.places) <= germany
    for i in ww.places:
        assert any(j not in germany and board.terrain_of(j) not in ("sea", "lake") for j in board.adj[i])


@pytest.mark.parametrize("area", AREAS)
def test_invasion_areas_list_their_coastal_land_hexes(board, area):  # D77-SET-03
    r = board.regions[area]
    assert r.kind == "invasion_area" and len(r.places) >= 3
    for i in r.places:
        assert is_coastal(board, i) and board.terrain_of(i) not in ("sea", "neutral", "offboard")


def test_invasion_areas_do_not_overlap(board):  # D77-SET-03: one recorded area at a time
    seen: set[int] = set()
    for area in AREAS:
        hexes = set(board.regions[area].places)
        assert not hexes & seen
        seen |= hexes


def test_normandy_area_holds_the_cotentin_and_calvados_coast(board):  # D77-SET-03
    normandy = set(board.regions["normandy"].places)
    assert place(board, "Cherbourg", "port").place in normandy
    assert place(board, "Le Havre", "port").place in set(board.regions["le_havre"].places)


def test_german_supply_sources_are_east_edge_hexes_north_of_switzerland(board):
    # D77-SUP-01, D77-SUP-03: a partial hex on the east edge north of Switzerland
    src = board.regions["german_supply_sources"]
    assert src.kind == "supply_source" and src.side == "german" and len(src.places) >= 10
    swiss_rows = [board.grid.colrow(i)[1] for i in board.regions["switzerland"].places]
    for i in src.places:
        col, row = board.grid.colrow(i)
        assert col == board.grid.width - 1 and row < min(swiss_rows)
        assert board.terrain_of(i) not in ("sea", "lake", "neutral", "offboard")


def test_switzerland_and_spain_are_neutral_and_impassable(board):
    for rid in ("switzerland", "spain"):
        r = board.regions[rid]
        assert r.kind == "neutral" and r.places
        assert all(board.terrain_of(i) == "neutral" for i in r.places)


@pytest.mark.parametrize("river", RIVERS)
def test_major_rivers_are_hexsides(board, river):
    sides = [s for s, n in board.side_names.items() if n == river]
    assert len(sides) >= 5
    bits = board.feature_bit("river") | board.feature_bit("major_river")
    assert all(board.side_mask[s] & bits for s in sides)


@pytest.mark.parametrize("city,river", [("Paris", "Seine"), ("Rouen", "Seine"), ("Orléans", "Loire"),
                                        ("Cologne", "Rhine"), ("Lyon", "Rhône"), ("Amiens", "Somme"),
                                        ("Namur", "Meuse"), ("Metz", "Moselle"), ("Bordeaux", "Garonne")])
def test_rivers_pass_their_known_towns(board, city, river):
    # rivers are named from known points: each lies on a hexside of (or next to) its town's hex
    i = place(board, city).place
    near = {i, *board.adj[i]}
    assert any(board.side_names.get(s) == river for j in near for s in board.adj_side[j])


def test_mountains_cover_the_alps_vosges_massif_central(board):
    for name in ("Grenoble", "Clermont-Ferrand", "Strasbourg"):
        i = place(board, name, "city").place
        assert any(board.terrain_of(j) == "mountain" for j in range(board.n) if board.distance(i, j) <= 2), name


def test_great_britain_is_drawn_but_offboard(board):
    off = [i for i in range(board.n) if board.terrain_of(i) == "offboard"]
    assert len(off) > 50
    in_regions = {i for r in board.regions.values() for i in r.places}
    assert not set(off) & in_regions
