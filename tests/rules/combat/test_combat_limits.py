"""Support choices offered for a declared combat (the combat dialog's limits)."""

from __future__ import annotations

from ddaydesk.rules.combat import Declaration, Pools, TurnInfo
from ddaydesk.rules.combat.limits import support_limits
from tests.rules.combat.conftest import Build


def test_nbp_limit_follows_the_seed_example_D77_NAV_09(d77):
    sea = [d77.board.label(j) for j in d77.board.adj[d77.board.index("0203")]
           if d77.board.terrain_of(j) == "sea"]
    d77.unit("g", "german", "0203", 4, 4)
    d77.unit("s", "allied", sea[0], 5, 5)
    sit = d77.sit(turn=TurnInfo(invasion_turn=True), pools=Pools(nbp_left=10, air_left=10))
    lim = support_limits(sit, Declaration(("s",), d77.board.index("0203")))
    assert lim.nbp_max == 2  # D77-NAV-09: one 5-5-4 takes 2
    assert any("D77-NAV-06" in x for x in lim.why_not["nbp"])
    assert lim.cas_max == 0 and any("D77-AIR-11" in x for x in lim.why_not["cas"])  # no HQ on the map


def test_cas_and_cds_limits(d77):
    d77.unit("hq", "allied", "0305", 0, 1, type="hq", zoc=False)
    d77.unit("g", "german", "0404", 4, 4)
    d77.unit("a", "allied", "0403", 12, 12)
    sit = d77.sit(pools=Pools(air_left=3))
    lim = support_limits(sit, Declaration(("a",), d77.board.index("0404")))
    assert lim.cas_max == 3 and any("D77-AIR-09" in x for x in lim.why_not["cas"])  # pool binds first
    b = Build(d77.board, "dday77")
    b.unit("hq", "allied", "0305", 0, 1, type="hq", zoc=False)
    b.unit("a", "allied", "0404", 3, 3)
    b.unit("g", "german", "0403", 8, 8)
    assert support_limits(b.sit(), Declaration(("g",), b.board.index("0404"))).cds


def test_fmu_limits_list_each_sides_cups(fmu):
    fmu.unit("u0", "allied", "0203", 3, 3)
    sit = fmu.sit(turn=TurnInfo(turn=1), beach_places=frozenset({fmu.board.index("0203")}))
    lim = support_limits(sit, Declaration(("u0",), fmu.board.index("0203"), kind="beach_assault"))
    assert lim.draws_max == 2 and lim.naval_max == 2  # FMU-NGS-03: within the two-marker maximum
    assert set(lim.cups) == {"allied_air", "allied_ground"} and set(lim.defender_cups) == {"german"}
