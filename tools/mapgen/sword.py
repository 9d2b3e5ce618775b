"""The Sword Beach map, maps/sword.yaml, for Paul Koenig's D-Day (system pkd).

Like the printed map of the series (about 10 hexes wide and 14 deep, rules.md §3.3), it runs
from the beach at Lion-sur-Mer and Ouistreham south past Caen, and east over the Orne to the
6th Airborne's ground at Ranville and Bréville. Unlike the printed one it is to scale: the
sheet is laid on real geography by a similarity (one scale, no rotation), 1.45 km between hex
centres, pointy-topped hexes in rows numbered "CCRR" from the north-west. So each named place
lands in the hex its real position falls in (tests/maps/test_sword_map.py checks the places
against coordinates from other sources). Coast and the town positions come from the
committed extract (GSHHG "h", GeoNames); what the open data lacks (the Orne and the Caen
Canal, roads, the 1944 strongpoints, marshes and woods) is drawn from known points below.
"""

from __future__ import annotations

import numpy as np
from shapely.geometry import LineString, Polygon

from ddaydesk.hexgrid import HexNumbering
from tools.mapgen import geo
from tools.mapgen.common import GEONAMES, GSHHG, lonlat
from tools.mapgen.hexsheet import HexSheet

EXTRACT = "weurope"
WIDTH, HEIGHT = 10, 15
PROJ_CENTRE = (-0.30, 49.24)
HEX_KM = 1.45  # between hex centres
NW_CENTRE = (-0.407, 49.326)  # lon/lat of hex 0101's centre
SEA_BELOW = 0.5  # a hex with less land than this is sea

# Places not in the GeoNames extract (villages under its floor, 1944 works), (lon, lat) from
# the sources named; positions good to a few hundred metres, a fifth of a hex.
HILLMAN = (-0.3050, 49.2703)  # WN 17, south edge of Colleville on the Périers ridge (en.wikipedia Hillman Fortress)
COD = (-0.3060, 49.2940)  # WN 20, La Brèche d'Hermanville, Queen sector
DAIMLER = (-0.2870, 49.2640)  # WN 12, battery west of Saint-Aubin-d'Arquenay
RIVA_BELLA = (-0.2620, 49.2840)  # WN 18, casino strongpoint and battery at Riva-Bella
RADAR = (-0.4040, 49.2870)  # Luftwaffe radar station south-west of Douvres-la-Délivrande
PEGASUS = (-0.2711, 49.2427)  # Bénouville bridge over the canal (ru.wikipedia Мост Пегас)
HORSA = (-0.2640, 49.2410)  # Ranville bridge over the Orne
BAS_DE_RANVILLE = (-0.2610, 49.2400)  # the hamlet at the east end of the two bridges
PERIERS = (-0.3414, 49.2589)  # Périers-sur-le-Dan (fr.wikipedia)
LEBISEY = (-0.3350, 49.2150)  # Lebisey wood, the ridge north of Caen
BREVILLE = (-0.2265, 49.2428)
LE_PLEIN = (-0.2330, 49.2500)  # Amfreville / Le Plein
LZ_N = (-0.2470, 49.2380)  # landing zone N, north of Ranville
LZ_W = (-0.2850, 49.2530)  # landing zone W, west of the canal (Operation Mallard)

CITY_KM = 1.7  # hexes whose centre lies this close to Caen's are city
CAEN = (-0.3636, 49.1814)  # en.wikipedia, Caen
TOWNS = [  # terrain town, place town
    ("Ouistreham", "Ouistreham/FR"), ("Lion-sur-Mer", "Lion-sur-Mer/FR"),
    ("Hermanville-sur-Mer", "Hermanville-sur-Mer/FR"), ("Colleville-Montgomery", "Colleville-Montgomery/FR"),
    ("Bénouville", "Bénouville/FR"), ("Ranville", "Ranville/FR"), ("Biéville", "Biéville-Beuville/FR"),
    ("Douvres-la-Délivrande", "Douvres-la-Délivrande/FR"), ("Colombelles", "Colombelles/FR"),
    ("Luc-sur-Mer", "Luc-sur-Mer/FR"), ("Hérouville", "Hérouville-Saint-Clair/FR"),
    ("Le Bas de Ranville", BAS_DE_RANVILLE),
]
VILLAGES = [  # place village only
    ("Saint-Aubin-d'Arquenay", "Saint-Aubin-d'Arquenay/FR"), ("Mathieu", "Mathieu/FR"),
    ("Cambes-en-Plaine", "Cambes-en-Plaine/FR"), ("Épron", "Épron/FR"), ("Blainville-sur-Orne", "Blainville-sur-Orne/FR"),
    ("Hérouvillette", "Hérouvillette/FR"), ("Bréville", BREVILLE), ("Le Plein", LE_PLEIN),
    ("Cresserons", "Cresserons/FR"), ("Giberville", "Giberville/FR"), ("Démouville", "Démouville/FR"),
]
STRONGPOINTS = [("Hillman", HILLMAN), ("Cod", COD), ("Daimler", DAIMLER), ("Riva-Bella", RIVA_BELLA),
                ("Douvres radar station", RADAR)]
# The two bridges are named on the hexes at their ends, where the river between two town
# hexes is bridged (terrain.yaml): the canal bridge's west end is in Bénouville.
OTHER = [("Pegasus Bridge", "bridge", "hex:0709"), ("Horsa Bridge", "bridge", HORSA),
         ("Périers ridge", "ridge", PERIERS), ("Lebisey wood", "ridge", LEBISEY),
         ("Landing zone N", "landing_zone", LZ_N), ("Landing zone W", "landing_zone", LZ_W)]

# The Orne and the Caen Canal, side by side from Caen to the sea (one obstacle at this scale),
# through known points downstream; then the Orne upstream of Caen.
ORNE = [(-0.420, 49.150), (-0.390, 49.165), (-0.365, 49.176), (-0.345, 49.184), (-0.323, 49.192),
        (-0.305, 49.205), (-0.290, 49.222), (-0.2675, 49.2418), (-0.258, 49.258), (-0.250, 49.275),
        (-0.240, 49.290)]
ROADS = [
    ("Caen–Ouistreham", ["Caen/FR", (-0.315, 49.205), "Blainville-sur-Orne/FR", "Bénouville/FR",
                          "Ouistreham/FR"]),
    ("Caen–Douvres", ["Caen/FR", "Épron/FR", "Cambes-en-Plaine/FR", "Mathieu/FR", "Douvres-la-Délivrande/FR"]),
    ("Caen–Lion-sur-Mer", ["Caen/FR", "Biéville-Beuville/FR", PERIERS, "Hermanville-sur-Mer/FR", "Lion-sur-Mer/FR"]),
    ("coast road", ["Luc-sur-Mer/FR", "Lion-sur-Mer/FR", COD, (-0.285, 49.291), RIVA_BELLA, "Ouistreham/FR"]),
    ("Colleville–Bénouville", ["Colleville-Montgomery/FR", "Saint-Aubin-d'Arquenay/FR", "Bénouville/FR"]),
    ("Bénouville–Ranville", ["Bénouville/FR", "hex:0709", "hex:0809", "Ranville/FR", BREVILLE]),
    ("Ranville–Caen", ["Ranville/FR", "Hérouvillette/FR", "Démouville/FR", "Giberville/FR", (-0.33, 49.172)]),
]
MARSHES = [("Orne estuary", [(-0.238, 49.268), (-0.225, 49.262), (-0.21, 49.27), (-0.205, 49.28)], 700)]
WOODS = {"Bois de Bavent": [(-0.215, 49.225), (-0.19, 49.24), (-0.17, 49.225), (-0.18, 49.195),
                            (-0.205, 49.2)],
         "Lebisey wood": [(-0.345, 49.218), (-0.33, 49.222), (-0.322, 49.212), (-0.338, 49.208)],
         "Escoville orchards": [(-0.255, 49.215), (-0.235, 49.215), (-0.23, 49.2), (-0.252, 49.198)]}
SHARE = 0.3  # share of a hex a marsh or wood must cover
SWORD_BEACH_LON = (-0.332, -0.250)  # Queen sector and the Ouistreham end: beach hexes


def _sheet() -> HexSheet:
    numbering = HexNumbering("col-row", 2, "west", "north", 1, WIDTH, HEIGHT)
    return HexSheet(WIDTH, HEIGHT, "pointy", "odd", numbering)


def placement(sheet: HexSheet) -> geo.Affine:
    """Projected metres -> model units: one scale (HEX_KM between centres), north up, hex
    0101's centre on NW_CENTRE."""
    proj = geo.Laea(*PROJ_CENTRE)
    s = HEX_KM * 1000.0 / np.sqrt(3.0)  # metres per model unit (hex radius 1)
    e0, n0 = proj.point(*NW_CENTRE)
    x0, y0 = sheet.centre_of("0101")
    m = np.array([[1.0 / s, 0.0], [0.0, -1.0 / s], [x0 - e0 / s, y0 + n0 / s]])
    return geo.Affine(proj, m)


def _xy(aff, point) -> tuple[float, float]:
    if isinstance(point, str) and point.startswith("hex:"):  # a hex centre, for the bridges
        return _sheet().centre_of(point[4:])
    return aff.point(*lonlat(EXTRACT, point))


def _hex(sheet, aff, name: str, point) -> int:
    i = sheet.hex_at(*_xy(aff, point))
    if i < 0:
        raise SystemExit(f"mapgen: {name} lies off the Sword sheet")
    return i


def build(log=print) -> dict:
    sheet = _sheet()
    aff = placement(sheet)
    land, _lakes, _bbox = geo.coast(EXTRACT)
    land_f = sheet.fractions(aff.geometry(land))
    terrain = ["clear" if f >= SEA_BELOW else "sea" for f in land_f]
    places: list[dict] = []
    caen = _xy(aff, CAEN)
    km = HEX_KM / np.sqrt(3.0)
    for i in range(sheet.n):
        x, y = sheet.centres[i]
        if terrain[i] != "sea" and np.hypot(x - caen[0], y - caen[1]) * km <= CITY_KM:
            terrain[i] = "city"
            places.append({"name": "Caen", "hex": sheet.labels[i], "kind": "city"})
    _area_terrain(sheet, aff, terrain)
    for name, point in TOWNS:
        i = _hex(sheet, aff, name, point)
        if terrain[i] != "city":
            terrain[i] = "town"
        places.append({"name": name, "hex": sheet.labels[i], "kind": "town"})
    for kind, items in (("village", VILLAGES), ("strongpoint", STRONGPOINTS)):
        for name, point in items:
            places.append({"name": name, "hex": sheet.labels[_hex(sheet, aff, name, point)], "kind": kind})
    for name, kind, point in OTHER:
        places.append({"name": name, "hex": sheet.labels[_hex(sheet, aff, name, point)], "kind": kind})
    beach = _beach(sheet, aff, terrain)
    for i in beach:
        terrain[i] = "beach" if terrain[i] == "clear" else terrain[i]
    land_hex = [t != "sea" for t in terrain]
    orne = _river(sheet, aff, land_hex)
    roads = _roads(sheet, aff, land_hex, log)
    regions = _regions(sheet, aff, terrain, beach)
    places.sort(key=lambda p: (p["hex"], p["name"]))
    return {
        "sheet": sheet, "terrain": terrain, "hexsides": roads + [orne], "places": places, "regions": regions,
        "grid": {"kind": "hex", "orientation": "pointy", "parity": "odd", "width": WIDTH, "height": HEIGHT,
                 "numbering": {"order": "col-row", "digits": 2, "col_from": "west", "row_from": "north",
                               "first": 1}},
        "attribution": [GSHHG, GEONAMES,
                        {"data": "the Orne and the Caen Canal, roads, strongpoints, marshes and woods",
                         "licence": "same as ddaydesk", "note": "drawn from known points in tools/mapgen/sword.py"}],
        "notes": f"To scale: {HEX_KM} km between hex centres; hex 0101 centred on {NW_CENTRE} (lon, lat)",
    }


def _strip(aff, pts, half_width_m: float):
    en = aff.proj.forward(np.array([lonlat(EXTRACT, p) for p in pts], dtype=float))
    return aff.metres_to_lonlat(LineString(en).buffer(half_width_m))


def _area_terrain(sheet, aff, terrain) -> None:
    """Woods and orchards become bocage, marshes swamp, where they cover enough of a hex."""
    for pts in WOODS.values():
        share = sheet.fractions(aff.geometry(Polygon(pts)))
        for i in range(sheet.n):
            if share[i] >= SHARE and terrain[i] == "clear":
                terrain[i] = "bocage"
    for _name, pts, half_width in MARSHES:
        share = sheet.fractions(aff.geometry(_strip(aff, pts, half_width)))
        for i in range(sheet.n):
            if share[i] >= SHARE and terrain[i] in ("clear", "bocage"):
                terrain[i] = "swamp"


def _beach(sheet, aff, terrain) -> list[int]:
    """Land hexes on the sea along Sword Beach (Lion-sur-Mer to Riva-Bella)."""
    lo, hi = (_xy(aff, (lon, 49.29))[0] for lon in SWORD_BEACH_LON)
    out = []
    for i in range(sheet.n):
        x, _y = sheet.centres[i]
        if terrain[i] in ("clear", "town") and lo <= x <= hi and any(terrain[j] == "sea" for j in sheet.neighbours(i)):
            out.append(i)
    return sorted(out)


def _labels(sheet, pairs) -> list[str]:
    return sorted({"/".join(sorted((sheet.labels[a], sheet.labels[b]))) for a, b in pairs})


def _river(sheet, aff, land_hex) -> dict:
    xy = [_xy(aff, p) for p in ORNE]
    sides = [(a, b) for a, b in sheet.hexsides_along(xy) if b >= 0 and land_hex[a] and land_hex[b]]
    return {"feature": "river", "name": "Orne and Caen Canal", "sides": _labels(sheet, sides)}


def _roads(sheet, aff, land_hex, log) -> list[dict]:
    out = []
    for name, points in ROADS:
        chain = sheet.hexes_along([_xy(aff, p) for p in points])
        pairs = [(a, b) for a, b in zip(chain, chain[1:], strict=False)
                 if land_hex[a] and land_hex[b] and sheet.grid.direction_between(a, b) >= 0]
        if len(pairs) < len(chain) - 1:
            log(f"sword: {name}: {len(chain) - 1 - len(pairs)} step(s) through sea or off the sheet left out")
        out.append({"feature": "road", "name": name, "sides": _labels(sheet, pairs)})
    return out


def _regions(sheet, aff, terrain, beach) -> list[dict]:
    g = sheet.grid
    land = [t != "sea" for t in terrain]
    lz = {_hex(sheet, aff, "LZ", p) for p in (LZ_N, LZ_W)}
    lz |= {j for i in lz for j in sheet.neighbours(i) if land[j] and terrain[j] != "city"}
    west = [g.index(0, r) for r in range(g.height) if land[g.index(0, r)] and r >= 4]
    south = [g.index(c, g.height - 1) for c in range(g.width) if land[g.index(c, g.height - 1)]]
    east = [g.index(g.width - 1, r) for r in range(g.height) if land[g.index(g.width - 1, r)] and r >= 5]
    regions = [
        {"id": "sword_beach", "kind": "beach", "name": "Sword Beach", "side": "allied",
         "note": "where seaborne units come ashore", "hexes": [sheet.labels[i] for i in beach]},
        {"id": "landing_zones", "kind": "landing_zone", "name": "6th Airborne landing zones", "side": "allied",
         "note": "where glider-borne units land (Operation Mallard)", "hexes": [sheet.labels[i] for i in lz]},
        {"id": "west_edge", "kind": "entry", "name": "West map edge", "side": "german",
         "hexes": [sheet.labels[i] for i in west]},
        {"id": "south_edge", "kind": "entry", "name": "South map edge", "side": "german",
         "hexes": [sheet.labels[i] for i in south]},
        {"id": "east_edge", "kind": "entry", "name": "East map edge", "side": "german",
         "hexes": [sheet.labels[i] for i in east]},
    ]
    for r in regions:
        r["hexes"] = sorted(r["hexes"])
    return regions
