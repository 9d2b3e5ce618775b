"""The Arrivals dock (placement pool), through the real window over the real engine: an entry
chosen lights exactly the places the engine accepts, a click on a lit place (or a drop there)
puts it there; the Actions dock's lines still work from the keyboard and mark their places."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import legal_actions  # noqa: E402
from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from ddaydesk.ui.widgets.pool import KEY  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import play_to, to_phase, window  # noqa: E402


def lit(w) -> set[int]:
    """The places lit on the map now (the pool's entry, or the selected unit's range)."""
    marks = w.scene.overlays.marks
    paths = [marks.placing.path(), marks.placing_sea.path()]  # ashore and at sea
    if all(path.isEmpty() for path in paths):
        paths = [w.scene.overlays.range_fill.path()]
    return {p for p in range(w.port.board.n) if any(path.contains(w.scene.geom.centres[p]) for path in paths)}


def groups(w) -> list[str]:
    t = w.aids.pool.tree
    return [t.topLevelItem(k).text(0) for k in range(t.topLevelItemCount())]


@pytest.fixture
def campaign(qtbot, settings):
    """The campaign's first Allied movement phase, the invasion of Normandy declared."""
    port = open_engine_game(scenarios_dir() / "dday77-campaign.yaml")
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.0)
    to_phase(qtbot, w, "allied.movement")
    k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices()) if kind == "invade" and "Normandy" in text)
    w.take_choice(k, "invade Normandy")
    return w, port


def test_a_landing_is_placed_by_clicking_a_lit_hex_STD_INV_05(qtbot, campaign):
    w, port = campaign
    assert any(g.startswith("Landing from the sea in Normandy: 6 of 6 left") for g in groups(w))
    w.aids.pool.choose("land_from_sea:us-1")
    legal = {a.place for a in legal_actions(port.game.state, "allied", ("land_from_sea",)) if a.unit == "us-1"}
    assert lit(w) == legal  # lit: exactly where the engine lets it land
    target = min(legal, key=lambda p: port.board.labels[p])
    click_place(qtbot, w, target)
    assert w.controller.unit("us-1").place == target
    assert port.game.log[-1].kind == "land_from_sea"
    assert any(g.startswith("Landing from the sea in Normandy: 5 of 6 left") for g in groups(w))


def test_after_a_landing_the_next_landing_is_chosen_and_lit(qtbot, campaign):
    """Landings one after another: once a division is placed, the next one of the list is
    chosen with its hexes lit, so the next click lands it without going back to the dock."""
    w, port = campaign
    w.aids.pool.choose("land_from_sea:us-1")
    order = [i.data(0, KEY) for i in w.aids.pool.items() if str(i.data(0, KEY)).startswith("land_from_sea:")]
    target = min(w.aids.pool.current().places, key=lambda p: port.board.labels[p])
    click_place(qtbot, w, target)
    after = order[order.index("land_from_sea:us-1") + 1]
    assert w.aids.pool.current().key == after
    legal = {a.place for a in legal_actions(port.game.state, "allied", ("land_from_sea",)) if a.unit == after.split(":")[1]}
    assert lit(w) == legal
    spot = max(legal, key=lambda p: port.board.labels[p])
    click_place(qtbot, w, spot)  # no second trip to the dock
    assert w.controller.unit(after.split(":")[1]).place == spot
    assert w.aids.pool.current().key.startswith("land_from_sea:")


def test_a_landing_lights_the_sea_hexes_apart_from_the_coast_STD_INV_20(qtbot, campaign):
    """Where a division would wait at sea to attack the coast is lit apart from the coastal hexes
    where it comes ashore, the legend says which is which, and pointing at a sea hex says so
    in the action's words (STD-INV-20: invading units start at sea, land or attack from there)."""
    w, port = campaign
    w.aids.pool.choose("land_from_sea:us-1")
    marks, board = w.scene.overlays.marks, port.board
    legal = {a.place for a in legal_actions(port.game.state, "allied", ("land_from_sea",)) if a.unit == "us-1"}
    sea = {p for p in legal if board.terrain_of(p) == "sea"}
    assert sea and legal - sea  # (both kinds are offered on the invasion turn)

    def in_path(item):
        return {p for p in legal if item.path().contains(w.scene.geom.centres[p])}

    assert in_path(marks.placing_sea) == sea and in_path(marks.placing) == legal - sea
    texts = w.legend.texts()
    assert "the chosen arrival may be placed there: click or drop it" in texts
    assert "at sea, to attack the coast (lost if still there after combat)" in texts
    at = min(sea, key=lambda p: board.labels[p])
    w._hovered(at)
    assert shown(w.hint) == f"Land 1st Infantry Division at sea at {board.labels[at]}, to attack the coast from there: " \
        "click to place it here"
    w.aids.pool.clear_choice()
    assert not any(t.startswith("at sea") for t in w.legend.texts())


def test_an_airborne_drop_is_placed_by_clicking_a_lit_hex(qtbot, campaign):
    w, port = campaign
    key = next(k for k in w.aids.pool.arrivals if k.startswith("drop:"))
    uid = key.split(":", 1)[1]
    w.aids.pool.choose(key)
    legal = {a.place for a in legal_actions(port.game.state, "allied", ("drop",)) if a.unit == uid}
    assert lit(w) == legal and legal
    target = sorted(legal)[len(legal) // 2]
    w._hovered(target)
    assert "click to place it here" in shown(w.hint) and port.place_name(target) in shown(w.hint)
    click_place(qtbot, w, target)
    assert w.controller.unit(uid).place == target and port.game.log[-1].kind == "drop"


def test_a_reinforcement_is_placed_by_clicking_a_lit_hex(qtbot, settings):
    """Turn 2 of the tutorial: the 2nd Armored Division is due; its entry lights where it may
    come on and move to (the engine's range from off the map), and a click brings it there."""
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    play_to(w, 2, "allied.movement")
    entry = w.aids.pool.arrivals["move:us-2-arm"]
    assert entry.group.startswith("Reinforcements due: 20 of 20 allotment factors left (STD-REIN-02)")
    w.aids.pool.choose("move:us-2-arm")
    assert w.controller.selected == "us-2-arm"
    rng = port.legal_moves("us-2-arm")
    assert set(w.controller.range.cost) == set(rng.cost) == set(entry.places)  # its range, lit on the map
    target = min(entry.places, key=lambda p: (rng.cost[p], port.board.labels[p]))
    assert w.scene.overlays.range_fill.path().contains(w.scene.geom.centres[target])
    click_place(qtbot, w, target)
    assert w.controller.unit("us-2-arm").place == target and port.game.log[-1].kind == "move"
    assert "move:us-2-arm" not in w.aids.pool.arrivals


def test_utah_airborne_units_are_dropped_by_clicks_and_the_drift_drawn(qtbot, settings):
    """Utah Beach's drop: each regiment placed on a lit hex of its drop zone, then the drop rolled
    by clicking its hex; where it drifted is an arrow on the map (FMU-AIRB-02, FMU-AIRB-08)."""
    port = open_engine_game(scenarios_dir() / "utah-landing.yaml")
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.2)
    state = port.game.state
    while state.phase != "landing.airborne":
        arr = [a for a in w.aids.pool.arrivals.values() if a.places]
        if arr:
            w.aids.pool.choose(arr[0].key)
            click_place(qtbot, w, sorted(arr[0].places)[0])
        else:
            w.actions_panel.end_button.click()
        state = port.game.state
    airborne = [a for a in w.aids.pool.arrivals.values() if a.key.startswith("place_airborne:")]
    assert airborne and all(a.group == "Airborne units to their drop zones" for a in airborne)
    while port.game.state.phase == "landing.airborne" and w.aids.pool.arrivals:
        a = next(iter(w.aids.pool.arrivals.values()))
        w.aids.pool.choose(a.key)
        assert lit(w) == set(a.places)
        click_place(qtbot, w, sorted(a.places)[0])
        assert port.game.log[-1].kind == "place_airborne"
    w.actions_panel.end_button.click()
    rolls = [a for a in w.aids.pool.arrivals.values() if a.key.startswith("roll_drop:")]
    assert rolls
    w.aids.pool.choose(rolls[0].key)  # one place: the hint says what a click there does
    assert shown(w.hint) == f"Roll drop for {rolls[0].title}: click the lit place, or drag the entry there"
    for a in rolls:
        w.aids.pool.choose(a.key)
        (where,) = a.places
        click_place(qtbot, w, where)
        assert port.game.log[-1].kind == "roll_drop"
    view = port.view("allied")
    assert w.scene.overlays.drift_lines.path().elementCount() == 2 * len(view.drifts)


def test_the_actions_docks_lines_name_their_place_and_mark_it_while_pointed_at(qtbot, campaign):
    w, port = campaign
    panel = w.actions_panel
    item = next(i for i in panel.items() if "Land 1st Infantry Division" in i.text(0))
    k = item.data(0, 0x0100)
    places = panel.choices[k][2]
    assert port.place_name(places[-1]) in item.text(0)
    panel.tree.itemEntered.emit(item, 0)
    marked = w.scene.overlays.marks.pointed.path()
    assert marked.contains(w.scene.geom.centres[places[-1]])
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QEnterEvent  # noqa: F401

    w.aids.eventFilter(panel.tree.viewport(), QEvent(QEvent.Type.Leave))
    assert w.scene.overlays.marks.pointed.path().isEmpty()


def test_nothing_to_place_says_so_instead_of_an_empty_list(qtbot):
    from ddaydesk.ui.widgets.pool import PoolPanel

    pool = PoolPanel()
    qtbot.addWidget(pool)
    pool.set_arrivals(())
    assert "Nothing comes onto the map this phase" in pool.note.text() and pool.tree.topLevelItemCount() == 0
    pool.set_arrivals((), waiting_for="german")
    assert pool.note.text() == "Waiting for the German player."


def test_commonwealth_replacements_shown_and_spent_in_the_window_FMU_CAMP_05(qtbot, settings, monkeypatch):
    """The F&M campaign with Commonwealth units, GT 2: the pool's rebuild entry says what is left
    of each nation's points, and a click on the reduced British unit's hex rebuilds it with a
    Commonwealth point (FMU-CAMP-05), the U.S. points untouched."""
    from ddaydesk.ui.engine_port import EnginePort
    from tests.rules.fmu.test_fmu_replacements import CW_LEG, _support_phase_of

    port = EnginePort(_support_phase_of(2, monkeypatch))
    w = window(qtbot, settings, port)
    key = f"rebuild:{CW_LEG}"
    entry = w.aids.pool.arrivals[key]
    assert entry.group.endswith(": 2 leg, 2 Commonwealth leg replacement points left (FMU-REPL-02)")
    w.aids.pool.choose(key)
    (hexe,) = entry.places
    click_place(qtbot, w, hexe)
    assert port.game.log[-1].kind == "rebuild" and port.game.state.steps_lost[port.game.state.unit(CW_LEG)] == 0
    assert next(iter(w.aids.pool.arrivals.values())).group.endswith(
        ": 2 leg, 1 Commonwealth leg replacement points left (FMU-REPL-02)")


def test_what_may_come_on_now_heads_its_group(qtbot, settings):
    """Koenig's Sword, the 1st Special Service Brigade's chit: its five Commandos head the
    reinforcements due, the 8th Brigade's six (not activated, and why) after them (they came first)."""
    from tests.ui.test_pkd_window import _cup, _window

    w, _port = _window(qtbot, settings, formation="1ssbde")
    _cup(w).buttons["op:move"].click()
    pool = w.aids.pool
    rows = [pool.arrivals[i.data(0, KEY)] for i in pool.items()]
    assert [bool(a.why) for a in rows] == [False] * 5 + [True] * 6
    assert rows[0].title == "No. 3 Commando" and "not in the activated formation" in rows[-1].why


def test_a_landing_chosen_on_the_whole_campaign_map_zooms_in_on_its_beaches(qtbot, settings):
    """The campaign fitted (Western Europe, a hex a few pixels across): choosing a landing brings
    its hexes in sight at a size a click hits, and a click there lands it (STD-INV-05)."""
    port = open_engine_game(scenarios_dir() / "dday77-campaign.yaml")
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.movement")
    k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices()) if kind == "invade" and "Normandy" in text)
    w.take_choice(k, "invade Normandy")
    geom, view = w.scene.geom, w.view
    assert geom.scale * view.transform().m11() < 12  # (fitted: hexes too small to hit)
    w.aids.pool.choose("land_from_sea:us-1")
    places = set(w.aids.pool.current().places)
    assert geom.scale * view.transform().m11() >= 12 and view.transform().m11() <= 1.0
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert all(seen.contains(geom.centres[p]) for p in places)  # every beach hex in sight
    target = min(places, key=lambda p: port.board.labels[p])
    click_place(qtbot, w, target)
    assert w.controller.unit("us-1").place == target and port.game.log[-1].kind == "land_from_sea"


def test_a_groups_title_with_its_capacity_is_whole_in_a_narrow_dock(qtbot, campaign):
    """"Landing from the sea in Normandy: 6 of 6 left" (bold) wraps in the dock's width, never
    cut (was: "...: 5 o…" at 1280x800)."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFont, QFontMetrics

    w, _port = campaign
    tree = w.aids.pool.tree
    w.aids.pool_dock.raise_()
    qtbot.waitUntil(lambda: tree.viewport().width() > 0)
    group = next(tree.topLevelItem(k) for k in range(tree.topLevelItemCount())
                 if tree.topLevelItem(k).text(0).startswith("Landing from the sea"))
    bold = QFont(tree.font())
    bold.setBold(True)
    plain, wide = tree.fontMetrics().horizontalAdvance(group.text(0)), QFontMetrics(bold).horizontalAdvance(group.text(0))
    room = (plain + wide) // 2  # (a dock where the title fits on one line in plain type, not in bold)
    dock = w.aids.pool_dock
    w.resizeDocks([dock], [dock.width() + room + tree.indentation() + 8 - tree.viewport().width()],
                  Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: tree.viewport().width() - tree.indentation() - 8 == room)
    need = QFontMetrics(bold).boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, group.text(0))
    assert need.height() > QFontMetrics(bold).height()  # (two lines in bold)
    qtbot.waitUntil(lambda: tree.visualItemRect(group).height() >= need.height())


def test_review_lights_no_arrival_and_the_dock_waits_for_the_live_game(qtbot, campaign):
    """A landing chosen (the next one after a placement), then the game reviewed: no hex is lit
    to click and the dock is off while reviewing (was: the live landing lit over a past position)."""
    w, port = campaign
    w.aids.pool.choose("land_from_sea:us-1")
    click_place(qtbot, w, min(w.aids.pool.current().places, key=lambda p: port.board.labels[p]))
    assert w.aids.pool.current() is not None and lit(w)  # (the next landing chosen and lit)
    w.review.enter(1)
    assert w.review.active and not w.aids.pool.isEnabled() and w.aids.pool.current() is None
    marks = w.scene.overlays.marks
    assert marks.placing.path().isEmpty() and marks.placing_sea.path().isEmpty()
    w.review.leave()
    assert w.aids.pool.isEnabled()


def test_a_reinforcement_moved_on_does_not_choose_the_next_one(qtbot, settings):
    """Reinforcements enter by a move, their range over much of the map: after one has come on,
    the next is not chosen (a click elsewhere would bring it on instead of selecting a unit)."""
    port = open_engine_game(scenarios_dir() / "dday77-breakout.yaml")  # (turn 8: seven due)
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.0)
    moves = [k for k, a in w.aids.pool.arrivals.items() if a.move and a.places]
    assert len(moves) >= 2
    w.aids.pool.choose(moves[0])
    click_place(qtbot, w, sorted(w.aids.pool.current().places)[0])
    assert port.game.log[-1].kind == "move" and w.aids.pool.current() is None


def test_undoing_a_landing_chooses_that_unit_again_with_its_hexes_lit(qtbot, campaign):
    """Undo puts the player back where he was: the division taken off the beach is the one
    chosen in the dock, its hexes lit, not the next one the landing had moved on to."""
    w, port = campaign
    w.aids.pool.choose("land_from_sea:us-1")
    before = lit(w)
    click_place(qtbot, w, min(before, key=lambda p: port.board.labels[p]))
    assert w.aids.pool.current().key != "land_from_sea:us-1"  # (the next one, after a landing)
    w.undo_action.trigger()
    assert w.controller.unit("us-1").place < 0
    assert w.aids.pool.current().key == "land_from_sea:us-1"
    assert lit(w) == before
    w.redo_action.trigger()  # and a redo lands it again, the next one chosen
    assert w.controller.unit("us-1").place >= 0
    assert w.aids.pool.current().key != "land_from_sea:us-1"
