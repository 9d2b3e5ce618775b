"""The engine port's what-if supply (the hover preview of a move), over the real engine."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game, legal_actions, reach  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from tests.conftest import DATA  # noqa: E402

HQ_CUT = load_scenario(DATA / "supply" / "hq_cut.yaml")  # tests/rules/supply/test_supply_whatif.py


@pytest.fixture
def port():
    g = Game(HQ_CUT, 1)
    while g.state.phase != "allied.movement":
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == "end_phase"))
    return EnginePort(g)


def test_a_previewed_move_that_cuts_an_hq_line_marks_its_units_as_the_move_then_finds(port):
    gap = HQ_CUT.board.index("1113")
    path = reach(port.game.state, port.game.state.unit("br-7-arm")).path(gap)
    before = port.game.state.state_hash()
    pv = port.supply_after_move("br-7-arm", gap, path)
    assert port.game.state.state_hash() == before  # a preview changes nothing
    assert pv.cut_off == {"de-709-st", "de-91-lle", "de-7-armee"} and not pv.restored
    german = pv.view("german")
    for uid in pv.cut_off:
        assert not pv.supplied[uid] and not german.units[uid].supplied
        assert german.units[uid].reason == "cut off by this move"
    assert pv.supplied["br-7-arm"] and pv.view("allied").units["br-7-arm"].supplied
    assert pv.view("german") is german  # made once
    port.move("br-7-arm", list(path))  # the move made: the supply the overlay then shows
    now = port.supply("german")
    assert {u: s.supplied for u, s in now.units.items()} == {u: s.supplied for u, s in german.units.items()}
    assert now.supplied_places == german.supplied_places


def test_the_preview_is_kept_per_position_and_none_for_a_refused_move(port):
    gap = HQ_CUT.board.index("1113")
    first = port.supply_after_move("br-7-arm", gap)
    assert port.supply_after_move("br-7-arm", gap) is first  # hovering back: from memory
    assert port.supply_after_move("br-7-arm", HQ_CUT.board.index("0101")) is None  # sea
    port.move("br-7-arm", [HQ_CUT.board.index("1207"), HQ_CUT.board.index("1208")])
    again = port.supply_after_move("br-7-arm", gap)
    assert again is not first  # a new position: traced afresh
