"""D-Day Dice in today's main window: a seeded game of each mode played to its end through
the Actions dock (rolls, locks, tallies, rallies, moves, assaults, choices) and Game > End
phase, with the hand-over screen between the Allies and a person's German. The map shows
the Sectors and the Units on them; the German's Decorations never reach the Allied seat."""

from __future__ import annotations

import pytest

from ddaydesk.engine import OVER, EndPhase, Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd.text import describe
from ddaydesk.ui.engine_port import EnginePort
from tests.rules.ddd.conftest import EVERY_MODULE, SCEN
from tests.rules.ddd.play import choose

MODES = {"solo": ("exercise-tiger", {}), "three": ("omaha", {"unit_british": True, "unit_french": True}),
         "vs_program": ("gold", {"auto_german": True, "unit_canadian": True}),
         "vs_person": ("exercise-fabius", {"atlantikwall": True}), "solitaire": ("exercise-fabius", {"solitaire": True}),
         "campaign": ("campaign-overlord", {**EVERY_MODULE, "badge_of_honor": True})}


def _window(qtbot, settings, name, options, seed=5):
    from ddaydesk.ui.mainwindow import MainWindow

    port = EnginePort(Game(load_scenario(SCEN[name]), seed=seed, options=options))
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w, port


@pytest.mark.parametrize("mode", list(MODES))
def test_a_seeded_game_is_played_to_its_end_in_the_window(qtbot, settings, mode):
    name, options = MODES[mode]
    w, port = _window(qtbot, settings, name, options)
    g = port.game
    handovers = 0
    for _ in range(3000):
        if g.state.phase == OVER:
            break
        if w.stack.currentWidget() is w.handover:
            handovers += 1
            w.handover.button.click()
        assert w.controller.side == g.state.active  # the seat is the player who must act
        want = choose(g.state)
        before = len(g.log)
        if isinstance(want, EndPhase):
            w.end_phase()
        else:
            words = describe(g.state, want)
            item = next(i for i in w.actions_panel.items() if i.text(0) == words)
            w.actions_panel.tree.itemActivated.emit(item, 0)
        assert len(g.log) == before + 1 and g.log[-1] == want
    assert g.state.phase == OVER and g.state.record("ddd")["winner"]
    assert (handovers > 0) == (mode == "vs_person")  # only a person's German holds secrets at the table
    assert g.state.record("ddd")["end"] in w.controller.view.outcome  # the window says how it ended


def test_the_map_shows_the_units_in_their_sectors_and_hides_absent_nations(qtbot, settings):
    w, port = _window(qtbot, settings, "exercise-tiger", {"unit_british": True})
    assert set(w.scene.counters.items) == {"us", "british"}  # the French and Canadians do not play
    sector_1 = port.board.index("1")
    for item in w.scene.counters.items.values():
        assert port.board.place_at_point(*(c / w.scene.geom.scale for c in
                                           item.sceneBoundingRect().center().toTuple())) == sector_1
    assert w.unit_model.rowCount() == 2
