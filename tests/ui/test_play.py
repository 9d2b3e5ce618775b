"""The main window driven like a player: select, preview, move by mouse, undo, supply view,
combat, hand-over. Assertions compare what is drawn with what the engine (here its test
double) answered, so they hold for the real engine adapter too."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from ddaydesk.ui.session import autosave_path
from tests.ui.conftest import shown


def click(qtbot, win, place: int, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(win.view.viewport(), button, pos=win.view.view_point_of(place))


def hover(qtbot, win, place: int) -> None:
    qtbot.mouseMove(win.view.viewport(), win.view.view_point_of(place))


def centre(win, place: int) -> QPointF:
    return win.scene.geom.centres[place]


def inside(win, place: int) -> QPointF:
    """A point inside a hex off its centre line (a ray through the centre grazes corners)."""
    return win.scene.geom.centres[place] + QPointF(1.3, 2.7)


def test_start_shows_every_unit_on_the_map(window, game):
    on_map = {u.id for u in game.units.values() if u.place >= 0}
    assert set(window.scene.counters.items) == on_map
    for uid in on_map:
        item = window.scene.counters.items[uid]
        # each counter lies over its own hex
        assert window.scene.geom.hex_at(item.sceneBoundingRect().center()) == game.units[uid].place or \
            len(window.scene.counters.stacks[game.units[uid].place]) > 1
    assert window.unit_model.rowCount() == len(game.units)


def test_select_by_click_shows_the_engines_range(qtbot, window, game):
    uid = "us-29-inf"
    place = game.units[uid].place
    click(qtbot, window, place)
    assert window.controller.selected == uid
    expected = game.legal_moves(uid)
    path = window.scene.overlays.range_fill.path()
    board = game.board
    for i in range(board.n):
        assert path.contains(inside(window, i)) == (i in expected.cost), board.labels[i]


def test_hover_previews_path_with_costs_then_click_moves_and_undo_restores(qtbot, window, game):
    uid = "us-29-inf"
    start = game.units[uid].place
    click(qtbot, window, start)
    rng = window.controller.range
    target = max(rng.cost, key=lambda p: (rng.cost[p], p))
    hover(qtbot, window, target)
    line = window.scene.overlays.path_casing.path()
    for p in rng.path_to(target):
        assert any(line.elementAt(k).x == centre(window, p).x() and line.elementAt(k).y == centre(window, p).y()
                   for k in range(line.elementCount())), "path preview misses a hex of the engine's path"
    assert not window.scene.overlays.path_text.path().isEmpty()  # the MP labels
    click(qtbot, window, target)
    assert game.units[uid].place == target
    item = window.scene.counters.items[uid]
    assert window.scene.geom.hex_at(item.sceneBoundingRect().center()) == target
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert game.units[uid].place == start
    assert window.scene.geom.hex_at(window.scene.counters.items[uid].sceneBoundingRect().center()) == start
    window.redo_action.trigger()
    assert game.units[uid].place == target
    assert window.controller.undo_stack.count() == 1


def test_every_action_is_autosaved(qtbot, window, game):
    uid = "us-29-inf"
    click(qtbot, window, game.units[uid].place)
    rng = window.controller.range
    target = next(p for p in rng.cost if p != rng.start)
    click(qtbot, window, target)
    assert autosave_path().read_bytes() == game.save_bytes()


def test_illegal_click_changes_nothing_and_says_why(qtbot, window, game):
    german = "de-352-inf"
    click(qtbot, window, game.units[german].place)
    assert window.controller.range is None  # the allied player is viewing
    assert "is a German unit" in shown(window.hint)
    window.end_phase()  # combat phase: the engine refuses movement and says why
    click(qtbot, window, game.units["us-29-inf"].place)
    assert window.controller.range is None
    assert "cannot move now" in shown(window.hint)
    before = dict(game.units)
    click(qtbot, window, game.board.index("0101"))  # sea
    assert game.units == before


def test_supply_view_draws_the_engines_paths(qtbot, window, game):
    window.layer_actions["supply"].trigger()
    sv = game.supply("allied")
    lines = window.scene.overlays.supply_lines.path()
    hq_lines = window.scene.overlays.supply_hq_lines.path()
    points = {(round(lines.elementAt(k).x, 3), round(lines.elementAt(k).y, 3)) for k in range(lines.elementCount())}
    hq_points = {(round(hq_lines.elementAt(k).x, 3), round(hq_lines.elementAt(k).y, 3))
                 for k in range(hq_lines.elementCount())}
    n_legs = 0
    for us in sv.units.values():
        for leg in (leg for leg in us.legs if len(leg.places) > 1):  # one place: nothing to draw
            target = points if leg.kind.startswith("unit") else hq_points
            for p in leg.places:
                c = centre(window, p)
                assert (round(c.x(), 3), round(c.y(), 3)) in target
            n_legs += 1
    assert n_legs > 0
    assert not window.scene.overlays.supply_text.path().isEmpty()  # HQ capacity used
    window.layer_actions["supply"].trigger()
    assert not window.scene.overlays.supply_lines.isVisible()


def test_zoc_overlay_covers_the_engines_zones(qtbot, window, game):
    window.layer_actions["zoc"].trigger()
    enemy = game.zoc("german")
    path = window.scene.overlays.zoc_enemy.path()
    for i in range(game.board.n):
        assert path.contains(inside(window, i)) == (i in enemy)


def test_combat_dialog_resolves_an_attack(qtbot, window, game, monkeypatch):
    # put an allied unit next to a German one, then attack through the dialog
    attacker, defender = "us-1-inf", "de-352-inf"
    target = game.units[defender].place
    click(qtbot, window, game.units[attacker].place)
    next_to = next(p for p in window.controller.range.cost if game.board.distance(p, target) == 1)
    click(qtbot, window, next_to)
    window.end_phase()  # on to the combat phase
    click(qtbot, window, next_to)  # select the attacker
    assert window.controller.selected == attacker
    hover(qtbot, window, target)
    dlg = window.attack_dialog()
    assert dlg is not None
    pv = game.combat_preview([attacker], target, {})
    assert dlg.odds.text().startswith(f"{pv.attack_total} against {pv.defence_total}: column {pv.column}")
    col = pv.columns.index(pv.column)
    assert dlg.crt.item(0, col).background().color().name() == "#f4d35e"  # the column in use
    assert "D77-CRT-01" in dlg.attack_box.text()  # every modifier line names its rule
    n_log = len(game.entries)
    dlg.roll_button.click()
    assert dlg.result is not None and dlg.result.result in pv.crt[pv.column]
    assert len(game.entries) == n_log + 1 and game.entries[-1].dice == dlg.result.roll
    assert window.controller.undo_stack.count() == 0  # dice cannot be undone
    assert any("dice" in window.log_model.data(window.log_model.index(r)) for r in range(window.log_model.rowCount()))
    dlg.close()


def test_handover_blanks_the_map_and_models(qtbot, window, game):
    window.end_phase()
    assert window.stack.currentWidget() is window.view  # same side's next phase
    window.end_phase()  # the German player's turn
    assert window.stack.currentWidget() is window.handover
    assert window.scene.counters.items == {}
    assert window.unit_model.rowCount() == 0 and window.log_model.rowCount() == 0
    assert not window.hex_dock.isVisible() and not window.menuBar().isEnabled()
    window.handover.button.click()
    assert window.stack.currentWidget() is window.view
    assert window.controller.side == "german"
    assert window.controller.view == game.view("german")
    assert window.scene.counters.items  # the map is back


def test_secret_choice_is_in_no_model_of_the_other_side(qtbot, window, game):
    window.controller.set_secret("invasion_area", "normandy")
    window.end_phase()
    window.end_phase()
    window.handover.button.click()
    assert window.controller.view.secrets == {}
    texts = [window.unit_model.data(window.unit_model.index(r, c)) for r in range(window.unit_model.rowCount())
             for c in range(window.unit_model.columnCount())]
    texts += [window.log_model.data(window.log_model.index(r)) for r in range(window.log_model.rowCount())]
    assert not any("normandy" in str(t).lower() for t in texts)


def test_stack_click_opens_the_inspector_and_chooses(qtbot, window, game):
    from dataclasses import replace

    place = game.units["us-1-inf"].place
    game.units["br-50-inf"] = replace(game.units["br-50-inf"], place=place)
    window.controller.refresh()
    assert window.scene.counters.stack_at(place)[0] == "br-50-inf"
    assert window.scene.counters.badges[f"{place}/"].isVisible()  # the stack at the place, no part
    click(qtbot, window, place)
    assert window.inspector.isVisible()
    assert window.inspector.list.count() == 2
    window.inspector.list.unitChosen.emit("us-1-inf")
    assert window.controller.selected == "us-1-inf"
    assert window.scene.counters.stack_at(place)[0] == "us-1-inf"
