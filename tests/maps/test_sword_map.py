"""maps/sword.yaml: the named places a player expects sit within one hex of their real
positions, and the Orne and the Caen Canal can be crossed by armour only at the bridges."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddaydesk.engine.positions import edge_table
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.formats.mapfile import load_map
from tools.mapgen import sword

ROOT = Path(__file__).resolve().parents[2]

# (place on the map, latitude, longitude, source). Not GeoNames, which the builder uses: an
# independent check of the builder's placement and of the hexes it gave each place.
REAL = [
    ("Caen", 49.1814, -0.3636, "en.wikipedia, Caen: 49°10′53″N 0°21′49″W"),
    ("Ouistreham", 49.2792, -0.2583, "fr.wikipedia, Ouistreham: 49°16′45″N 0°15′30″W"),
    ("Hermanville-sur-Mer", 49.2844, -0.3139, "fr.wikipedia, Hermanville-sur-Mer: 49°17′04″N 0°18′50″W"),
    ("Colleville-Montgomery", 49.2744, -0.3003, "fr.wikipedia, Colleville-Montgomery: 49°16′28″N 0°18′01″W"),
    ("Lion-sur-Mer", 49.3011, -0.3189, "fr.wikipedia, Lion-sur-Mer: 49°18′04″N 0°19′08″W"),
    ("Bénouville", 49.2417, -0.2786, "fr.wikipedia, Bénouville (Calvados): 49°14′30″N 0°16′43″W"),
    ("Pegasus Bridge", 49.2427, -0.2711, "ru.wikipedia, Мост Пегас: 49°14′33.8″N 0°16′15.8″W"),
    ("Ranville", 49.2319, -0.2564, "fr.wikipedia, Ranville: 49°13′55″N 0°15′23″W"),
    ("Périers ridge", 49.2589, -0.3414, "fr.wikipedia, Périers-sur-le-Dan: 49°15′32″N 0°20′29″W"),
]


@pytest.fixture(scope="module")
def board():
    return load_map(ROOT / "maps" / "sword.yaml")


def real_hex(board, lat, lon):
    sheet = sword._sheet()
    return board.index(sheet.labels[sheet.hex_at(*sword.placement(sheet).point(lon, lat))])


@pytest.mark.parametrize("name, lat, lon, source", REAL, ids=[r[0] for r in REAL])
def test_named_place_within_one_hex_of_its_real_position(board, name, lat, lon, source):
    hexes = [p.place for p in board.places if p.name == name]
    assert hexes, f"{name} is not on the map"
    truth = real_hex(board, lat, lon)
    assert min(board.distance(h, truth) for h in hexes) <= 1, f"{name}: {source}"


def test_the_landing_beach_and_the_objectives_are_there(board):
    names = {p.name for p in board.places}
    for expected in ("Caen", "Pegasus Bridge", "Horsa Bridge", "Hillman", "Douvres radar station", "Cod"):
        assert expected in names
    beach = board.regions["sword_beach"].places
    assert len(beach) >= 4 and all(any(board.terrain_of(j) == "sea" for j in board.adj[i]) for i in beach)
    assert {board.terrain_of(i) for i in beach} <= {"beach", "town"}


def test_armour_crosses_the_orne_only_at_a_bridge(board):
    rules = load_move_rules("pkd")
    tracked = edge_table(board, rules, rules.classes.index("tracked"))[0]
    foot = edge_table(board, rules, rules.classes.index("foot"))[0]
    river = board.feature_bit("river")
    crossings = [(i, j) for i in range(board.n) for j, s in zip(board.adj[i], board.adj_side[i], strict=True)
                 if s >= 0 and board.side_mask[s] & river]
    assert crossings
    bridged = {(i, j) for i, j in crossings if j in dict(tracked[i])}
    assert (board.index("0709"), board.index("0809")) in bridged  # Pegasus and Horsa bridges
    assert all({board.terrain_of(i), board.terrain_of(j)} <= {"town", "city"} for i, j in bridged)
    assert all(j in dict(foot[i]) for i, j in crossings)  # infantry may cross anywhere, at a cost
