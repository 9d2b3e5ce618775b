"""Combat results explained at the screen, over the real engine: the dialog's key row and
tooltips (from the CRT table's key) and the log's sentences."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.rules.combat.crt import load_crt  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402


@pytest.fixture
def win(qtbot, settings):
    from ddaydesk.ui.mainwindow import MainWindow

    port = open_engine_game(default_scenario_path())
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    while engine.current_phase(port.game.state).kind != "combat":
        port.end_phase()
    w.controller.refresh()
    return w


def _dialog(win):
    port = win.controller.port
    target = port.board.index("1308")  # 21st Panzer, next to the 3rd Canadian
    win.controller.select("ca-3-inf")
    win._hovered(target)
    return win.attack_dialog()


def test_the_dialog_explains_every_result_code_it_shows(qtbot, win):
    dlg = _dialog(win)
    results = load_crt("dday77").tables["standard"].results
    shown = {dlg.crt.item(r, c).text() for r in range(dlg.crt.rowCount()) for c in range(dlg.crt.columnCount())}
    for r in range(dlg.crt.rowCount()):
        for c in range(dlg.crt.columnCount()):
            item = dlg.crt.item(r, c)
            rd = results[item.text()]
            assert item.toolTip() == f"{rd.code} — {rd.name}: {rd.text} ({rd.rule})"
    key = dlg.key.text()
    for code in shown:
        assert f"<b>{code}</b> {results[code].text}" in key
    dlg.close()


def test_the_log_says_what_the_combat_did_in_words(qtbot, win):
    dlg = _dialog(win)
    dlg.roll()
    while dlg.choice_list.count():
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
    dlg.close()
    win.controller.refresh()
    texts = [e.text for e in win.log_model.entries]
    attack = next(t for t in texts if " attack" in t and "1308" in t)
    assert attack == "3rd Canadian Infantry Division attacks 21st Panzer Division at 1308"
    roll = next(t for t in texts if t.startswith("combat at 1308: "))
    code = roll.split(": ")[2].split(" — ")[0]  # "combat at 1308: 4 to 10, 1-3, die 2: AB2 — ..."
    assert code in load_crt("dday77").tables["standard"].results
    assert not any("ca-3-inf" in t or "de-21-pz" in t for t in texts)  # names, never ids
