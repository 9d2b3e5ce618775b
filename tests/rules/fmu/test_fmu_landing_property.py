"""Random landings by legal actions only (hypothesis): whatever the player picks and the dice
say, the landing's invariants hold."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import ELIMINATED, ON_MAP, Game, legal_actions
from ddaydesk.rules.fmu.common import fx, outside
from tests.conftest import assert_history_unchanged
from tests.rules.fmu.fmu_helpers import scenario

BEACH = {"3005", "2906", "2806", "2707", "2607", "2508"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), min_size=80, max_size=80))
def test_random_legal_landings_keep_the_rules(seed, picks):
    g = Game(scenario(), seed)
    sc = g.scenario
    labels = sc.board.labels
    for p in picks:
        if not g.state.phase.startswith("landing.") or g.state.phase in ("landing.drop_attacks", "landing.beach_assault"):
            break
        acts = [a for a in legal_actions(g.state, g.state.active)]
        assert acts, f"no legal action in {g.state.phase}"  # every step can be finished
        g.do(acts[p % len(acts)])
    assert_history_unchanged(g)
    s = g.state
    out = outside(s)
    at = s.units_at()
    for i, ks in at.items():
        allied = [k for k in ks if sc.units[k].side == "allied"]
        if labels[i] in BEACH:
            assert len(allied) <= 3  # FMU-AMPH-06
        assert not out[i]  # FMU-GEN-02
    assert {labels[m.place] for m in s.markers_of("beachhead")} <= BEACH  # FMU-AMPH-01
    zones = {d: sc.board.index(h) for d, h in fx(s).get("drop_zones", {}).items()}
    for uid, d in fx(s).get("drops", {}).items():
        k = s.unit(uid)
        if "roll" not in d:
            continue
        if d["roll"] == 1:
            assert s.status[k] == ELIMINATED  # FMU-AIRB-04
        elif s.status[k] == ON_MAP:
            z = zones[uid.split("-")[1]]
            assert sc.board.distance(z, s.place[k]) <= 2  # next to the zone, then one hex of drift
            if d["roll"] == 6:
                assert d["landed"] == d["planned"]  # FMU-AIRB-07
    if s.phase in ("landing.drop_attacks", "landing.beach_assault"):
        assert all(s.status[k] != "withheld" for k in range(len(sc.units)))  # step 5 done


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), min_size=120, max_size=120))
def test_random_landings_fought_with_the_real_combat_reach_gt1(seed, picks):
    """The whole landing, its compulsory attacks included, by random legal actions: the landing
    combat steps offer only their own attacks, and GT 1 starts with no Allied unit left in a
    German hex (FMU-AIRB-12, FMU-AIRB-15) and every beach assault made (FMU-BEACH-01)."""
    g = Game(scenario(), seed)
    sc = g.scenario
    for p in picks:
        s = g.state
        if not s.phase.startswith("landing."):
            break
        acts = legal_actions(s, s.active)
        assert acts, f"no legal action in {s.phase}"
        modes = {a.mode for a in acts if a.kind == "attack"}
        if s.phase == "landing.drop_attacks":
            assert modes <= {"drop_hex"}  # FMU-AIRB-12: only the units in the German hex
        elif s.phase == "landing.beach_assault":
            assert modes <= {"beach_assault"}  # FMU-BEACH-01, FMU-AMPH-08
        g.do(acts[p % len(acts)])
    assert_history_unchanged(g)
    s = g.state
    if s.phase.startswith("landing."):
        return  # the picks ran out first
    assert s.turn == 1
    for ks in s.units_at().values():
        assert len({sc.units[k].side for k in ks}) == 1  # FMU-AIRB-15: one side a hex
    assert s.extra["combat"].get("beach_assault_due") == []  # FMU-BEACH-01: every assault made
