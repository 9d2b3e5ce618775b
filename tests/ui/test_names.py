"""Names, never ids: seeded scripted games of every shipped scenario, played through the main
window over the real engine, collecting every text the window shows after each action (title,
status bar, labels, buttons, menu commands and their tooltips, the undo history, every cell
and tooltip of the units table, the log and the Actions dock, the place dock over each place
the action touched, previews before a roll). None holds a unit id, a region or box id, or an
area map's place number where a place is meant."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QAbstractItemModel, QAbstractTableModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QListWidget

from ddaydesk.formats.catalog import bundled_scenarios
from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.mainwindow import MainWindow
from ddaydesk.ui.names import Namer
from ddaydesk.ui.profiles.dd2 import DD2Profile
from tests.ui.drive import scripted, take

SCENARIOS = sorted(e.path for e in bundled_scenarios() if e.ok)
ACTIONS = 40  # per scenario
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
PLACE_WORDS = r"(?:in|over|on|of|into|zone|zones|at|to|from|toward|near|enters|→)"


def id_patterns(scenario) -> list[re.Pattern]:
    """What must not be shown: unit ids, ids of regions and off-map boxes that have names,
    and (area maps) a place number where a place is meant."""
    board = scenario.board
    ids = {u.id for u in scenario.units} | set(scenario.system.boxes)
    ids |= {rid for rid, r in board.regions.items() if r.name != rid}
    token = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True)))
                       + r")(?![\w-])")
    out = [token]
    if board.grid is None:
        labels = "|".join(map(re.escape, board.labels))
        out.append(re.compile(rf"(?<!hits )(?<!\d )\b{PLACE_WORDS} ({labels})\b(?! ?(?:hit|dice|die|unit|zone|fighter))"))
        out.append(re.compile(rf"\(({labels})\)"))
    return out


def model_texts(model: QAbstractItemModel) -> list[str]:
    """Every cell of a flat (table or list) model, shown and as its tooltip."""
    cols = model.columnCount() if isinstance(model, QAbstractTableModel) else 1
    out = []
    for r in range(model.rowCount()):
        for c in range(cols):
            idx = model.index(r, c)
            out += [str(v) for v in (model.data(idx, role) for role in ROLES) if v]
    return out


def shown_texts(win: MainWindow) -> list[str]:
    out = [win.windowTitle()]
    for w in win.findChildren(QLabel):
        out.append(w.text())
    for w in win.findChildren(QAbstractButton):
        out += [w.text(), w.toolTip()]
    for a in win.findChildren(QAction):
        out += [a.text(), a.toolTip(), a.statusTip()]
    for d in win.findChildren(QDockWidget):
        out.append(d.windowTitle())
    for lw in win.findChildren(QListWidget):
        for i in range(lw.count()):
            out += [lw.item(i).text(), lw.item(i).toolTip()]
    stack = win.controller.undo_stack
    out += [stack.text(i) for i in range(stack.count())]
    out += model_texts(win.unit_model) + model_texts(win.log_model) + model_texts(win.dice_log.model)
    for item in win.actions_panel.items():
        out += [item.text(0), item.toolTip(0)]
    return [t for t in out if t]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.rsplit("/", 1)[-1] for p in SCENARIOS])
def test_no_text_the_window_shows_holds_an_id(qtbot, settings, path):
    seed = len(path.rsplit("/", 1)[-1])  # seeded by the file's name: the same game every run, wherever the clone
    port = open_engine_game(path, seed=seed)
    win = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    patterns = id_patterns(port.scenario)
    choose = scripted(seed)
    seen: dict[str, str] = {}  # text -> when it was shown
    previews = []
    original = MainWindow.take_choice

    def take_choice(self, index, text):
        original(self, index, text)
        dlg = self.preview_dialog  # the odds before a roll; Koenig's battle dialog shows them in labels
        if dlg is not None:
            previews.extend([dlg.text.toPlainText()] if hasattr(dlg, "text") else
                            [lb.text() for lb in dlg.findChildren(QLabel)])
    win.take_choice = lambda index, text: take_choice(win, index, text)
    win.actions_panel.chosen.disconnect()
    win.actions_panel.chosen.connect(win.take_choice)
    game = port.game
    for n in range(ACTIONS):
        if game.state.phase == "over":
            break
        action = choose(game.state)
        take(qtbot, win, action)
        for place in {getattr(action, f, -1) for f in ("to", "place", "target")} - {-1}:
            win._hovered(place)
        for t in shown_texts(win) + previews:
            seen.setdefault(t, f"after action {n + 1} ({action.kind})")
    assert len(seen) > 50  # the window said plenty
    bad = [(when, p.search(t).group(0), t[:200]) for t, when in seen.items() for p in patterns if p.search(t)]
    assert not bad, bad[:5]


def test_the_namer_leaves_dice_targets_and_hex_numbers_alone():
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.conftest import ROOT

    dd2 = Namer(load_scenario(ROOT / "scenarios" / "dday2.yaml"), DD2Profile.words)
    assert dd2("allied attack in 12 (usr-inf-1 hits on 1)") == \
        "allied attack in Carentan (US infantry 1 hits on 1)"
    assert dd2("zone 12 does not border zone 2") == "Carentan does not border Cherbourg"
    assert dd2("us_chart: 3+4 = 7 unit(s) may enter") == "US reinforcement chart: 3+4 = 7 unit(s) may enter"
    tutorial = Namer(load_scenario(ROOT / "scenarios" / "tutorial.yaml"))
    assert tutorial("combat at 1207: 2-1") == "combat at 1207: 2-1"  # a hex's number is its name
