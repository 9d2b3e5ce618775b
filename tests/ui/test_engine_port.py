"""The window over the real engine (skipped in builds without ``ddaydesk.engine``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort, open_engine_game  # noqa: E402
from ddaydesk.ui.session import autosave_path, open_game  # noqa: E402
from tests.ui.conftest import open_window, shown  # noqa: E402


@pytest.fixture
def port():
    return open_engine_game(default_scenario_path())


@pytest.fixture
def win(qtbot, port, settings):
    return open_window(qtbot, settings, port)


def _to_movement(port: EnginePort) -> None:
    for _ in range(8):
        if engine.current_phase(port.game.state).kind == "movement":
            return
        port.end_phase()


def test_range_overlay_is_the_engines_reach(qtbot, win, port):
    _to_movement(port)
    win.controller.refresh()
    state = port.game.state
    uid = next(u.id for u in port.scenario.units if u.side == state.active and u.hex >= 0 and u.type != "hq")
    k = port.scenario.unit_index[uid]
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=win.view.view_point_of(state.place[k]))
    r = engine.reach(state, k)
    assert set(win.controller.range.cost) - {r.start} == set(r.dest)
    path = win.scene.overlays.range_fill.path()

    for i in range(port.board.n):
        inside = path.contains(win.scene.geom.centres[i] + QPointF(1.3, 2.7))
        assert inside == (i in r.dest or i == r.start)


def test_move_by_mouse_undo_and_autosave_restore(qtbot, win, port):
    _to_movement(port)
    win.controller.refresh()
    state = port.game.state
    uid = next(u.id for u in port.scenario.units if u.side == state.active and u.hex >= 0 and u.type != "hq")
    k = port.scenario.unit_index[uid]
    start = state.place[k]
    click = lambda p: qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton,  # noqa: E731
                                       pos=win.view.view_point_of(p))
    click(start)
    target = max(win.controller.range.cost, key=lambda p: (win.controller.range.cost[p], p))
    click(target)
    assert port.game.state.place[k] == target
    restored = open_game(autosave_path())  # the autosave replays to the same state
    assert restored.game.state.state_hash() == port.game.state.state_hash()
    win.undo_action.trigger()
    assert port.game.state.place[k] == start
    win.redo_action.trigger()
    assert port.game.state.place[k] == target


def _fight(win, port, attackers: tuple[str, ...], target: int):
    """One attack through the UI: select, point, open the dialog, roll, make the choices."""
    win.controller.select(attackers[0])
    win._hovered(target)
    dlg = win.attack_dialog()
    dlg.roll()
    assert dlg.result is not None, dlg.outcome.text()
    while dlg.choice_list.count():  # losses, retreat path, advance: as the engine lists them
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
    dlg.close()
    return dlg


def test_end_phase_to_the_other_side(qtbot, win, port):
    """D77-ZOC-04: units ending next to the enemy must attack; ending the combat phase is
    refused with the engine's reason in the status bar until the attacks are fought."""
    first = port.game.state.active
    refused = 0
    for _ in range(24):
        win.end_phase()
        if win.stack.currentWidget() is win.handover or win.controller.side != first:
            break
        must = [a for a in engine.legal_actions(port.game.state, first) if a.kind == "attack"]
        if must and "must attack" in shown(win.hint):
            assert "D77-ZOC-04" in shown(win.hint)  # the refusal, shown where the player looks
            refused += 1
            _fight(win, port, must[0].attackers, must[0].target)
    assert refused  # the tutorial's Allies start next to the Germans
    if win.stack.currentWidget() is win.handover:
        assert win.scene.counters.items == {}
        win.handover.button.click()
    assert win.controller.side != first
    assert win.controller.view.active_side == win.controller.side


def test_save_from_a_newer_version_is_refused_and_the_game_kept(qtbot, win, port, tmp_path):
    path = tmp_path / "newer.ddaysave"
    path.write_bytes(port.save_bytes().replace(b'"version": 3', b'"version": 99'))
    before = port.game.state.state_hash()
    assert not win.open_path(str(path))
    assert "newer.ddaysave" in win.problem_box.informativeText()
    assert win.controller.port is port and port.game.state.state_hash() == before
    win.problem_box.close()


def test_save_and_open_round_trip(qtbot, win, port, tmp_path):
    _to_movement(port)
    win.controller.refresh()
    path = tmp_path / "g.ddaysave"
    assert win._write(str(path))
    assert win.open_path(str(path))
    assert win.controller.port.game.state.state_hash() == port.game.state.state_hash()


def test_combat_dialog_shows_the_combat_modules_assessment(qtbot, win, port):
    from ddaydesk.rules.combat import Declaration, assess
    from ddaydesk.rules.combat.state_adapter import situation

    while engine.current_phase(port.game.state).kind != "combat":
        port.end_phase()
    win.controller.refresh()
    target = port.board.index("1308")  # 21st Panzer, next to the 3rd Canadian
    win.controller.select("ca-3-inf")
    win._hovered(target)
    dlg = win.attack_dialog()
    a = assess(situation(port.game.state), Declaration(("ca-3-inf",), target))
    assert dlg.preview.attack_total == a.attack and dlg.preview.defence_total == a.defence
    for line in a.attack_lines + a.defence_lines:
        assert line.rule in dlg.attack_box.text() + dlg.defence_box.text()
    assert abs(sum(p for _r, p in dlg.preview.distribution) - 1.0) < 1e-9
    dlg.roll()  # the real roll: the engine's combat actions (declare, roll)
    res = dlg.result
    assert res is not None and len(res.roll) == 1 and 1 <= res.roll[0] <= 6
    assert dlg.preview.crt[dlg.preview.column][res.roll[0] - 1] == res.result  # the CRT row read
    assert port.game.log[-1].kind == "resolve_combat" and port.game.log[-2].kind == "attack"
    # the roll is a barrier: Undo greys out and says the engine's reason
    assert not win.undo_action.isEnabled()
    assert win.undo_action.toolTip() == f"Undo is not possible: {port.game.undo_problem()}"
    listed = [t for k, t, _p in port.choices() if k in ("take_losses", "retreat", "stiff_resistance", "advance")]
    assert [dlg.choice_list.item(r).text() for r in range(dlg.choice_list.count())] == listed
    while dlg.choice_list.count():
        before = len(port.game.log)
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
        assert len(port.game.log) == before + 1  # each choice one action of the log
    assert "pending" not in port.game.state.extra["combat"] or not port.game.state.extra["combat"]["pending"]
    dlg.close()


def test_withheld_setup_secret_area_is_private_across_the_hand_over(qtbot, settings):
    """D77-SET-03: the Allied player records the invasion area privately; the German view,
    its models and its log do not hold it; the map is blanked between the sides."""
    from ddaydesk.ui.mainwindow import MainWindow

    port = open_engine_game(default_scenario_path(), {"withheld_setup": True})
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.show()
    assert w.controller.side == "german" and w.controller.view.phase == "withhold"
    w.controller.select("de-709-st")
    assert w.controller.withhold_selected()  # Game > Withhold selected unit
    assert "de-709-st" not in w.scene.counters.items
    w.end_phase()  # the Allies record their area next
    assert w.stack.currentWidget() is w.handover and w.scene.counters.items == {}
    w.handover.button.click()
    assert w.controller.side == "allied" and w.secret_dialog is not None
    region = w.controller.view.secret_options[0]
    w.secret_dialog.textValueSelected.emit(region[1])
    from ddaydesk.engine.hidden_setup import SECRET_KEY

    assert port.game.state.secrets["allied"][SECRET_KEY] == region[0]
    w.end_phase()
    assert w.stack.currentWidget() is w.handover
    w.handover.button.click()
    assert w.controller.side == "german"
    v = w.controller.view
    assert v.secrets == {} and not v.secret_pending
    # the withheld unit is placed with the movement controls: select, click a shaded hex
    w.controller.select("de-709-st")
    spot = next(iter(w.controller.range.cost))
    assert w.controller.move_selected(spot)
    assert port.game.state.place[port.scenario.unit_index["de-709-st"]] == spot
    texts = [w.log_model.data(w.log_model.index(r)) for r in range(w.log_model.rowCount())]
    assert texts and not any(region[0] in t or region[1] in t for t in texts)
    assert any("secret choice" in t for t in texts)


def test_trails_show_each_sides_latest_moves_and_follow_undo(qtbot, win, port):
    _to_movement(port)
    win.controller.refresh()
    c = win.controller
    c.select("us-29-inf")
    target = max(c.range.cost, key=lambda p: (c.range.cost[p], p))
    path = c.range.path_to(target)
    c.move_selected(target)
    assert c.view.trails == (tuple(path),)
    trail = win.scene.overlays.trails.path()
    assert trail.elementCount() == len(path)
    win.undo_action.trigger()
    assert c.view.trails == () and win.scene.overlays.trails.path().isEmpty()


def test_supply_centres_are_drawn_and_supply_view_matches_the_calculator(qtbot, win, port):
    from ddaydesk.ui.supply_port import compute_view

    centres = [m.place for m in port.game.state.markers if m.kind == "supply_centre"]
    chips = win.scene.overlays.marker_chips.path()
    assert centres and chips.elementCount() > 0
    middles = [poly.boundingRect().center() for poly in chips.toSubpathPolygons()]
    assert sorted(win.scene.geom.hex_at(p) for p in middles) == sorted(centres)  # one chip per SC hex
    win.layer_actions["supply"].trigger()
    expected = compute_view(port._supply_input("allied"), "allied")
    assert win.supply == expected
    for us in expected.units.values():
        for leg in us.legs:
            line = win.scene.overlays.supply_lines.path() if leg.kind.startswith("unit") \
                else win.scene.overlays.supply_hq_lines.path()
            pts = {(round(line.elementAt(k).x, 2), round(line.elementAt(k).y, 2))
                   for k in range(line.elementCount())}
            for p in leg.places if len(leg.places) > 1 else ():
                c = win.scene.geom.centres[p]
                assert (round(c.x(), 2), round(c.y(), 2)) in pts


def test_hover_outside_the_range_says_the_engines_reason(qtbot, win, port):
    _to_movement(port)
    win.controller.refresh()
    c = win.controller
    c.select("us-29-inf")
    sea = port.board.index("1003")
    win._hovered(sea)
    k = port.scenario.unit_index["us-29-inf"]
    assert shown(win.hint) == engine.movement.why_not(port.game.state, engine.reach(port.game.state, k), sea)
    assert "sea" in shown(win.hint)
    target = next(p for p in c.range.cost if p != c.range.start)
    win._hovered(target)
    assert f"{c.range.cost[target]:g} MP" in shown(win.hint)


def test_a_retreat_is_chosen_by_clicking_a_marked_hex(qtbot, settings):
    """A result with a retreat (AB2/DB2) marks where each listed path ends; a click on one
    applies that path (the first listed ending there), one action of the log."""
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.mainwindow import MainWindow

    sc = load_scenario(default_scenario_path())
    for seed in range(64):  # the first seed whose roll asks for a retreat
        port = EnginePort(Game(sc, seed=seed, options=dict(sc.options)))
        while engine.current_phase(port.game.state).kind != "combat":
            port.end_phase()
        port.resolve_combat(["ca-3-inf"], port.board.index("1308"), {})
        if any(k == "retreat" for k, _t, _p in port.choices()):
            break
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    retreats = [(t, p) for k, t, p in port.choices() if k == "retreat"]
    assert retreats and set(w.choice_at) == {p[-1] for _t, p in retreats}
    marked = w.scene.overlays.choice_ends.path()
    for end in w.choice_at:
        assert marked.contains(w.scene.geom.centres[end] + QPointF(1.3, 2.7))
    end = sorted(w.choice_at)[0]
    text, path = next((t, p) for t, p in retreats if p[-1] == end)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=w.view.view_point_of(end))
    last = port.game.log[-1]
    assert last.kind == "retreat" and tuple(last.via) == path[1:] and text in shown(w.hint)


def test_the_log_after_an_undo_and_another_action_is_the_log_written_afresh(port):
    """The view's log keeps its entries from one view to the next; an undo and a different
    action must show in it as they would in a new window over the same game."""
    _to_movement(port)
    g = port.game
    side = g.state.active
    moves = [a for a in engine.legal_actions(g.state, side) if a.kind == "move"]
    g.do(moves[0])
    others = [a for a in engine.legal_actions(g.state, side) if a.kind == "move"]
    g.do(others[0])
    first = port.view(side).log
    g.undo()
    g.do(next(a for a in reversed(others) if a.unit != others[0].unit))
    again = port.view(side).log
    assert again == EnginePort(g).view(side).log  # a new port has nothing kept
    assert again[:-1] == first[:-1] and again[-1] != first[-1]


def test_the_sides_logs_share_the_entries_of_actions_that_are_not_secret(port):
    """An action that is not secret reads the same to both sides: one entry, kept once
    (a long game's log is thousands of entries), the same as a new port writes."""
    _to_movement(port)
    g = port.game
    side = g.state.active
    for _ in range(3):
        g.do(next(a for a in engine.legal_actions(g.state, side) if a.kind == "move"))
    mine = port.view(side).log
    other = next(s for s in g.scenario.system.sides if s != side)
    theirs = port.view(other).log
    assert len(mine) == len(theirs) == g.pos
    assert all(a is b for a, b in zip(mine, theirs, strict=True))
    assert theirs == EnginePort(g).view(other).log


def test_the_autosave_is_private_and_tells_no_coming_roll(qtbot, win, port):
    import json
    import os

    win.controller.end_phase()  # an action through the window: the autosave is written
    path = autosave_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 3 and "seed" not in doc and doc["actions"]
    if os.name == "posix":
        assert path.stat().st_mode & 0o777 == 0o600  # a hot-seat save holds both sides' secrets
