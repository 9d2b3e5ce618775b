"""The supply side of a built D-Day '77 set-up: where an HQ with ``serves:`` stands, and the
Allied Supply Centres on the map at the start.

An HQ counter is the supply hub of its formations (D77-SUP-*, D77-ASUP-*), so its hex is
chosen with the real supply rules: the hex nearest its historical seat (``near``, at most
``within`` hexes away) from which the HQ is itself in supply and every unit it ``serves``
(the divisions it commanded) is in supply, with every unit placed so far on the map. When the
historical seat itself works it is kept; when no hex in reach works, the one that supplies
the most of them is taken and a warning names the units left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ddaydesk.board import Board
from ddaydesk.rules.supply import SupplyInput, SupplyUnit, compute_supply
from ddaydesk.rules.supply.adapter import fortress_places, source_places


def supply_unit(board: Board, entry: dict, place: int) -> SupplyUnit:
    """A scenario unit entry (the builder's dict) standing on ``place``."""
    return SupplyUnit(entry["id"], entry["side"], entry["nationality"], entry["type"], place, entry.get("hq"),
                      fortress=entry["side"] == "german" and place in fortress_places(board))


def seat(board: Board, hq: dict, anchor: int, within: int, serves: Sequence[str],
         placed: Sequence[SupplyUnit], supply_centres: tuple[int, ...],
         allowed: Callable[[int], bool]) -> tuple[int | None, list[str]]:
    """The HQ's hex (None when no allowed hex is in reach) and the served units it leaves
    out of supply there."""
    on_map = {u.id for u in placed}
    wanted = [uid for uid in serves if uid in on_map]
    candidates = sorted((board.distance(anchor, i), i) for i in range(board.n)
                        if allowed(i) and board.distance(anchor, i) <= within)
    best: tuple[tuple, int, list[str]] | None = None
    for _dist, i in candidates:
        inp = SupplyInput(system=board.system, board=board, units=[*placed, supply_unit(board, hq, i)],
                          german_sources=source_places(board), supply_centres=supply_centres)
        got = compute_supply(inp, explain=False, sides=[hq["side"]]).units
        missing = [uid for uid in wanted if not got[uid].supplied]
        score = (got[hq["id"]].supplied, -len(missing))
        if best is None or score > best[0]:
            best = (score, i, missing)
        if score == (True, 0):
            break  # the nearest hex that works (candidates are nearest first)
    if best is None:
        return None, list(wanted)
    _, i, missing = best
    return i, missing if best[0][0] else [hq["id"], *missing]


def seat_entry(board: Board, entries: Sequence[dict], entry: dict, anchor: tuple[str, int], within: int,
               serves: Sequence[str], supply_centres: tuple[int, ...],
               allowed: Callable[[int], bool]) -> tuple[int | None, str | None]:
    """:func:`seat` for the builder's unit entries (those with a ``hex`` label stand on the
    map); the warning names the units left out of supply, if any."""
    placed = [supply_unit(board, e, board.index(e["hex"])) for e in entries if e.get("hex")]
    i, missing = seat(board, entry, anchor[1], within, serves, placed, supply_centres, allowed)
    if i is None or not missing:
        return i, None
    return i, (f"unit {entry['id']}: no hex within {within} of {anchor[0]} keeps {', '.join(missing)} "
               f"in supply; placed at {board.labels[i]}")


def supply_centres(find: Callable[[tuple[str, ...]], tuple[str, int] | None], names: Sequence[str],
                   warnings: list[str]) -> tuple[int, ...]:
    """The hexes of the named places holding an Allied Supply Centre at the start
    (D77-ASUP-02), each once; a name the map lacks is warned about and left out."""
    out: list[int] = []
    for name in names:
        hit = find((name,))
        if hit is None:
            warnings.append(f"supply centre {name!r} is not a place on the map")
        elif hit[1] not in out:
            out.append(hit[1])
    return tuple(out)
