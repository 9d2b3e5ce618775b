"""D-Day '77 Allied supply on hand-made positions (D77-ASUP-*).

line45: sea in column 01, coast in column 02 (Port A at 0205 with a printed capacity of 5,
Port B at 0203 without one), an inland port at 1005. Along a row, distance is the
difference of the column numbers.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from supply_helpers import al, board, col, de, line

from ddaydesk.rules.supply import load_supply_params
from ddaydesk.rules.supply.options import _through

B = board("line45")
P = load_supply_params("dday77")
SC = "0205"  # Port A, capacity 5


def test_D77_ASUP_01_sc_capacity_from_map_or_documented_default():
    """Cites D77-ASUP-01."""
    # D77-ASUP-01 rests on base rules 16.14, 16.52, 16.53, 16.531, 16.532, 16.533, 16.534, 16.535, not in the seeds: proven against our default (docs/rules/dday77.md)
    r = line([al(B, "u", col(5))], scs=(SC, "0203", "1005", "0207"))
    caps = {c.id: (c.capacity, c.rule) for c in r.capacity if c.kind == "sc"}
    assert caps["sc:0205"] == (5, "map:Port A")  # printed capacity wins
    # our documented defaults where the map prints none: port 8, inland port 6, coastal hex 3
    assert caps["sc:0203"] == (8, "STD-SUP-CAP-PORT")
    assert caps["sc:1005"] == (6, "STD-SUP-CAP-INLAND-PORT")
    assert caps["sc:0207"] == (3, "STD-SUP-CAP-COASTAL")
    assert P.tag("allied.sc_capacity.coastal").confidence == "default"


@pytest.mark.parametrize(("sc", "cap"), [("0203", 8), ("1005", 6), ("0207", 3)],
                         ids=["STD-SUP-CAP-PORT", "STD-SUP-CAP-INLAND-PORT", "STD-SUP-CAP-COASTAL"])
def test_an_sc_without_a_printed_capacity_supplies_its_default_and_no_more(sc, cap):
    # our defaults (D77-ASUP-01 rests on base rules not in the seeds): cap units supplied, the next not
    hq = al(B, "hq", col(9), hq="army")
    units = [al(B, f"u{k:02d}", col(c, r)) for k, (c, r) in enumerate((c, r) for c in (12, 13) for r in range(1, 10))]
    r = line([hq, *units[:cap + 1]], scs=(sc,))
    supplied = [u for u in r.units.values() if u.supplied and u.id != "hq"]
    assert len(supplied) == cap


def test_D77_ASUP_02_at_most_13_supply_centres_count():
    """Cites D77-ASUP-02."""
    scs = tuple(f"02{r:02d}" for r in range(1, 10)) + ("0302", "0304", "0306", "0308", "1005")
    r = line([al(B, "u", col(14))], scs=scs)  # 4 from the 14th SC only
    assert len([c for c in r.capacity if c.kind == "sc"]) == 13
    assert not r.units["u"].supplied
    assert any("D77-ASUP-02" in n for n in r.notes)


def test_D77_ASUP_10_sc_is_always_in_supply():
    """Cites D77-ASUP-10."""
    # D77-ASUP-10 rests on base stacking and city control rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    r = line([de(B, "g", col(3))], scs=(SC,))
    sc = next(c for c in r.capacity if c.kind == "sc")
    assert sc.supplied and "sc:0205" not in r.units  # never a unit that could be out of supply


def test_D77_ASUP_11_controlled_port_without_sc_is_no_source():
    """Cites D77-ASUP-11."""
    r = line([al(B, "u", col(4))])  # two hexes from Port A, no SC anywhere
    assert not r.units["u"].supplied and r.units["u"].why == {"reason": "no_source", "no_sc": "D77-ASUP-11"}
    r = line([al(B, "u", col(4))], scs=(SC,))
    assert r.units["u"].supplied


def test_a_unit_at_sea_traces_no_line_even_next_to_an_sc_STD_SUP_BLOCK_TERRAIN():
    # proves STD-SUP-BLOCK-TERRAIN: a unit waiting at sea (column 01) to land is out of supply
    # one hex from an SC, and the reason says it is at sea (not a line too long or blocked)
    r = line([al(B, "sea", col(1, 5)), al(B, "ashore", col(2, 5))], scs=(SC,))
    assert r.units["ashore"].supplied
    why = r.units["sea"].why
    assert not r.units["sea"].supplied
    assert why == {"reason": "stands_on", "terrain": "sea", "rule": "STD-SUP-BLOCK-TERRAIN"}


@pytest.mark.parametrize(("c", "ok"), [(10, True), (11, False)], ids=["D77-ASUP-15-at-8", "D77-ASUP-15-at-9"])
def test_D77_ASUP_15_unit_line_to_an_sc(c, ok):
    """Cites D77-ASUP-15."""
    r = line([al(B, "u", col(c))], scs=(SC,))
    assert r.units["u"].supplied is ok
    if ok:
        leg = r.units["u"].chain[0]
        assert (leg.to, leg.length, leg.limit, leg.rule) == ("sc:0205", 8, 8, "D77-ASUP-15")


def test_D77_ASUP_16_unit_through_supplied_hq():
    """Cites D77-ASUP-16."""
    r = line([al(B, "hq", col(9), hq="army"), al(B, "u", col(14))], scs=(SC,))
    u = r.units["u"]
    assert u.supplied and u.draws_on == "sc:0205"
    assert [(leg.frm, leg.to, leg.length) for leg in u.chain] == [("u", "hq", 5), ("hq", "sc:0205", 7)]


def test_D77_ASUP_17_hq_out_of_reach_supplies_nobody():
    """Cites D77-ASUP-17."""
    r = line([al(B, "hq", col(11), hq="army"), al(B, "u", col(14))], scs=(SC,))
    assert not r.units["hq"].supplied and not r.units["u"].supplied


def test_D77_ASUP_17_hq_supplied_through_another_hq():
    """Cites D77-ASUP-17."""
    units = [al(B, "h1", col(9), hq="army"), al(B, "h2", col(17), hq="army"), al(B, "u", col(25))]
    r = line(units, scs=(SC,))
    assert [leg.to for leg in r.units["u"].chain] == ["h2", "h1", "sc:0205"]


def test_D77_ASUP_18_circular_hq_chain_supplies_nothing():
    """Cites D77-ASUP-18."""
    units = [al(B, "h1", col(20), hq="army"), al(B, "h2", col(26), hq="army"), al(B, "u", col(23))]
    r = line(units, scs=(SC,))  # both HQs within 8 of each other, neither within 8 of an SC
    assert not r.units["h1"].supplied and not r.units["h2"].supplied and not r.units["u"].supplied


def test_D77_ASUP_19_capacity_is_the_sc_hex_only():
    """Cites D77-ASUP-19."""
    hq = al(B, "hq", col(9), hq="army")
    units = [al(B, f"u{k:02d}", col(c, r)) for k, (c, r) in enumerate((c, r) for c in (12, 13, 14) for r in range(1, 10))]
    r = line([hq, *units[:27]], scs=(SC,))  # 27 units through one HQ to a 5-capacity port
    supplied = [u for u in r.units.values() if u.supplied and u.id != "hq"]
    assert len(supplied) == 5
    assert [c.id for c in r.capacity] == ["sc:0205"]  # the HQ holds no capacity of its own
    out = r.units["u26"]
    assert out.why["reason"] == "sc_full" and len(out.why["full"][0]["units"]) == 5


def test_D77_ASUP_19_two_scs_share_the_load():
    """Cites D77-ASUP-19."""
    hq = al(B, "hq", col(8, 4), hq="army")
    units = [al(B, f"u{k}", col(12, 1 + k)) for k in range(9)]
    r = line([hq, *units], scs=(SC, "0203"))  # 5 + 8 slots
    assert all(u.supplied for u in r.units.values())


def test_D77_ASUP_14_supplied_at_start_of_turn_stays_supplied():
    """Cites D77-ASUP-14."""
    r = line([al(B, "u", col(14))], supplied_at_start=frozenset({"u"}))  # its SC was removed
    assert r.units["u"].supplied and r.units["u"].status == "start_of_turn"
    assert r.units["u"].rule == "D77-ASUP-14"


def test_D77_ASUP_20_polish_unit_straight_to_sc_uses_8():
    """Cites D77-ASUP-20."""
    r = line([al(B, "pl", col(10), nat="polish")], scs=(SC,))
    assert r.units["pl"].supplied


@pytest.mark.parametrize(("gap", "ok"), [(10, True), (11, False)], ids=["D77-ASUP-21-at-10", "D77-ASUP-21-at-11"])
def test_D77_ASUP_21_line_to_shaef(gap, ok):
    """Cites D77-ASUP-21."""
    r = line([al(B, "shaef", col(10), hq="shaef", nat="british"), al(B, "fr", col(10 + gap), nat="french")],
             scs=(SC,))
    assert r.units["shaef"].supplied
    assert r.units["fr"].supplied is ok


@pytest.mark.parametrize(("c", "ok"), [(14, True), (15, False)], ids=["D77-ASUP-22-at-12", "D77-ASUP-22-at-13"])
def test_D77_ASUP_22_shaef_to_an_sc(c, ok):
    """Cites D77-ASUP-22."""
    r = line([al(B, "shaef", col(c), hq="shaef")], scs=(SC,))
    assert r.units["shaef"].supplied is ok
    if ok:
        leg = r.units["shaef"].chain[0]
        assert (leg.length, leg.limit, leg.rule) == (12, 12, "D77-ASUP-22")
        assert leg.hexes[0] == B.index(col(c)) and leg.hexes[-1] == B.index(SC) and len(leg.hexes) == 13


@pytest.mark.parametrize(("gap", "ok"), [(8, True), (9, False)], ids=["D77-ASUP-23-at-8", "D77-ASUP-23-at-9"])
def test_D77_ASUP_23_shaef_to_any_hq(gap, ok):
    """Cites D77-ASUP-23."""
    units = [al(B, "br", col(9), hq="army", nat="british"), al(B, "shaef", col(9 + gap), hq="shaef", nat="us")]
    r = line(units, scs=(SC,))  # SHAEF 15+ from the SC: only the HQ line can supply it
    assert r.units["shaef"].supplied is ok
    if ok:  # regardless of nationality: a U.S. SHAEF to a British HQ still has 8
        assert r.units["shaef"].chain[0].rule == "D77-ASUP-23"


def _nat(tracer: str, hq_nat: str, gap: int, hq: str = "army"):
    units = [al(B, "hq", col(9), hq=hq, nat=hq_nat), al(B, "u", col(9 + gap), nat=tracer)]
    return line(units, scs=(SC,)).units["u"]


@pytest.mark.parametrize(("tracer", "hq_nat", "limit", "clause"), [
    ("british", "us", 6, "D77-ASUP-24"), ("british", "french", 6, "D77-ASUP-24"),
    ("us", "british", 6, "D77-ASUP-26"), ("us", "french", 6, "D77-ASUP-26"),
    ("french", "us", 4, "D77-ASUP-27"), ("french", "canadian", 4, "D77-ASUP-27"),
    ("french", "british", 4, "D77-ASUP-27"),
    ("polish", "canadian", 4, "D77-ASUP-28"), ("polish", "polish", 4, "D77-ASUP-28"),
    ("british", "british", 8, "D77-ASUP-15"), ("us", "canadian", 8, "D77-ASUP-15"),
], ids=lambda v: str(v))
def test_nationality_limits(tracer, hq_nat, limit, clause):
    at = _nat(tracer, hq_nat, limit)
    assert at.supplied and at.chain[0].limit == limit and at.chain[0].rule == clause
    assert not _nat(tracer, hq_nat, limit + 1).supplied


def test_D77_ASUP_24_british_hq_tracing_to_us_hq_is_limited_too():
    """Cites D77-ASUP-24."""
    units = [al(B, "us", col(9), hq="army"), al(B, "br", col(16), hq="army", nat="british")]
    assert not line(units, scs=(SC,)).units["br"].supplied  # 7 > 6
    units = [al(B, "us", col(9), hq="army"), al(B, "br", col(15), hq="army", nat="british")]
    assert line(units, scs=(SC,)).units["br"].supplied


def test_D77_ASUP_25_21st_army_group_is_british():
    """Cites D77-ASUP-25."""
    # The scenario gives 21 AG the nationality british; a U.S. unit 7 hexes away is out.
    units = [al(B, "21ag", col(9), hq="army_group", nat="british"), al(B, "u", col(16))]
    assert not line(units, scs=(SC,)).units["u"].supplied
    units[1] = al(B, "u", col(15))
    assert line(units, scs=(SC,)).units["u"].supplied


def test_D77_ASUP_28_polish_unit_to_shaef_uses_10():
    """Cites D77-ASUP-28."""
    units = [al(B, "shaef", col(9), hq="shaef", nat="british"), al(B, "pl", col(19), nat="polish")]
    assert line(units, scs=(SC,)).units["pl"].supplied


def test_allied_line_blocked_by_german_unit_and_zoc():
    # A German unit in every row at column 6 (and its ZOC) closes the way east of it.
    wall = [de(B, f"g{r}", col(6, r)) for r in range(1, 10)]
    r = line([*wall, al(B, "u", col(8))], scs=(SC,))
    u = r.units["u"]
    assert not u.supplied and u.why["reason"] == "blocked"
    assert {x["by"] for x in u.why["blocked"]["at"]} <= {"enemy_unit", "enemy_zoc"}
    assert u.why["blocked"]["at"]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_scs_through_hqs_in_order_of_line_length_hops_and_sc(data):
    """A unit's options beyond the SCs it reaches straight (D77-ASUP-16/17): every SC an HQ
    in reach leads to, through the nearest such HQ (then the lowest HQ), ordered by that
    line's length, the HQ's hops to the SC, then the SC: taken HQ by HQ, or sorted where two
    HQs stand at one length, the same list."""
    scs = data.draw(st.integers(1, 5))
    route = [data.draw(st.dictionaries(st.integers(0, scs - 1), st.integers(0, 3))) for _ in range(data.draw(st.integers(1, 4)))]
    route_bits = [sum(1 << si for si in r) for r in route]
    by_hops = [[si for _, si in sorted((hops, si) for si, hops in r.items())] for r in route]
    via = sorted(data.draw(st.dictionaries(st.integers(0, len(route) - 1), st.integers(0, 4), min_size=1)).items(),
                 key=lambda hc: (hc[1], hc[0]))
    via = [(d, c) for c, d in via]
    got = data.draw(st.integers(0, (1 << scs) - 1))
    want, seen = [], got
    for d, c in via:  # the plain reading: each SC through the first HQ in (length, HQ) order
        for si, hops in route[c].items():
            if not seen >> si & 1:
                seen |= 1 << si
                want.append((d, hops, si))
    assert _through(via, route, by_hops, route_bits, got) == ([si for _, _, si in sorted(want)], seen)
