"""The campaign's replacement schedules played (14.0): the U.S. and the Commonwealth forces each
receive their own points in the support fire marker phase and rebuild only with their own
(FMU-CAMP-02..06, FMU-REPL-02)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from ddaydesk.engine import ON_MAP, Changes, Game, IllegalAction
from ddaydesk.rules.fmu import supply
from ddaydesk.rules.fmu.replacements import Rebuild
from ddaydesk.rules.fmu.support import support_phase
from tests.rules.fmu.fmu_helpers import CAMPAIGN, scenario

CW_LEG, CW_MOBILE, US_LEG = "us-4-8", "us-4ad-cca", "us-4-12"


def _commonwealth_campaign():
    """The Utah campaign with two of its units Commonwealth ones (British): a leg and a mobile."""
    sc = copy.copy(scenario(CAMPAIGN))
    sc.units = [replace(u, nationality="british") if u.id in (CW_LEG, CW_MOBILE) else u for u in sc.units]
    return sc


def _support_phase_of(turn: int, monkeypatch) -> Game:
    """The campaign at GT ``turn``'s movement phase, its points just granted by the support fire
    phase, the three units reduced, on the map and in supply."""
    g = Game(_commonwealth_campaign(), 1)
    s = g.state.copy()
    land = [i for i in range(s.scenario.board.n) if s.scenario.board.terrain_of(i) == "clear"]
    for n, uid in enumerate((CW_LEG, CW_MOBILE, US_LEG)):
        k = s.unit(uid)
        s.place[k], s.status[k], s.steps_lost[k] = land[3 * n], ON_MAP, 1
    s.turn, s.phase, s.scratch = turn, "allied.movement", {}
    support_phase(s, Changes())
    s._cache.clear()
    g.states[-1] = s
    monkeypatch.setattr(supply, "provider", lambda st, tr: {t: True for t in tr})
    return g


def _rebuilt(g: Game, uid: str) -> bool:
    try:
        g.do(Rebuild("allied", uid))
    except IllegalAction:
        return False
    return g.state.steps_lost[g.state.unit(uid)] == 0


@pytest.mark.parametrize("turn,cw_leg,cw_mobile", [
    pytest.param(2, 2, 0, id="FMU-CAMP-05"),  # from GT 2, even GTs: 2 leg
    pytest.param(3, 0, 2, id="FMU-CAMP-06"),  # from GT 3, odd GTs: 2 mobile, no leg
    pytest.param(4, 2, 0, id="FMU-CAMP-05-four"),
    pytest.param(5, 0, 2, id="FMU-CAMP-06-five"),
])
def test_commonwealth_units_are_rebuilt_with_the_commonwealth_schedule(turn, cw_leg, cw_mobile, monkeypatch):
    # FMU-CAMP-05, FMU-CAMP-06 played: the Commonwealth's own points, granted on their GTs
    g = _support_phase_of(turn, monkeypatch)
    assert g.state.scratch["replacements_commonwealth"] == {"leg": cw_leg, "mobile": cw_mobile}
    assert _rebuilt(g, CW_LEG) == bool(cw_leg)
    assert _rebuilt(g, CW_MOBILE) == bool(cw_mobile)
    assert g.state.scratch["replacements_commonwealth"] == {"leg": max(0, cw_leg - 1), "mobile": max(0, cw_mobile - 1)}


def test_each_nation_rebuilds_only_with_its_own_points_FMU_CAMP_02_FMU_CAMP_05(monkeypatch):
    # FMU-CAMP-02 and FMU-CAMP-05 on GT 2: 2 U.S. leg points and 2 Commonwealth leg points;
    # a U.S. rebuild spends a U.S. point, never a Commonwealth one
    g = _support_phase_of(2, monkeypatch)
    assert g.state.scratch["replacements"] == {"leg": 2, "mobile": 0}
    assert _rebuilt(g, US_LEG)
    assert g.state.scratch["replacements"] == {"leg": 1, "mobile": 0}
    assert g.state.scratch["replacements_commonwealth"] == {"leg": 2, "mobile": 0}
    g = _support_phase_of(3, monkeypatch)  # GT 3: no Commonwealth leg point (FMU-CAMP-05: even GTs)
    with pytest.raises(IllegalAction, match="no Commonwealth leg replacement point"):
        g.do(Rebuild("allied", CW_LEG))
    assert _rebuilt(g, US_LEG)  # the U.S. has 2 leg points every GT from GT 2
