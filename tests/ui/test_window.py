"""Models, menus, dialogs and settings of the main window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from ddaydesk.ui import dialogs
from ddaydesk.ui.mainwindow import MainWindow
from ddaydesk.ui.models.log import CURRENT, LogModel
from ddaydesk.ui.models.units import UNIT_ID_ROLE
from ddaydesk.ui.overlays import LAYERS
from ddaydesk.ui.port import LogEntry


def test_unit_table_sorts_and_filters(window, game):
    proxy = window.unit_proxy
    window.unit_filter.setText("panzer")
    ids = {proxy.data(proxy.index(r, 0), UNIT_ID_ROLE) for r in range(proxy.rowCount())}
    assert ids == {u.id for u in game.units.values() if "panzer" in u.name.lower()}
    window.unit_filter.clear()
    window.side_filter.setCurrentIndex(window.side_filter.findData("german"))
    assert proxy.rowCount() == sum(u.side == "german" for u in game.units.values())
    window.side_filter.setCurrentIndex(0)
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    names = [proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]
    assert names == sorted(names, key=str.lower)


def test_double_click_in_unit_table_selects_the_unit(qtbot, window):
    proxy = window.unit_proxy
    row = next(r for r in range(proxy.rowCount()) if proxy.data(proxy.index(r, 0), UNIT_ID_ROLE) == "br-7-arm")
    window._table_chose(proxy.index(row, 0))
    assert window.controller.selected == "br-7-arm"
    assert window.controller.range is not None


def test_log_model_marks_the_reviewed_action_and_greys_the_later_ones(qtbot):
    m = LogModel()
    m.set_entries([LogEntry(k, 1, "movement", "allied", f"move {k}", (4,) if k == 2 else ()) for k in range(1, 6)])
    assert "[dice: 4]" in m.data(m.index(1))
    background, foreground = Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole
    assert all(m.data(m.index(r), background) is None for r in range(5))  # live: no marks
    with qtbot.waitSignal(m.dataChanged) as changed:
        m.set_current(2)
    assert (changed.args[0].row(), changed.args[1].row()) == (0, 4)  # into the review: every row
    assert m.data(m.index(1), background).color() == CURRENT
    assert [m.data(m.index(r), foreground) is not None for r in range(5)] == [False, False, True, True, True]
    with qtbot.waitSignal(m.dataChanged) as changed:
        m.set_current(4)  # a step: only the rows between the two positions change
    assert changed.args[0].row() >= 0 and changed.args[1].row() <= 3
    assert m.data(m.index(3), background).color() == CURRENT and m.data(m.index(1), background) is None
    assert m.row_of(4) == 3 and m.row_of(9) == -1
    m.set_current(-1)
    assert all(m.data(m.index(r), foreground) is None for r in range(5))


def test_log_model_adds_rows_for_a_longer_log_and_resets_for_another(qtbot):
    m = LogModel()
    a, b, c = (LogEntry(k, 1, "movement", "allied", f"move {k}") for k in (1, 2, 3))
    m.set_entries([a, b])
    with qtbot.waitSignal(m.rowsInserted) as inserted:  # the same log and one more: one row added
        m.set_entries([a, b, c])
    assert inserted.args[1:] == [2, 2] and m.rowCount() == 3
    with qtbot.assertNotEmitted(m.modelReset), qtbot.assertNotEmitted(m.rowsInserted):
        m.set_entries([a, b, c])  # nothing new
    other = LogEntry(2, 1, "movement", "allied", "another move")  # after an undo
    with qtbot.waitSignal(m.modelReset):
        m.set_entries([a, other])
    assert [m.data(m.index(r)) for r in range(2)][1].endswith("another move")


def test_every_overlay_has_a_view_action_with_its_shortcut(window, settings):
    for layer, (_title, key, _shown) in LAYERS.items():
        a = window.layer_actions[layer]
        assert a.shortcut() == QKeySequence(key)
        before = window.scene.overlays.visible[layer]
        a.trigger()
        assert window.scene.overlays.visible[layer] is (not before)
        assert settings.value(f"layers/{layer}", type=bool) is (not before)  # remembered


def test_palette_switch_is_remembered_and_redraws(qtbot, window, game, settings):
    item = window.scene.counters.items["us-1-inf"]
    before = item.pixmap().cacheKey()
    window.set_palette("colour-blind")
    assert settings.value("palette") == "colour-blind"
    assert window.scene.counters.items["us-1-inf"].pixmap().cacheKey() != before
    again = MainWindow(game, settings, autosave=False)
    qtbot.addWidget(again)
    assert again.palette_.id == "colour-blind"


def test_hex_info_shows_terrain_river_and_stack(qtbot, window, game):
    board = game.board
    place = board.index("0807")  # on the Vire, with the 29th Infantry
    window._hovered(place)
    text = window.hex_info.header.text()
    assert "0807" in text and "river Vire" in text
    assert window.hex_info.stack.count() == 1


def test_about_names_the_map_data_attribution(qtbot, window, monkeypatch):
    shown = {}
    monkeypatch.setattr(dialogs.QMessageBox, "about", lambda parent, title, text: shown.update(text=text))
    window.show_about()
    for a in window.port.board.attribution:
        assert a["data"] in shown["text"] and a["licence"] in shown["text"]


def test_shortcuts_dialog_lists_the_actions(qtbot, window):
    dlg = dialogs.shortcuts_dialog(window, window.all_actions + [window.undo_action, window.redo_action])
    qtbot.addWidget(dlg)
    texts = [dlg.findChild(dialogs.QTableWidget).item(r, 0).text()
             for r in range(dlg.findChild(dialogs.QTableWidget).rowCount())]
    assert "End phase" in texts and "Undo" in texts and "Supply view" in texts


def test_shortcuts_dialog_greys_what_this_game_lacks_with_the_reason(qtbot, settings):
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.engine_port import open_engine_game
    from tests.ui.conftest import open_window

    win = open_window(qtbot, settings, open_engine_game(scenarios_dir() / "ddd-exercise-tiger.yaml", seed=1), False)
    dlg = dialogs.shortcuts_dialog(win, win.all_actions + [win.undo_action, win.redo_action])
    qtbot.addWidget(dlg)
    table = dlg.findChild(dialogs.QTableWidget)
    rows = {table.item(r, 0).text(): table.item(r, 0) for r in range(table.rowCount())}
    supply = rows["Supply view"]  # D-Day Dice has no supply
    assert supply.foreground().color().name() == "#999999" and supply.toolTip()
    assert rows["End phase"].foreground().color().name() != "#999999" and not rows["End phase"].toolTip()


def test_new_game_dialog_lists_each_game_under_its_heading_and_changes_its_options_at_once(qtbot):
    dlg = dialogs.NewGameDialog()
    qtbot.addWidget(dlg)
    heads = [dlg.list.item(r) for r, e in enumerate(dlg.entries) if e is None]
    assert [h.text() for h in heads][:2] == ["Avalon Hill D-Day ('77 edition)", "D-Day: Utah Beach (Fire & Movement)"]
    assert all(h.flags() == dialogs.Qt.ItemFlag.NoItemFlags for h in heads)  # headings are not choices
    systems = [e.system for e in dlg.entries if e is not None]
    assert systems == sorted(systems, key=dialogs.SYSTEM_ORDER.index)  # one block per game
    assert dlg.entry().id == "tutorial"  # the default first
    rows = {e.id: dlg.list.item(r).text() for r, e in enumerate(dlg.entries) if e is not None}
    assert rows["sword"].endswith("turns 1-12") and "turns" not in rows["ddd-exercise-tiger"]  # no last turn
    dlg.select("sword")
    shown = [c.text() for c in dlg.checks.values()]
    shown_boxes = [c for c in dlg.options_box.findChildren(dialogs.QCheckBox) if not c.isHidden()]
    assert shown_boxes == list(dlg.checks.values())  # no leftovers of the tutorial's
    assert all(t.split("  (")[1].startswith("PKD-") for t in shown) and any("Rest && Refit" in t for t in shown)
    dlg.select("dday2")
    assert not dlg.checks and not dlg.no_options.isHidden()


def test_new_game_dialog_offers_the_scenario_and_its_optional_rules(qtbot, scenario):
    dlg = dialogs.NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.select(scenario.id)
    assert set(dlg.options()) == set(scenario.system.options)
    # ticked as the scenario sets them, each toggle titled with its catalogue ids
    assert dlg.options() == scenario.options
    assert "D77-SUP-01" in dlg.checks["german_supply"].text()
    from ddaydesk.rules.options import option_listing

    listing = option_listing(scenario.system.id, scenario.options)
    for row in listing.rows:  # the picker shows the rules module's listing, clause span and all
        assert dlg.checks[row.id].text() == (f"{row.title}  ({row.rules})" if row.rules else row.title)
    assert dlg.standard_rules.text() == listing.standard_rules
    assert dlg.standard_rules.text().startswith("standard rules:")
