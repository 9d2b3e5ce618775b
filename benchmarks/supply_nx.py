"""A straightforward networkx implementation of the same D-Day '77 supply rules, for the
benchmark's speed comparison (not used by ddaydesk).

Hex graph as an ``nx.DiGraph`` without edges into closed hexes or out of enter-only hexes;
``single_source_shortest_path_length`` with a cutoff for every trace; HQ chains as
reachability in an HQ/SC graph; the assignment as ``nx.maximum_flow``.
"""

from __future__ import annotations

import networkx as nx

from ddaydesk.rules.supply import SupplyInput, SupplyParams


def _graph(inp: SupplyInput, p: SupplyParams, side: str) -> tuple[nx.DiGraph, set[int], set[int]]:
    b, rules = inp.board, p.blocking
    closed = {i for i in range(b.n) if b.terrain_names[b.terrain[i]] in rules.impassable_terrain}
    enemy = {u.place for u in inp.units if u.side != side}
    friend = {u.place for u in inp.units if u.side == side}
    closed |= enemy
    ezoc = {j for u in inp.units if u.side != side and u.type not in rules.no_zoc_types for j in b.adj[u.place]}
    enter_only = {i for i in ezoc if i not in closed and not (rules.friendly_negates_zoc and i in friend)}
    g = nx.DiGraph()
    g.add_nodes_from(i for i in range(b.n) if i not in closed)
    g.add_edges_from((i, j) for i in range(b.n) if i not in closed and i not in enter_only
                     for j in b.adj[i] if j not in closed)
    return g, closed, enter_only


def _lengths(inp, g, closed, enter_only, starts, cutoff) -> dict[int, int]:
    starts = [s for s in starts if s not in closed]
    extra = [(s, j) for s in starts if s in enter_only for j in inp.board.adj[s] if j not in closed]
    g.add_node("start")
    g.add_edges_from(("start", s) for s in starts)
    g.add_edges_from(extra)  # a line may leave the enter-only hex it starts in
    d = nx.single_source_shortest_path_length(g, "start", cutoff=cutoff + 1)
    g.remove_edges_from(extra)
    g.remove_node("start")
    return {i: n - 1 for i, n in d.items() if i != "start"}


def _max_flow(options: list[list], capacity: dict) -> int:
    f = nx.DiGraph()
    for k, opts in enumerate(options):
        f.add_edge("s", ("u", k), capacity=1)
        for h in opts:
            f.add_edge(("u", k), ("h", h), capacity=1)
    for h, c in capacity.items():
        f.add_edge(("h", h), "t", capacity=c)
    if "s" not in f or "t" not in f:
        return 0
    return nx.maximum_flow_value(f, "s", "t")


def german_count(inp: SupplyInput, p: SupplyParams) -> int:
    g, closed, eo = _graph(inp, p, "german")
    mine = [u for u in inp.units if u.side == "german"]
    hqs = [u for u in mine if u.type == "hq"]

    def par(h, key):
        return p[f"german.hq_kinds.{h.hq}.{key}"]

    src = _lengths(inp, g, closed, eo, inp.german_sources, 32)
    supplied = {h.id for h in hqs if src.get(h.place, 99) <= par(h, "hq_to_source")}
    obw = next((h for h in hqs if h.hq == "ob_west" and h.id in supplied), None)
    dependants = []
    if obw is not None:
        near = _lengths(inp, g, closed, eo, [obw.place], par(obw, "hq_radius"))
        dependants = [h for h in hqs if h.id not in supplied and h.place in near]
        supplied |= {h.id for h in dependants}
    count = len(supplied)
    reach = {h.id: _lengths(inp, g, closed, eo, [h.place], par(h, "unit_to_hq")) for h in hqs if h.id in supplied}
    options = []
    for u in mine:
        if u.type == "hq" or u.fortress:
            count += u.fortress
            continue
        if src.get(u.place, 99) <= p["german.unit_to_source"]:
            count += 1
            continue
        options.append([h.id for h in hqs if h.id in reach and u.place in reach[h.id]])
    cap = {h.id: par(h, "capacity") - (len(dependants) if h is obw else 0) for h in hqs if h.id in reach}
    return count + _max_flow(options, cap)


def allied_count(inp: SupplyInput, p: SupplyParams) -> int:
    g, closed, eo = _graph(inp, p, "allied")
    mine = [u for u in inp.units if u.side == "allied"]
    hqs = [u for u in mine if u.type == "hq"]
    scs = [s for s in dict.fromkeys(inp.supply_centres) if s not in closed][:p["allied.max_supply_centres"]]

    def limit(t, h):
        if h.hq == "shaef":
            return p["allied.shaef.unit_to_hq"]
        if t.hq == "shaef":
            return p["allied.shaef.hq_to_hq"]
        return (p.get(f"allied.nationality_limits.{t.nationality}.{h.nationality}")
                or p.get(f"allied.nationality_limits.{t.nationality}.*") or p["allied.unit_to_hq"])

    sc_len = [_lengths(inp, g, closed, eo, [s], p["allied.shaef.hq_to_source"]) for s in scs]
    hq_len = {h.id: _lengths(inp, g, closed, eo, [h.place], 10 if h.hq == "shaef" else 8) for h in hqs}
    chain = nx.DiGraph()
    chain.add_nodes_from(("sc", k) for k in range(len(scs)))
    for h in hqs:
        chain.add_node(h.id)
        to_sc = p["allied.shaef.hq_to_source"] if h.hq == "shaef" else p["allied.unit_to_source"]
        chain.add_edges_from((h.id, ("sc", k)) for k in range(len(scs)) if sc_len[k].get(h.place, 99) <= to_sc)
        chain.add_edges_from((h.id, q.id) for q in hqs if q is not h and hq_len[q.id].get(h.place, 99) <= limit(h, q))
    reach = {h.id: {n[1] for n in nx.descendants(chain, h.id) if isinstance(n, tuple)} for h in hqs}
    count = sum(1 for h in hqs if reach[h.id])
    options = []
    for u in mine:
        if u.type == "hq":
            continue
        opts = {k for k in range(len(scs)) if sc_len[k].get(u.place, 99) <= p["allied.unit_to_source"]}
        for h in hqs:
            if reach[h.id] and hq_len[h.id].get(u.place, 99) <= limit(u, h):
                opts |= reach[h.id]
        options.append(sorted(opts))
    from ddaydesk.rules.supply.allied import sc_capacity

    cap = {k: sc_capacity(inp.board, s, p)[0] for k, s in enumerate(scs)}
    return count + _max_flow(options, cap)
