"""D-Day '77 Allied supply: the limit of each line (D77-ASUP-15, -20..-28) and, for each unit, the
Supply Centres it may draw on in order of preference (what the assignment in allied.py reads).
"""

from __future__ import annotations

from typing import NamedTuple

from ddaydesk.rules.supply.model import SupplyUnit
from ddaydesk.rules.supply.params import SupplyParams
from ddaydesk.rules.supply.trace import Trace, rows_of


def line_limit(tracer: SupplyUnit, hq: SupplyUnit, p: SupplyParams) -> tuple[int, str]:
    """Limit (before weather) and rule of a line from ``tracer`` to the Allied ``hq``
    (looked up once per params and pair of kinds: a recompute asks it for every unit an HQ
    reaches)."""
    key = (hq.hq == "shaef", tracer.hq == "shaef", tracer.nationality, hq.nationality)
    memo = p._memo.setdefault("allied.line_limit", {})
    got = memo.get(key)
    if got is None:
        got = memo[key] = _line_limit(tracer, hq, p)
    return got


def _line_limit(tracer: SupplyUnit, hq: SupplyUnit, p: SupplyParams) -> tuple[int, str]:
    if hq.hq == "shaef":
        t = p.tag("allied.shaef.unit_to_hq")  # D77-ASUP-21, any nationality
    elif tracer.hq == "shaef":
        t = p.tag("allied.shaef.hq_to_hq")  # D77-ASUP-23, regardless of nationality
    else:
        t = p.values.get(f"allied.nationality_limits.{tracer.nationality}.{hq.nationality}") \
            or p.values.get(f"allied.nationality_limits.{tracer.nationality}.*") \
            or p.tag("allied.unit_to_hq")
    return t.value, t.rule


class UnitIndex(NamedTuple):
    """The units that draw on an SC (every Allied unit but the HQs), for the reads of the
    traces: ``at`` place -> their indices, ``bits`` those places; ``kinds[k]`` unit ``k``'s
    kind for the line limits (an index into ``tracers``, a unit of each kind)."""

    at: dict[int, list[int]]
    bits: int
    kinds: list[int]
    tracers: list[SupplyUnit]
    places: list[int]


def unit_index(others: list[SupplyUnit]) -> UnitIndex:
    at: dict[int, list[int]] = {}
    ub = 0
    kind_of: dict = {}  # what a unit's line limits depend on -> its number, an index into tracers
    kinds = []
    tracers = []
    places = []
    for k, u in enumerate(others):
        pl = u.place
        places.append(pl)
        got = at.get(pl)
        if got is None:
            at[pl] = [k]
            ub |= 1 << pl
        else:
            got.append(k)
        kind = u.nationality if u.hq != "shaef" else ("shaef", u.nationality)  # (a str hashes once)
        i = kind_of.get(kind)
        if i is None:
            i = kind_of[kind] = len(tracers)
            tracers.append(u)
        kinds.append(i)
    return UnitIndex(at, ub, kinds, tracers, places)


def unit_options(index: UnitIndex, direct: tuple[list[list[int]], list[int]], hqs: list[SupplyUnit],
                 hq_trace: list[Trace | None], route_bits: list[int], by_hops: list[list[int]],
                 p: SupplyParams, red: int, route: list[dict[int, int]], limits: dict):
    """Each unit's SCs in order of preference (``options``, and as a bitset ``reach``): first the
    SCs it reaches straight, by (length, SC) (``direct``: the SC traces' reads, see
    :meth:`~ddaydesk.rules.supply.lanes.Searches.hits`), then those it reaches through an HQ,
    by (line length, hops, SC), each through the nearest HQ that leads to it. Also ``near``
    (``near(k)``: unit ``k``'s HQs in reach, as (length, HQ) in that order) and its direct SCs
    as a bitset.

    The HQ traces are read level by level, each level HQ by HQ, so the HQs come in order as
    they are found, without a sort; each (unit, HQ) found adds the HQ's SCs the unit has not
    yet at once (two HQs at one length are sorted afterwards, see :func:`_through`).
    ``limits``: :func:`line_limit`'s memo, read without the call."""
    at, ub, kinds, tracers, places = index
    options, reach = direct
    direct_bits = reach[:]
    # Lines to the HQs that lead to an SC: each HQ's limit per kind of unit, weather taken off.
    last = [-1] * len(kinds)  # the length of the HQ that last gave a unit new SCs
    tied = []  # units with two such HQs at one length
    # Each HQ's trace read into rows per length (as far as its longest limit, or its last
    # unit), then the rows in order: (length, HQ) order without a sort.
    scan = []
    lims = []  # (HQ, its limit per kind of unit)
    for c, h in enumerate(hqs):
        if route_bits[c]:
            to_shaef, to_nat = h.hq == "shaef", h.nationality
            lim = [(limits.get((to_shaef, u.hq == "shaef", u.nationality, to_nat)) or line_limit(u, h, p))[0] - red
                   for u in tracers]
            lims.append((c, lim))
            scan.append(((lim, route_bits[c], by_hops[c]), hq_trace[c], max(lim, default=-1)))
    for d, row in enumerate(rows_of(scan, ub)):
        for (lim, bits, order), lo, got in row:
            while got:
                b = got.bit_length() - 1
                got ^= 1 << b
                for k in at[lo + b]:
                    if d > lim[kinds[k]]:
                        continue
                    new = bits & ~reach[k]
                    if new:
                        if d == last[k]:
                            tied.append(k)
                        last[k] = d
                        reach[k] |= new
                        options[k] += order if new == bits else [si for si in order if new >> si & 1]

    def near(k: int) -> list[tuple[int, int]]:
        """Unit ``k``'s HQs in reach (that lead to an SC), as (length, HQ), nearest first, then
        in HQ order (read again when asked: for a chain, or two HQs at one length)."""
        place = places[k]
        out = []
        for c, lim in lims:
            d = hq_trace[c].lengths(1 << place).get(place)
            if d is not None and d <= lim[kinds[k]]:
                out.append((d, c))
        out.sort()
        return out

    for k in set(tied):  # their SCs through HQs again, sorted
        more, reach[k] = _through(near(k), route, by_hops, route_bits, direct_bits[k])
        options[k][bin(direct_bits[k]).count("1"):] = more
    return options, reach, near, direct_bits


def _through(via: list[tuple[int, int]], route: list[dict[int, int]], by_hops: list[list[int]],
             route_bits: list[int], got: int) -> tuple[list[int], int]:
    """The SCs a unit reaches through the HQs of ``via`` (``(line length, HQ)``, in order)
    beyond those of ``got`` (a bitset), by (line length, hops, SC), each through the nearest
    HQ that leads to it; and ``got`` with them. HQs at different lengths give their SCs in
    turn, each HQ's by (hops, SC): only two HQs at one length need the sort."""
    out: list[int] = []
    start, last = got, -1
    for d, c in via:
        new = route_bits[c] & ~got
        if new:
            if d == last:
                return _through_sorted(via, route, route_bits, start)
            last = d
            got |= new
            out += by_hops[c] if new == route_bits[c] else [si for si in by_hops[c] if new >> si & 1]
    return out, got


def _through_sorted(via: list[tuple[int, int]], route: list[dict[int, int]], route_bits: list[int],
                    got: int) -> tuple[list[int], int]:
    through = []
    for d, c in via:
        new = route_bits[c] & ~got
        if new:
            got |= new
            r = route[c]
            while new:
                si = new.bit_length() - 1
                through.append((d, r[si], si))
                new ^= 1 << si
    through.sort()
    return [si for _, _, si in through], got
