"""The D-Day '77 strategic map (maps/dday77.yaml) from GSHHG, WDBII and GeoNames.

The printed AH board is not reproduced: this is the same area (Brittany and the Bay of
Biscay to the Rhine and the Dutch coast, south to the Mediterranean and Switzerland) drawn
from real geography at 25 km hexes, with ddaydesk's own numbering. Everything a wargamer
would read off the printed board and that the data cannot give (which rivers count, ports'
capacities, fortresses, mountains, invasion areas) is declared below as named known points
and documented defaults (docs/maps.md).
"""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Point, Polygon, box

from ddaydesk.hexgrid import HexNumbering
from tools.mapgen import geo
from tools.mapgen.common import GEONAMES, GSHHG, RiverNet, lonlat
from tools.mapgen.hexsheet import HexSheet

EXTRACT = "weurope"
BOX = (-5.2, 43.0, 8.6, 53.6)  # lon/lat box the sheet must cover
HEX_KM = 25.0  # across the flats
LAND_MAJORITY = 0.5
PLACE_MIN_LAND = 0.1
COUNTRY_MIN_POP = 5000
OFFBOARD_CC = ("GB", "IE", "IM", "IT", "AT")  # land drawn for orientation, never entered
NEUTRAL_CC = {"CH": "Switzerland", "ES": "Spain", "AD": "Andorra", "LI": "Liechtenstein", "MC": "Monaco"}
COUNTRIES = {"FR": "France", "BE": "Belgium", "NL": "Netherlands", "LU": "Luxembourg", "DE": "Germany",
             "GG": "Channel Islands", "JE": "Channel Islands"}

# Rivers: (name, feature, known points in order downstream). Points are GeoNames towns on the
# river ("Name/CC") or lon/lat pairs; the course between them follows WDBII.
RIVERS = [
    ("Seine", "major_river", ["Troyes/FR", "Melun/FR", "Paris/FR", "Mantes-la-Jolie/FR", "Vernon/FR",
                              "Rouen/FR", (0.46, 49.475)]),
    ("Loire", "major_river", ["Roanne/FR", "Digoin/FR", "Nevers/FR", "Gien/FR", "Orléans/FR", "Blois/FR",
                              "Tours/FR", "Saumur/FR", "Ancenis/FR", "Nantes/FR", (-1.95, 47.28)]),
    ("Rhine", "major_river", ["Schaffhausen/CH", "Waldshut-Tiengen/DE", "Basel/CH", "Breisach am Rhein/DE",
                              "Kehl/DE", "Speyer/DE", "Mannheim/DE", "Mainz/DE", "Bingen am Rhein/DE",
                              "Koblenz/DE", "Bonn/DE", "Köln/DE", "Düsseldorf/DE", "Duisburg/DE", "Wesel/DE",
                              "Emmerich/DE", (6.05, 51.875)]),
    ("Waal", "major_river", [(6.05, 51.875), "Nijmegen/NL", "Tiel/NL", "Zaltbommel/NL", "Gorinchem/NL",
                             "Dordrecht/NL"]),
    ("Neder Rijn", "major_river", [(6.05, 51.875), "Arnhem/NL", "Wageningen/NL", "Rhenen/NL",
                                   "Wijk bij Duurstede/NL", (4.85, 51.93), (4.6, 51.9)]),
    ("IJssel", "river", [(6.0, 51.96), "Doesburg/NL", "Zutphen/NL", "Deventer/NL", "Kampen/NL"]),
    ("Rhône", "major_river", ["Bellegarde-sur-Valserine/FR", "Lyon/FR", "Vienne/FR", "Valence/FR",
                              "Montélimar/FR", "Avignon/FR", "Arles/FR", (4.83, 43.35)]),
    ("Meuse", "river", ["Neufchâteau/FR", "Commercy/FR", "Verdun/FR", "Sedan/FR", "Charleville-Mézières/FR",
                        "Givet/FR", "Dinant/BE", "Namur/BE", "Huy/BE", "Liège/BE", "Maastricht/NL",
                        "Roermond/NL", "Venlo/NL", (5.85, 51.75), (5.3, 51.76), (4.9, 51.72)]),
    ("Somme", "river", ["Saint-Quentin/FR", "Ham/FR", "Péronne/FR", "Amiens/FR", "Abbeville/FR",
                        (1.62, 50.18)]),
    ("Scheldt", "river", ["Cambrai/FR", "Valenciennes/FR", "Tournai/BE", "Oudenaarde/BE", "Gent/BE",
                          "Dendermonde/BE", "Antwerp/BE"]),
    ("Moselle", "river", ["Épinal/FR", "Toul/FR", "Pont-à-Mousson/FR", "Metz/FR", "Thionville/FR",
                          "Trier/DE", "Bernkastel-Kues/DE", "Cochem/DE", "Koblenz/DE"]),
    ("Marne", "river", ["Chaumont/FR", "Saint-Dizier/FR", "Vitry-le-François/FR", "Châlons-en-Champagne/FR",
                        "Épernay/FR", "Château-Thierry/FR", "Meaux/FR", (2.41, 48.81)]),
    ("Oise", "river", ["Guise/FR", "Chauny/FR", "Compiègne/FR", "Creil/FR", "Pontoise/FR", (2.08, 49.0)]),
    ("Aisne", "river", ["Sainte-Menehould/FR", "Rethel/FR", "Soissons/FR", "Compiègne/FR"]),
    ("Saône", "river", ["Gray/FR", "Auxonne/FR", "Chalon-sur-Saône/FR", "Mâcon/FR", "Lyon/FR"]),
    ("Garonne", "river", ["Toulouse/FR", "Agen/FR", "Marmande/FR", "Langon/FR", "Bordeaux/FR",
                          (-0.75, 45.3), "Royan/FR"]),
    ("Dordogne", "river", ["Bergerac/FR", "Libourne/FR", (-0.55, 45.04)]),
]
RIVER_SNAP_M = 4000.0

# Capacities are ddaydesk defaults (divisions a supply source there supplies; the printed
# values are not public): major port 8, port 4, minor port 2, inland port 3.
CAPACITY = {"major": 8, "port": 4, "minor": 2, "inland": 3}
PORTS = [  # (display name, known point, class)
    ("Antwerp", "Antwerp/BE", "major"), ("Rotterdam", "Rotterdam/NL", "major"),
    ("Amsterdam", "Amsterdam/NL", "major"), ("Le Havre", "Le Havre/FR", "major"),
    ("Cherbourg", "Cherbourg/FR", "major"), ("Brest", "Brest/FR", "major"),
    ("Marseille", "Marseille/FR", "major"), ("Bordeaux", "Bordeaux/FR", "major"),
    ("Boulogne", "Boulogne-sur-Mer/FR", "port"), ("Calais", "Calais/FR", "port"),
    ("Dunkirk", "Dunkirk/FR", "port"), ("Ostend", "Ostend/BE", "port"),
    ("Dieppe", "Dieppe/FR", "port"), ("Rouen", "Rouen/FR", "port"), ("Nantes", "Nantes/FR", "port"),
    ("Saint-Nazaire", "Saint-Nazaire/FR", "port"), ("Lorient", "Lorient/FR", "port"),
    ("La Rochelle", "La Rochelle/FR", "port"), ("Toulon", "Toulon/FR", "port"),
    ("Saint-Malo", "Saint-Malo/FR", "port"), ("Flushing", "Vlissingen/NL", "port"),
    ("Granville", "Granville/FR", "minor"), ("Fécamp", "Fécamp/FR", "minor"),
    ("Bayonne", "Bayonne/FR", "minor"), ("Sète", "Sète/FR", "minor"), ("Nice", "Nice/FR", "minor"),
    ("Den Helder", "Den Helder/NL", "minor"), ("IJmuiden", "IJmuiden/NL", "minor"),
    ("Paris", "Paris/FR", "inland"), ("Liège", "Liège/BE", "inland"), ("Strasbourg", "Strasbourg/FR", "inland"),
    ("Lyon", "Lyon/FR", "inland"), ("Namur", "Namur/BE", "inland"), ("Cologne", "Köln/DE", "inland"),
    ("Duisburg", "Duisburg/DE", "inland"),
]
# German fortresses of 1944 (Hitler's Festungen on this coast, and Metz).
FORTRESSES = [("IJmuiden", "IJmuiden/NL"), ("Hook of Holland", "Hoek van Holland/NL"),
              ("Flushing", "Vlissingen/NL"), ("Dunkirk", "Dunkirk/FR"), ("Calais", "Calais/FR"),
              ("Boulogne", "Boulogne-sur-Mer/FR"), ("Le Havre", "Le Havre/FR"), ("Cherbourg", "Cherbourg/FR"),
              ("Saint-Malo", "Saint-Malo/FR"), ("Brest", "Brest/FR"), ("Lorient", "Lorient/FR"),
              ("Saint-Nazaire", "Saint-Nazaire/FR"), ("La Rochelle", "La Rochelle/FR"),
              ("Royan", "Royan/FR"), ("Metz", "Metz/FR")]
CITIES = [
    ("Paris", "Paris/FR"), ("Lyon", "Lyon/FR"), ("Marseille", "Marseille/FR"), ("Lille", "Lille/FR"),
    ("Brussels", "Brussels/BE"), ("Amsterdam", "Amsterdam/NL"), ("Rotterdam", "Rotterdam/NL"),
    ("The Hague", "The Hague/NL"), ("Utrecht", "Utrecht/NL"), ("Antwerp", "Antwerp/BE"),
    ("Ghent", "Gent/BE"), ("Liège", "Liège/BE"), ("Namur", "Namur/BE"), ("Charleroi", "Charleroi/BE"),
    ("Luxembourg", "Luxembourg/LU"), ("Arnhem", "Arnhem/NL"), ("Nijmegen", "Nijmegen/NL"),
    ("Eindhoven", "Eindhoven/NL"), ("Aachen", "Aachen/DE"), ("Cologne", "Köln/DE"),
    ("Düsseldorf", "Düsseldorf/DE"), ("Duisburg", "Duisburg/DE"), ("Bonn", "Bonn/DE"),
    ("Koblenz", "Koblenz/DE"), ("Mainz", "Mainz/DE"), ("Mannheim", "Mannheim/DE"),
    ("Karlsruhe", "Karlsruhe/DE"), ("Saarbrücken", "Saarbrücken/DE"), ("Trier", "Trier/DE"),
    ("Rouen", "Rouen/FR"), ("Le Havre", "Le Havre/FR"), ("Caen", "Caen/FR"), ("Cherbourg", "Cherbourg/FR"),
    ("Brest", "Brest/FR"), ("Rennes", "Rennes/FR"), ("Nantes", "Nantes/FR"), ("Le Mans", "Le Mans/FR"),
    ("Tours", "Tours/FR"), ("Orléans", "Orléans/FR"), ("Chartres", "Chartres/FR"), ("Amiens", "Amiens/FR"),
    ("Reims", "Reims/FR"), ("Metz", "Metz/FR"), ("Nancy", "Nancy/FR"), ("Strasbourg", "Strasbourg/FR"),
    ("Mulhouse", "Mulhouse/FR"), ("Dijon", "Dijon/FR"), ("Besançon", "Besançon/FR"),
    ("Bordeaux", "Bordeaux/FR"), ("Toulouse", "Toulouse/FR"), ("Limoges", "Limoges/FR"),
    ("Clermont-Ferrand", "Clermont-Ferrand/FR"), ("Saint-Étienne", "Saint-Étienne/FR"),
    ("Grenoble", "Grenoble/FR"), ("Avignon", "Avignon/FR"), ("Montpellier", "Montpellier/FR"),
    ("Toulon", "Toulon/FR"), ("Nice", "Nice/FR"), ("Poitiers", "Poitiers/FR"), ("Angers", "Angers/FR"),
    ("Verdun", "Verdun/FR"), ("Boulogne", "Boulogne-sur-Mer/FR"), ("Calais", "Calais/FR"),
    ("Dunkirk", "Dunkirk/FR"),
]
# Towns a wargamer looks for (and the order-of-battle scenarios name): name = GeoNames name.
TOWNS = [(n.split("/")[0], n) for n in [
    # Normandy and the Channel coast
    "Valognes/FR", "Carentan/FR", "Isigny-sur-Mer/FR", "Sainte-Mère-Église/FR", "Barneville-Carteret/FR",
    "Coutances/FR", "Périers/FR", "Lessay/FR", "Saint-Lô/FR", "Vire/FR", "Villers-Bocage/FR",
    "Caumont-l'Éventé/FR", "Évrecy/FR", "Ouistreham/FR", "Bayeux/FR", "Falaise/FR", "Lisieux/FR",
    "Deauville/FR", "Honfleur/FR", "Argentan/FR", "Alençon/FR", "Avranches/FR", "Mortain/FR", "Évreux/FR",
    "Dreux/FR", "Vernon/FR", "Mantes-la-Jolie/FR", "Beauvais/FR", "Neufchâtel-en-Bray/FR", "Le Tréport/FR",
    "Abbeville/FR", "Saint-Omer/FR", "Saint-Pol-sur-Ternoise/FR", "Arras/FR", "Saint-Quentin/FR",
    "Cambrai/FR", "Soissons/FR", "Compiègne/FR", "Château-Thierry/FR", "Saint-Germain-en-Laye/FR",
    # Brittany, the Loire and the Atlantic coast
    "Dinan/FR", "Saint-Brieuc/FR", "Morlaix/FR", "Carhaix-Plouguer/FR", "Huelgoat/FR", "Quimper/FR",
    "Vannes/FR", "Redon/FR", "Laval/FR", "Saumur/FR", "Thouars/FR", "Cholet/FR", "Niort/FR", "Rochefort/FR",
    "Cognac/FR", "Angoulême/FR", "Périgueux/FR", "Libourne/FR", "Agen/FR", "Mont-de-Marsan/FR", "Dax/FR",
    "Pau/FR", "Tarbes/FR", "Montauban/FR",
    # the south
    "Carcassonne/FR", "Narbonne/FR", "Béziers/FR", "Nîmes/FR", "Arles/FR",
    "Aix-en-Provence/FR", "Fréjus/FR", "Cannes/FR", "Valence/FR", "Chambéry/FR", "Annecy/FR",
    # the centre and the east
    "Mâcon/FR", "Chalon-sur-Saône/FR", "Nevers/FR", "Bourges/FR", "Châteauroux/FR", "Vichy/FR",
    "Moulins/FR", "Auxerre/FR", "Sens/FR", "Troyes/FR", "Châlons-en-Champagne/FR", "Saint-Dizier/FR",
    "Chaumont/FR", "Épinal/FR", "Belfort/FR", "Colmar/FR", "Thionville/FR", "Haguenau/FR", "Sedan/FR",
    "Charleville-Mézières/FR",
    # the Low Countries
    "Brugge/BE", "Kortrijk/BE", "Tournai/BE", "Mons/BE", "Leuven/BE", "Mechelen/BE", "Hasselt/BE",
    "Turnhout/BE", "Bastogne/BE", "Malmédy/BE", "Arlon/BE", "Middelburg/NL", "Breda/NL", "Tilburg/NL",
    "'s-Hertogenbosch/NL", "Maastricht/NL", "Venlo/NL", "Roermond/NL", "Haarlem/NL", "Alkmaar/NL",
    "Hilversum/NL", "Amersfoort/NL", "Apeldoorn/NL", "Zwolle/NL", "Deventer/NL", "Groningen/NL",
    # Germany west of the sheet's east edge
    "Kleve/DE", "Wesel/DE", "Krefeld/DE", "Mönchengladbach/DE", "Jülich/DE", "Düren/DE", "Prüm/DE",
    "Bitburg/DE", "Kaiserslautern/DE", "Zweibrücken/DE", "Worms/DE", "Wiesbaden/DE", "Heidelberg/DE",
    "Freiburg/DE", "Offenburg/DE", "Münster/DE", "Essen/DE", "Dortmund/DE", "Wuppertal/DE", "Remagen/DE",
]] + [("Montreuil", (1.7636, 50.4638))]  # Montreuil-sur-Mer (GeoNames' "Montreuil" is ambiguous)

# Mountains and forests: elevation-free defaults drawn round known points (lon, lat).
MOUNTAINS = {
    "Alps": [(5.6, 43.8), (5.75, 44.5), (5.65, 45.2), (5.85, 45.75), (6.3, 46.2), (7.0, 46.5),
             (7.9, 46.1), (7.7, 44.0), (7.0, 43.75), (6.3, 43.7)],
    "Jura": [(5.55, 46.2), (5.85, 46.95), (6.6, 47.4), (7.35, 47.5), (7.1, 47.15), (6.4, 46.65),
             (6.0, 46.2)],
    "Vosges": [(6.75, 47.75), (6.8, 48.2), (7.05, 48.65), (7.35, 48.85), (7.5, 48.7), (7.3, 48.15),
               (7.1, 47.8)],
    "Massif Central": [(2.3, 44.4), (1.95, 45.2), (2.3, 45.95), (3.0, 46.05), (3.8, 45.85), (4.45, 45.3),
                       (4.4, 44.55), (3.8, 44.05), (3.0, 44.05)],
    "Pyrenees": [(-1.9, 43.25), (-1.3, 43.2), (-0.4, 43.0), (0.6, 42.95), (2.0, 42.75), (3.2, 42.45),
                 (3.2, 42.0), (-1.9, 42.0)],
}
WOODS = {
    "Ardennes and Eifel": [(4.5, 49.75), (4.6, 50.25), (5.5, 50.35), (6.25, 50.75), (6.85, 50.45),
                           (6.7, 49.95), (5.9, 49.8), (5.0, 49.65)],
}
# Invasion areas: the coastal land hexes inside each lon/lat box; the first box wins.
INVASION_AREAS = [
    ("north_sea", "North Sea", (2.55, 51.0, 8.6, 54.0)),
    ("pas_de_calais", "Pas de Calais", (1.2, 50.15, 2.55, 51.2)),
    ("le_havre", "Le Havre", (0.1, 49.35, 1.7, 50.15)),
    ("normandy", "Normandy", (-2.0, 48.6, 0.1, 49.8)),
    ("brittany", "Brittany", (-5.5, 47.2, -1.3, 48.95)),
    ("bay_of_biscay", "Bay of Biscay", (-3.0, 43.3, 0.0, 47.2)),
    ("south_france", "South France", (2.9, 42.3, 7.6, 43.8)),
]
WEST_WALL_LAT = (47.5, 51.8)
# 1944, not today: the Flevoland polders were still IJsselmeer water (drained 1957-68).
NOT_YET_LAND = {"Flevoland": [(5.1, 52.36), (5.2, 52.3), (5.45, 52.26), (5.6, 52.33), (5.8, 52.43),
                              (5.87, 52.52), (5.8, 52.58), (5.62, 52.6), (5.43, 52.55), (5.3, 52.45)]}  # Basel to Kleve: German hexes on the border between these


def build(log=print, bbox: tuple[float, float, float, float] | None = None) -> dict:
    """The map document; ``bbox`` overrides the lon/lat box the sheet covers (default BOX)."""
    lon0, lat0, lon1, lat1 = bbox or BOX
    proj = geo.Laea((BOX[0] + BOX[2]) / 2, (BOX[1] + BOX[3]) / 2)
    ring = np.array(box(lon0, lat0, lon1, lat1).segmentize(0.05).exterior.coords)
    en = proj.forward(ring)
    e_min, n_max = en[:, 0].min(), en[:, 1].max()
    size = HEX_KM * 1000.0 / math.sqrt(3.0)  # metres per model unit (hex radius)
    width = math.ceil((en[:, 0].max() - e_min) / (1.5 * size)) + 1
    height = math.ceil((n_max - en[:, 1].min()) / (math.sqrt(3.0) * size)) + 1
    m = np.array([[1.0 / size, 0.0], [0.0, -1.0 / size], [-e_min / size, n_max / size]])
    aff = geo.Affine(proj, m)
    numbering = HexNumbering("col-row", 2, "west", "north", 1, width, height)
    sheet = HexSheet(width, height, "flat", "odd", numbering)
    land, lakes, ext = geo.coast(EXTRACT)
    for pts in NOT_YET_LAND.values():
        land = land.difference(Polygon(pts))
    _check_cover(aff, ext, sheet)
    land_f = sheet.fractions(aff.geometry(land))
    lake_f = sheet.fractions(aff.geometry(lakes))
    country = _countries(sheet, aff)
    places, city_hexes, fortress_hexes = _places(sheet, aff, land_f)
    named = {sheet.index_of[p["hex"]] for p in places}
    terrain = ["clear"] * sheet.n
    for i in range(sheet.n):
        # A port on an estuary can have less than half a hex of land: its hex stays land.
        if land_f[i] < (PLACE_MIN_LAND if i in named else LAND_MAJORITY):
            terrain[i] = "lake" if lake_f[i] > 1.0 - land_f[i] - lake_f[i] else "sea"
        elif country[i] in OFFBOARD_CC:
            terrain[i] = "offboard"
        elif country[i] in NEUTRAL_CC:
            terrain[i] = "neutral"
    play = [t == "clear" for t in terrain]  # land in the game
    coastal = [play[i] and any(terrain[j] == "sea" for j in sheet.neighbours(i)) for i in range(sheet.n)]
    for i in range(sheet.n):
        if coastal[i]:
            terrain[i] = "coast"
    _area_terrain(sheet, aff, terrain, play, WOODS, "woods")
    west_wall = _west_wall(sheet, aff, country, play)
    for i in west_wall:
        terrain[i] = "fortified"
    _area_terrain(sheet, aff, terrain, play, MOUNTAINS, "mountain")
    for p in places:
        if not play[sheet.index_of[p["hex"]]]:
            raise SystemExit(f"mapgen: {p['name']} falls in a hex that is not land in play ({p['hex']})")
    for i in city_hexes:
        terrain[i] = "city"
    for i in fortress_hexes:
        terrain[i] = "fortress"
    hexsides = _rivers(sheet, aff, play, log)
    regions = _regions(sheet, aff, terrain, play, coastal, country, west_wall)
    return {
        "sheet": sheet, "terrain": terrain, "hexsides": hexsides, "places": places, "regions": regions,
        "grid": {"kind": "hex", "orientation": "flat", "parity": "odd", "width": width, "height": height,
                 "numbering": {"order": "col-row", "digits": 2, "col_from": "west", "row_from": "north",
                               "first": 1}},
        "attribution": [GSHHG, GEONAMES,
                        {"data": "rivers' names, ports, capacities, fortresses, mountains, invasion areas",
                         "licence": "same as ddaydesk", "note": "declared in tools/mapgen/dday77.py"}],
    }


def _check_cover(aff, ext, sheet) -> None:
    cover = aff.geometry(box(*ext).segmentize(0.05))
    xs = [x for p in sheet.polygons for x in p.exterior.xy[0]]
    ys = [y for p in sheet.polygons for y in p.exterior.xy[1]]
    if not cover.contains(box(min(xs), min(ys), max(xs), max(ys))):
        raise SystemExit(f"mapgen: the sheet reaches outside the {EXTRACT} extract: widen its box and re-extract")


def _countries(sheet: HexSheet, aff) -> list[str]:
    """Country of each hex: the most GeoNames towns inside it, else the nearest town's. Only
    towns of COUNTRY_MIN_POP or more count: the extract keeps smaller ones for some countries
    only, which would tilt border hexes towards them."""
    ts = [t for t in geo.towns(EXTRACT) if t["pop"] >= COUNTRY_MIN_POP]
    xy = aff(np.array([[t["lon"], t["lat"]] for t in ts], dtype=float))
    counts: list[dict[str, int]] = [{} for _ in range(sheet.n)]
    for t, (x, y) in zip(ts, xy, strict=True):
        i = sheet.hex_at(float(x), float(y))
        if i >= 0:
            counts[i][t["cc"]] = counts[i].get(t["cc"], 0) + 1
    out = []
    for i in range(sheet.n):
        if counts[i]:
            out.append(max(sorted(counts[i]), key=lambda cc: counts[i][cc]))
            continue
        cx, cy = sheet.centres[i]
        k = int(np.argmin((xy[:, 0] - cx) ** 2 + (xy[:, 1] - cy) ** 2))
        out.append(ts[k]["cc"])
    return out


def _area_terrain(sheet, aff, terrain, play, areas: dict, name: str) -> None:
    for pts in areas.values():
        poly = aff.geometry(Polygon(pts))
        for i in range(sheet.n):
            if play[i] and terrain[i] != "coast" and poly.contains(Point(sheet.centres[i])):
                terrain[i] = name


def _west_wall(sheet, aff, country, play) -> list[int]:
    (_, ys), (_, yn) = aff.point(7.0, WEST_WALL_LAT[0]), aff.point(7.0, WEST_WALL_LAT[1])
    out = []
    for i in range(sheet.n):
        if play[i] and country[i] == "DE" and yn <= sheet.centres[i][1] <= ys and any(
                play[j] and country[j] != "DE" for j in sheet.neighbours(i)):
            out.append(i)
    return out


def _place_hex(sheet, aff, point, land_f) -> int:
    """The hex a town lies in; a port on a headland whose hex is almost all water goes to
    the nearest neighbouring hex with land enough to hold it."""
    x, y = aff.point(*lonlat(EXTRACT, point))
    i = sheet.hex_at(x, y)
    if i >= 0 and land_f[i] >= PLACE_MIN_LAND:
        return i
    near = [j for j in sheet.neighbours(i) if land_f[j] >= PLACE_MIN_LAND] if i >= 0 else []
    if not near:
        raise SystemExit(f"mapgen: {point} is off the sheet or out at sea")
    return min(near, key=lambda j: ((sheet.centres[j][0] - x) ** 2 + (sheet.centres[j][1] - y) ** 2, j))


def _places(sheet, aff, land_f):
    places, cities, forts = [], set(), set()
    note = "capacity: ddaydesk default, printed value unknown"
    for name, point, cls in PORTS:
        i = _place_hex(sheet, aff, point, land_f)
        kind = "inland_port" if cls == "inland" else "port"
        places.append({"name": name, "hex": sheet.labels[i], "kind": kind, "capacity": CAPACITY[cls], "note": note})
    for name, point in CITIES:
        i = _place_hex(sheet, aff, point, land_f)
        cities.add(i)
        places.append({"name": name, "hex": sheet.labels[i], "kind": "city"})
    for name, point in FORTRESSES:
        i = _place_hex(sheet, aff, point, land_f)
        forts.add(i)
        places.append({"name": name, "hex": sheet.labels[i], "kind": "fortress"})
    for name, point in TOWNS:
        i = _place_hex(sheet, aff, point, land_f)
        places.append({"name": name, "hex": sheet.labels[i], "kind": "town"})
    return places, sorted(cities), sorted(forts)


def _rivers(sheet, aff, play, log) -> list[dict]:
    net = RiverNet(geo.river_lines(EXTRACT), aff.proj.forward)
    out = []
    for name, feature, points in RIVERS:
        course = net.course([lonlat(EXTRACT, p) for p in points], RIVER_SNAP_M,
                            lambda msg, name=name: log(f"{name}: {msg}"))
        xy = aff(np.array(course, dtype=float))
        sides = [(a, b) for a, b in sheet.hexsides_along([tuple(p) for p in xy]) if b >= 0 and play[a] and play[b]]
        if sides:
            out.append({"feature": feature, "name": name, "sides": _side_labels(sheet, sides)})
    return out


def _side_labels(sheet, sides) -> list[str]:
    return sorted("/".join(sorted((sheet.labels[a], sheet.labels[b]))) for a, b in sides)


def _regions(sheet, aff, terrain, play, coastal, country, west_wall) -> list[dict]:
    regions = []
    taken: set[int] = set()
    for rid, name, bb in INVASION_AREAS:
        poly = aff.geometry(box(*bb).segmentize(0.05))
        hexes = [i for i in range(sheet.n) if coastal[i] and i not in taken and poly.contains(Point(sheet.centres[i]))]
        taken.update(hexes)
        regions.append({"id": rid, "kind": "invasion_area", "name": name,
                        "note": "its coastal hexes (land hexes next to a sea hex)", "hexes": hexes})
    for cc, name in sorted(NEUTRAL_CC.items()):
        hexes = [i for i in range(sheet.n) if terrain[i] == "neutral" and country[i] == cc]
        if hexes:
            regions.append({"id": name.lower(), "kind": "neutral", "name": name, "hexes": hexes})
    for name in dict.fromkeys(COUNTRIES.values()):  # Channel Islands: two codes, one region
        ccs = {c for c, n in COUNTRIES.items() if n == name}
        hexes = [i for i in range(sheet.n) if play[i] and country[i] in ccs]
        if hexes:
            regions.append({"id": name.lower().replace(" ", "_"), "kind": "country", "name": name, "hexes": hexes})
    regions.append({"id": "west_wall", "kind": "fortified_zone", "name": "West Wall", "side": "german",
                    "hexes": west_wall})
    east = sheet.grid.width - 1
    neutral_rows = [sheet.grid.colrow(i)[1] for i in range(sheet.n)
                    if terrain[i] == "neutral" and sheet.grid.colrow(i)[0] >= east - 1]
    top = min(neutral_rows) if neutral_rows else sheet.grid.height
    src = [sheet.grid.index(east, r) for r in range(top) if play[sheet.grid.index(east, r)]]
    regions.append({"id": "german_supply_sources", "kind": "supply_source", "side": "german",
                    "name": "East edge north of Switzerland",
                    "note": "partial hexes on the east edge (D77-SUP-01)", "hexes": src})
    for r in regions:
        r["hexes"] = sorted(sheet.labels[i] for i in r["hexes"])
    return regions
