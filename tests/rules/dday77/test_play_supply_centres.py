"""Allied Supply Centres placed and removed (D77-ASUP-02..05, -10, -12, -13) and hex control
(STD-CTRL-01)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, IllegalAction, Marker, Move, apply, legal_actions
from ddaydesk.engine.movement import reach
from ddaydesk.rules.dday77.control import controller
from ddaydesk.rules.dday77.supply_centres import (
    PlaceSupplyCentre,
    RemoveSupplyCentre,
    available,
    centres,
)
from tests.rules.dday77.conftest import arrange, at_phase, do, start

CHERBOURG, BEACH = "1619", "1620"


def lab(sc, label):
    return sc.board.index(label)


def _held(campaign, phase="allied.movement", turn=4, **options):
    s = start(campaign, allied_supply=True, **options)
    s = arrange(s, {"us-1": "1621", "us-29": BEACH, "ge-709": "x"})
    s = at_phase(s, phase, turn=turn)
    s.extra["control"] = {"allied": format(sum(1 << lab(campaign, h) for h in (CHERBOURG, BEACH, "1621")), "x")}
    s._cache.clear()
    return s


@pytest.mark.parametrize("phase", ["allied.movement", "allied.combat", "german.movement", "german.combat"])
def test_an_sc_on_a_controlled_port_even_in_the_german_turn_d77_asup_12(campaign, phase):
    # proves D77-ASUP-12 ("at any time"): each phase with actions allows it in our default
    # order of play (STD-SEQ, rules/data/dday77/sequence.yaml)
    s = do(_held(campaign, phase=phase), PlaceSupplyCentre("allied", lab(campaign, CHERBOURG)))
    assert centres(s) == [lab(campaign, CHERBOURG)]
    assert s.markers == (Marker("supply_centre", lab(campaign, CHERBOURG), "allied"),)


def test_no_sc_on_an_uncontrolled_port_or_inland_d77_asup_12(campaign):
    s = _held(campaign)
    with pytest.raises(IllegalAction, match=r"not controlled by the Allies \(D77-ASUP-12\)"):
        apply(s, PlaceSupplyCentre("allied", lab(campaign, "2220")))  # Le Havre, German
    with pytest.raises(IllegalAction, match="not a coastal hex, port or inland port"):
        apply(s, PlaceSupplyCentre("allied", lab(campaign, "1722")))


def test_a_fourteenth_sc_is_refused_d77_asup_02(campaign):
    # proves D77-ASUP-02
    s = _held(campaign)
    coast = [i for i in range(campaign.board.n) if campaign.board.terrain_of(i) == "coast"][:14]
    s.extra["control"] = {"allied": format(sum(1 << i for i in coast), "x")}
    s = arrange(s, {}, others="gone")
    for i in coast[:13]:
        s = do(s, PlaceSupplyCentre("allied", i))
    assert available(s) == 0
    with pytest.raises(IllegalAction, match=r"at most 13 \(D77-ASUP-02\)"):
        apply(s, PlaceSupplyCentre("allied", coast[13]))


def test_an_sc_taken_off_returns_only_next_turn_d77_asup_13(campaign):
    # proves D77-ASUP-13
    s = _held(campaign)
    s.markers = tuple(Marker("supply_centre", lab(campaign, h), "allied") for h in (CHERBOURG,))
    s.game["sc_lost"] = 12  # one counter left: the one on the map
    s._cache.clear()
    s = do(s, RemoveSupplyCentre("allied", lab(campaign, CHERBOURG)))
    with pytest.raises(IllegalAction, match="D77-ASUP-13"):
        apply(s, PlaceSupplyCentre("allied", lab(campaign, BEACH)))
    s2 = s.copy()
    s2.turn, s2.scratch = 5, {}
    s2 = do(s2, PlaceSupplyCentre("allied", lab(campaign, BEACH)))
    assert centres(s2) == [lab(campaign, BEACH)]


def test_scs_are_taken_off_only_in_the_allied_movement_phase_d77_asup_13(campaign):
    # proves D77-ASUP-13
    s = _held(campaign, phase="allied.combat")
    s.markers = (Marker("supply_centre", lab(campaign, CHERBOURG), "allied"),)
    with pytest.raises(IllegalAction):
        apply(s, RemoveSupplyCentre("allied", lab(campaign, CHERBOURG)))


def test_a_lone_sc_is_lost_for_good_when_a_german_unit_enters_d77_asup_04(campaign):
    # proves D77-ASUP-04
    s = _held(campaign, phase="german.movement")
    s = arrange(s, {"ge-91": "1720", "us-1": "x", "us-29": "x"})
    s = do(s, PlaceSupplyCentre("allied", lab(campaign, CHERBOURG)))
    s, ch = apply(s, Move("german", "ge-91", lab(campaign, CHERBOURG)))
    assert centres(s) == [] and s.game["sc_lost"] == 1
    assert any("D77-ASUP-04" in n for n in ch.notes)
    assert available(s) == 12
    assert controller(s, lab(campaign, CHERBOURG)) == "german"


def test_an_sc_has_no_zoc_and_no_stacking_d77_asup_05_d77_asup_10(campaign):
    # proves D77-ASUP-05, D77-ASUP-10
    """A German unit passes next to a lone SC without stopping; an SC is not a unit, so it
    neither moves (D77-ASUP-03) nor counts for stacking."""
    # D77-ASUP-10 rests on base stacking and city control rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _held(campaign, phase="german.movement")
    s = arrange(s, {"us-1": "x", "us-29": "x", "ge-91": "1720"})
    r0 = reach(s, s.unit("ge-91"))
    s = do(s, PlaceSupplyCentre("allied", lab(campaign, BEACH)))
    r1 = reach(s, s.unit("ge-91"))
    assert r1.dest == r0.dest and r1.zoc_stops == r0.zoc_stops
    assert not [a for a in legal_actions(s, "allied") if a.kind == "move"]


def test_an_sc_alone_gives_the_allies_control_d77_asup_10(campaign):
    # proves D77-ASUP-10
    # D77-ASUP-10 rests on base stacking and city control rules, not in the seeds: proven against our default (docs/rules/dday77.md)
    s = _held(campaign)
    s = arrange(s, {"us-29": "x"})
    s.extra["control"] = {"allied": format(1 << lab(campaign, CHERBOURG), "x")}
    s.markers = (Marker("supply_centre", lab(campaign, BEACH), "allied"),)
    s._cache.clear()
    assert controller(s, lab(campaign, BEACH)) == "allied"


def test_control_is_held_by_the_last_side_to_stand_there_std_ctrl_01(campaign):
    # proves STD-CTRL-01
    s = start(campaign)
    beach = lab(campaign, BEACH)
    sea = next(i for i in range(campaign.board.n) if campaign.board.terrain_of(i) == "sea")
    assert controller(s, beach) == "german" and controller(s, sea) is None
    s = arrange(s, {"us-1": BEACH})
    s = at_phase(s, "allied.movement", turn=3)
    s = do(s, Move("allied", "us-1", lab(campaign, "1722")))
    s, _ = apply(s, EndPhase("allied"))  # into combat: control settled
    assert controller(s, beach) == "allied"  # the unit has left; the hex stays Allied
    s = arrange(s, {"ge-91": BEACH})
    assert controller(s, beach) == "german"


def test_the_breakout_scenario_starts_with_its_allied_hexes(breakout):
    from ddaydesk.engine import new_state

    s = new_state(breakout, 1)
    assert controller(s, breakout.board.index("1619")) == "allied"
    assert not s.markers_of("control")
