"""The start (ui/startup.py): the first frame shows the map with its counters; the supply
marks, which need the supply rules worked out over the map, come right after it is painted,
with the status bar saying so meanwhile; the cyclic collector waits for it too. Over the
real engine, in the real window."""

from __future__ import annotations

import gc

import pytest

from ddaydesk.engine import Game, reach
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.ui import startup
from ddaydesk.ui.engine_port import EnginePort
from tests.conftest import DATA
from tests.ui.conftest import shown

HQ_CUT = load_scenario(DATA / "supply" / "hq_cut.yaml")  # tests/rules/supply/test_supply_whatif.py


@pytest.fixture
def port():
    """German HQs and their units cut off by a British move (the view marks them "!")."""
    p = EnginePort(Game(HQ_CUT, 1))
    while p.game.state.phase != "allied.movement":
        p.end_phase()
    state = p.game.state
    p.move("br-7-arm", list(reach(state, state.unit("br-7-arm")).path(HQ_CUT.board.index("1113"))))
    return p


def _marked(view) -> set[str]:
    return {u.id for u in view.units if u.turns_out_of_supply}


def test_supply_marks_come_right_after_the_first_paint(qtbot, settings, port):
    from ddaydesk.ui.mainwindow import MainWindow

    full = _marked(port.view(port.game.state.active))
    assert {"de-709-st", "de-91-lle", "de-7-armee"} <= full
    assert startup.defer_until_drawn(port)
    gc.disable()  # as ``ddaydesk gui`` starts
    try:
        win = MainWindow(port, settings, autosave=False)
        qtbot.addWidget(win)
        first = win.controller.view
        assert _marked(first) == set() and len(first.units) == len(port.scenario.units)
        startup.after_first_paint(win)
        assert shown(win.hint) == startup.LOADING
        with qtbot.waitSignal(win.controller.viewChanged, timeout=5000):
            win.show()  # painted: the view is read again, with the marks
        assert _marked(win.controller.view) == full
        on_map = {u for u in full if port.game.state.place[port.scenario.unit_index[u]] >= 0}
        assert {u.id for u in win.scene.counters.units.values() if u.turns_out_of_supply} == on_map  # drawn
        assert shown(win.hint) == "" and not port.supply_later
        assert gc.isenabled()
    finally:
        gc.enable()


def test_a_game_without_supply_marks_has_nothing_to_wait_for(qtbot, settings):
    from ddaydesk.ui.session import open_game
    from tests.conftest import ROOT

    port = open_game(ROOT / "scenarios" / "ddd-omaha.yaml")
    assert port.capabilities().why_not("supply")
    assert not startup.defer_until_drawn(port) and not port.supply_later


def test_finish_twice_reads_the_view_once(qtbot, settings, port):
    from ddaydesk.ui.mainwindow import MainWindow

    startup.defer_until_drawn(port)
    win = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.controller.viewChanged, timeout=1000):
        startup.finish(win)
    with qtbot.assertNotEmitted(win.controller.viewChanged):
        startup.finish(win)  # (the timer's, after the paint's)
