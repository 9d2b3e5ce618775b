"""Shared helpers for the supply tests: test maps, units placed by hex label, one call."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from ddaydesk.board import Board
from ddaydesk.formats.mapfile import load_map, parse_map
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.rules.supply import SupplyInput, SupplyResult, SupplyUnit, compute_supply
from ddaydesk.rules.supply.blocking import ENTER_ONLY, NO_ENTER
from ddaydesk.rules.supply.trace import bits_at

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


def grid_board(w: int, h: int, orientation: str, parity: str) -> Board:
    """A plain ``w`` x ``h`` hex grid of clear terrain."""
    rows = "".join(f'    - "{" ".join("." * w)}"\n' for _ in range(h))
    text = (f"format: 1\nid: t\ntitle: t\nsystem: dday77\ngrid: {{kind: hex, width: {w}, height: {h}, "
            f"orientation: {orientation}, parity: {parity}, numbering: {{digits: 2}}}}\n"
            f"terrain:\n  rows:\n{rows}")
    return parse_map(load_text(text, "t.yaml"), "t.yaml")


def plain_search(adj, state, starts, limit) -> dict[int, int]:
    """Place -> length of a line from the nearest start, by a plain per-place breadth-first
    search over the hex states (``blocking.PASS``/``ENTER_ONLY``/``NO_ENTER``)."""
    dist = {s: 0 for s in starts if state[s] != NO_ENTER}
    frontier = list(dist)
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for i in frontier:
            if d > 1 and state[i] == ENTER_ONLY:
                continue
            for j in adj[i]:
                if j not in dist and state[j] != NO_ENTER:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def random_states(data, n: int, w: int) -> tuple[list[int], int, int]:
    """Random hex states for ``n`` places in rows of ``w`` (hypothesis ``data``), the first or
    the last column closed or not (a closed one: the search's step without masks); and the
    NO_ENTER and ENTER_ONLY places as bitsets."""
    state = data.draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n, max_size=n))
    edge = data.draw(st.sampled_from([None, 0, w - 1]))
    if edge is not None:
        for i in range(edge, n, w):
            state[i] = NO_ENTER
    return (state, bits_at(i for i in range(n) if state[i] == NO_ENTER),
            bits_at(i for i in range(n) if state[i] == ENTER_ONLY))
