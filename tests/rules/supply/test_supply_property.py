"""The calculator against a slow, obviously-correct reference on small random maps.

The reference traces from each unit outwards with its own reading of the blocking rules,
finds supplied HQs by repeating "an HQ is supplied if it reaches a source or a supplied
HQ" until nothing changes, and picks the supplied units by exhaustive search: the
earliest units in input order that can all be supplied together (the calculator's
documented tie-break), which is also a maximum set. Ranges and capacities are shrunk so
that small maps are contended; positions mix German HQ kinds, fortress units, SHAEF,
British/U.S./Polish units (nationality limits), sea, neutral hexes, ZOC, and clear, mud or
snow weather (D77-WX-13, D77-WX-18).
"""

from __future__ import annotations

from collections import deque
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.rules.supply import SupplyInput, SupplyUnit, compute_supply, load_supply_params
from ddaydesk.rules.supply.params import SupplyParams, Tagged

W, H = 9, 7


def make_board(rows: list[str]):
    text = (f"format: 1\nid: rnd\ntitle: rnd\nsystem: dday77\ngrid: {{kind: hex, width: {W}, height: {H}, "
            "numbering: {digits: 2}}\nterrain:\n  rows:\n" + "".join(f'    - "{r}"\n' for r in rows))
    return parse_map(load_text(text, "rnd.yaml"), "rnd.yaml")


def with_values(p: SupplyParams, **changes) -> SupplyParams:
    values = dict(p.values)
    for key, value in changes.items():
        key = key.replace("__", ".")
        values[key] = Tagged(value, values[key].rule if key in values else "TEST", "default")
    return SupplyParams(p.system, values, p.blocking, p.source)


# -- the reference ----------------------------------------------------------------------------
def ref_dist(b, units, side, a, z, limit):
    """Shortest line a -> z within limit, or None: enemy units and impassable hexes closed;
    an enemy-ZOC hex without a friendly unit only as the first or last hex."""
    enemy = {u.place for u in units if u.side != side}
    friend = {u.place for u in units if u.side == side}
    ezoc = {j for u in units if u.side != side and u.type != "hq" for j in b.adj[u.place]}
    closed = {i for i in range(b.n) if b.terrain_names[b.terrain[i]] in ("sea", "lake", "neutral")} | enemy
    if a in closed or z in closed:
        return None
    seen = {a: 0}
    todo = deque([a])
    while todo:
        i = todo.popleft()
        if i == z:
            return seen[i]
        if seen[i] == limit or (i != a and i in ezoc and i not in friend):
            continue
        for j in b.adj[i]:
            if j not in seen and j not in closed:
                seen[j] = seen[i] + 1
                todo.append(j)
    return None


def lex_first_max(options: list[list[int]], cap: dict[int, int]) -> set[int]:
    """Earliest units (by index) that can all be supplied together, by exhaustive search."""
    def feasible(chosen, left=None):  # try every holder for the first unit, then the rest
        left = dict(cap) if left is None else left
        if not chosen:
            return True
        for h in options[chosen[0]]:
            if left[h] > 0:
                left[h] -= 1
                ok = feasible(chosen[1:], left)
                left[h] += 1
                if ok:
                    return True
        return False
    chosen: list[int] = []
    for u in range(len(options)):
        if options[u] and feasible([*chosen, u]):
            chosen.append(u)
    return set(chosen)


def ref_german(b, units, p, sources, red):
    mine = [u for u in units if u.side == "german"]
    kind = {u.id: u.hq for u in mine if u.type == "hq"}

    def lim(h, key):  # weather shortens lines, not capacities
        value = p[f"german.hq_kinds.{kind[h.id]}.{key}"]
        return value if key == "capacity" else max(0, value - red)

    hqs = [h for h in mine if h.type == "hq"
           and any((d := ref_dist(b, units, "german", h.place, s, lim(h, "hq_to_source"))) is not None
                   and d <= lim(h, "hq_to_source") for s in sources)]
    supplied = {h.id for h in hqs}
    needy, options = [], []
    for u in mine:
        if u.type == "hq":
            continue
        if u.fortress or any(ref_dist(b, units, "german", u.place, s, max(0, p["german.unit_to_source"] - red))
                             is not None for s in sources):
            supplied.add(u.id)
            continue
        needy.append(u)
        options.append([k for k, h in enumerate(hqs)
                        if ref_dist(b, units, "german", u.place, h.place, lim(h, "unit_to_hq")) is not None])
    cap = {k: lim(h, "capacity") for k, h in enumerate(hqs)}
    return supplied | {needy[k].id for k in lex_first_max(options, cap)}


def ref_allied(b, units, p, scs, red):
    mine = [u for u in units if u.side == "allied"]
    hqs = [u for u in mine if u.type == "hq"]

    def to_hq(t, h):
        if h.hq == "shaef":
            return max(0, p["allied.shaef.unit_to_hq"] - red)
        if t.hq == "shaef":
            return max(0, p["allied.shaef.hq_to_hq"] - red)
        nat = p.get(f"allied.nationality_limits.{t.nationality}.{h.nationality}") \
            or p.get(f"allied.nationality_limits.{t.nationality}.*")
        return max(0, (nat if nat is not None else p["allied.unit_to_hq"]) - red)

    src = max(0, p["allied.unit_to_source"] - red)

    def to_sc(h):
        return max(0, p["allied.shaef.hq_to_source"] - red) if h.hq == "shaef" else src

    reach = {(h.id, s) for h in hqs for s in range(len(scs))
             if ref_dist(b, units, "allied", h.place, scs[s], to_sc(h)) is not None}
    changed = True
    while changed:  # an HQ reaches every SC that an HQ in its range reaches
        changed = False
        for h, q in product(hqs, hqs):
            if h is not q and ref_dist(b, units, "allied", h.place, q.place, to_hq(h, q)) is not None:
                for s in range(len(scs)):
                    if (q.id, s) in reach and (h.id, s) not in reach:
                        reach.add((h.id, s))
                        changed = True
    supplied = {h.id for h in hqs if any((h.id, s) in reach for s in range(len(scs)))}
    others = [u for u in mine if u.type != "hq"]
    options = []
    for u in others:
        opts = {s for s in range(len(scs)) if ref_dist(b, units, "allied", u.place, scs[s], src) is not None}
        for h in hqs:
            if ref_dist(b, units, "allied", u.place, h.place, to_hq(u, h)) is not None:
                opts |= {s for s in range(len(scs)) if (h.id, s) in reach}
        options.append(sorted(opts))
    cap = dict.fromkeys(range(len(scs)), p["allied.sc_capacity.coastal"])
    return supplied | {others[k].id for k in lex_first_max(options, cap)}


# -- the property ------------------------------------------------------------------------------
@st.composite
def positions(draw):
    rows = []
    for _ in range(H):
        cells = [draw(st.sampled_from("..........~N")) for _ in range(W - 1)]
        rows.append(" ".join([*cells, "."]))  # the east edge stays open (German sources)
    b = make_board(rows)
    open_places = [i for i in range(b.n) if b.terrain_names[b.terrain[i]] == "clear"]
    spots = draw(st.lists(st.sampled_from(open_places), min_size=6, max_size=22, unique=True))
    n_hq = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    main = draw(st.sampled_from(["german", "allied"]))  # most units on one side: more contention
    units = []
    for k, place in enumerate(spots):
        side = main if draw(st.integers(0, 5)) else ("allied" if main == "german" else "german")
        is_hq = sum(u.side == side and u.type == "hq" for u in units) < n_hq[side == "allied"]
        if side == "german":
            hq = draw(st.sampled_from(["german_army", "army_group_b", "netherlands"])) if is_hq else None
            fortress = not is_hq and draw(st.integers(0, 7)) == 0
            units.append(SupplyUnit(f"u{k}", side, "german", "hq" if hq else "infantry", place, hq, fortress))
        else:
            nat = draw(st.sampled_from(["us", "british", "polish"]))
            kind = None
            if is_hq:
                first = not any(u.side == "allied" and u.type == "hq" for u in units)
                kind = "shaef" if first and draw(st.booleans()) else "army"
            units.append(SupplyUnit(f"u{k}", side, nat, "hq" if is_hq else "infantry", place, kind))
    scs = tuple(draw(st.lists(st.sampled_from(open_places), max_size=3, unique=True)))
    sizes = {"cap": draw(st.integers(1, 2)), "unit": draw(st.integers(0, 1)), "hq": draw(st.integers(2, 4)),
             "src": draw(st.integers(1, 2))}
    weather = draw(st.sampled_from(["clear", "clear", "mud", "snow"]))
    return b, units, scs, sizes, weather


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_calculator_matches_reference(pos):
    b, units, scs, n, weather = pos
    base = load_supply_params("dday77")
    p = with_values(
        base, german__unit_to_source=n["unit"], allied__unit_to_source=n["src"], allied__unit_to_hq=n["hq"],
        allied__sc_capacity__coastal=n["cap"], allied__shaef__unit_to_hq=n["hq"] + 1,
        allied__shaef__hq_to_hq=n["hq"], allied__shaef__hq_to_source=n["src"] + 2,
        **{f"german__hq_kinds__{k}__{f}": v for k in ("german_army", "army_group_b", "netherlands")
           for f, v in (("unit_to_hq", n["hq"] + (k == "army_group_b")), ("hq_to_source", 6 + n["src"]),
                        ("capacity", n["cap"] + (k == "german_army")))},
        allied__nationality_limits__british__us=max(1, n["hq"] - 1),
        allied__nationality_limits__us__british=max(1, n["hq"] - 1),
        **{"allied__nationality_limits__polish__*": 1},
    )
    sources = tuple(i for i in range(b.n) if i % W == W - 1)
    inp = SupplyInput("dday77", b, units, turn=10, weather=weather, german_sources=sources, supply_centres=scs)
    red = p.range_reduction(weather, 10)
    result = compute_supply(inp, p, explain=False)
    got_g = {u.id for u in result.units.values() if u.side == "german" and u.supplied}
    got_a = {u.id for u in result.units.values() if u.side == "allied" and u.supplied}
    assert got_g == ref_german(b, units, p, sources, red)
    valid_scs = [s for s in dict.fromkeys(scs) if s not in {u.place for u in units if u.side == "german"}]
    assert got_a == ref_allied(b, units, p, valid_scs, red)
    # who is in supply, read without the units' chains, is what the full results say
    assert result.in_supply == {u.id: u.draws_on for u in result.units.values() if u.supplied}
    # every capacity respected
    for c in result.capacity:
        assert c.capacity is None or c.used <= c.capacity
