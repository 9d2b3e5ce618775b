"""Shared helpers for the supply tests: test maps, units placed by hex label, one call."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ddaydesk.board import Board
from ddaydesk.formats.mapfile import load_map
from ddaydesk.rules.supply import SupplyInput, SupplyResult, SupplyUnit, compute_supply

DATA = Path(__file__).resolve().parents[2] / "data" / "supply"


@cache
def board(name: str) -> Board:
    return load_map(DATA / f"{name}.yaml")


def hexes(b: Board, *labels: str) -> tuple[int, ...]:
    return tuple(b.index(x) for x in labels)


def unit(b: Board, uid: str, side: str, at: str, type: str = "infantry", nat: str | None = None,
         hq: str | None = None, fortress: bool = False, reduced: bool = False) -> SupplyUnit:
    nat = nat or ("german" if side == "german" else "us")
    return SupplyUnit(uid, side, nat, "hq" if hq else type, b.index(at), hq, fortress, reduced)


def de(b: Board, uid: str, at: str, **kw) -> SupplyUnit:
    return unit(b, uid, "german", at, **kw)


def al(b: Board, uid: str, at: str, nat: str = "us", **kw) -> SupplyUnit:
    return unit(b, uid, "allied", at, nat=nat, **kw)


def line(units: list[SupplyUnit], *, scs: tuple[str, ...] = (), weather: str = "clear", turn: int = 1,
         name: str = "line45", **kw) -> SupplyResult:
    """D-Day '77 position on a test map; German sources from the map's east-edge region."""
    b = board(name)
    sources = tuple(i for r in b.regions.values() if r.kind == "supply_source" for i in r.places)
    inp = SupplyInput("dday77", b, units, turn=turn, weather=weather, german_sources=sources,
                      supply_centres=hexes(b, *scs), **kw)
    return compute_supply(inp)


def utah(units: list[SupplyUnit], *, beachheads: tuple[str, ...] = ("0204",), drop_zones: tuple[str, ...] = (),
         turn: int = 1) -> SupplyResult:
    b = board("utah_line")
    inp = SupplyInput("fmu", b, units, turn=turn, beachheads=hexes(b, *beachheads),
                      drop_zones=hexes(b, *drop_zones),
                      beach_landing=tuple(p.place for p in b.places if p.kind == "beach_landing"))
    return compute_supply(inp)


def col(c: int, row: int = 5) -> str:
    """Label of column ``c`` (1-based) in ``row``: along a row, distance is the column difference."""
    return f"{c:02d}{row:02d}"
