"""A deterministic D-Day '77-sized supply position for the benchmark.

There is no shipped campaign scenario yet, so this generates one shaped like the campaign:
a 60x45 map with the sea on the west (a jagged coast, a Brittany bulge), Switzerland in the
south-east corner, German sources on the east edge north of it, a front line down the
middle, 13 Allied Supply Centres on the coast (four of them ports), and 280 units with 25
HQs (13 Allied including SHAEF, 12 German including OB West, Army Groups B and G and the
Netherlands HQ).
"""

from __future__ import annotations

import math
import random

from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.rules.supply import SupplyInput, SupplyUnit

W, H = 60, 45
SWISS_ROW = 38  # rows 38.. of the last columns are Switzerland


def coast_col(r: int) -> int:
    bulge = 7 if 27 <= r <= 37 else 0  # Brittany
    return 4 + round(2.5 * math.sin(r / 4.0)) + bulge - (r % 7 == 0)


def front_col(r: int) -> int:
    return 27 + round(3 * math.sin(r / 6.0))


def _map_text(rng: random.Random) -> str:
    rows = []
    for r in range(H):
        cells = []
        for c in range(W):
            cc = coast_col(r)
            if c < cc:
                ch = "~"
            elif c == cc:
                ch = ","
            elif r >= SWISS_ROW and c >= W - 8:
                ch = "N"
            else:
                ch = rng.choices(".wCo^", weights=(80, 12, 4, 1, 3))[0]
            cells.append(ch)
        rows.append(" ".join(cells))
    ports = [(3, "Antwerp"), (12, "Le Havre"), (20, "Cherbourg"), (33, "Brest")]
    places = "".join(f'  - {{name: {name}, hex: "{coast_col(r) + 1:02d}{r + 1:02d}", kind: port, capacity: 20}}\n'
                     for r, name in ports)
    sources = ", ".join(f'"{W:02d}{r + 1:02d}"' for r in range(SWISS_ROW))
    return ("format: 1\nid: bench-campaign\ntitle: Benchmark campaign\nsystem: dday77\n"
            f"grid: {{kind: hex, width: {W}, height: {H}, numbering: {{digits: 2}}}}\n"
            "terrain:\n  rows:\n" + "".join(f'    - "{row}"\n' for row in rows)
            + "places:\n" + places
            + f"regions:\n  - {{id: east, kind: supply_source, side: german, name: East edge, hexes: [{sources}]}}\n")


def campaign_position(seed: int = 1944, weather: str = "clear", turn: int = 1) -> SupplyInput:
    rng = random.Random(seed)
    board = parse_map(load_text(_map_text(rng), "bench.yaml"), "bench.yaml")
    taken: set[int] = set()
    units: list[SupplyUnit] = []
    passable = {"clear", "woods", "city", "mountain", "coast", "fortress"}

    def spot(r: int, c: int) -> int:
        for _ in range(200):
            rr = min(H - 1, max(0, r + rng.randint(-2, 2)))
            cc = min(W - 1, max(0, c + rng.randint(-2, 2)))
            i = rr * W + cc
            if i not in taken and board.terrain_of(i) in passable:
                taken.add(i)
                return i
        raise RuntimeError("no free hex")

    def allied_nat(r: int) -> str:
        return rng.choice(["british", "canadian", "polish"]) if r < 15 else rng.choice(["us", "us", "us", "french"])

    # Allied: 140 units between the coast and the front, HQs behind them.
    for k in range(140):
        r = rng.randrange(1, H - 1)
        c = rng.randint(coast_col(r) + 3, front_col(r) - 1)
        units.append(SupplyUnit(f"a{k}", "allied", allied_nat(r), rng.choice(["infantry", "armour", "infantry"]),
                                spot(r, c)))
    allied_hqs = [("shaef", "shaef", "british", 22, 8), ("21ag", "army_group", "british", 8, 6),
                  ("12ag", "army_group", "us", 30, 6)] + [
        (f"army{k}", "army", allied_nat(r), r, 12 + 6 * (k % 2)) for k, r in enumerate((3, 7, 11, 15, 19, 23, 29, 33, 37, 41))]
    for uid, kind, nat, r, depth in allied_hqs:
        units.append(SupplyUnit(uid, "allied", nat, "hq", spot(r, coast_col(r) + depth), kind))
    # German: 115 units east of the front, HQs behind them.
    for k in range(115):
        r = rng.randrange(1, H - 1)
        c = rng.randint(front_col(r) + 1, front_col(r) + 7)
        units.append(SupplyUnit(f"g{k}", "german", "german", rng.choice(["infantry", "armour", "static"]),
                                spot(r, c)))
    german_hqs = [("obw", "ob_west", 22, 42), ("agb", "army_group_b", 10, 40), ("agg", "army_group_g", 34, 40),
                  ("ndl", "netherlands", 3, 46)] + [
        (f"armee{k}", "german_army", r, 38) for k, r in enumerate((6, 10, 15, 19, 24, 28, 32, 40))]
    for uid, kind, r, c in german_hqs:
        units.append(SupplyUnit(uid, "german", "german", "hq", spot(r, c), kind))
    scs = tuple(board.index(f"{coast_col(r) + 1:02d}{r + 1:02d}") for r in (1, 3, 6, 9, 12, 16, 20, 23, 26, 30, 33, 36, 41))
    sources = tuple(i for reg in board.regions.values() if reg.kind == "supply_source" for i in reg.places)
    return SupplyInput("dday77", board, units, turn=turn, weather=weather, german_sources=sources,
                       supply_centres=scs)
