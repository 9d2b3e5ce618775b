"""Pools after a rolled combat: NBPs, air factors, CDS, cups and naval markers."""

from __future__ import annotations

from ddaydesk.rules.combat import Declaration, Marker, Pools, Support, TurnInfo, assess, draw
from ddaydesk.rules.combat.ledger import spend


def test_nbp_and_air_spent_for_the_turn_D77_NAV_04_D77_AIR_09(d77):
    sea = [d77.board.label(j) for j in d77.board.adj[d77.board.index("0203")]
           if d77.board.terrain_of(j) == "sea"]
    d77.unit("g", "german", "0203", 4, 4)
    d77.unit("s", "allied", sea[0], 8, 8)
    sit = d77.sit(turn=TurnInfo(invasion_turn=True), pools=Pools(nbp_left=10, air_left=10))
    a = assess(sit, Declaration(("s",), d77.board.index("0203"), support=Support(nbp=4)))
    after = spend(sit.pools, a)
    assert (after.nbp_left, after.air_left) == (6, 10)  # D77-NAV-04: 6 left for other attacks


def test_cds_spends_a_factor_and_marks_the_hex_D77_AIR_21(d77):
    d77.unit("hq", "allied", "0305", 0, 1, type="hq", zoc=False)
    d77.unit("a", "allied", "0404", 3, 3)
    d77.unit("g", "german", "0403", 8, 8)
    sit = d77.sit(pools=Pools(air_left=3))
    a = assess(sit, Declaration(("g",), d77.board.index("0404"), support=Support(cds=True)))
    after = spend(sit.pools, a)
    assert after.air_left == 2 and d77.board.index("0404") in after.cds_hexes  # D77-AIR-21
    again = assess(_with(sit, after), Declaration(("g",), d77.board.index("0404")))
    assert spend(after, again).air_left == 2  # the hex keeps its factor; nothing more spent


def _with(sit, pools):
    from dataclasses import replace
    return replace(sit, pools=pools)


def test_drawn_markers_leave_the_cup_and_mines_stays_aside_FMU_SFM_04(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    mines, four = Marker("mines", 2, "german", mines=True), Marker("g4", 4, "german")
    sit = fmu.sit()
    sit = _with(sit, Pools(cups={**sit.pools.cups, "german": (mines, four)}, naval_left=sit.pools.naval_left))
    a = assess(sit, Declaration(("a",), fmu.board.index("0404"), support=Support(defender_draws=("german",),
                                                                              mines_policy="redraw")))
    picks = iter([0, 0])
    d = draw(sit.pools.cups, ("german",), "redraw", lambda n: next(picks))
    after = spend(sit.pools, a, defender=d)
    assert after.cups["german"] == () and after.mines_aside == mines  # FMU-SFM-04
    later = assess(_with(sit, after), Declaration(("a",), fmu.board.index("0404"),
                                                  support=Support(defender_mines=True)))
    assert later.legal and later.defence == 6
    assert spend(after, later).mines_aside is None


def test_both_sides_draws_update_their_own_cups(fmu):
    fmu.unit("g", "german", "0404", 4, 4)
    fmu.unit("a", "allied", fmu.nb("0404", 0), 4, 4)
    sit = fmu.sit()
    support = Support(attacker_draws=("allied_air", "allied_ground"), defender_draws=("german", "german"))
    a = assess(sit, Declaration(("a",), fmu.board.index("0404"), support=support))
    att = draw(sit.pools.cups, support.attacker_draws, "use", lambda n: 0)
    dfn = draw(sit.pools.cups, support.defender_draws, "use", lambda n: n - 1)
    after = spend(sit.pools, a, att, dfn)
    for cup, n in (("allied_air", 1), ("allied_ground", 1), ("german", 2)):
        assert len(after.cups[cup]) == len(sit.pools.cups[cup]) - n
    assert not set(att.markers + dfn.markers) & {m for c in after.cups.values() for m in c}
