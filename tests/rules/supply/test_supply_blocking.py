"""What blocks a supply line: D-Day '77 defaults (enemy units, enemy ZOC unless a friendly
unit holds the hex, sea, neutral countries) and the explanation that names the blocker.

pocket: a neutral wall in column 07 with one gap at 0704; German sources on the east edge
(column 12). A German unit at 0304 must pass the gap to reach the edge (9 hexes away).
"""

from __future__ import annotations

import pytest
from supply_helpers import al, board, de, line

from ddaydesk.rules.supply.blocking import ENTER_ONLY, NO_ENTER, PASS, split_units, trace_map
from ddaydesk.rules.supply.params import load_supply_params

B = board("pocket")
P = load_supply_params("dday77")


def pocket(units):
    return line(units, name="pocket")


def test_neutral_wall_forces_the_gap():
    hq = de(B, "hq", "0404", hq="german_army")
    r = pocket([hq, de(B, "u", "0304")])
    assert r.units["u"].supplied
    assert B.index("0704") in r.units["hq"].chain[0].hexes  # the only way east


def test_enemy_unit_in_the_gap_blocks():
    r = pocket([de(B, "hq", "0404", hq="german_army"), al(B, "a", "0704")])
    why = r.units["hq"].why
    assert not r.units["hq"].supplied and why["reason"] == "blocked"
    assert {"hex": B.index("0704"), "by": "enemy_unit", "rule": "STD-SUP-BLOCK-ENEMY"} in why["blocked"]["at"]
    # the JSON form names the hexes by their labels, a single hex and a line's alike
    shown = next(u for u in r.to_json()["units"] if u["id"] == "hq")["why"]["blocked"]
    assert {"hex": "0704", "by": "enemy_unit", "rule": "STD-SUP-BLOCK-ENEMY"} in shown["at"]
    assert shown["hexes"] == [B.labels[i] for i in why["blocked"]["hexes"]] and "0704" in shown["hexes"]


def test_ezoc_pass_through_refused():
    # An Allied unit at 0603 puts the gap 0704 in its ZOC; nobody German holds the gap.
    # The HQ at 0604 (in that ZOC too) may leave its own hex, but not pass through 0704.
    r = pocket([de(B, "hq", "0604", hq="german_army"), al(B, "a", "0603")])
    assert not r.units["hq"].supplied
    assert any(x["by"] == "enemy_zoc" and x["hex"] == B.index("0704") for x in r.units["hq"].why["blocked"]["at"])


def test_friendly_unit_in_the_ezoc_hex_opens_it():
    r = pocket([de(B, "hq", "0604", hq="german_army"), de(B, "g", "0704"), al(B, "a", "0603")])
    assert r.units["hq"].supplied


def test_a_line_may_end_in_an_ezoc_hex():
    # The unit itself stands in enemy ZOC next to its HQ: it may leave that hex.
    r = pocket([de(B, "hq", "1004", hq="german_army"), de(B, "u", "0903"), al(B, "a", "0902")])
    assert r.units["u"].supplied


def test_hex_states():
    units = [de(B, "g", "0304"), al(B, "a", "0305")]
    tm = trace_map(B, units, "german", P.blocking)
    assert tm.state[B.index("0703")] == NO_ENTER  # neutral
    assert tm.state[B.index("0305")] == NO_ENTER  # enemy unit
    assert tm.state[B.index("0306")] == ENTER_ONLY  # enemy ZOC
    assert tm.state[B.index("0304")] == PASS  # enemy ZOC, but a German unit holds it
    assert tm.state[B.index("1001")] == PASS


def test_D77_ASUP_05_sc_exerts_no_zoc_and_does_not_block():
    """Cites D77-ASUP-05."""
    # An SC marker sits in the gap: a German line passes through it (SCs are markers, not units).
    b = board("pocket")
    r = line([de(b, "hq", "0404", hq="german_army")], name="pocket", scs=("0704",))
    assert r.units["hq"].supplied


def test_a_unit_off_the_map_is_refused_not_marked_on_the_last_hex():
    from ddaydesk.rules.supply.model import SupplyUnit

    rules = P.blocking
    last = SupplyUnit("u", "german", "german", "infantry", B.n - 1)
    assert split_units([last], rules)["german"] == ([], [last], 1 << (B.n - 1), 1 << (B.n - 1))
    with pytest.raises(ValueError, match="u is not on the map"):
        split_units([last._replace(place=-1)], rules)


def test_an_hq_exerts_no_zoc_alone_but_its_hex_does_with_a_unit_in_it():
    """Default reading: every unit but HQs exerts a ZOC, so a hex holding an HQ and another
    unit is a ZOC source, and one holding only HQs is not (in either order of the units)."""
    alone, with_unit, with_unit_first = B.index("0302"), B.index("0305"), B.index("0306")
    units = [de(B, "h1", "0302", hq="german_army"), de(B, "h2", "0302", hq="german_army"),
             de(B, "h3", "0305", hq="german_army"), de(B, "i1", "0305"),
             de(B, "i2", "0306"), de(B, "h4", "0306", hq="german_army"), al(B, "a", "0502")]
    split = split_units(units, P.blocking)
    got = {side: (g.bits, g.zoc) for side, g in split.items()}
    assert got["german"] == (1 << alone | 1 << with_unit | 1 << with_unit_first, 1 << with_unit | 1 << with_unit_first)
    assert got["allied"] == (1 << B.index("0502"),) * 2
    # each side's HQs and other units, in input order
    assert [u.id for u in split["german"].hqs] == ["h1", "h2", "h3", "h4"]
    assert [u.id for u in split["german"].others] == ["i1", "i2"]
    assert (split["allied"].hqs, [u.id for u in split["allied"].others]) == ([], ["a"])
