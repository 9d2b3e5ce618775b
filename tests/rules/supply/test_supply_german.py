"""D-Day '77 German supply on hand-made positions (D77-SUP-*, D77-FORT-*).

The line45 map has German sources on its whole east edge (column 45); along one row the
distance between hexes is the difference of their column numbers.
"""

from __future__ import annotations

import pytest
from supply_helpers import board, col, de, line

B = board("line45")
EDGE = 45


def hq_at(kind: str, c: int, uid: str = "hq", row: int = 5):
    return de(B, uid, col(c, row), hq=kind)


def test_D77_SUP_01_unit_with_only_an_unsupplied_hq_is_out_of_supply():
    """Cites D77-SUP-01."""
    # D77-SUP-01 rests on base rules 16.13 and 16.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    # HQ 30 hexes from the edge (over its 24) and a unit 20 hexes further west.
    r = line([hq_at("german_army", EDGE - 30), de(B, "u", col(EDGE - 33))])
    assert not r.units["hq"].supplied
    assert not r.units["u"].supplied
    assert r.units["u"].why["unsupplied_hqs_in_range"] == ["hq"]  # D77-SUP-01


@pytest.mark.parametrize(("gap", "ok"), [(8, True), (9, False)], ids=["D77-SUP-02-at-8", "D77-SUP-02-at-9"])
def test_D77_SUP_02_unit_line_to_standard_hq(gap, ok):
    """Cites D77-SUP-02."""
    r = line([hq_at("german_army", EDGE - 20), de(B, "u", col(EDGE - 20 - gap))])
    assert r.units["hq"].supplied
    assert r.units["u"].supplied is ok
    if ok:
        leg = r.units["u"].chain[0]
        assert (leg.to, leg.length, leg.limit, leg.rule) == ("hq", 8, 8, "D77-SUP-02")
    else:
        near = r.units["u"].why["nearest"]
        assert (near["to"], near["length"], near["limit"], near["over_by"]) == ("hq", 9, 8, 1)
        # the line shown to the player: from the unit's hex to the HQ's, one hex a step
        hexes = near["hexes"]
        assert (hexes[0], hexes[-1], len(set(hexes))) == (B.index(col(EDGE - 20 - gap)), B.index(col(EDGE - 20)), 10)


@pytest.mark.parametrize(("gap", "ok"), [(8, True), (9, False)], ids=["D77-SUP-02-edge-8", "D77-SUP-02-edge-9"])
def test_D77_SUP_02_unit_line_straight_to_the_edge(gap, ok):
    """Cites D77-SUP-02."""
    r = line([de(B, "u", col(EDGE - gap))])
    assert r.units["u"].supplied is ok
    if not ok:  # the nearest line shown: to the edge source, one hex too long
        near = r.units["u"].why["nearest"]
        assert (near["to"], near["to_kind"], near["length"], near["over_by"]) == ("source", "source", 9, 1)


@pytest.mark.parametrize(("gap", "ok"), [(24, True), (25, False)], ids=["D77-SUP-03-at-24", "D77-SUP-03-at-25"])
def test_D77_SUP_03_standard_hq_line_to_the_edge(gap, ok):
    """Cites D77-SUP-03."""
    r = line([hq_at("german_army", EDGE - gap)])
    assert r.units["hq"].supplied is ok
    if ok:
        assert r.units["hq"].chain[0].length == gap and r.units["hq"].chain[0].limit == 24


def _crowd(n: int, c: int, rows=range(1, 10)) -> list:
    """``n`` units in columns c-1 .. c-3 (1-3 hexes west of an HQ in column c, row 5)."""
    spots = [col(c - k, r) for k in (1, 2, 3) for r in rows]
    return [de(B, f"u{k:02d}", spots[k]) for k in range(n)]


def test_D77_SUP_04_thirteenth_unit_on_a_twelve_unit_hq():
    """Cites D77-SUP-04."""
    r = line([hq_at("german_army", 25), *_crowd(13, 25)])
    supplied = [u for u in r.units.values() if u.supplied and u.id != "hq"]
    assert len(supplied) == 12  # D77-SUP-04
    out = [u for u in r.units.values() if not u.supplied]
    assert [u.id for u in out] == ["u12"]  # the last in input order loses (documented tie-break)
    full = out[0].why["full"][0]
    assert out[0].why["reason"] == "hq_full" and full["hq"] == "hq" and full["capacity"] == 12
    assert len(full["units"]) == 12 and "u12" not in full["units"]
    cap = next(c for c in r.capacity if c.id == "hq")
    assert (cap.used, cap.capacity) == (12, 12)


def test_D77_SUP_05_no_capacity_limit_on_lines_to_the_edge():
    """Cites D77-SUP-05."""
    units = [de(B, f"u{k}", col(EDGE - 1 - k % 5, 1 + k // 5)) for k in range(40)]
    r = line(units)
    assert all(u.supplied for u in r.units.values())  # D77-SUP-05: 40 units, no HQ
    assert all(u.chain[0].to_kind == "source" for u in r.units.values())


def test_D77_SUP_06_fortress_units_take_no_hq_slot():
    """Cites D77-SUP-06."""
    forts = [de(B, f"f{k}", col(24, k), fortress=True) for k in (1, 2, 3)]
    r = line([hq_at("german_army", 25), *_crowd(12, 25, rows=range(4, 10)), *forts])
    assert sum(u.supplied for u in r.units.values()) == 16  # HQ + 12 + 3 (D77-SUP-06)
    cap = next(c for c in r.capacity if c.id == "hq")
    assert cap.used == 12 and not set(cap.units) & {"f1", "f2", "f3"}
    assert all(r.units[f.id].status == "fortress" for f in forts)


def test_D77_SUP_07_isolated_fortress_is_never_eliminated():
    """Cites D77-SUP-07."""
    r = line([de(B, "f", col(5), fortress=True)])
    f = r.units["f"]
    assert f.supplied and f.status == "fortress"
    assert f.effect == "never_eliminated"  # D77-SUP-07
    assert f.why["reason"] == "isolated_fortress"


def test_D77_FORT_01_involuntarily_isolated_fortress_defends_normal():
    """Cites D77-FORT-01."""
    # D77-FORT-01 rests on base rules 16.2 and 24.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    r = line([de(B, "f", col(5), fortress=True)])
    assert r.units["f"].defence_multiplier == 1  # D77-FORT-01


def test_D77_FORT_02_fortress_that_could_trace_keeps_triple_defence():
    """Cites D77-FORT-02."""
    # D77-FORT-02 rests on base rules 16.2 and 24.5, not in the seeds: proven against our default (docs/rules/dday77.md)
    r = line([de(B, "f", col(EDGE - 8), fortress=True)])
    assert r.units["f"].defence_multiplier == 3  # D77-FORT-02
    f = r.units["f"]
    assert (f.supplied, f.status, f.rule, f.effect) == (True, "fortress", "D77-SUP-06", "never_eliminated")
    r = line([hq_at("german_army", 25), de(B, "f", col(17), fortress=True)])
    assert r.units["f"].defence_multiplier == 3  # line to a supplied HQ, no slot used
    assert next(c for c in r.capacity if c.id == "hq").used == 0


@pytest.mark.parametrize(("kind", "limit", "clause"), [
    ("ob_west", 10, "D77-SUP-08"), ("army_group_b", 10, "D77-SUP-12"),
    ("army_group_g", 10, "D77-SUP-12"), ("netherlands", 4, "D77-SUP-15"),
], ids=["D77-SUP-08", "D77-SUP-12-B", "D77-SUP-12-G", "D77-SUP-15"])
@pytest.mark.parametrize("over", [0, 1], ids=["at-limit", "one-past"])
def test_unit_line_to_special_hq(kind, limit, clause, over):
    r = line([hq_at(kind, EDGE - 12), de(B, "u", col(EDGE - 12 - limit - over))])
    assert r.units["hq"].supplied
    assert r.units["u"].supplied is (over == 0)
    if not over:
        assert r.units["u"].chain[0].rule == clause and r.units["u"].chain[0].limit == limit


@pytest.mark.parametrize(("kind", "limit"), [
    ("ob_west", 32), ("army_group_b", 32), ("army_group_g", 32), ("netherlands", 16),
], ids=["D77-SUP-09", "D77-SUP-13-B", "D77-SUP-13-G", "D77-SUP-16"])
@pytest.mark.parametrize("over", [0, 1], ids=["at-limit", "one-past"])
def test_hq_line_to_the_edge_by_kind(kind, limit, over):
    r = line([hq_at(kind, EDGE - limit - over)])
    assert r.units["hq"].supplied is (over == 0)


@pytest.mark.parametrize(("kind", "cap"), [("army_group_b", 8), ("army_group_g", 8), ("netherlands", 8)],
                         ids=["D77-SUP-14-B", "D77-SUP-14-G", "D77-SUP-17"])
def test_small_hq_capacity(kind, cap):
    r = line([hq_at(kind, 30), *_crowd(cap + 1, 30, rows=range(3, 8))])
    assert sum(1 for u in r.units.values() if u.supplied and u.id != "hq") == cap
    assert next(c for c in r.capacity if c.id == "hq").capacity == cap


@pytest.mark.parametrize(("dist", "ok"), [(8, True), (9, False)], ids=["D77-SUP-10-at-8", "D77-SUP-10-at-9"])
def test_D77_SUP_10_hq_near_supplied_ob_west(dist, ok):
    """Cites D77-SUP-10."""
    # OB West 32 from the edge (supplied); the other HQ 40+ from the edge (no line of its own).
    r = line([hq_at("ob_west", EDGE - 32, "obw"), hq_at("german_army", EDGE - 32 - dist, "hq7")])
    assert r.units["obw"].supplied
    assert r.units["hq7"].supplied is ok  # D77-SUP-10
    if ok:
        legs = r.units["hq7"].chain
        assert [(leg.to, leg.to_kind, leg.length, leg.limit) for leg in legs] == [
            ("obw", "ob_west_radius", 8, 8), ("source", "source", 32, 32)]
        assert next(c for c in r.capacity if c.id == "obw").units == ["hq7"]  # D77-SUP-11


def test_D77_SUP_10_unsupplied_ob_west_gives_nothing():
    """Cites D77-SUP-10."""
    r = line([hq_at("ob_west", EDGE - 33, "obw"), hq_at("german_army", EDGE - 38, "hq7")])
    assert not r.units["obw"].supplied and not r.units["hq7"].supplied


def test_D77_SUP_11_hqs_by_proximity_count_against_ob_west():
    """Cites D77-SUP-11."""
    obw_col = EDGE - 30
    units = [hq_at("ob_west", obw_col, "obw"),
             hq_at("german_army", obw_col - 6, "h1", row=2), hq_at("german_army", obw_col - 6, "h2", row=8)]
    # 11 units that only OB West reaches (beyond the other HQs' 8 hexes, east of OB West).
    spots = [col(obw_col + k, r) for k in (9, 10) for r in range(1, 10)]
    units += [de(B, f"u{k:02d}", spots[k]) for k in range(11)]
    r = line(units)
    assert r.units["h1"].supplied and r.units["h2"].supplied
    field = [u for u in r.units.values() if u.id.startswith("u")]
    assert sum(u.supplied for u in field) == 10  # 12 slots: 2 HQs + 10 units (D77-SUP-11)
    cap = next(c for c in r.capacity if c.id == "obw")
    assert cap.used == 12 and {"h1", "h2"} <= set(cap.units)


def test_D77_SUP_11_only_the_hq_counts_not_its_units():
    """Cites D77-SUP-11."""
    obw_col = EDGE - 30
    units = [hq_at("ob_west", obw_col, "obw"), hq_at("german_army", obw_col - 8, "h1")]
    units += [de(B, f"v{k}", col(obw_col - 12, r)) for k, r in enumerate(range(1, 10))]
    r = line(units)
    assert all(r.units[f"v{k}"].supplied for k in range(9))
    assert next(c for c in r.capacity if c.id == "obw").units == ["h1"]
    assert next(c for c in r.capacity if c.id == "h1").used == 9


def test_hq_contention_is_solved_by_augmenting_not_greedy():
    # Two Netherlands HQs (4 hexes, 8 units). a reaches both, b only h1; each HQ is filled
    # to 7 by units only it reaches. Greedy in input order puts a on h1 (nearer or first)
    # and leaves b out; the maximum moves a to h2 and supplies both.
    h1, h2 = hq_at("netherlands", 30, "h1", row=2), hq_at("netherlands", 30, "h2", row=8)
    p1, p2 = h1.place, h2.place
    a, b = de(B, "a", col(30, 5)), de(B, "b", col(27, 1))
    assert B.distance(a.place, p1) <= 4 and B.distance(a.place, p2) <= 4
    assert B.distance(b.place, p1) <= 4 < B.distance(b.place, p2)
    spots1 = [i for i in range(B.n) if B.distance(i, p1) <= 4 < B.distance(i, p2)
              and i not in (p1, b.place) and B.distance(i, B.index(col(EDGE, 5))) > 12]
    spots2 = [i for i in range(B.n) if B.distance(i, p2) <= 4 < B.distance(i, p1)
              and i != p2 and B.distance(i, B.index(col(EDGE, 5))) > 12]
    fill = [de(B, f"x{k}", B.labels[i]) for k, i in enumerate(spots1[:7])]
    fill += [de(B, f"y{k}", B.labels[i]) for k, i in enumerate(spots2[:7])]
    r = line([h1, h2, *fill, a, b])
    assert sum(u.supplied for u in r.units.values()) == 2 + 16  # all of them
    assert r.units["a"].draws_on == "h2" and r.units["b"].draws_on == "h1"


def test_result_is_deterministic():
    units = [hq_at("army_group_b", 25), *_crowd(12, 25)]
    a, b = line(units).to_json(), line(units).to_json()
    assert a == b


def test_D77_SUP_11_more_hqs_than_ob_west_slots():
    # 13 HQs with no line of their own all within 8 hexes of OB West (12 slots): 12 get in.
    obw_col = EDGE - 30
    spots = [col(obw_col - k, r) for k in (6, 7) for r in range(1, 10)][:13]
    hqs = [de(B, f"h{k:02d}", s, hq="german_army") for k, s in enumerate(spots)]
    r = line([hq_at("ob_west", obw_col, "obw"), *hqs])
    assert sum(r.units[h.id].supplied for h in hqs) == 12
    out = [h.id for h in hqs if not r.units[h.id].supplied]
    assert len(out) == 1 and r.units[out[0]].why["reason"] == "hq_full"
    assert next(c for c in r.capacity if c.id == "obw").used == 12


def test_D77_SUP_11_ob_west_slots_go_to_the_hqs_that_supply_the_most():
    """Cites D77-SUP-11. 16 HQs without a line of their own within 8 hexes of OB West (12
    slots: 1,820 ways to choose). The 12 nearest supply nobody; each of the 4 farthest reaches
    the 8 units in the west that nobody else reaches. The best choice takes one of those:
    all 8 units supplied (the nearest 11 and the first far one, nearest first on ties)."""
    obw_col = EDGE - 30
    obw = B.index(col(obw_col))
    near = sorted((i for i in range(B.n) if 0 < B.distance(i, obw) <= 3), key=lambda i: (B.distance(i, obw), i))[:12]
    far = [B.index(col(obw_col - 8, r)) for r in (1, 3, 7, 9)]
    assert all(B.distance(i, obw) == 8 for i in far)
    hqs = [de(B, f"n{k:02d}", B.labels[i], hq="german_army") for k, i in enumerate(near)]
    hqs += [de(B, f"f{k}", B.labels[i], hq="german_army") for k, i in enumerate(far)]
    spots = [i for i in range(B.n) if all(B.distance(i, f) <= 8 for f in far)
             and min(B.distance(i, h) for h in near) > 8 and B.distance(i, obw) > 10 and B.terrain_of(i) != "sea"]
    west = [de(B, f"w{k}", B.labels[i]) for k, i in enumerate(spots[:8])]
    assert len(west) == 8
    r = line([hq_at("ob_west", obw_col, "obw"), *hqs, *west])
    assert all(r.units[u.id].supplied for u in west)
    taken = [h.id for h in hqs if r.units[h.id].supplied]
    assert taken == [f"n{k:02d}" for k in range(11)] + ["f0"]
    assert next(c for c in r.capacity if c.id == "f0").used == 8


def test_D77_SUP_10_ob_west_radius_is_shortened_by_mud():
    """Reading: OB West's 8 hexes are a supply line, so mud makes them 7 (D77-WX-13)."""
    units = [hq_at("ob_west", EDGE - 30, "obw"), hq_at("german_army", EDGE - 38, "hq7")]
    assert line(units).units["hq7"].supplied
    assert not line(units, weather="mud", turn=10).units["hq7"].supplied


def test_stacked_units_share_the_hq_hex():
    r = line([hq_at("german_army", 25), de(B, "u", col(25))])
    assert r.units["u"].supplied and r.units["u"].chain[0].length == 0
