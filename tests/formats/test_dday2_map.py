"""The D-Day2 territory map: drawn zones reproduce the transcribed zone graph exactly."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest
import shapely

from ddaydesk.formats.mapfile import load_map
from ddaydesk.paths import maps_dir

ROOT = Path(__file__).resolve().parents[2]

# ../shared/research/wave2.md §3.2, copied verbatim as the independent reference.
TRANSCRIBED = """
1: 2,5,6                 15: 14,16,22,23           29: 23,28,30,37
2 Cherbourg: 1,3,6       16: 15,17,23,30           30 Caen: 16,17,23,29,31,37,38
3: 2,4,6,7               17: 16,18,30,31           31: 17,18,30,38,39
4: 3,7                   18: 17,31,39              32: 24,25,33
5: 1,6,8,9               19: 9,12,20,24            33: 25,32,34
6: 1,2,3,5,7,9,10        20: 12,13,19,21,24,25,26  34: 25,26,33,35
7: 3,4,6,10,11           21: 13,14,20,22,26,27     35: 26,27,34,36
8: 5,9                   22: 14,15,21,23,27,28     36: 27,28,35,37,40
9: 5,6,8,10,12,19        23: 15,16,22,28,29,30     37: 28,29,30,36,38,40,41
10: 6,7,9,11,12          24: 19,20,25,32           38: 30,31,37,39,41,42
11: 7,10,12,13           25: 20,24,26,32,33,34     39: 18,31,38,42
12: 9,10,11,13,19,20     26 St.Lo: 20,21,25,27,34,35  40: 36,37,41
13: 11,12,14,20,21       27: 21,22,26,28,35,36     41: 37,38,40,42
14: 13,15,21,22          28: 22,23,27,29,36,37     42: 38,39,41
"""


def transcribed_links() -> set[frozenset[str]]:
    links = set()
    for line in TRANSCRIBED.strip().splitlines():
        for cell in line.split("  "):
            if ":" not in cell:
                continue
            head, tail = cell.split(":")
            zone = head.split()[0]
            links |= {frozenset((zone, other.strip())) for other in tail.split(",")}
    return links


@pytest.fixture(scope="module")
def board():
    return load_map(maps_dir() / "dday2.yaml")


def test_transcription_has_42_zones_and_97_links():
    links = transcribed_links()
    assert len(links) == 97
    assert {z for link in links for z in link} == {str(i) for i in range(1, 43)}


def test_map_file_adjacency_is_the_transcription(board):  # DD2-TERR-01: one place per zone
    assert board.kind == "area" and board.n == 42
    listed = {frozenset((board.labels[i], board.labels[j])) for i in range(board.n) for j in board.adj[i]}
    assert listed == transcribed_links()


def test_drawn_borders_rebuild_exactly_the_97_links(board):
    polys = [board.polygon(i) for i in range(board.n)]
    assert all(p.is_valid and p.area > 0 for p in polys)
    drawn = set()
    for i, j in itertools.combinations(range(board.n), 2):
        if polys[i].boundary.intersection(polys[j].boundary).length > 0:
            drawn.add(frozenset((board.labels[i], board.labels[j])))
    assert len(drawn) == 97
    assert drawn == transcribed_links()


def test_zones_do_not_overlap(board):
    polys = [board.polygon(i) for i in range(board.n)]
    total = sum(p.area for p in polys)
    assert shapely.union_all(polys).area == pytest.approx(total, rel=1e-6)


def test_beaches_boxes_entry_cities_and_blockhouse_arrows(board):
    beaches = {p.name: (board.labels[p.place], p.capacity) for p in board.places_of_kind("beach")}
    assert beaches == {"Utah": ("11", 4), "Omaha": ("14", 8), "Gold": ("15", 7),
                       "Juno": ("16", 5), "Sword": ("17", 6)}
    assert sorted(board.labels[p.place] for p in board.places_of_kind("drop_box")) == ["10", "11", "17"]

    def members(rid):
        return sorted(board.labels[i] for i in board.regions[rid].places)

    assert members("rennes") == ["32", "34"]
    assert members("chartres") == ["36", "40"]
    assert members("rouen") == ["39", "42"]
    assert members("victory-cities") == ["2", "26", "30"]
    assert members("beaches-us") == ["11", "14"] and members("beaches-british") == ["15", "16", "17"]
    fire = {r.name: members(r.id) for r in board.regions_of_kind("blockhouse_fire")}
    assert fire == {"Utah": ["11", "4", "7"], "Omaha": ["14"], "Gold": ["15"], "Juno": ["16"],
                    "Sword": ["17", "18"]}


def test_zone_names_are_real_places(board):
    names = {board.labels[i]: board.name_of(i) for i in range(board.n)}
    assert names["2"] == "Cherbourg" and names["26"] == "Saint-Lô" and names["30"] == "Caen"
    assert all(names.values())


def test_map_rebuilds_identically_from_committed_extracts(tmp_path):
    spec = importlib.util.spec_from_file_location("dd2_zones", ROOT / "tools/mapgen/dd2_zones.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "dday2.yaml"
    tool.build(out)
    assert out.read_text(encoding="utf-8") == (maps_dir() / "dday2.yaml").read_text(encoding="utf-8")
