"""The start (ui/startup.py): the first frame shows the map with its counters; the supply
marks, which need the supply rules worked out over the map, come right after it is painted,
with the status bar saying so meanwhile; the cyclic collector waits for it too. Over the
real engine, in the real window."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from ddaydesk.engine import Game, reach
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.ui import startup
from ddaydesk.ui.engine_port import EnginePort
from tests.conftest import DATA, ROOT
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


# -- the docks right after the first frame ----------------------------------------------------------
START = ("tutorial", "dday77-campaign", "utah-landing", "sword", "dday2", "ddd-omaha")


def _start(qtbot, settings, name):
    """As ``ddaydesk gui`` starts: the window without its docks' contents, shown, finished
    after its first paint."""
    from ddaydesk.ui.mainwindow import MainWindow
    from ddaydesk.ui.session import open_game

    port = open_game(ROOT / "scenarios" / f"{name}.yaml")
    startup.defer_until_drawn(port)
    win = MainWindow(port, settings, autosave=False, later=True)
    qtbot.addWidget(win)
    return win


def _filled(win) -> tuple:
    """What the docks, menus and bars of a finished window hold, for comparison."""
    view = win.controller.view
    model = win.unit_table.model()
    return (
        [(d.objectName(), d.windowTitle(), type(d.widget()).__name__, d.isVisibleTo(win)) for d in win.docks],
        [(m.title(), [a.text() for a in m.actions()]) for m in win.menuBar().findChildren(QMenu)],
        [a.text() or type(w).__name__ for a in win.turn_bar.actions() for w in [win.turn_bar.widgetForAction(a)]],
        sorted(model.index(r, 0).data() for r in range(model.rowCount())),
        [win.log_model.index(r, 0).data() for r in range(win.log_model.rowCount())],
        win.actions_panel.choices, win.dice_log.model.rowCount(), win.hex_dock.widget().place,
        win.legend.texts(), win.legend.shown, win.stack.count(), win.hint.text(),
        [a.text() for a in win.all_actions], len(view.units),
    )


class _FirstPaint(QObject):
    """Where the map is when its first frame is painted, and whether the docks were filled."""

    def __init__(self, win):
        super().__init__(win)
        self.win, self.seen = win, None
        win.view.viewport().installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint and self.seen is None:
            self.seen = (_where(self.win), self.win.built)
        return False


def _where(win) -> tuple:
    vp = win.view.viewport()
    return vp.mapTo(win, vp.rect().topLeft()), vp.size(), win.view.transform().m11()


@pytest.mark.parametrize("name", START)
def test_the_first_frame_is_the_map_and_the_docks_fill_right_after_it(qtbot, name, tmp_path):
    """The first frame: the map with its counters, the docks empty where they stand; the next
    turn of the event loop fills them, the map keeping its place and scale; the window is then
    the one built at once."""
    from ddaydesk.ui.mainwindow import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    gc.disable()
    try:
        win = _start(qtbot, settings, name)
        assert not win.built
        assert [d.widget() for d in win.docks if d.objectName() in ("units-dock", "log-dock", "actions-dock")] == [None] * 3
        on_map = {u.id for u in win.controller.view.units if u.place >= 0}
        assert set(win.scene.counters.units) == on_map  # the counters are in the first frame
        first = _FirstPaint(win)
        startup.after_first_paint(win)
        win.show()
        qtbot.waitUntil(lambda: win.built)
        assert first.seen is not None and first.seen[1] is False  # painted before the docks were filled
        qtbot.wait(50)  # (their layout settled)
        assert _where(win) == first.seen[0]
    finally:
        gc.enable()
    at_once = MainWindow(win.port, QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat), autosave=False)
    qtbot.addWidget(at_once)
    at_once.show()
    qtbot.waitExposed(at_once)
    assert _filled(win) == _filled(at_once)
    assert win.actions_panel.choices == at_once.controller.choices()


DDD = sorted(p.stem for p in (ROOT / "scenarios").glob("ddd-*.yaml"))


@pytest.mark.parametrize("name", DDD)
def test_d_day_dice_s_column_stands_empty_in_the_first_frame_at_the_width_its_cards_take(qtbot, name, tmp_path):
    """The column of players' cards left of the map sets the map's room: the first frame shows
    it reserved at its width, no card made; the cards come with the docks, the column keeps
    its width and the map its place."""
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    gc.disable()
    try:
        win = _start(qtbot, settings, name)
        column = next(d.widget() for d in win.panel_docks if d.widget().area == "left")
        reserved = column.minimumWidth()
        assert column.cards == {} and reserved > 0
        first = _FirstPaint(win)
        startup.after_first_paint(win)
        win.show()
        qtbot.waitUntil(lambda: win.built)
        assert first.seen is not None and first.seen[1] is False  # (no card before the window is built)
        assert column.cards and column.minimumWidth() == reserved
        qtbot.wait(50)
        assert _where(win) == first.seen[0]
    finally:
        gc.enable()


def test_a_dice_key_right_after_the_first_frame_rolls(qtbot, settings):
    """R (roll the dice of the player at the keyboard) before the column's cards are made:
    the window is finished first, then the key rolls them."""
    win = _start(qtbot, settings, "ddd-exercise-tiger")
    first = _FirstPaint(win)
    with qtbot.waitActive(win):  # (the dice keys are the window's shortcuts)
        win.show()
        win.activateWindow()
    qtbot.waitUntil(lambda: first.seen is not None)
    startup.after_first_paint(win)
    assert not win.built
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert win.built and [a.kind for a in win.port.game.log] == ["roll_dice"]


def test_a_click_right_after_the_first_frame_finds_the_window_finished(qtbot, settings):
    """A player quicker than the event loop: a click on the map before the docks are filled
    fills them first, then the Actions dock shows the actions about the place clicked."""
    win = _start(qtbot, settings, "tutorial")
    first = _FirstPaint(win)
    win.show()
    qtbot.waitUntil(lambda: first.seen is not None)  # the first frame on screen...
    startup.after_first_paint(win)  # ...its zero timer not run yet
    assert not win.built
    centre = win.view.viewport().rect().center()
    place = min((p for p in range(win.port.board.n) if not win.scene.counters.stack_at(p)),
                key=lambda p: (win.view.view_point_of(p) - centre).manhattanLength())
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     win.view.view_point_of(place))
    assert win.built
    assert (win.actions_panel.place, win.actions_panel.place_name) == (place, win.port.place_name(place))


def test_a_key_right_after_the_first_frame_finds_the_window_finished(qtbot, settings):
    """Ctrl+L (the dice log) before the docks are filled: they are, and the Dice dock is raised."""
    win = _start(qtbot, settings, "tutorial")
    first = _FirstPaint(win)
    win.show()
    qtbot.waitUntil(lambda: first.seen is not None)
    startup.after_first_paint(win)
    assert not win.built
    QTest.keyClick(win, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert win.built and win.dice_dock.widget() is win.dice_log and win.dice_dock.isVisible()


@pytest.mark.parametrize("name", ("dday77-campaign", "sword"))
def test_a_start_draws_each_counter_once_at_the_scale_of_its_first_frame(qtbot, settings, monkeypatch, name):
    """The window is laid out when shown: its map is fitted then, and the counters are drawn
    once, at that scale (not first at the size of a window not laid out yet). As every start
    but the very first (whose docks get their widths once laid out) has it: the layout saved."""
    from ddaydesk.ui.counterlayer import CounterLayer

    before = _start(qtbot, settings, name)
    before.show()
    qtbot.waitExposed(before)
    before.build()
    qtbot.wait(50)
    before.close()  # (its geometry and docks' layout saved)
    drawn = []
    pixmap = CounterLayer._pixmap
    monkeypatch.setattr(CounterLayer, "_pixmap", lambda self, u: drawn.append((u.id, self.level)) or pixmap(self, u))
    win = _start(qtbot, settings, name)
    assert drawn == []  # (nothing before the window has its size)
    first = _FirstPaint(win)
    win.show()
    qtbot.waitUntil(lambda: first.seen is not None)
    counters = win.scene.counters
    assert len(drawn) == len(counters.items) and {level for _u, level in drawn} == {counters.level}
    assert counters.level == win.view.device_scale() and not counters.held
    assert all(not item.pixmap().isNull() for item in counters.items.values())


def test_a_start_and_an_action_each_read_one_view(qtbot, settings, monkeypatch):
    """D-Day Dice solitaire starts with the German to act (not the first side): the window
    reads one view of the game to show it, not one to learn whose turn it is and another;
    an action reads one more (the side it hands to is the game's, not a second view's)."""
    from ddaydesk.ui.engine_port import open_engine_game
    from ddaydesk.ui.mainwindow import MainWindow

    port = open_engine_game(ROOT / "scenarios" / "ddd-solitaire.yaml")
    assert port.active_side() == "german" != port.sides()[0]
    asked = []
    real = port.view
    monkeypatch.setattr(port, "view", lambda side: asked.append(side) or real(side))
    win = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(win)
    assert asked == ["german"] and win.controller.side == "german"
    assert win.controller.choose(0, "the first choice")
    assert asked == ["german", win.controller.side]
