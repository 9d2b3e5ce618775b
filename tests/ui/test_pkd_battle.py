"""Koenig's battle dialog over the real engine, stage by stage as the players at one screen
take them: a Close Combat with its retreat (the German player picks the hex, marked on the map)
and the advance into the emptied hex; the defender standing fast with the Leadership marker;
an Indirect Fire from Heavy Weapons two hexes away."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QPoint

pytest.importorskip("ddaydesk.engine")

from ddaydesk.rules.pkd.records import rec  # noqa: E402
from ddaydesk.ui.dialog_place import covers  # noqa: E402
from tests.ui.test_pkd_window import PLAYED, _cup, _window  # noqa: E402
from tests.ui.test_play import click  # noqa: E402


def _button(dlg, start: str):
    return next(b for b in dlg.decision_buttons if b.text().startswith(start))


def _close_combat(qtbot, w, port):
    """The 6th Airborne's Move Operation: the 13th Parachute Battalion walks to 0811 and closes
    with 0911 alongside the 8th; returns the dialog."""
    board = port.board
    _cup(w).buttons["op:move"].click()
    click(qtbot, w, port.game.state.place[port.game.state.unit("gb-13para")])
    click(qtbot, w, board.index("0811"))
    _cup(w).buttons[f"close_combat:{board.index('0911')}"].click()
    dlg = w.koenig_battle
    assert dlg.title.text().startswith("Close Combat at 0911")
    assert set(dlg.checks) == {"gb-13para", "gb-8para"}
    assert "II./Panzergrenadier-Regiment 125" in dlg.odds_view.defence_lines.text()  # its own strength counts
    return dlg


def test_a_close_combat_the_retreat_and_the_advance(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=4)  # the die: DR; four hexes to retreat to
    board = port.board
    dlg = _close_combat(qtbot, w, port)
    dlg.go.click()  # declared: the German player answers (without Support)
    assert w.controller.side == "german"
    dlg.go.click()
    _button(dlg, "Keep").click()  # the Allies hold the Leadership marker: they keep the roll
    b = rec(port.game.state)["battle"]
    assert b["stage"] == "withdraw" and w.controller.side == "german" and "German player" in dlg.banner.text()
    retreats = [bt for bt in dlg.decision_buttons if bt.text().startswith("Retreat to")]
    arrows = next(d for d in w.scene.decorations if hasattr(d, "show_plan"))
    assert len(retreats) == 4 and not arrows.retreat.path().isEmpty()  # the hexes open, marked on the map
    to = retreats[0].text().split("Retreat to ", 1)[1].split(" ")[0]
    retreats[0].click()
    assert port.game.state.place[port.game.state.unit("de-2-125")] == board.index(to)
    assert rec(port.game.state)["battle"]["stage"] == "occupy" and w.controller.side == "allied"
    _button(dlg, "Move into the hex: 13th Parachute Battalion").click()
    assert rec(port.game.state)["battle"] is None
    assert port.game.state.place[port.game.state.unit("gb-13para")] == board.index("0911")
    text = dlg.result.text()
    assert "The battle is over" in text and "the defender retreats" in text
    assert f"to {port.place_name(board.index(to))}" in text and f"to {port.place_name(board.index('0911'))}" in text
    assert [a.kind for a in port.game.log[-5:]] == ["close_combat", "answer_battle", "leadership", "withdraw", "occupy"]


def test_the_defender_stands_fast_with_the_leadership_marker(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=6)  # the Germans hold the marker; the die: D1R
    dlg = _close_combat(qtbot, w, port)
    dlg.go.click()
    dlg.go.click()
    assert rec(port.game.state)["battle"]["stage"] == "leadership" and w.controller.side == "german"
    labels = [b.text() for b in dlg.decision_buttons]
    assert any("re-roll" in t for t in labels)
    _button(dlg, "Spend the Leadership marker: ignore the retreat").click()  # PKD-LEAD-07
    assert port.game.log[-1].feat == "stand" and rec(port.game.state)["leader"] is None
    assert port.game.state.place[port.game.state.unit("de-2-125")] == port.board.index("0911")  # it stays
    assert rec(port.game.state)["battle"] is None and "1 Hit" in dlg.result.text()


def test_an_indirect_fire_from_heavy_weapons_two_hexes_away(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=2)  # the 716th Infantry Division drawn first
    assert w.controller.side == "german"  # its side takes the seat
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0709')}"].click()
    dlg = w.koenig_battle
    assert {u: c.text().endswith("— Indirect Fire") for u, c in dlg.checks.items()} == \
        {"de-wn12": True, "de-pzjg716": True}
    assert dlg.title.text().startswith("Indirect Fire at 0709")
    lines = dlg.odds_view.attack_lines.text()
    assert "Indirect Fire, half of 4 (rounded up)" in lines and "PKD-IND-04" in lines
    assert dlg.odds.attack == 2
    QCoreApplication.processEvents()  # (the fit after opening done)
    dlg.resize(dlg.width(), 200)  # (laid out short, as with a larger font)
    dlg.checks["de-wn12"].setChecked(False)  # a unit unticked: other lines; the dialog fits them again
    qtbot.waitUntil(lambda: dlg.height() >= dlg.layout().totalHeightForWidth(dlg.width()), timeout=2000)
    assert dlg.frameGeometry().bottom() <= w.mapToGlobal(QPoint(0, w.height())).y()  # within the window


def test_every_rule_id_the_panel_and_the_dialog_cite_has_its_entry(qtbot, settings):
    from PySide6.QtWidgets import QAbstractButton, QLabel

    from ddaydesk.rules.help.ids import rule_ids
    from ddaydesk.rules.help.texts import Library

    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    texts = []

    def seen():
        for widget in (_cup(w), getattr(w, "koenig_battle", None)):
            if widget is not None:
                texts.extend(x.text() for x in widget.findChildren(QLabel))
                texts.extend(x.text() + " " + x.toolTip() for x in widget.findChildren(QAbstractButton))
    seen()
    dlg = _close_combat(qtbot, w, port)  # the Move Operation: Leadership feats offered in the panel
    seen()
    dlg.go.click()
    seen()
    library = Library.load()
    cited = {i for t in texts for i in rule_ids(t)}
    assert {"STD-PKD-OPS", "STD-PKD-CC", "STD-PKD-SUP", "PKD-LEAD-08", "PKD-LEAD-10"} <= cited
    assert [i for i in cited if library.entry(i, "pkd") is None] == []


def test_an_attack_put_together_on_the_map_opens_the_battle_dialog(qtbot, settings):
    """As in every system: click a unit, Ctrl+click another, point at the enemy (the odds in the
    status bar), click it: Koenig's battle dialog, the picked units ticked among all that may."""
    from tests.ui.test_attacks import pick_and_attack

    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    assert not w.caps.why_not("attack") and w.attack_action.isEnabled()
    _cup(w).buttons["op:fire"].click()
    target = port.board.index("0911")
    w._hovered(target)  # nothing picked yet
    click(qtbot, w, port.game.state.place[port.game.state.unit("gb-13para")])
    w._hovered(target)
    assert "against" in w.hint.text() and "0911" in w.hint.text()
    dlg = pick_and_attack(qtbot, w, ["gb-13para", "gb-8para"], target)
    assert dlg is w.koenig_battle and dlg.title.text().startswith("Full Fire at 0911")
    assert {u for u, c in dlg.checks.items() if c.isChecked()} == {"gb-13para", "gb-8para"}
    assert not covers(dlg, w, target)  # the target and the arrows stay in sight (was hidden)
    assert w.hint.text() == ""  # (the status bar kept the Full Fire odds while the dialog said others)
    pv = port.combat_preview(["gb-13para"], target, {})
    assert (pv.attack_total, pv.defence_total) == (3, 1) and pv.column in pv.columns


def test_a_combined_operation_offers_mobile_fire_or_close_combat_on_one_hex(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    _cup(w).buttons["op:combined"].click()
    _cup(w).buttons[f"fire:{port.board.index('0911')}"].click()
    dlg = w.koenig_battle
    assert set(dlg.kinds) == {"fire", "close_combat"} and dlg.kinds["fire"].isChecked()
    fire = dlg.odds.attack
    dlg.kinds["close_combat"].setChecked(True)
    assert dlg.title.text().startswith("Close Combat at 0911") and dlg.start["kind"] == "close_combat"
    assert set(dlg.checks) == {"gb-13para", "gb-8para"} and dlg.odds.attack != fire
    n = len(port.game.log)
    dlg.go.click()
    assert port.game.log[n].kind == "close_combat"


def test_a_fire_at_clear_ground_names_the_terrain_as_the_chart_does(qtbot, settings):
    """A Full Fire at Le Plein (0908, clear): the defence is the terrain alone (STD-PKD-TEC), named
    'clear' as the map's legend and the terrain chart name it (was: 'nothing: open ground')."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0908')}"].click()
    dlg = w.koenig_battle
    text = dlg.odds_view.defence_lines.text()
    assert "clear in 0908" in text and "open ground" not in text
    assert dlg.odds.defence == 0
    dlg.close()


def test_the_buttons_of_a_decision_taken_go_with_it(qtbot, settings):
    """The roll kept at once (before the Leadership buttons were ever laid out): the re-roll
    button goes, never left shown over the dialog at its default 640x480 (it was, in the README
    screenshot of the fire's result)."""
    from PySide6.QtWidgets import QPushButton

    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0911')}"].click()
    dlg = w.koenig_battle
    dlg.go.click()
    dlg.go.click()  # the German answer, without Support: the Leadership holder decides
    _button(dlg, "Keep").click()
    QCoreApplication.processEvents()
    assert rec(port.game.state)["battle"] is None
    assert [b.text() for b in dlg.findChildren(QPushButton) if b.isVisible() and "Leadership" in b.text()] == []


def test_the_target_hex_gives_its_units_combat_value_with_the_hits_taken_off(qtbot, settings):
    """STD-PKD-HITS: after a D1R, II./Panzergrenadier-Regiment 125 (printed 3) is listed in the
    target hex at 2 with its Hit, as the Command Cup's table and the strength lines count it (was
    'combat 3, 1 Hit')."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=10)  # the die: D1R
    _cup(w).buttons["op:move"].click()
    _cup(w).buttons[f"close_combat:{port.board.index('0911')}"].click()
    dlg = w.koenig_battle
    assert "II./Panzergrenadier-Regiment 125 (combat 3)" in dlg.defenders.text()
    dlg.go.click()
    dlg.go.click()
    assert rec(port.game.state)["battle"]["stage"] == "withdraw"
    assert "II./Panzergrenadier-Regiment 125 (combat 2, 1 Hit)" in dlg.defenders.text()


def test_a_night_battle_says_night_once(qtbot, settings):
    """Turn 5 of Sword is the night of 6-7 June (STD-PKD-NIGHT): the dialog's subtitle says so
    once (was 'night of 6-7 June (night)')."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    port.game.state.turn = 5  # (the same position, by night)
    w.controller.refresh()
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0908')}"].click()
    dlg = w.koenig_battle
    assert dlg.subtitle.text() == "6th Airborne Division, Fire Operation · night of 6-7 June"
    assert "Fire at night" in dlg.odds_view.attack_lines.text()
    dlg.close()


def test_f1_in_the_battle_dialog_opens_the_rules(qtbot, settings):
    """The battle dialog is window-modal: F1 there opens the rules of its table, STD-PKD-FIRE for
    a Full Fire (it did nothing: the window's F1 is blocked by the dialog)."""
    from PySide6.QtCore import Qt

    w, port = _window(qtbot, settings, options=PLAYED, seed=4)
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0908')}"].click()
    dlg = w.koenig_battle
    dlg.activateWindow()
    qtbot.waitUntil(lambda: QCoreApplication.instance().activeWindow() is dlg)
    qtbot.keyClick(dlg, Qt.Key.Key_F1)
    assert getattr(w, "rules_browser", None) is not None and w.rules_browser.isVisible()
    assert w.rules_browser.tree.topLevelItem(0).text(0) == port.scenario.system.title
    assert w.rules_browser.current_block_text().startswith("STD-PKD-FIRE")
    w.rules_browser.close()
    dlg.close()
