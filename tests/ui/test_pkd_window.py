"""Paul Koenig's D-Day in the main window, over the real engine: the Sword map with its
units, the drawn formation's choices in the Actions dock in words (names, never ids), a move
by mouse on the hex map, an attack from the dock after its odds, and what the game keeps
beside the turn track."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.rules.pkd.records import rec  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from tests.ui.test_play import click  # noqa: E402

SWORD = Path(__file__).resolve().parents[2] / "scenarios" / "sword.yaml"
QUIET = {"interdiction": False, "leadership": False}


def _window(qtbot, settings, formation="6abn"):
    from ddaydesk.ui.mainwindow import MainWindow

    sc = load_scenario(SWORD)
    seed = next(s for s in range(200) if rec(Game(sc, s, QUIET).state)["act"]["formation"] == formation)
    port = EnginePort(Game(sc, seed, QUIET))
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w, port


def _texts(w):
    return [i.text(0) for i in w.actions_panel.items()]


def _activate(w, text):
    item = next(i for i in w.actions_panel.items() if i.text(0) == text)
    w.actions_panel.tree.itemActivated.emit(item, 0)


def test_the_sword_map_opens_with_its_units_and_words_for_every_choice(qtbot, settings):
    w, port = _window(qtbot, settings)
    on_map = {u.id for k, u in enumerate(port.scenario.units) if port.game.state.place[k] >= 0}
    assert set(w.scene.counters.items) == on_map and len(on_map) >= 15
    texts = _texts(w)
    assert {"Move Operation", "Fire Operation", "Combined Operation", "Rest & Refit Operation"} <= set(texts)
    ids = [u.id for u in port.scenario.units]
    _activate(w, "Fire Operation")
    texts = _texts(w)
    fires = [t for t in texts if t.startswith("fire at ")]
    assert fires and all(not any(uid in t for uid in ids) for t in texts)  # names, never ids
    assert any("Parachute Battalion" in t for t in fires)


def test_a_move_by_mouse_then_a_close_combat_from_the_dock(qtbot, settings):
    w, port = _window(qtbot, settings)
    _activate(w, "Move Operation")
    state = port.game.state
    uid = "gb-13para"
    k = state.unit(uid)
    click(qtbot, w, state.place[k])
    assert w.controller.selected == uid
    target = port.board.index("0811")  # 13th Para from Ranville into the orchards south of it
    assert target in w.controller.range.cost
    click(qtbot, w, target)
    assert port.game.state.place[k] == target and port.game.log[-1].kind == "move"
    cc = [t for t in _texts(w) if t.startswith("close combat at 0911")]
    assert cc, _texts(w)
    before = len(port.game.log)
    _activate(w, cc[0])
    odds = w.preview_dialog.text.toPlainText()  # the odds first, then the roll
    assert len(port.game.log) == before and "against" in odds and "%" in odds and w.preview_dialog.go.text() == "Roll"
    html = w.preview_dialog.text.toHtml()  # each strength line's rule id opens its entry
    href = html[html.index('href="rule:') + 6:].split('"', 1)[0]
    w.preview_dialog.text.anchorClicked.emit(QUrl(href))
    entry = w.rules_browser.help.library.entry(href[5:], "pkd")
    assert w.rules_browser.isVisible() and w.rules_browser.current_block_text().startswith(entry.head)
    w.preview_dialog.accept()
    assert port.game.log[before].kind == "close_combat"
    assert any("close with" in n for n in port.game.changes[before].notes)
    entry = port.view("allied").log[before]  # the log says it in words too
    assert entry.text.startswith("close combat at 0911") and "gb-" not in entry.text


def test_the_turn_bar_shows_the_cup_support_and_victory_points(qtbot, settings):
    w, port = _window(qtbot, settings)
    text = w.tracks_label.text()
    cup = len(rec(port.game.state)["cup"])
    assert f"Command Cup: {cup} chits left" in text and "Victory points: Allied" in text
    art = rec(port.game.state)["support"]["german"]["artillery"]
    assert (f"German Support: {art} Artillery" if art else "German Support: none") in text
    assert "Allied activation: 6th Airborne Division" in w.phase_label.text()  # the rules' own label
