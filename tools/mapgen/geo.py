"""Projection and the committed extracts (stage 2: shapely + the standard library + numpy,
which shapely itself needs)."""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import shape

DATA = Path(__file__).resolve().parent / "data"
EARTH_RADIUS = 6371008.8  # metres, mean radius: a spherical LAEA is exact enough for hexes


class Laea:
    """Spherical Lambert azimuthal equal-area projection centred on (lon0, lat0), in metres."""

    def __init__(self, lon0: float, lat0: float):
        self.lon0, self.lat0 = math.radians(lon0), math.radians(lat0)

    def forward(self, lonlat: np.ndarray) -> np.ndarray:
        lon = np.radians(lonlat[:, 0]) - self.lon0
        lat = np.radians(lonlat[:, 1])
        s0, c0 = math.sin(self.lat0), math.cos(self.lat0)
        k = np.sqrt(2.0 / (1.0 + s0 * np.sin(lat) + c0 * np.cos(lat) * np.cos(lon)))
        x = EARTH_RADIUS * k * np.cos(lat) * np.sin(lon)
        y = EARTH_RADIUS * k * (c0 * np.sin(lat) - s0 * np.cos(lat) * np.cos(lon))
        return np.column_stack([x, y])

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.forward(np.array([[lon, lat]], dtype=float))[0]
        return float(x), float(y)

    def inverse(self, xy: np.ndarray) -> np.ndarray:
        x, y = xy[:, 0] / EARTH_RADIUS, xy[:, 1] / EARTH_RADIUS
        rho = np.hypot(x, y)
        c = 2.0 * np.arcsin(np.clip(rho / 2.0, -1.0, 1.0))
        s0, c0 = math.sin(self.lat0), math.cos(self.lat0)
        with np.errstate(invalid="ignore", divide="ignore"):
            lat = np.where(rho == 0, self.lat0, np.arcsin(np.cos(c) * s0 + y * np.sin(c) * c0 / rho))
            lon = self.lon0 + np.arctan2(x * np.sin(c), rho * c0 * np.cos(c) - y * s0 * np.sin(c))
        return np.column_stack([np.degrees(lon), np.degrees(lat)])


class Affine:
    """Projected metres -> model units (the hex grid's space: hex radius 1, y down)."""

    def __init__(self, proj: Laea, matrix: np.ndarray):
        self.proj = proj
        self.m = matrix  # 3x2: [E, N, 1] @ m = [x, y]

    def __call__(self, lonlat: np.ndarray) -> np.ndarray:
        en = self.proj.forward(lonlat)
        return np.column_stack([en, np.ones(len(en))]) @ self.m

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self(np.array([[lon, lat]], dtype=float))[0]
        return float(x), float(y)

    def geometry(self, geom):
        return shapely.transform(geom, self)

    def metres_to_lonlat(self, geom):
        """Undo the projection of a geometry built in metres, so ``geometry`` can map it."""
        return shapely.transform(geom, self.proj.inverse)


@cache
def _json(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def coast(extract: str) -> tuple[object, object, tuple[float, ...]]:
    """(land, lakes, bbox) in lon/lat from ``<extract>_coast.geojson``."""
    doc = _json(f"{extract}_coast.geojson")
    kinds = {f["properties"]["kind"]: shape(f["geometry"]) for f in doc["features"]}
    return kinds["land"], kinds["lake"], tuple(doc["source"]["bbox"])


def river_lines(extract: str) -> list[list[tuple[float, float]]]:
    return [[tuple(p) for p in f["geometry"]["coordinates"]] for f in _json(f"{extract}_rivers.geojson")["features"]]


@cache
def towns(extract: str) -> list[dict]:
    doc = _json(f"{extract}_towns.json")
    return [dict(zip(doc["fields"], row, strict=True)) for row in doc["towns"]]


@cache
def _town_index(extract: str) -> dict[tuple[str, str], dict]:
    """(name, country) -> the most populous GeoNames place of that name (lowest id on ties)."""
    index: dict[tuple[str, str], dict] = {}
    for t in towns(extract):
        key = (t["name"], t["cc"])
        if key not in index or (t["pop"], -t["id"]) > (index[key]["pop"], -index[key]["id"]):
            index[key] = t
    return index


def find_town(extract: str, name: str, cc: str) -> dict:
    """The most populous GeoNames place of that name in that country."""
    try:
        return _town_index(extract)[(name, cc)]
    except KeyError:
        raise SystemExit(f"mapgen: {name} ({cc}) is not in the {extract} town extract: give its lon/lat") from None
