"""D-Day '77 Allied supply (optional rule "Allied supply", D77-ASUP-*).

Sources are Supply Centre (SC) hexes. An HQ is supplied when a chain of HQ-to-HQ lines ends
at an SC (found by a search outward from each SC, so a circle of HQs supplies nothing:
D77-ASUP-18). HQs are conduits without capacity (D77-ASUP-19) and take no slot of an SC's
capacity themselves; every other unit takes one slot of the SC at the end of its chain.
Which SC each unit draws on is a b-matching with the SC capacities, so the number of units
in supply is maximal.
"""

from __future__ import annotations

from ddaydesk.board import Board
from ddaydesk.rules.supply.blocking import SideUnits, TraceMap
from ddaydesk.rules.supply.explain import Target, why_not
from ddaydesk.rules.supply.lanes import Searches
from ddaydesk.rules.supply.matching import b_matching
from ddaydesk.rules.supply.model import (
    CapacityUse,
    Leg,
    SideSupply,
    SupplyInput,
    SupplyUnit,
    UnitSupply,
)
from ddaydesk.rules.supply.options import line_limit, unit_index, unit_options
from ddaydesk.rules.supply.params import SupplyParams
from ddaydesk.rules.supply.trace import Trace, bfs, bits_at

SIDE = "allied"


def sc_capacity(board: Board, place: int, p: SupplyParams) -> tuple[int, str, str, str]:
    """``(capacity, kind, rule, id)`` of an SC hex: a capacity printed on the map's port or
    inland port wins, else the documented default for a port, inland port or coastal hex
    (kept per params and place, for the board it was read from)."""
    memo = p._memo.setdefault("allied.sc_capacity", {})
    got = memo.get(place)
    if got is None or got[0] is not board:
        got = memo[place] = (board, (*_sc_capacity(board, place, p), f"sc:{board.labels[place]}"))
    return got[1]


def _sc_capacity(board: Board, place: int, p: SupplyParams) -> tuple[int, str, str]:
    for np in board.places_at.get(place, ()):
        if np.kind in ("port", "inland_port"):
            t = p.tag(f"allied.sc_capacity.{np.kind}")
            if np.capacity is not None:
                return np.capacity, np.kind, f"map:{np.name}"
            return t.value, np.kind, t.rule
    t = p.tag("allied.sc_capacity.coastal")
    return t.value, "coastal", t.rule


def allied_supply(inp: SupplyInput, p: SupplyParams, tm: TraceMap, red: int, explain: bool,
                  mine: SideUnits) -> SideSupply:
    board, lab = inp.board, inp.board.labels
    notes: list[str] = []
    hqs, others = mine.hqs, mine.others

    # Supply centres (D77-ASUP-02, -11, -16).
    max_sc = p["allied.max_supply_centres"]
    scs: list[int] = []
    for s in inp.supply_centres:
        if s in scs:
            continue
        if len(scs) == max_sc:
            notes.append(f"SC at {lab[s]} ignored: at most {max_sc} supply centres (D77-ASUP-02)")
        elif tm.closed_bits >> s & 1:
            notes.append(f"SC at {lab[s]} is not a source: enemy unit or impassable hex")
        else:
            scs.append(s)
    cap_info = [sc_capacity(board, s, p) for s in scs]
    sc_ids = [info[3] for info in cap_info]

    unit_src = max(0, p["allied.unit_to_source"] - red)
    unit_src_rule = p.tag("allied.unit_to_source").rule
    shaef_src_tag = p.tag("allied.shaef.hq_to_source")
    shaef_src = max(0, shaef_src_tag.value - red)
    sc_search = Searches(board, tm, scs, unit_src)  # (one trace an SC, run as lanes)
    # Each HQ's reach: as far as the longest line any tracer may draw to it.
    longest = max(p["allied.unit_to_hq"], p["allied.shaef.hq_to_hq"],
                  *(t.value for t in p.under("allied.nationality_limits.")))
    shaef_reach = p["allied.shaef.unit_to_hq"]
    hq_bits = bits_at(h.place for h in hqs)

    def trace_hq(h: SupplyUnit) -> Trace:
        """SHAEF's trace also finds the SCs within its 12 hexes (the SC traces stop at 8)."""
        return bfs(board, tm, [h.place], max(0, shaef_reach - red, shaef_src) if h.hq == "shaef"
                   else max(0, longest - red))

    # An HQ is traced when a chain first reaches it (SHAEF at once, for its own SCs): an HQ
    # no chain reaches supplies nothing, and its trace would not be read.
    hq_trace: list[Trace | None] = [trace_hq(h) if h.hq == "shaef" else None for h in hqs]

    def hq_src_limit(h: SupplyUnit) -> tuple[int, str]:
        """A non-SHAEF HQ traces to an SC like any unit (D77-ASUP-15)."""
        return (shaef_src, shaef_src_tag.rule) if h.hq == "shaef" else (unit_src, unit_src_rule)

    # HQ links child -> parent (D77-ASUP-16/17, -21..-28), found from the parent's trace when
    # a chain reaches the parent: ``feeds``; their lengths, limits and rules when a chain is
    # shown (``links_of``).
    hq_at: dict[int, list[int]] = {}
    for c, h in enumerate(hqs):
        hq_at.setdefault(h.place, []).append(c)
    feeds: list[int | None] = [None] * len(hqs)  # parent -> the HQs that may trace to it, as a bitset
    limits = p._memo.setdefault("allied.line_limit", {})  # (line_limit's memo, read here without the call)

    def feed(q: int) -> int:
        got = feeds[q]
        if got is None:
            ph = hqs[q]
            tr = hq_trace[q]
            if tr is None:
                tr = hq_trace[q] = trace_hq(ph)
            got = 0
            to_shaef, to_nat = ph.hq == "shaef", ph.nationality
            lo, rest = tr.lo, tr.reached & hq_bits >> tr.lo
            for d, level in enumerate(tr.levels):  # (the HQs it reached, nearest first)
                if not rest:
                    break
                at_d = level & rest
                rest ^= at_d
                while at_d:
                    b = at_d.bit_length() - 1
                    at_d ^= 1 << b
                    for c in hq_at[lo + b]:
                        if c != q:
                            h = hqs[c]
                            line = limits.get((to_shaef, h.hq == "shaef", h.nationality, to_nat)) \
                                or line_limit(h, ph, p)
                            if d <= line[0] - red:
                                got |= 1 << c
            feeds[q] = got
        return got

    # route[c][si] = hops: the fewest HQ-to-HQ lines from HQ c to SC si, breadth-first from
    # every SC at once, hops by hops, starting at the HQs whose own line reaches it (the HQs
    # on the way are found when a chain is asked for); route_bits[c]: the SCs HQ c leads to,
    # as a bitset; by_hops[c] the same SCs by (hops, SC), in the order the search finds them.
    route: list[dict[int, int]] = [{} for _ in hqs]
    route_bits = [0] * len(hqs)
    by_hops: list[list[int]] = [[] for _ in hqs]
    first = [0] * len(scs)  # per SC: the HQs within their limit of it, as a bitset
    # The SC traces read once for the units (their direct SCs) and the HQs (number
    # ``count + c``), every place they reached within unit_src (they stop there).
    index = unit_index(others)
    count = len(others)
    at, bits = dict(index.at), index.bits
    for c, h in enumerate(hqs):
        if h.hq != "shaef":
            got = at.get(h.place)
            at[h.place] = [count + c] if got is None else [*got, count + c]
            bits |= 1 << h.place
    tags, tag_bits = sc_search.hits(at, bits, count + len(hqs))
    for c in range(len(hqs)):
        for si in tags[count + c]:
            first[si] |= 1 << c
    sc_bits = bits_at(scs)
    for c, h in enumerate(hqs):
        if h.hq == "shaef":
            reached = hq_trace[c].lengths(sc_bits)
            for si, s in enumerate(scs):
                if reached.get(s, shaef_src + 1) <= shaef_src:
                    first[si] |= 1 << c
    fronts, seen, hops = first, list(first), 0
    while any(fronts):
        for si, front in enumerate(fronts):
            if front:
                nxt, bit = 0, 1 << si
                while front:
                    c = front.bit_length() - 1
                    route[c][si] = hops
                    route_bits[c] |= bit
                    by_hops[c].append(si)
                    more = feeds[c]
                    nxt |= feed(c) if more is None else more
                    front ^= 1 << c
                fronts[si] = nxt = nxt & ~seen[si]
                seen[si] |= nxt
        hops += 1

    chains: dict[tuple[int, int], list[Leg]] = {}

    links: dict[int, list[tuple[int, int, int, str]]] = {}

    def links_of(c: int) -> list[tuple[int, int, int, str]]:
        """HQ ``c``'s links to the HQs it may trace to, as (length, parent, limit, rule), nearest
        first (from the parents' traces: ``feeds`` says which)."""
        got = links.get(c)
        if got is None:
            h, got = hqs[c], []
            for q, more in enumerate(feeds):
                if more is not None and more >> c & 1:
                    limit, rule = line_limit(h, hqs[q], p)
                    got.append((hq_trace[q][h.place], q, max(0, limit - red), rule))
            got = links[c] = sorted(got)
        return got

    def hq_chain(c: int, si: int) -> list[Leg]:
        """Legs from HQ ``c`` to SC ``si`` (shared by every unit drawing through them)."""
        got = chains.get((c, si))
        if got is None:
            got = chains[(c, si)] = _hq_chain(c, si)
        return got

    def _hq_chain(c: int, si: int) -> list[Leg]:
        legs = []
        while True:
            h = hqs[c]
            hops = route[c][si]
            if hops == 0:
                limit, rule = hq_src_limit(h)
                if h.hq == "shaef":
                    legs.append(Leg(h.id, sc_ids[si], "sc", scs[si], hq_trace[c], limit, rule,
                                    traced_from_tracer=True))
                else:
                    legs.append(Leg(h.id, sc_ids[si], "sc", h.place, sc_search.trace(si), limit, rule))
                return legs
            # its nearest parent one line nearer the SC
            nxt, limit, rule = next((q, lim, r) for _, q, lim, r in links_of(c) if route[q].get(si) == hops - 1)
            legs.append(Leg(h.id, hqs[nxt].id, "hq", h.place, hq_trace[nxt], limit, rule))
            c = nxt


    # Units: options are SCs, each reached straight or through the nearest HQ that leads to it.
    options, reach, near, direct_bits = unit_options(index, (tags[:count], tag_bits[:count]), hqs, hq_trace, route_bits, by_hops,
                                                     p, red, route, limits)
    assign = b_matching(options, [info[0] for info in cap_info], reach)

    members: list[list[str]] = [[] for _ in scs]
    ok: dict[str, str | None] = {h.id: None for c, h in enumerate(hqs) if route[c]}  # id -> draws on
    for k, si in enumerate(assign):
        if si >= 0:
            uid = others[k].id
            members[si].append(uid)
            ok[uid] = sc_ids[si]
        elif others[k].id in inp.supplied_at_start:
            ok[others[k].id] = None

    def units() -> dict[str, UnitSupply]:
        """Every unit's result with its chain, or why not (made when first asked for)."""
        sc_order = [sorted(r, key=lambda si, r=r: (r[si], si)) for r in route]  # nearest SC first
        full = [{"sc": sc_ids[s], "hex": scs[s], "capacity": cap_info[s][0], "units": members[s],
                 "rule": cap_info[s][2]} for s in range(len(scs))]  # shared by every unit it turns away
        results: dict[str, UnitSupply] = {}
        for c, h in enumerate(hqs):
            if route[c]:
                chain = hq_chain(c, sc_order[c][0])
                results[h.id] = UnitSupply(h.id, SIDE, True, "supplied", chain, rule=chain[0].rule)
            else:
                results[h.id] = _unsupplied(inp, p, tm, h, hqs, route, scs, sc_ids, hq_src_limit(h),
                                            red, explain)
        for k, u in enumerate(others):
            si = assign[k]
            if si >= 0:
                if direct_bits[k] >> si & 1:
                    chain = [Leg(u.id, sc_ids[si], "sc", u.place, sc_search.trace(si), unit_src,
                                 unit_src_rule)]
                else:
                    for _, c in near(k):  # the nearest HQ that leads to it
                        if route_bits[c] >> si & 1:
                            break
                    limit, rule = line_limit(u, hqs[c], p)
                    limit -= red  # (>= 0: the unit is within it)
                    chain = [Leg(u.id, hqs[c].id, "hq", u.place, hq_trace[c], limit, rule), *hq_chain(c, si)]
                results[u.id] = UnitSupply.in_supply(u.id, SIDE, chain, sc_ids[si], chain[0].rule)
            elif u.id in inp.supplied_at_start:
                results[u.id] = UnitSupply(u.id, SIDE, True, "start_of_turn", rule="D77-ASUP-14")
            elif options[k]:  # every SC it reaches is full (D77-ASUP-19: the SC's capacity)
                why = {"reason": "sc_full", "full": [full[s] for s in options[k]]}
                results[u.id] = UnitSupply.out_of_supply(u.id, SIDE, why, "D77-ASUP-19")
            else:
                results[u.id] = _unsupplied(inp, p, tm, u, hqs, route, scs, sc_ids, (unit_src, unit_src_rule),
                                            red, explain)
        return results

    capacity = [CapacityUse(sc_ids[si], "sc", SIDE, s, cap_info[si][0], members[si], True, cap_info[si][2])
                for si, s in enumerate(scs)]
    return SideSupply(ok, units, capacity, notes)


def _unsupplied(inp: SupplyInput, p: SupplyParams, tm: TraceMap, u: SupplyUnit, hqs: list[SupplyUnit],
                route: list[dict], scs: list[int], sc_ids: list[str], src: tuple[int, str], red: int,
                explain: bool) -> UnitSupply:
    why: dict | None = None
    if explain:
        targets = [Target(s, sc_ids[si], "sc", src[0], src[1]) for si, s in enumerate(scs)]
        for c, h in enumerate(hqs):
            if route[c] and h is not u:
                limit, rule = line_limit(u, h, p)
                targets.append(Target(h.place, h.id, "hq", max(0, limit - red), rule))
        why = why_not(inp.board, tm, u.place, targets, p.blocking)
        if not scs:  # (the invasion turn before any SC is placed: nothing is a source yet)
            why["no_sc"] = "D77-ASUP-11"
        lonely = [h.id for c, h in enumerate(hqs) if not route[c] and h is not u
                  and inp.board.distance(u.place, h.place) <= line_limit(u, h, p)[0] - red]
        if lonely:
            why["unsupplied_hqs_in_range"] = lonely
    return UnitSupply.out_of_supply(u.id, SIDE, why, "D77-ASUP-15")
