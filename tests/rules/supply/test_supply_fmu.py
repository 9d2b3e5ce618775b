"""Utah Beach supply (FMU-SUP-*) on the utah_line test map: sea in column 01, beach landing
hexes in column 02; the beachhead marker is at 0204 unless a test says otherwise."""

from __future__ import annotations

from supply_helpers import board, unit, utah

from ddaydesk.rules.supply import load_supply_params
from ddaydesk.rules.supply.fmu import attrition

B = board("utah_line")
P = load_supply_params("fmu")


def us(uid, at, **kw):
    return unit(B, uid, "allied", at, nat="us", **kw)


def de(uid, at):
    return unit(B, uid, "german", at)


def test_FMU_SUP_02_any_length():
    """Cites FMU-SUP-02."""
    r = utah([us("u", "2204")])
    u = r.units["u"]
    assert u.supplied and u.chain[0].length == 20 and u.chain[0].limit is None  # FMU-SUP-02
    assert (u.status, u.rule, u.chain[0].to_kind) == ("supplied", "FMU-SUP-02", "beachhead")


def test_FMU_SUP_02_airborne_may_use_a_drop_zone_others_not():
    """Cites FMU-SUP-02."""
    # A German line in column 10 (units in every other row, ZOC between) cuts the beach off.
    wall = [de(f"g{r}", f"10{r:02d}") for r in (1, 3, 5, 7)]
    para = us("para", "2004", type="parachute")
    leg = us("leg", "2005")
    r = utah([*wall, para, leg], drop_zones=("2204",))
    assert r.units["para"].supplied and r.units["para"].chain[0].to_kind == "drop_zone"
    assert (r.units["para"].status, r.units["para"].rule, r.units["para"].chain[0].rule) == \
        ("supplied", "FMU-SUP-02", "FMU-SUP-02")  # what the supply report prints for it
    assert not r.units["leg"].supplied
    r = utah([*wall, para, leg], drop_zones=("2204",), turn=3)  # markers gone from GT 3
    assert not r.units["para"].supplied


def test_FMU_SUP_03_enemy_occupied_hex_blocks():
    """Cites FMU-SUP-03."""
    # German units fill column 05 in every row: no way round.
    wall = [de(f"g{r}", f"05{r:02d}") for r in range(1, 9)]
    r = utah([*wall, us("u", "0804")])
    u = r.units["u"]
    assert not u.supplied and u.why["reason"] == "blocked"
    assert any(x["by"] == "enemy_unit" for x in u.why["blocked"]["at"])


def test_FMU_SUP_04_no_passing_through_ezoc_even_with_a_friendly_unit():
    """Cites FMU-SUP-04."""
    # German units in 0601, 0603, 0605, 0607: every hex of column 05-07 between is in EZOC.
    wall = [de(f"g{r}", f"06{r:02d}") for r in (1, 3, 5, 7)]
    friends = [us(f"f{r}", f"06{r:02d}") for r in (2, 4, 6, 8)]  # friendly units in the EZOC gaps
    r = utah([*wall, *friends, us("u", "1004")])
    assert not r.units["u"].supplied  # FMU-SUP-04: the friendly unit does not open the hex
    assert any(x["by"] == "enemy_zoc" for x in r.units["u"].why["blocked"]["at"])


def test_FMU_SUP_04_unit_in_ezoc_traces_out_and_line_may_end_in_ezoc():
    """Cites FMU-SUP-04."""
    r = utah([de("g", "1004"), us("u", "1104")])  # u stands in EZOC
    assert r.units["u"].supplied
    r = utah([de("g", "0404"), us("u", "0804")])  # the line's last hex (beachhead side) in EZOC
    assert r.units["u"].supplied


def test_FMU_SUP_05_out_of_supply_is_reduced_then_eliminated():
    """Cites FMU-SUP-05."""
    wall = [de(f"g{r}", f"05{r:02d}") for r in range(1, 9)]
    r = utah([*wall, us("full", "0804"), us("red", "0806", reduced=True)])
    assert r.units["full"].effect == "reduce" and r.units["red"].effect == "eliminate"


def test_FMU_SUP_01_check_happens_when_the_allied_player_turn_ends():
    """Cites FMU-SUP-01."""
    wall = [de(f"g{r}", f"05{r:02d}") for r in range(1, 9)]
    r = utah([*wall, us("u", "0804")])
    assert attrition(r.units, "german_player_turn", P) == {}
    assert attrition(r.units, "allied_player_turn", P) == {"u": "reduce"}


def test_FMU_SUP_06_unit_on_beach_landing_hex_always_supplied():
    """Cites FMU-SUP-06."""
    # 0207 is a beach landing hex without a beachhead, ringed by German units.
    ring = [de("g1", "0206"), de("g2", "0208"), de("g3", "0307"), de("g4", "0308")]
    r = utah([*ring, us("u", "0207")])
    assert r.units["u"].supplied and r.units["u"].rule == "FMU-SUP-06"


def test_FMU_SUP_06_german_units_always_supplied():
    """Cites FMU-SUP-06."""
    r = utah([de("g", "2504"), us("u", "2404")])
    assert r.units["g"].supplied and r.units["g"].status == "always"


def test_enemy_hqs_exert_no_zoc_on_a_supply_line_STD_FM_ZOC():
    """Our default (the F&M ZOC rule is not public, STD-FM-ZOC): an HQ has no zone of control,
    so a German line of HQs with gaps between them does not cut the beach off; the same line
    of infantry does (FMU-SUP-04)."""
    hqs = [unit(B, f"g{r}", "german", f"06{r:02d}", type="hq") for r in (1, 3, 5, 7)]
    assert utah([*hqs, us("u", "1004")]).units["u"].supplied
    wall = [de(f"g{r}", f"06{r:02d}") for r in (1, 3, 5, 7)]
    assert not utah([*wall, us("u", "1004")]).units["u"].supplied


def test_no_supply_line_across_the_sea_STD_FM_TEC():
    """Cites STD-FM-TEC: a supply line never crosses a sea hex (impassable terrain: our
    documented default, the F&M terrain chart not being public). German HQs (no zone of
    control) fill row 06 from the beach to the east edge: only the sea of column 01 leads
    round them to the beachhead at 0204."""
    wall = [unit(B, f"g{c}", "german", f"{c:02d}06", type="hq") for c in range(2, 31)]
    r = utah([*wall, us("south", "0308"), us("north", "0305")], turn=2)
    assert r.units["north"].supplied  # the step before the wall: the beachhead reached
    assert not r.units["south"].supplied and r.units["south"].why["reason"] == "blocked"
