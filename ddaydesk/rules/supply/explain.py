"""Why a unit is out of supply: the nearest source or HQ it could reach at any length (and
by how much that line is over its limit), and the nearest one a line would reach if no
enemy unit or ZOC stood in the way, with the hexes that block it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ddaydesk.board import Board
from ddaydesk.rules.supply.blocking import ENTER_ONLY, NO_ENTER, PASS, TraceMap
from ddaydesk.rules.supply.params import Blocking
from ddaydesk.rules.supply.trace import closed_of, path_to_start


@dataclass(frozen=True)
class Target:
    """Something a line may end at: a source hex or a supplied HQ, with its limit."""

    place: int
    to: str
    to_kind: str
    limit: int | None  # None: any length
    rule: str


def _search(board: Board, state: bytearray, start: int, targets: list[Target],
            cap: int | None) -> tuple[dict[int, int], tuple[Target, int] | None]:
    """Breadth-first from ``start`` (at most ``cap`` hexes) to the target whose line is the
    least over its limit (then the shortest, then the first listed). Stops as soon as no
    farther target could do better."""
    at: dict[int, list[int]] = {}
    for k, t in enumerate(targets):
        at.setdefault(t.place, []).append(k)
    longest = max((t.limit for t in targets if t.limit is not None), default=0)
    seen = bytearray(closed_of(state))
    dist = {start: 0}
    seen[start] = 1
    best = None

    def consider(i: int, d: int) -> None:
        nonlocal best
        for k in at.get(i, ()):
            t = targets[k]
            key = (d - (t.limit if t.limit is not None else d), d, k)
            if best is None or key < best[0]:
                best = (key, t, d)

    consider(start, 0)
    frontier = [start]
    d = 0
    while frontier and (cap is None or d < cap):
        if best is not None and d + 1 - longest > best[0][0]:
            break  # every target from here on is further over its limit
        d += 1
        nxt = []
        for i in frontier:
            if d > 1 and state[i] == ENTER_ONLY:
                continue
            for j in board.adj[i]:
                if not seen[j]:
                    seen[j] = 1
                    dist[j] = d
                    nxt.append(j)
                    if j in at:
                        consider(j, d)
        frontier = nxt
    return dist, None if best is None else (best[1], best[2])


def _line(t: Target, d: int, hexes: list[int]) -> dict[str, Any]:
    return {"to": t.to, "to_kind": t.to_kind, "length": d, "limit": t.limit,
            "over_by": max(0, d - t.limit) if t.limit is not None else 0,
            "hexes": hexes, "rule": t.rule}


def blockers(tm: TraceMap, hexes: list[int], zoc_rule: str, enemy_rule: str) -> list[dict[str, Any]]:
    """The hexes of a line that a supply line may not use, and why."""
    out = []
    last = len(hexes) - 1
    for k, i in enumerate(hexes):
        if tm.enemy[i] and tm.state[i] == NO_ENTER:
            out.append({"hex": i, "by": "enemy_unit", "rule": enemy_rule})
        elif tm.zoc[i] and (tm.state[i] == NO_ENTER or tm.state[i] == ENTER_ONLY and 0 < k < last):
            out.append({"hex": i, "by": "enemy_zoc", "rule": zoc_rule})
    return out


def why_not(board: Board, tm: TraceMap, start: int, targets: list[Target],
            rules: Blocking) -> dict[str, Any]:
    """Explanation for a unit at ``start`` that no target supplies."""
    if tm.impassable[start]:  # (a unit waiting at sea to land: no line starts on sea)
        return {"reason": "stands_on", "terrain": board.terrain_of(start), "rule": rules.rule_terrain}
    out: dict[str, Any] = {}
    dist, near = _search(board, tm.state, start, targets, None)
    if near is not None:
        t, d = near
        out["nearest"] = _line(t, d, path_to_start(board.adj, tm.state, dist, t.place)[::-1])
    open_state = bytearray(tm.impassable.translate(bytes([PASS, NO_ENTER]) + bytes(254)))
    longest = max((t.limit for t in targets if t.limit is not None), default=None)
    dist0, near0 = _search(board, open_state, start, targets, longest)
    if near0 is not None:
        t0, d0 = near0
        in_reach = t0.limit is None or d0 <= t0.limit
        if in_reach and (near is None or near[1] > d0):
            hexes = path_to_start(board.adj, open_state, dist0, t0.place)[::-1]
            out["blocked"] = {**_line(t0, d0, hexes), "at": blockers(tm, hexes, rules.rule_zoc, rules.rule_enemy)}
    if "blocked" in out:
        out["reason"] = "blocked"
    elif "nearest" in out:
        out["reason"] = "too_far"
    else:
        out["reason"] = "no_source"
    return out
