"""Supply Centre markers (D77-ASUP-02..-13): placement and fate."""

from __future__ import annotations

import pytest
from supply_helpers import board

from ddaydesk.rules.supply import load_supply_params
from ddaydesk.rules.supply.centres import (
    fate_after_combat,
    fate_when_enemy_arrives,
    placement_problem,
    sc_can_move,
    sc_site_kind,
)

B = board("line45")
P = load_supply_params("dday77")


def place(label, on_map=(), controlled=True, removed_on_turn=None, turn=8):
    return placement_problem(B, P, B.index(label), [B.index(x) for x in on_map], controlled=controlled,
                             removed_on_turn=removed_on_turn, turn=turn)


def test_D77_ASUP_02_fourteenth_sc_refused():
    """Cites D77-ASUP-02."""
    thirteen = [f"02{r:02d}" for r in range(1, 9)] + ["0302", "0304", "0306", "1005", "0308"]
    assert place("0209", on_map=thirteen[:12]) is None
    assert "13 supply centres" in place("0209", on_map=thirteen)


def test_D77_ASUP_12_controlled_coastal_port_or_inland_port_only():
    """Cites D77-ASUP-12."""
    assert sc_site_kind(B, B.index("0205")) == "port"
    assert sc_site_kind(B, B.index("1005")) == "inland_port"
    assert sc_site_kind(B, B.index("0207")) == "coastal"
    assert place("0207") is None and place("1005") is None
    assert "not a coastal hex" in place("2005")
    assert "not controlled" in place("0205", controlled=False)


@pytest.mark.parametrize(("turn", "ok"), [(8, False), (9, True)], ids=["D77-ASUP-13-same-turn", "D77-ASUP-13-next"])
def test_D77_ASUP_13_removed_sc_returns_next_turn_at_the_earliest(turn, ok):
    """Cites D77-ASUP-13."""
    assert (place("0205", removed_on_turn=8, turn=turn) is None) is ok


def test_D77_ASUP_03_sc_has_no_values_and_never_moves():
    """Cites D77-ASUP-03."""
    assert P["allied.sc_values"] == {"attack": 0, "defence": 0, "movement": 0}
    assert not sc_can_move(P)


def test_D77_ASUP_04_lone_sc_lost_when_enemy_enters():
    """Cites D77-ASUP-04."""
    assert fate_when_enemy_arrives(0) == "eliminated"
    assert fate_when_enemy_arrives(1) == "stays"


@pytest.mark.parametrize(("outcomes", "fate"), [
    (["eliminated", "stayed"], "stays"),  # D77-ASUP-06: the hex is not emptied
    (["advanced"], "stays"),  # D77-ASUP-06: advancing after combat does not count
    (["eliminated"], "eliminated"),  # D77-ASUP-07
    (["retreated", "retreated"], "removed"),  # D77-ASUP-08
    (["eliminated", "retreated"], "removed"),  # D77-ASUP-09: the last result decides
    (["retreated", "eliminated"], "eliminated"),  # D77-ASUP-09
], ids=["D77-ASUP-06-survivor", "D77-ASUP-06-advance", "D77-ASUP-07", "D77-ASUP-08",
        "D77-ASUP-09-retreat-last", "D77-ASUP-09-elim-last"])
def test_sc_fate_after_combat(outcomes, fate):
    assert fate_after_combat(outcomes) == fate
