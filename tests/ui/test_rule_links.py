"""Every rule id the window shows is a link to an existing entry of the rules browser.

Seeded scripted games of each shipped scenario are played through the engine adapter the
window uses; along the way the ids shown in combat lines (the dialog's preview), refusals
(ending a phase, moving where a unit may not), supply explanations (the hex dock) and the
log are gathered, and each is opened in the rules browser of the game's window. The links
themselves are clicked in the status bar, the combat dialog, the hex dock and the log."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import EndPhase, Game, current_phase, problem  # noqa: E402
from ddaydesk.engine.movement import why_not  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.rules.help.chartkit import Context  # noqa: E402
from ddaydesk.rules.help.ids import rule_ids  # noqa: E402
from ddaydesk.rules.help.pages import RulesHelp  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from ddaydesk.ui.port import PortError  # noqa: E402
from ddaydesk.ui.rules_browser import RulesBrowser  # noqa: E402

# scenario -> (seed, last turn played, every optional rule on); D-Day Dice shows no rule ids yet
GAMES = {
    "tutorial": (1944, 6, True),
    "dday77-breakout": (8, 10, True),
    "dday77-campaign": (1944, 3, True),
    "utah-landing": (2024, 17, False),
    "utah-campaign": (7, 6, False),
    "dday2": (7, 10, False),
    "sword": (5, 4, True),  # (a game whose log cites a rule: Corps Artillery variants are listed now)
}


class Watcher:
    """Wraps ``game.do``: before each action, notes the rule ids the window would show now."""

    def __init__(self, port: EnginePort):
        self.port = port
        self.seen: dict[str, str] = {}  # rule id -> where it was first shown
        self.phase = None
        self.do = port.game.do
        port.game.do = self.look_then_do

    def note(self, where: str, text: str) -> None:
        for rule in rule_ids(text):
            self.seen.setdefault(rule, f"{where}: {text}")

    def look_then_do(self, action):
        port, s = self.port, self.port.game.state
        phase = current_phase(s)
        if action.kind in ("fire_attack", "close_combat"):  # Koenig's odds before the roll
            self.note("combat line", port.profile.preview(s, action, port.name))
        if action.kind == "attack" and phase.kind == "combat":
            try:
                pv = port.combat_preview(list(action.attackers), action.target, {})
            except PortError as exc:
                self.note("combat refusal", str(exc))
            else:
                for line in pv.attack_lines + pv.defence_lines:
                    self.note("combat line", f"{line.text} ({line.rule})")
                self.note("combat table", pv.rule)
        if (s.turn, s.phase) != self.phase:  # once a phase: what the window would say now
            self.phase = (s.turn, s.phase)
            self.note("refusal", problem(s, EndPhase(s.active)) or "")
            if phase.kind == "movement" and s.scenario.system.map_kind == "hex":
                self._refused_moves(s, phase.side)
            if not port.capabilities().why_not("supply"):
                for side in s.scenario.system.sides:
                    for us in port.supply(side).units.values():
                        self.note("supply", us.reason)
        return self.do(action)

    def _refused_moves(self, s, side: str) -> None:
        units = [k for k, u in enumerate(s.scenario.units) if u.side == side and s.place[k] >= 0]
        for k in units[:3]:
            r = engine.reach(s, k)
            for place in (0, s.scenario.board.n - 1):
                self.note("refusal", why_not(s, r, place))


def _play_dday77(game: Game, seed: int, last: int) -> None:
    from tests.rules.dday77.random_play import play

    play(game, random.Random(seed), until_turn=last)


def _play_fmu(game: Game, _seed: int, last: int) -> None:
    from tests.rules.fmu.fmu_helpers import play_landing
    from tests.rules.fmu.test_fmu_scripted_game import play_through

    play_through(play_landing(game), last)


def _play_dd2(game: Game, _seed: int, last: int) -> None:
    from tests.rules.dd2.play import choose

    while game.state.phase != engine.OVER and game.state.turn <= last:
        game.do(choose(game.state))


def _play_pkd(game: Game, seed: int, last: int) -> None:
    from tests.rules.pkd.play import choose

    rng = random.Random(seed)
    while game.state.phase != engine.OVER and game.state.turn <= last:
        game.do(choose(game.state, rng))


PLAY = {"dday77": _play_dday77, "fmu": _play_fmu, "dd2": _play_dd2, "pkd": _play_pkd}


def played(name: str) -> tuple[EnginePort, Watcher]:
    seed, last, all_on = GAMES[name]
    sc = load_scenario(scenarios_dir() / f"{name}.yaml")
    options = {o: True for o in sc.system.options} if all_on else dict(sc.options)
    port = EnginePort(Game(sc, seed=seed, options=options))
    watcher = Watcher(port)
    PLAY[sc.system.id](port.game, seed, last)
    assert port.game.state.turn >= min(last, sc.last_turn) or port.game.state.phase == engine.OVER
    for side in sc.system.sides:
        for entry in port._log(side):  # the log dock's rows, as each side reads them
            watcher.note("log", entry.text)
    return port, watcher


@pytest.mark.parametrize("name", list(GAMES))
def test_every_rule_id_shown_in_a_seeded_game_opens_its_entry(qtbot, name):
    port, watcher = played(name)
    kinds = {where.split(":")[0] for where in watcher.seen.values()}
    wanted = {"dd2": set(), "pkd": {"log", "combat line"}}  # (D-Day2's texts name no rule ids yet)
    assert wanted.get(port.scenario.system.id, {"log", "refusal", "combat line", "supply"}) <= kinds
    sc = port.scenario
    browser = RulesBrowser(RulesHelp(Context(sc.system.id, dict(port.game.state.options), sc)))
    qtbot.addWidget(browser)
    for rule, where in sorted(watcher.seen.items()):
        entry = browser.help.library.entry(rule, sc.system.id)
        assert entry is not None, f"{rule} has no entry; shown in {where}"
        assert browser.open_rule(rule), where
        assert browser.current_block_text().startswith(entry.head), (rule, browser.current_block_text())


# -- the links themselves, clicked where they are shown --------------------------------------
@pytest.fixture
def win(qtbot, settings):
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.ui.engine_port import open_engine_game
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(open_engine_game(default_scenario_path()), settings, autosave=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _first_link(label) -> str:
    text = label.text()
    at = text.find('href="rule:')
    assert at >= 0, f"no rule link in {text!r}"
    return text[at + 6:text.index('"', at + 6)]


def _opened(win, rule: str) -> None:
    b = win.rules_browser
    entry = b.help.library.entry(rule, "dday77")
    assert b.isVisible() and b.current_block_text().startswith(entry.head)


def test_a_refusal_in_the_status_bar_links_to_its_rule(qtbot, win):
    win.end_phase()  # the Allied movement phase of turn 1 ends only after the invasion
    while "(" not in win.hint.text():
        win.end_phase()
    href = _first_link(win.hint)
    win.hint.linkActivated.emit(href)
    _opened(win, href[5:])


def test_the_combat_dialogs_lines_link_to_their_rules(qtbot, win):
    port = win.controller.port
    while current_phase(port.game.state).kind != "combat":
        port.end_phase()
    win.controller.refresh()
    win.controller.select("ca-3-inf")
    win._hovered(port.board.index("1308"))
    dlg = win.attack_dialog()
    for label in (dlg.attack_box, dlg.defence_box, dlg.odds):
        href = _first_link(label)
        label.linkActivated.emit(href)
        _opened(win, href[5:])
    dlg.close()


def test_a_supply_explanation_in_the_hex_dock_links_to_its_rule(qtbot, win):
    win.layer_actions["supply"].setChecked(True)
    port = win.controller.port
    place = port.scenario.units[port.scenario.unit_index["us-29-inf"]].hex
    win._hovered(place)
    href = _first_link(win.hex_info.supply)
    assert href == "rule:D77-ASUP-15"  # 1 hex to the supply centre at 0806, limit 8
    win.hex_info.supply.linkActivated.emit(href)
    _opened(win, "D77-ASUP-15")


def test_a_rule_id_in_the_log_is_clicked_open(qtbot, win):
    from tests.rules.dday77.random_play import play

    port = win.controller.port
    play(port.game, random.Random(3), until_turn=1)  # a turn of the tutorial, seeded
    win.controller.refresh()
    view, model = win.log_view, win.log_model
    win.log_dock.show()
    win.log_dock.raise_()
    row = next(r for r in range(model.rowCount()) if rule_ids(model.data(model.index(r, 0))))
    rule = rule_ids(model.data(model.index(row, 0)))[0]
    view.scrollTo(model.index(row, 0))
    rect = view.visualRect(model.index(row, 0))
    delegate = view.itemDelegate()
    from PySide6.QtWidgets import QStyleOptionViewItem

    opt = QStyleOptionViewItem()
    opt.initFrom(view)
    opt.rect = rect
    # (the row wraps to the dock's width: the id may stand on any of its lines)
    x, y = next((x, y) for y in range(rect.top() + 2, rect.bottom(), 4) for x in range(rect.left(), rect.right())
                if delegate.rule_at(opt, model.index(row, 0), QPoint(x, y).toPointF()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x + 2, y))
    _opened(win, rule)
