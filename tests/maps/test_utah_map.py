"""maps/utah.yaml agrees with every hex seed 002 names (issue 8, done-when)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.formats.mapfile import load_map

ROOT = Path(__file__).resolve().parents[2]
UTAH_BEACH = ["3005", "2906", "2806", "2707", "2607", "2508"]
EDGE_ROAD_HEXES = ["2901", "2501", "2301", "1801", "1301", "1001", "0601", "0401"]


@pytest.fixture(scope="module")
def board():
    return load_map(ROOT / "maps" / "utah.yaml")


def sea_neighbours(board, i):
    return [j for j in board.adj[i] if board.terrain_of(j) == "sea"]


def side_features(board, i):
    return {f for s in board.adj_side[i] for f in board.side_features(s)}


def test_numbering_reads_row_from_the_south_then_column_from_the_west(board):
    # FMU-GREIN-03 ("on or north of hex row 24xx"), FMU-AIRB-01 ("north of the 19xx row"):
    # the first pair is the row counted from the south edge, the second the column from the west.
    col, row = board.numbering.parse("2503")
    assert (col, row) == (2, board.grid.height - 25)
    north, south = board.index("3005"), board.index("2508")
    assert board.centre(north)[1] < board.centre(south)[1]  # row 30 is north of row 25
    # FMU-AIRB-08: drift 1 = west, 2 = north-west, then clockwise; on this map they are the
    # axial directions 3, 2, 1, 0, 5, 4 (pointy hexes: flat sides west and east)
    i = board.index("2503")
    drift = {}
    for roll, d in zip(range(1, 7), (3, 2, 1, 0, 5, 4), strict=True):
        drift[roll] = board.labels[board.grid.nbr[i * 6 + d]]
    assert drift[1] == "2502" and drift[4] == "2504"  # same row, one column west / east
    assert drift[2][:2] == drift[3][:2] == "26"  # north-west and north-east: one row north
    assert drift[5][:2] == drift[6][:2] == "24"  # south-east and south-west: one row south
    x = {k: board.centre(board.index(v))[0] for k, v in drift.items()}
    assert x[2] < x[3] and x[6] < x[5]


@pytest.mark.parametrize("label", UTAH_BEACH)
def test_utah_beach_hexes_are_beach_and_coastal(board, label):  # FMU-AMPH-01
    i = board.index(label)
    assert board.terrain_of(i) == "beach"
    assert sea_neighbours(board, i), f"{label} has no all-sea neighbour"


def test_utah_beach_hexes_are_one_continuous_strip(board):  # FMU-AMPH-01
    idx = [board.index(h) for h in UTAH_BEACH]
    assert all(b in board.adj[a] for a, b in zip(idx, idx[1:], strict=False))
    assert sorted(board.labels[i] for i in board.regions["utah_beach"].places) == sorted(UTAH_BEACH)
    assert sorted(board.labels[p.place] for p in board.places_of_kind("beach_landing")) == sorted(UTAH_BEACH)


@pytest.mark.parametrize("label", ["1706", "1805"])
def test_carentan_hexes_are_city(board, label):  # FMU-VIC-03
    i = board.index(label)
    assert board.terrain_of(i) == "city"
    assert any(p.name == "Carentan" and p.kind == "city" for p in board.places_at[i])


def test_carentan_is_one_city_on_two_neighbouring_hexes(board):  # FMU-VIC-03
    assert board.index("1805") in board.adj[board.index("1706")]


@pytest.mark.parametrize("label,name", [("2206", "Sainte-Marie-du-Mont"), ("2605", "Saint-Martin-de-Varreville"),
                                        ("2503", "Sainte-Mère-Église")])
def test_objective_villages_are_towns_on_their_hexes(board, label, name):  # FMU-VIC-03
    i = board.index(label)
    assert board.terrain_of(i) == "town"
    assert any(p.name == name for p in board.places_at[i])


def vire_sides(board):
    return [s for s in range(board.n_sides) if board.side_names.get(s) == "Vire"]


def test_vire_is_one_continuous_river_from_1809_to_0110(board):  # FMU-GEN-02, FMU-GEN-03
    sides = set(vire_sides(board))
    assert sides
    touching: dict[int, set[int]] = {}
    corners: dict[tuple, list[int]] = {}
    for i in range(board.n):
        for j, s in zip(board.adj[i], board.adj_side[i], strict=True):
            if s in sides:
                touching.setdefault(s, set()).update((i, j))
                if j > i:
                    for p in board.side_segment(i, j):
                        corners.setdefault((round(p[0], 3), round(p[1], 3)), []).append(s)
    assert all(board.side_mask[s] & board.feature_bit("river") for s in sides)
    # a simple path of hexsides: two loose ends, no branches, all one piece
    degrees = sorted(len(v) for v in corners.values())
    assert degrees.count(1) == 2 and max(degrees) == 2
    seen, todo = set(), [next(iter(sides))]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        todo += [t for ss in corners.values() if s in ss for t in ss]
    assert seen == sides
    assert any(board.index("1809") in touching[s] for s in sides)
    assert any(board.index("0110") in touching[s] for s in sides)
    # it runs to the south map edge at 0110
    south_end = max(corners, key=lambda c: c[1])
    assert len(corners[south_end]) == 1 and board.edge[board.index("0110")]


def test_vire_bounds_the_scenario_area(board):  # FMU-GEN-02, FMU-GEN-03
    area = {board.labels[i] for i in board.regions["landing_and_linkup"].places}
    assert {"2503", "1706", "1805", "2206", "2605", "1709", "3002", "3203", "3303"} <= area
    assert not {"1810", "1421", "0112", "2116"} & area  # east of the Vire: Isigny side, Bayeux, Omaha


@pytest.mark.parametrize("label", EDGE_ROAD_HEXES + ["2301"])
def test_edge_road_hexes_are_on_the_map_edge_with_a_road_or_trail(board, label):
    # FMU-SFM-06, FMU-SFM-07 (2301 is a road hex too, deliberately not in the list), FMU-VIC-03
    i = board.index(label)
    assert board.edge[i]
    assert board.numbering.parse(label)[0] == 0  # the west edge: column 01
    assert side_features(board, i) & {"road", "trail"}
    assert board.terrain_of(i) != "sea"


def test_a_road_hex_on_or_south_of_row_13_exists_on_the_edge(board):  # FMU-GREIN-09
    edge_roads = [p for p in board.places if p.kind == "road_edge"]
    assert any(int(board.labels[p.place][:2]) <= 13 for p in edge_roads)


@pytest.mark.parametrize("label", ["1709", "3303", "3002", "3203"])
def test_german_start_hexes_are_land(board, label):  # FMU-GSET-02
    assert board.terrain_of(board.index(label)) not in ("sea",)


def test_west_edge_north_entry_is_rows_24_and_north(board):  # FMU-GREIN-03
    hexes = [board.labels[i] for i in board.regions["west_edge_north"].places]
    assert hexes and all(int(h[:2]) >= 24 and h.endswith("01") for h in hexes)
    assert all(board.edge[i] for i in board.regions["west_edge"].places)


def test_drop_zones_have_legal_ground_north_of_row_19(board):  # FMU-AIRB-01
    legal = [i for i in range(board.n) if int(board.labels[i][:2]) > 19
             and board.terrain_of(i) not in ("beach", "woods", "sea", "city")]
    assert len(legal) > 50


def test_map_credits_its_open_data(board):
    data = " ".join(a["data"] for a in board.attribution)
    assert "GSHHG" in data and "GeoNames" in data
