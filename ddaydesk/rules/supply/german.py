"""D-Day '77 German supply (optional rule "German supply", D77-SUP-*, D77-FORT-*).

Order of work: one trace from the east-edge sources (as far as the longest HQ line), which
gives every HQ's own line and every unit's direct line; OB West's 8-hex radius; one trace
per supplied HQ; then the capacity-constrained assignment of the units that need an HQ.

OB West (D77-SUP-10/11): an HQ that cannot trace to a source but is within the radius of a
supplied OB West takes one of OB West's slots. Taking an HQ in never lowers the number of
units in supply (it frees nothing but one slot and supplies itself), so every such HQ is
taken while OB West has slots; if more HQs need it than it has slots, the subset that lets
the most units be supplied is chosen, exactly (``matching.best_subset``), nearest first on
ties.
"""

from __future__ import annotations

from ddaydesk.rules.supply.blocking import SideUnits, TraceMap
from ddaydesk.rules.supply.explain import Target, why_not
from ddaydesk.rules.supply.matching import b_matching, best_subset
from ddaydesk.rules.supply.model import (
    CapacityUse,
    Leg,
    SideSupply,
    SupplyInput,
    SupplyUnit,
    UnitSupply,
)
from ddaydesk.rules.supply.params import SupplyParams
from ddaydesk.rules.supply.trace import Trace, bfs, reached_by

SIDE = "german"
GENERIC_HQ = "german_army"


class _HQ:
    __slots__ = ("unit", "kind", "k", "unit_limit", "unit_rule", "src_limit", "src_rule", "cap",
                 "cap_rule", "supplied", "via_obw", "trace")

    def __init__(self, unit: SupplyUnit, kind: str, k: int):
        self.unit = unit
        self.kind = kind
        self.k = k
        self.supplied = False
        self.via_obw = False
        self.trace: Trace | None = None


def _hq_params(h: _HQ, p: SupplyParams, red: int) -> None:
    """Limits of the HQ's kind, shortened by the weather (capacity is not); read once per
    params, kind and weather."""
    memo = p._memo.setdefault("german.hq_params", {})
    got = memo.get((h.kind, red))
    if got is None:
        base = f"german.hq_kinds.{h.kind}"
        unit, src, cap = (p.tag(f"{base}.{key}") for key in ("unit_to_hq", "hq_to_source", "capacity"))
        got = memo[(h.kind, red)] = (max(0, unit.value - red), unit.rule, max(0, src.value - red), src.rule,
                                     cap.value, cap.rule)
    h.unit_limit, h.unit_rule, h.src_limit, h.src_rule, h.cap, h.cap_rule = got


def german_supply(inp: SupplyInput, p: SupplyParams, tm: TraceMap, red: int, explain: bool,
                  mine: SideUnits) -> SideSupply:
    board = inp.board
    kinds = set(p.children("german.hq_kinds"))
    hqs: list[_HQ] = []
    hq_bits = 0
    for u in mine.hqs:
        h = _HQ(u, u.hq if u.hq in kinds else GENERIC_HQ, len(hqs))
        _hq_params(h, p, red)
        hqs.append(h)
        hq_bits |= 1 << u.place
    others = mine.others
    unit_src = max(0, p["german.unit_to_source"] - red)
    unit_src_rule = p.tag("german.unit_to_source").rule
    src_range = max([unit_src, *(h.src_limit for h in hqs)])
    src_trace = bfs(board, tm, inp.german_sources, src_range)
    dist_src = src_trace.lengths(hq_bits)  # the HQs' lines
    # The units within a unit's line of a source: read as one bitset, not unit by unit.
    near_src = src_trace.within(unit_src) & tm.friendly_bits

    def source_leg(frm: str, place: int, limit: int, rule: str) -> Leg:
        return Leg(frm, "source", "source", place, src_trace, limit, rule)

    def trace_from(h: _HQ, limit: int) -> None:
        h.trace = bfs(board, tm, [h.unit.place], limit)

    # HQs' own lines to a source (D77-SUP-03/09/13/16).
    for h in hqs:
        d = dist_src.get(h.unit.place)
        if d is not None and d <= h.src_limit:
            h.supplied = True
    # OB West's radius (D77-SUP-10): dependants take one of its slots (D77-SUP-11).
    obw = next((h for h in hqs if h.kind == "ob_west" and h.supplied), None)
    dependants: list[_HQ] = []
    radius_tag = p.tag("german.hq_kinds.ob_west.hq_radius")
    radius = max(0, radius_tag.value - red)
    if obw is not None:
        trace_from(obw, max(radius, obw.unit_limit))
        hq_dist = obw.trace.lengths(hq_bits)
        near = [(hq_dist[h.unit.place], h.k, h) for h in hqs
                if not h.supplied and hq_dist.get(h.unit.place, radius + 1) <= radius]
        dependants = [h for _, _, h in sorted(near, key=lambda t: t[:2])]
    for h in hqs:
        if h.supplied and h is not obw:
            trace_from(h, h.unit_limit)

    # Units: fortress units need no line (D77-SUP-06); a unit within reach of a source is
    # supplied without using any HQ (D77-SUP-05); the rest compete for HQ slots.
    ok: dict[str, str | None] = {}  # id -> the HQ it draws on
    direct: list[SupplyUnit] = []
    needy: list[SupplyUnit] = []
    fortress: list[SupplyUnit] = []
    needy_at: dict[int, list[int]] = {}  # place -> indices into needy
    needy_bits = 0
    for u in others:
        place = u[4]
        if u[6]:  # (u.fortress: by index, cheaper, as in blocking.split_units)
            fortress.append(u)
            ok[u[0]] = None
        elif near_src >> place & 1:
            direct.append(u)
            ok[u[0]] = None
        else:
            got = needy_at.get(place)
            if got is None:
                needy_at[place] = [len(needy)]
                needy_bits |= 1 << place
            else:
                got.append(len(needy))
            needy.append(u)

    def options_for(hq_list: list[_HQ]) -> tuple[list[list[int]], list[int]]:
        """Each needy unit's HQs in reach, nearest first, then in HQ order, and the same HQs as
        a bitset."""
        return reached_by(((h.k, h.trace, h.unit_limit) for h in hq_list), needy_at, needy_bits, len(needy))

    def solve(chosen: list[_HQ], taken: int) -> tuple[int, list[int], list[list[int]]]:
        """Units matched to HQ slots with the ``chosen`` dependants in, OB West giving
        ``taken`` of its slots to HQs: how many, the assignment and each unit's HQs."""
        for h in dependants:
            h.supplied = h in chosen
            if h.supplied and h.trace is None:
                trace_from(h, h.unit_limit)
        live = [h for h in hqs if h.supplied]
        cap = [0] * len(hqs)
        for h in live:
            cap[h.k] = h.cap - (taken if h is obw else 0)
        options, reach = options_for(live)
        assign = b_matching(options, cap, reach)
        return len(assign) - assign.count(-1), assign, options

    room = obw.cap if obw is not None else 0
    # More HQs need OB West than it has slots: the slots go to the HQs that let the most
    # units be supplied (an HQ taken in frees at least the slot it takes, so all are used),
    # nearest first on ties. Exact: a choice's matching never shrinks as HQs are added.
    chosen = best_subset(dependants, room, lambda s: solve(s, room)[0])
    _, assign, options = solve(chosen, len(chosen))
    for h in chosen:
        h.via_obw = True
    members: dict[int, list[str]] = {h.k: [] for h in hqs}
    if obw is not None:
        members[obw.k] = [h.unit.id for h in chosen]
    for h in hqs:
        if h.supplied:
            ok[h.unit.id] = obw.unit.id if h.via_obw else None
    for u, a in zip(needy, assign, strict=True):
        if a >= 0:
            members[a].append(u.id)
            ok[u.id] = hqs[a].unit.id

    def units() -> dict[str, UnitSupply]:
        """Every unit's result with its chain, or why not (made when first asked for)."""
        results: dict[str, UnitSupply] = {}
        chains: dict[int, list[Leg]] = {}  # per HQ: its chain, shared by the units drawing on it
        for h in sorted(hqs, key=lambda h: h.via_obw):  # (OB West's before those it took in)
            if h.via_obw:
                leg = Leg(h.unit.id, obw.unit.id, "ob_west_radius", h.unit.place, obw.trace, radius, radius_tag.rule)
                chains[h.k] = [leg, *chains[obw.k]]
            else:
                chains[h.k] = [source_leg(h.unit.id, h.unit.place, h.src_limit, h.src_rule)] if h.supplied else []
        for u in direct:
            leg = Leg(u.id, "source", "source", u.place, src_trace, unit_src, unit_src_rule)
            results[u.id] = UnitSupply.in_supply(u.id, SIDE, [leg], None, unit_src_rule)
        for u in fortress:
            results[u.id] = _fortress(u, bool(near_src >> u.place & 1) or any(
                h.trace.get(u.place, h.unit_limit + 1) <= h.unit_limit for h in hqs if h.supplied), p)
        for h in hqs:
            why = None
            if not h.supplied and h in dependants:  # within OB West's radius, but its slots are taken
                why = {"reason": "hq_full", "full": [_full(obw, members[obw.k])]}
            elif not h.supplied and explain:
                targets = [Target(s, "source", "source", h.src_limit, h.src_rule) for s in inp.german_sources]
                if obw is not None:
                    targets.append(Target(obw.unit.place, obw.unit.id, "ob_west_radius", radius, radius_tag.rule))
                why = why_not(board, tm, h.unit.place, targets, p.blocking)
            results[h.unit.id] = UnitSupply(
                h.unit.id, SIDE, h.supplied, "supplied" if h.supplied else "unsupplied", list(chains[h.k]),
                draws_on=obw.unit.id if h.via_obw else None, why=why,
                rule=chains[h.k][0].rule if chains[h.k] else h.src_rule)
        for u, a, opts in zip(needy, assign, options, strict=True):
            if a >= 0:
                h = hqs[a]
                leg = Leg(u.id, h.unit.id, "hq", u.place, h.trace, h.unit_limit, h.unit_rule)
                results[u.id] = UnitSupply.in_supply(u.id, SIDE, [leg, *chains[h.k]], h.unit.id, h.unit_rule)
                continue
            in_reach = [hqs[k] for k in sorted(opts)]  # the supplied HQs within its line's limit
            why = None
            if in_reach:
                why = {"reason": "hq_full", "full": [_full(h, members[h.k]) for h in in_reach]}
            elif explain:
                targets = [Target(s, "source", "source", unit_src, unit_src_rule) for s in inp.german_sources]
                targets += [Target(h.unit.place, h.unit.id, "hq", h.unit_limit, h.unit_rule)
                            for h in hqs if h.supplied]
                why = why_not(board, tm, u.place, targets, p.blocking)
                lonely = [h.unit.id for h in hqs if not h.supplied
                          and board.distance(u.place, h.unit.place) <= h.unit_limit]
                if lonely:
                    why["unsupplied_hqs_in_range"] = lonely
            results[u.id] = UnitSupply.out_of_supply(u.id, SIDE, why, "D77-SUP-01")
        return results

    capacity = [CapacityUse(h.unit.id, h.kind, SIDE, h.unit.place, h.cap, members[h.k], h.supplied,
                            h.cap_rule) for h in hqs]
    return SideSupply(ok, units, capacity, [])


def _full(h: _HQ, members: list[str]) -> dict:
    return {"hq": h.unit.id, "capacity": h.cap, "units": list(members), "rule": h.cap_rule}


def _fortress(u: SupplyUnit, can_trace: bool, p: SupplyParams) -> UnitSupply:
    """D77-SUP-06/07, D77-FORT-01/02: supplied without a line, never eliminated for
    isolation; defends tripled unless it is cut off against its will."""
    key = "german.fortress_defence" if can_trace else "german.fortress_isolated_defence"
    why = None if can_trace else {"reason": "isolated_fortress", "rule": p.tag(key).rule}
    return UnitSupply(u.id, SIDE, True, "fortress", why=why, effect="never_eliminated",
                      defence_multiplier=p[key], rule="D77-SUP-06")
