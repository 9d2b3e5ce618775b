"""The Utah Beach (Landing & Linkup) map, maps/utah.yaml, for Fire & Movement (seed 002).

Numbering as the seed reads (checked against every hex it names): "2503" is row 25 counted
from the SOUTH edge, column 03 counted from the WEST edge. Rows are straight west-east lines
of pointy-topped hexes (the drift die moves W, NW, NE, E, SE, SW: flat sides west and east);
even-numbered rows sit half a hex east of odd ones, which makes the Utah Beach hexes 3005,
2906, 2806, 2707, 2607, 2508 one straight south-easterly line and Carentan's 1706 and 1805
neighbours. The sheet is fitted onto real geography by the least-squares affine map that puts
the towns the seed names on their hexes (the printed map is not to a uniform scale). What the
open data lacks (the Douve, Merderet, Taute and Vire, roads, the 1944 floods) is drawn from
known points below.
"""

from __future__ import annotations

import numpy as np
from shapely.geometry import LineString, Polygon

from ddaydesk.hexgrid import HexNumbering
from tools.mapgen import geo
from tools.mapgen.common import GEONAMES, GSHHG, lonlat
from tools.mapgen.hexsheet import HexSheet

EXTRACT = "cotentin"
WIDTH, HEIGHT = 24, 38  # HEIGHT even: even-numbered rows (from the south) are the shoved ones
PROJ_CENTRE = (-1.2, 49.35)
SEA_BELOW = 0.5  # a hex with less land than this is all-sea (unless the seed names it)

# Villages under GeoNames' 500-people floor, placed by hand (lon, lat).
ST_MARTIN = (-1.2636, 49.4281)  # Saint-Martin-de-Varreville
POUPPEVILLE = (-1.1983, 49.3889)
ST_COME = (-1.2639, 49.3325)  # Saint-Côme-du-Mont
QUINEVILLE = (-1.2947, 49.5119)
RAVENOVILLE = (-1.2486, 49.4636)
LA_FIERE = (-1.3559, 49.4005)

# The affine fit: known points and the seed's hexes for them (a town on two hexes fits
# their midpoint; the Vire leaves Isigny's marshes in 1809, FMU-GEN-02).
FIT = [("Carentan/FR", ("1706", "1805")), ("Sainte-Marie-du-Mont/FR", ("2206",)),
       (ST_MARTIN, ("2605",)), ("Sainte-Mère-Église/FR", ("2503",)), ("Isigny-sur-Mer/FR", ("1809",))]

UTAH_BEACH = ("3005", "2906", "2806", "2707", "2607", "2508")  # FMU-AMPH-01
OMAHA_BEACH = [(-0.905, 49.378), (-0.875, 49.369), (-0.845, 49.357)]  # Vierville to Colleville
CARENTAN = ("1706", "1805")  # FMU-VIC-03
# The seven named cities of the US map (14.2 counts 7); Carentan's two hexes are the seed's.
CITIES = [("Saint-Lô", "Saint-Lô/FR"), ("Bayeux", "Bayeux/FR"), ("Isigny-sur-Mer", "Isigny-sur-Mer/FR"),
          ("Montebourg", "Montebourg/FR"), ("Marigny", "Marigny/FR"),
          ("Saint-Vaast-la-Hougue", "Saint-Vaast-la-Hougue/FR")]
TOWNS = [("Sainte-Mère-Église", "hex:2503"), ("Sainte-Marie-du-Mont", "hex:2206"),
         ("Saint-Martin-de-Varreville", "hex:2605"), ("Chef-du-Pont", "Chef-du-Pont/FR"),
         ("Saint-Côme-du-Mont", ST_COME), ("Pont-Hébert", "Pont-Hébert/FR"),
         ("Saint-Jean-de-Daye", "Saint-Jean-de-Daye/FR"), ("Sainteny", "Sainteny/FR"),
         ("Grandcamp-Maisy", "Grandcamp-Maisy/FR"), ("Le Molay-Littry", "Le Molay-Littry/FR"),
         ("Quinéville", QUINEVILLE),
         ("Port-en-Bessin", "Port-en-Bessin-Huppain/FR")]

# Rivers absent from the open data (geo_env.md §3.2), downstream, through known points.
# The Vire is pinned to the seed's own hexes at both ends (FMU-GEN-02).
RIVERS = [
    ("Vire", "river", [(-1.125, 49.35), (-1.116, 49.323), (-1.118, 49.28), (-1.092, 49.225), (-1.128, 49.17), (-1.097, 49.118),
                       "hex:0110", "hexedge:0110"]),
    ("Douve", "river", [(-1.47, 49.39), (-1.425, 49.385), (-1.392, 49.372), (-1.357, 49.356),
                        (-1.31, 49.338), (-1.255, 49.322), (-1.215, 49.322), (-1.175, 49.335)]),
    ("Merderet", "river", [(-1.41, 49.47), (-1.387, 49.452), (-1.37, 49.425), LA_FIERE, (-1.345, 49.385),
                           (-1.357, 49.356)]),
    ("Taute", "river", [(-1.39, 49.08), (-1.335, 49.14), (-1.296, 49.188), (-1.265, 49.24), (-1.245, 49.3)]),
]
# Roads and trails (F&M hexside features crossed when moving along them), through known points;
# "hex:LABEL" ends at a hex the seed names (the map-edge road/trail hexes of FMU-SFM-06). Names
# give the two ends with an en dash; an end on the map edge names the edge hex ("to Valognes").
ROADS = [
    ("road", "N13 Valognes–Carentan–Caen", ["hex:2901", "Montebourg/FR", (-1.357, 49.44),
                                              "Sainte-Mère-Église/FR", (-1.29, 49.37), ST_COME, "Carentan/FR",
                                              (-1.215, 49.305), (-1.118, 49.312), "Isigny-sur-Mer/FR",
                                              (-1.01, 49.345), (-0.905, 49.335), "Bayeux/FR", (-0.5, 49.22)]),
    ("road", "Carentan–Saint-Lô", ["Carentan/FR", (-1.19, 49.265), "Saint-Jean-de-Daye/FR", "Pont-Hébert/FR",
                                   "Saint-Lô/FR"]),
    ("road", "Carentan–Périers", ["Carentan/FR", "Sainteny/FR", (-1.37, 49.205), "Périers/FR", "hex:1001"]),
    ("road", "Carentan–La Haye-du-Puits", ["Carentan/FR", "Auvers/FR", (-1.36, 49.303), "hex:1801"]),
    ("road", "Sainte-Mère-Église–Pont-l'Abbé", ["Sainte-Mère-Église/FR", LA_FIERE, "hex:2501"]),
    ("trail", "Chef-du-Pont–Saint-Sauveur-le-Vicomte", ["Sainte-Mère-Église/FR", "Chef-du-Pont/FR", "Picauville/FR",
                                          "hex:2301"]),
    ("road", "Saint-Lô–Périers", ["Saint-Lô/FR", (-1.2, 49.14), (-1.33, 49.17), "hex:1001"]),
    ("road", "Saint-Lô–Coutances", ["Saint-Lô/FR", (-1.17, 49.105), "Marigny/FR", (-1.33, 49.085), "hex:0401"]),
    ("road", "Périers–Coutances", ["hex:1001", "hex:0601"]),
    ("trail", "Sainteny–Lessay", ["Sainteny/FR", "hex:1301"]),
    ("road", "Saint-Lô–Bayeux", ["Saint-Lô/FR", (-0.95, 49.17), (-0.85, 49.22), "Bayeux/FR"]),
    ("road", "Saint-Lô–Villedieu", ["Saint-Lô/FR", (-1.16, 49.05), (-1.2, 48.95)]),
    ("road", "Saint-Lô–Torigni", ["Saint-Lô/FR", "Torigni-sur-Vire/FR"]),
    ("road", "Bayeux–Villers-Bocage", ["Bayeux/FR", (-0.75, 49.15), "Villers-Bocage/FR"]),
    ("road", "Montebourg–Saint-Vaast", ["Montebourg/FR", "Quettehou/FR", "Saint-Vaast-la-Hougue/FR"]),
    ("trail", "Montebourg–Quinéville", ["Montebourg/FR", QUINEVILLE]),
    ("trail", "Utah coast road", [QUINEVILLE, RAVENOVILLE, ST_MARTIN, POUPPEVILLE]),
    ("trail", "Exit 1 Pouppeville", ["hex:2508", POUPPEVILLE, "Sainte-Marie-du-Mont/FR"]),
    ("trail", "Exit 4 Saint-Martin", ["hex:2607", ST_MARTIN, "Sainte-Mère-Église/FR"]),
    ("trail", "Sainte-Marie-du-Mont–Saint-Côme", ["Sainte-Marie-du-Mont/FR", (-1.2465, 49.35), ST_COME]),
]
# 1944 German inundations and marshes: strips along known points, half-width in metres.
FLOODS = [
    ("flooded", "Merderet", [(-1.395, 49.455), (-1.375, 49.43), LA_FIERE, (-1.347, 49.385), (-1.36, 49.36)], 700),
    ("flooded", "Douve", [(-1.43, 49.385), (-1.4, 49.37), (-1.36, 49.355), (-1.3, 49.335), (-1.255, 49.32),
                          (-1.2, 49.325)], 900),
    ("flooded", "behind Utah Beach", [(-1.272, 49.49), (-1.247, 49.46), (-1.224, 49.432), (-1.202, 49.41),
                                      (-1.182, 49.39)], 600),
    ("flooded", "Aure", [(-1.1, 49.31), (-1.0, 49.3), (-0.92, 49.3)], 700),
    ("marsh", "Taute marshes", [(-1.29, 49.2), (-1.27, 49.24), (-1.25, 49.28)], 1000),
]
FLOOD_SHARE = 0.3
WOODS = {"Forêt de Cerisy": [(-0.94, 49.2), (-0.9, 49.225), (-0.84, 49.215), (-0.82, 49.19), (-0.86, 49.17),
                             (-0.92, 49.175)],
         "Bois du Hommet": [(-1.215, 49.21), (-1.19, 49.215), (-1.178, 49.2), (-1.198, 49.188), (-1.215, 49.195)]}
BOCAGE_SOUTH_OF = 49.27  # latitude: the hedgerow country south of the Carentan marshes


def _sheet() -> HexSheet:
    numbering = HexNumbering("row-col", 2, "west", "south", 1, WIDTH, HEIGHT)
    return HexSheet(WIDTH, HEIGHT, "pointy", "even", numbering)


def fit(sheet: HexSheet) -> tuple[geo.Affine, list[float]]:
    """Least-squares affine from projected metres to the model space; residuals in hexes."""
    proj = geo.Laea(*PROJ_CENTRE)
    src, dst = [], []
    for point, labels in FIT:
        e, n = proj.point(*lonlat(EXTRACT, point))
        cs = [sheet.centre_of(label) for label in labels]
        src.append([e, n, 1.0])
        dst.append([sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs)])
    a, b = np.array(src), np.array(dst)
    m = np.linalg.lstsq(a, b, rcond=None)[0]
    resid = np.hypot(*(a @ m - b).T) / np.sqrt(3.0)  # hex width is sqrt(3) model units
    return geo.Affine(proj, m), [round(float(r), 2) for r in resid]


def _hex(sheet, aff, name: str, point) -> int:
    i = sheet.hex_at(*_xy(sheet, aff, point))
    if i < 0:
        raise SystemExit(f"mapgen: {name} lies off the Utah sheet")
    return i


def _xy(sheet, aff, point) -> tuple[float, float]:
    if isinstance(point, str) and point.startswith("hex:"):
        return sheet.centre_of(point[4:])
    if isinstance(point, str) and point.startswith("hexedge:"):
        # the south-west corner of a bottom-row hex: the last corner with an inner hexside
        x, y = sheet.centre_of(point[8:])
        return (x - 0.8, y + 0.45)
    return aff.point(*lonlat(EXTRACT, point))


def build(log=print) -> dict:
    sheet = _sheet()
    aff, resid = fit(sheet)
    log(f"utah: affine fit residuals (hexes): {resid}")
    land, _lakes, _bbox = geo.coast(EXTRACT)
    land_f = sheet.fractions(aff.geometry(land))
    named: dict[int, str] = {}
    for label in UTAH_BEACH:
        named[sheet.index_of[label]] = "beach"
    for p in OMAHA_BEACH:
        named.setdefault(sheet.hex_at(*aff.point(*p)), "beach")
    places = [{"name": "Utah Beach", "hex": h, "kind": "beach_landing"} for h in UTAH_BEACH]
    places += [{"name": "Carentan", "hex": h, "kind": "city"} for h in CARENTAN]
    for h in CARENTAN:
        named[sheet.index_of[h]] = "city"
    for name, point in CITIES:
        i = _hex(sheet, aff, name, point)
        named.setdefault(i, "city")
        places.append({"name": name, "hex": sheet.labels[i], "kind": "city"})
    for name, point in TOWNS:
        i = _hex(sheet, aff, name, point)
        named.setdefault(i, "town")
        places.append({"name": name, "hex": sheet.labels[i], "kind": "town"})
    terrain = ["clear"] * sheet.n
    south_of = _south_of(aff, BOCAGE_SOUTH_OF)
    for i in range(sheet.n):
        if i in named:
            terrain[i] = named[i]
        elif land_f[i] < SEA_BELOW:
            terrain[i] = "sea"
        elif south_of(*sheet.centres[i]):
            terrain[i] = "bocage"
    for pts in WOODS.values():
        share = sheet.fractions(aff.geometry(Polygon(pts)))
        for i in range(sheet.n):
            if share[i] >= FLOOD_SHARE and terrain[i] in ("clear", "bocage"):
                terrain[i] = "woods"
    for kind, _name, pts, half_width in FLOODS:
        strip = aff.geometry(_strip(aff, pts, half_width))
        share = sheet.fractions(strip)
        for i in range(sheet.n):
            if share[i] >= FLOOD_SHARE and terrain[i] in ("clear", "bocage", "woods"):
                terrain[i] = kind
    land_hex = [t != "sea" for t in terrain]
    rivers = _rivers(sheet, aff, land_hex)
    roads, edge_places = _roads(sheet, aff, land_hex, log)
    places += edge_places
    omaha = sorted({sheet.hex_at(*aff.point(*p)) for p in OMAHA_BEACH})
    regions = _regions(sheet, terrain, rivers, omaha)
    hexsides = roads + rivers  # a side's name is the last one listed: a river outranks a road
    return {
        "sheet": sheet, "terrain": terrain, "hexsides": hexsides, "places": places, "regions": regions,
        "grid": {"kind": "hex", "orientation": "pointy", "parity": "even", "width": WIDTH, "height": HEIGHT,
                 "numbering": {"order": "row-col", "digits": 2, "col_from": "west", "row_from": "south",
                               "first": 1}},
        "attribution": [GSHHG, GEONAMES,
                        {"data": "Douve, Merderet, Taute and Vire, roads, 1944 floods, woods, the fit",
                         "licence": "same as ddaydesk", "note": "drawn from known points in tools/mapgen/utah.py"}],
        "notes": f"Affine fit residuals in hexes: {resid}",
    }


def _south_of(aff, lat: float):
    """Test: is a model point south of a parallel (the affine is not axis-aligned)."""
    line = aff(np.array([[lon, lat] for lon in np.arange(-2.5, 0.5, 0.01)]))
    order = np.argsort(line[:, 0])
    xs, ys = line[order, 0], line[order, 1]
    return lambda x, y: y > float(np.interp(x, xs, ys))


def _strip(aff, pts, half_width_m: float):
    """A strip of ground along known points, built in metres, returned in lon/lat-free
    projected metres wrapped so ``aff.geometry`` can map it: see geo.Affine.metres."""
    en = aff.proj.forward(np.array([lonlat(EXTRACT, p) for p in pts], dtype=float))
    return aff.metres_to_lonlat(LineString(en).buffer(half_width_m))


def _labels(sheet, pairs) -> list[str]:
    return sorted({"/".join(sorted((sheet.labels[a], sheet.labels[b]))) for a, b in pairs})


def _rivers(sheet, aff, land_hex) -> list[dict]:
    out = []
    for name, feature, points in RIVERS:
        xy = [_xy(sheet, aff, p) for p in points]
        sides = [(a, b) for a, b in sheet.hexsides_along(xy) if b >= 0 and land_hex[a] and land_hex[b]]
        out.append({"feature": feature, "name": name, "sides": _labels(sheet, sides)})
    return out


def _roads(sheet, aff, land_hex, log) -> tuple[list[dict], list[dict]]:
    out, edge = [], {}
    for feature, name, points in ROADS:
        chain = sheet.hexes_along([_xy(sheet, aff, p) for p in points])
        # a road that leaves the sheet and comes back leaves a gap: only neighbours pair up
        pairs = [(a, b) for a, b in zip(chain, chain[1:], strict=False)
                 if land_hex[a] and land_hex[b] and sheet.grid.direction_between(a, b) >= 0]
        if len(pairs) < len(chain) - 1:
            log(f"utah: {name}: {len(chain) - 1 - len(pairs)} step(s) through sea or off the sheet left out")
        out.append({"feature": feature, "name": name, "sides": _labels(sheet, pairs)})
        ends = name.removeprefix("N13 ").split("–")
        for i, town, point in ((chain[0], ends[0], points[0]), (chain[-1], ends[-1], points[-1])):
            # an end at a seed's edge hex, or a road running on off the map
            leaves = (isinstance(point, str) and point.startswith("hex:")) or sheet.hex_at(
                *_xy(sheet, aff, point)) < 0
            if leaves and sheet.grid.on_edge(i) and land_hex[i]:
                edge.setdefault(i, {"name": f"to {town}", "hex": sheet.labels[i], "kind": "road_edge",
                                    "note": f"{feature}: {name}"})
    return out, [edge[i] for i in sorted(edge, key=lambda i: sheet.labels[i])]


def _regions(sheet, terrain, rivers, omaha) -> list[dict]:
    vire = next(r for r in rivers if r["name"] == "Vire")
    blocked = set()
    for s in vire["sides"]:
        a, b = (sheet.index_of[x] for x in s.split("/"))
        blocked.add((min(a, b), max(a, b)))
    land = [t != "sea" for t in terrain]
    west = {sheet.index_of["2503"]}
    todo = list(west)
    while todo:
        i = todo.pop()
        for j in sheet.neighbours(i):
            if land[j] and j not in west and (min(i, j), max(i, j)) not in blocked:
                west.add(j)
                todo.append(j)
    g = sheet.grid
    west_edge = [g.index(0, r) for r in range(g.height) if land[g.index(0, r)]]
    south_edge = [g.index(c, g.height - 1) for c in range(g.width) if land[g.index(c, g.height - 1)]]
    regions = [
        {"id": "utah_beach", "kind": "beach", "name": "Utah Beach", "side": "allied",
         "note": "beach landing hexes (FMU-AMPH-01)", "hexes": list(UTAH_BEACH)},
        {"id": "omaha_beach", "kind": "beach", "name": "Omaha Beach", "side": "allied",
         "note": "Beach to Bocage, the map's other folio: not used by Landing & Linkup",
         "hexes": [sheet.labels[i] for i in omaha]},
        {"id": "landing_and_linkup", "kind": "scenario_area", "name": "West of the Vire",
         "note": "land the scenario may use (FMU-GEN-02, FMU-GEN-03)", "hexes": [sheet.labels[i] for i in west]},
        {"id": "west_edge", "kind": "entry", "name": "West map edge", "side": "german",
         "hexes": [sheet.labels[i] for i in west_edge]},
        {"id": "west_edge_north", "kind": "entry", "name": "West map edge, row 24 and north", "side": "german",
         "note": "FMU-GREIN-03", "hexes": [sheet.labels[i] for i in west_edge if int(sheet.labels[i][:2]) >= 24]},
        {"id": "south_edge", "kind": "entry", "name": "South map edge", "side": "german",
         "hexes": [sheet.labels[i] for i in south_edge]},
    ]
    for r in regions:
        r["hexes"] = sorted(r["hexes"])
    return regions
