"""Write tests/data/dday77/standin.yaml: a coarse stand-in for maps/dday77.yaml.

    python tests/data/dday77/make_standin.py

Only for testing the scenario builder before the real-geography map exists: a crude coastline
polygon, Switzerland as neutral, about 80 towns at their real latitude and longitude, the
seven invasion areas and the German east-edge supply source, on 25 km hexes (flat-topped,
odd columns shoved down) in an equirectangular projection. Some small towns the order of
battle names are left out on purpose, so that the builder's fallbacks are exercised.
"""

from __future__ import annotations

import math
from pathlib import Path

from shapely.geometry import Point, Polygon

LON0, LAT0, LON1, LAT1 = -5.2, 53.6, 8.5, 42.3
KM_LON = 111.32 * math.cos(math.radians(48.0))
KM_LAT = 111.2
ACROSS = 25.0  # km across the flats
SIZE = ACROSS / math.sqrt(3)
COL_STEP = 1.5 * SIZE
WIDTH = int((LON1 - LON0) * KM_LON / COL_STEP) + 1
HEIGHT = int((LAT0 - LAT1) * KM_LAT / ACROSS) + 1

LAND = Polygon([  # (lon, lat), clockwise from the Spanish border on the Atlantic
    (-1.8, 43.35), (-1.25, 44.6), (-1.1, 45.6), (-1.2, 46.15), (-2.2, 47.2), (-3.4, 47.7),
    (-4.4, 47.8), (-4.8, 48.3), (-4.7, 48.6), (-3.5, 48.85), (-2.8, 48.6), (-2.0, 48.7),
    (-1.55, 48.65), (-1.6, 49.2), (-1.85, 49.7), (-1.6, 49.7), (-1.25, 49.72), (-1.2, 49.38),
    (-0.9, 49.4), (-0.25, 49.32), (0.1, 49.42), (0.1, 49.7), (0.4, 49.85), (1.1, 49.97),
    (1.6, 50.2), (1.58, 50.8), (1.9, 50.98), (2.4, 51.07), (2.9, 51.25), (3.4, 51.42),
    (3.6, 51.5), (4.0, 51.85), (4.3, 52.15), (4.55, 52.45), (4.7, 53.0), (5.1, 53.35),
    (6.0, 53.5), (7.0, 53.7), (8.6, 53.7), (8.6, 42.0), (7.55, 43.78), (7.25, 43.68),
    (6.9, 43.5), (6.3, 43.08), (5.9, 43.08), (5.35, 43.28), (4.8, 43.4), (3.7, 43.38),
    (3.1, 43.0), (3.05, 42.5), (3.15, 42.0), (-1.8, 42.0),
])
SWITZERLAND = Polygon([(6.0, 46.1), (6.9, 45.85), (8.6, 45.85), (8.6, 47.6), (7.5, 47.6), (6.9, 47.45), (6.0, 46.6)])

TOWNS = """\
Paris 48.857 2.352 city|Mantes-la-Jolie 48.99 1.72 city|Vernon 49.09 1.49 city|Toulouse 43.60 1.44 city
Utrecht 52.09 5.12 city|Amsterdam 52.37 4.90 port|Valognes 49.51 -1.47 city|Cherbourg 49.64 -1.62 port
Carentan 49.30 -1.25 city|Bayeux 49.28 -0.70 city|Saint-Lo 49.12 -1.09 city|Caen 49.18 -0.37 inland_port
Falaise 48.90 -0.20 city|St-Malo 48.65 -2.01 port|Rennes 48.11 -1.68 city|Saint-Brieuc 48.51 -2.76 city
Morlaix 48.58 -3.83 city|Brest 48.39 -4.49 port|Lorient 47.75 -3.37 port|Quimper 48.00 -4.10 city
Vannes 47.66 -2.76 city|Redon 47.65 -2.08 city|Nantes 47.22 -1.55 port|Chartres 48.45 1.49 city
Le Mans 48.00 0.20 city|Dreux 48.74 1.37 city|Evreux 49.02 1.15 city|Saumur 47.26 -0.08 city
Poitiers 46.58 0.34 city|Tours 47.39 0.69 city|Amiens 49.89 2.30 city|Beauvais 49.43 2.08 city
Rouen 49.44 1.10 inland_port|Turnhout 51.32 4.95 city|Antwerpen 51.22 4.40 port|Brussels 50.85 4.35 city
Lisieux 49.15 0.23 city|Le Havre 49.49 0.11 port|Fécamp 49.76 0.37 city|Dieppe 49.92 1.08 port
Abbeville 50.11 1.83 city|Boulogne-sur-Mer 50.73 1.61 port|Calais 50.95 1.86 port|Saint-Omer 50.75 2.25 city
Arras 50.29 2.78 city|Dunkerque 51.03 2.38 port|Oostende 51.22 2.93 port|Brugge 51.21 3.22 city
Gent 51.05 3.72 city|Vlissingen 51.44 3.57 port|Den Haag 52.08 4.30 city|Rotterdam 51.92 4.48 port
Den Helder 52.96 4.76 port|Alkmaar 52.63 4.75 city|Haarlem 52.38 4.64 city|La Rochelle 46.16 -1.15 port
Cognac 45.69 -0.33 city|Angoulême 45.65 0.16 city|Royan 45.62 -1.03 city|Bordeaux 44.84 -0.58 port
Bayonne 43.49 -1.47 port|Montauban 44.02 1.35 city|Perpignan 42.70 2.90 city|Narbonne 43.18 3.00 city
Béziers 43.34 3.22 city|Montpellier 43.61 3.88 city|Sète 43.40 3.70 port|Nîmes 43.84 4.36 city
Avignon 43.95 4.81 city|Arles 43.68 4.63 city|Marseille 43.30 5.37 port|Toulon 43.12 5.93 port
Cannes 43.55 7.01 city|Nice 43.70 7.27 port|Grenoble 45.19 5.72 city|Isigny-sur-Mer 49.32 -1.10 city
Lessay 49.22 -1.53 city|Périers 49.19 -1.41 city|Caumont-l'Éventé 49.09 -0.80 city|Villers-Bocage 49.08 -0.66 city
Ouistreham 49.28 -0.26 city|Coutances 49.05 -1.44 city|Vire 48.84 -0.89 city|Avranches 48.68 -1.36 city
Alençon 48.43 0.09 city|Cologne 50.94 6.96 inland_port|Aachen 50.78 6.08 city|Metz 49.12 6.18 city
Strasbourg 48.58 7.75 inland_port|Nancy 48.69 6.18 city|Reims 49.26 4.03 city|Lyon 45.76 4.84 city
Arnhem 51.98 5.91 city|Nijmegen 51.84 5.85 city|Liège 50.63 5.57 city|Luxembourg 49.61 6.13 city"""

# Invasion areas: coastal hexes inside these (lon_min, lon_max, lat_min, lat_max) boxes.
AREAS = [
    ("north_sea", "North Sea", (3.0, 9.0, 51.3, 54.0)),
    ("pas_de_calais", "Pas de Calais", (1.4, 3.0, 50.3, 51.3)),
    ("le_havre", "Le Havre", (0.0, 1.7, 49.4, 50.3)),
    ("normandy", "Normandy", (-1.9, 0.0, 49.1, 49.8)),
    ("brittany", "Brittany", (-5.5, -1.5, 47.2, 48.95)),
    ("bay_of_biscay", "Bay of Biscay", (-2.5, -0.5, 43.3, 47.2)),
    ("south_france", "South France", (2.9, 8.0, 42.0, 43.9)),
]


def centre(col: int, row: int) -> tuple[float, float]:
    """(lon, lat) of a hex centre."""
    x = col * COL_STEP
    y = row * ACROSS + (ACROSS / 2 if col % 2 else 0)
    return LON0 + x / KM_LON, LAT0 - y / KM_LAT


def hex_of(lon: float, lat: float) -> tuple[int, int]:
    best = None
    for col in range(WIDTH):
        for row in range(HEIGHT):
            c = centre(col, row)
            d = ((c[0] - lon) * KM_LON) ** 2 + ((c[1] - lat) * KM_LAT) ** 2
            if best is None or d < best[0]:
                best = (d, col, row)
    return best[1], best[2]


def label(col: int, row: int) -> str:
    return f"{col + 1:02d}{row + 1:02d}"


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    shift = col % 2  # odd columns sit half a hex lower
    cand = [(col, row - 1), (col, row + 1), (col - 1, row - 1 + shift), (col - 1, row + shift),
            (col + 1, row - 1 + shift), (col + 1, row + shift)]
    return [(c, r) for c, r in cand if 0 <= c < WIDTH and 0 <= r < HEIGHT]


OUT = Path(__file__).with_name("standin.yaml")


def main(out_file: Path = OUT) -> None:
    glyph = {}
    for col in range(WIDTH):
        for row in range(HEIGHT):
            p = Point(*centre(col, row))
            glyph[col, row] = "N" if SWITZERLAND.contains(p) else "." if LAND.contains(p) else "~"
    for (col, row), g in list(glyph.items()):
        if g == "." and any(glyph[n] == "~" for n in neighbours(col, row)):
            glyph[col, row] = ","
    towns = []
    for line in TOWNS.splitlines():
        for item in line.split("|"):
            *name, lat, lon, kind = item.split()
            col, row = hex_of(float(lon), float(lat))
            if glyph[col, row] in "~N":  # a coarse coastline: pull the town onto the nearest land
                col, row = min(((c, r) for (c, r), g in glyph.items() if g in ".,"),
                               key=lambda h: (h[0] - col) ** 2 + (h[1] - row) ** 2)
            if glyph[col, row] == ".":
                glyph[col, row] = "C"
            towns.append((" ".join(name), label(col, row), kind))
    lines = [
        "# Stand-in for maps/dday77.yaml, used by tests until the real-geography map exists.",
        "# Written by tests/data/dday77/make_standin.py (a crude coastline, 25 km hexes); not a game map.",
        "format: 1", "id: dday77-standin", 'title: "Western Europe (test stand-in)"', "system: dday77",
        "grid:", "  kind: hex", "  orientation: flat", "  parity: odd",
        f"  width: {WIDTH}", f"  height: {HEIGHT}",
        "  numbering: {order: col-row, digits: 2, col_from: west, row_from: north, first: 1}",
        "terrain:", "  rows:",
    ]
    lines += [f'    - "{"".join(glyph[c, r] for c in range(WIDTH))}"' for r in range(HEIGHT)]
    lines.append("places:")
    lines += [f'  - {{name: "{n}", hex: "{h}", kind: {k}}}' for n, h, k in towns]
    lines.append("regions:")
    for rid, name, (x0, x1, y0, y1) in AREAS:
        hexes = [label(c, r) for (c, r), g in sorted(glyph.items())
                 if g == "," and x0 <= centre(c, r)[0] < x1 and y0 <= centre(c, r)[1] < y1]
        lines.append(f'  - {{id: {rid}, kind: invasion_area, name: "{name}", hexes: [{", ".join(map(repr, hexes))}]}}'
                   .replace("'", '"'))
    east = [label(WIDTH - 1, r) for r in range(HEIGHT) if glyph[WIDTH - 1, r] in ".,C" and centre(WIDTH - 1, r)[1] > 47.6]
    lines.append(f'  - {{id: german_east_edge, kind: supply_source, side: german, name: "East edge north of Switzerland", '
               f'hexes: [{", ".join(chr(34) + h + chr(34) for h in east)}]}}')
    germany = [label(c, r) for (c, r), g in sorted(glyph.items())
               if g in ".,C" and centre(c, r)[0] > 6.5 and centre(c, r)[1] > 49.0]
    lines.append(f'  - {{id: germany, kind: country, name: "Germany", hexes: [{", ".join(chr(34) + h + chr(34) for h in germany)}]}}')
    out_file.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
