"""D-Day Dice's parts of the one main window: its Units as their nations' markers side by side in
their Sector, the Battle Map's printing clear of the lines' marks on every map, the turn's seven
phases in place of a turn track (the game has no last turn), the Actions dock's groups titled
in words, a Sector's printing in words in the place dock, and every rule id the window shows in
a seeded game opening its entry in the rules browser. (Whole games: test_ddd_play.py.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from ddaydesk.engine import OVER
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd import KeepDice, RollDice
from ddaydesk.rules.help.ids import rule_ids
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.profiles.ddd import KIND_TITLES
from ddaydesk.ui.profiles.ddd_art import def_box, line_marks, words_spot
from ddaydesk.ui.profiles.ddd_map import NATION_MARK, MarkerArt
from tests.rules.ddd.conftest import MAPS, SCEN, land_all, play_to
from tests.rules.ddd.play import choose
from tests.ui.ddd_drive import panel, take
from tests.ui.test_ddd_play import window


def test_the_map_shows_the_units_in_their_sectors_and_hides_absent_nations(qtbot, settings):
    w, port = window(qtbot, settings, "exercise-tiger", {"unit_british": True})
    land_all(port.game)
    w.controller.refresh()
    counters = w.scene.counters
    assert set(counters.key_of) == {"us", "british"}  # the French and Canadians do not play
    assert isinstance(w.scene.art, MarkerArt)  # round nation markers, not NATO counters cut to 5 letters
    assert {u.nationality for u in port.scenario.units} <= set(NATION_MARK)
    sector_1 = port.board.index("1")
    boxes = [counters.items[counters.key_of[u]].sceneBoundingRect() for u in ("us", "british")]
    for box in boxes:
        assert port.board.place_at_point(*(c / w.scene.geom.scale for c in box.center().toTuple())) == sector_1
    assert not boxes[0].intersects(boxes[1])  # side by side, each readable
    assert w.unit_model.rowCount() == 2


@pytest.mark.parametrize("name", MAPS)
def test_a_battle_maps_printing_keeps_clear_of_the_lines_marks(qtbot, name):
    """Each Sector's DEF shield and its small print (attributes, requirement) keep clear of the
    Courage costs and Land Mines printed on its lines, and the words stay inside the Sector."""
    board = load_scenario(SCEN[name]).board
    geom = BoardGeometry(board)
    marks = line_marks(board, geom.scale)
    for i in range(board.n):
        if "row" not in board.props[i]:
            continue
        box = def_box(geom, i, marks)
        assert not [m for m in marks if m.intersects(box)], (name, board.labels[i])
        spot, text = words_spot(geom, i, marks)
        if text:
            assert not [m for m in marks if m.intersects(spot)], (name, board.labels[i], text)
            assert not spot.intersects(box) and geom.bounds[i].contains(spot), (name, board.labels[i], text)


def test_the_turn_bar_shows_the_turns_phases_and_no_track_of_sixty_turns(qtbot, settings):
    w, port = window(qtbot, settings, "exercise-tiger", {})
    land_all(port.game)
    play_to(port.game, "tally")
    w.controller.refresh()
    assert not w.turn_track_action.isVisible()
    assert w.phase_label.text().startswith("Turn 1\n") and "of 60" not in w.phase_label.text()
    strip = w.turn_parts[0]
    assert strip.lit == "2" and strip.isVisible()
    assert not strip.boxes[6].isVisibleTo(strip)  # no assault without a German
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.ui.engine_port import open_engine_game

    w.set_game(open_engine_game(default_scenario_path()))  # a hex game: its turn track again
    assert w.turn_track_action.isVisible() and w.turn_parts == []
    assert " of " in w.phase_label.text()


def test_the_actions_docks_groups_are_titled_in_words(qtbot, settings):
    w, port = window(qtbot, settings, "gold", {"unit_british": True, "auto_german": True})
    g = port.game
    titles = set()
    for _ in range(120):
        tree = w.actions_panel.tree
        titles |= {tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())}
        take(qtbot, w, choose(g.state))
    assert {"Roll the dice", "Lock or unlock a die", "Score the Final Tally"} <= titles
    assert titles <= set(KIND_TITLES.values())  # never a kind's id in words ("Score tally")


def _links_shown(w) -> set[str]:
    texts = [lb.text() for lb in w.findChildren(QLabel) if lb.isVisible()]
    return {r for t in texts for r in rule_ids(t)}


def test_a_sectors_printing_in_words_and_every_rule_id_shown_opens_its_entry(qtbot, settings):
    w, port = window(qtbot, settings, "atlantikwall", {})
    g = port.game
    land_all(g)
    w.controller.refresh()
    guns = next(s for s in panel(w).table.table.sectors if s.mgf)
    w._hovered(guns.place)
    text = w.hex_info.header.text()
    assert f"DEF {guns.defence}" in text and "STD-DDD-DEF" in text and "silent" in text  # (DDD-GER-08..09)
    seen = _links_shown(w)
    for _ in range(300):  # a seeded game: the ids its panels and docks show on the way
        if g.state.phase == OVER:
            break
        take(qtbot, w, choose(g.state))
        if w.stack.currentWidget() is w.handover:
            w.handover.button.click()
        seen |= _links_shown(w)
    assert {"STD-DDD-TALLY", "STD-DDD-MARKER", "DDD-GER-08", "DDD-GER-22", "STD-DDD-DEF"} <= seen
    w.show_rule("")
    browser = w.rules_browser
    for rule in sorted(seen):
        entry = browser.help.library.entry(rule, "ddd")
        assert entry is not None, rule
        assert browser.open_rule(rule) and browser.current_block_text().startswith(entry.head), rule
    browser.close()


def test_units_land_from_the_arrivals_dock_and_the_tray_says_what_comes_next(qtbot, settings):
    """A Unit in its landing craft is an entry of the Arrivals dock; chosen, the landing Sectors
    the rules offer are lit and a click there lands it. Once every Unit has kept its dice the
    tray says to end the phase; in Phase 5 it says how a Unit moves."""
    from ddaydesk.engine import legal_actions
    from tests.ui.drive import click_place
    from tests.ui.test_arrivals import groups, lit

    w, port = window(qtbot, settings, "omaha", {"unit_british": True}, 2)
    g = port.game
    assert groups(w) == ["Units to land (each in a landing Sector)"]
    assert "choose it in Arrivals" in panel(w).cards["us"].header.text()
    w.aids.pool.choose("land_unit:us")
    legal = {a.to for a in legal_actions(g.state, "allied", ("land_unit",)) if a.player == "us"}
    assert lit(w) == legal and len(legal) == 3
    target = max(legal, key=lambda p: port.board.labels[p])
    click_place(qtbot, w, target)
    assert g.log[-1].kind == "land_unit" and w.controller.unit("us").place == target
    assert set(w.aids.pool.arrivals) == {"land_unit:british"}
    take(qtbot, w, choose(g.state))
    assert w.aids.pool.note.text() == "Nothing comes onto the map this phase."  # (no turn track to point at)
    for pid in ("us", "british"):
        for a in (RollDice("allied", pid), KeepDice("allied", pid)):
            assert "End phase" not in panel(w).status.text()
            take(qtbot, w, a)
    assert "All dice are kept: <b>End phase</b> (Ctrl+E)" in panel(w).status.text()
    shopping = 0
    while g.state.phase != "move":
        if any(a.kind in ("rally_specialist", "find_item") for a in legal_actions(g.state, "allied")):
            assert "Rally a Specialist (Stars) or find an Item" in panel(w).status.text()
            shopping += 1
        take(qtbot, w, choose(g.state))
    assert shopping  # (the seeded game has something to buy in Phase 4)
    assert any(a.kind == "sector_move" for a in legal_actions(g.state, "allied"))
    assert "Move: click a Unit's marker, then a lit Sector" in panel(w).status.text()


def test_a_sector_in_the_place_dock_lists_its_ways_on_with_their_courage(qtbot, settings):
    """STD-DDD-MOVE: from a Sector a Unit Advances (paying the line's Courage) or moves across,
    never back; Land Mines and Barriers on the way. The place dock lists the ways on as the
    Battle Map prints them, and calls the lines borders, not hexsides."""
    from tests.ui.conftest import shown

    w, port = window(qtbot, settings, "omaha", {})
    land_all(port.game)
    w.controller.refresh()
    for label, ways in (("4", "Advance to Sector 7 (2 Courage); across to Sector 5 (Land Mines)"),
                        ("2", "Advance to Sector 4 (2 Courage), Sector 5 (1 Courage), Sector 6 (2 Courage, Land Mines); "
                              "across to Sector 1 (Barrier), Sector 3"),
                        ("10", "Advance to Bunker (4 Courage, Land Mines); across to Sector 9")):
        w._hovered(port.board.index(label))
        text = shown(w.hex_info.header)
        assert f"Ways on: {ways} (STD-DDD-MOVE)" in text, text
        assert "Hexsides" not in text and "Borders: " in text


def test_a_campaigns_battle_is_named_with_its_place_in_the_campaign(qtbot, settings):
    """DDD-CAMPGN-01: an Overlord campaign fights its Battle Maps in order; the players' column
    says which one is in play, not only the score sheet."""
    w, port = window(qtbot, settings, "campaign-overlord", {})
    status = panel(w).status.text()
    assert status.startswith("<b>Gold Beach (single Bunker), battle 1 of 3 · Turn 1 · "), status
    w2, port2 = window(qtbot, settings, "omaha", {})
    assert panel(w2).status.text().startswith("<b>Turn 1 · ")  # (a single battle: no campaign to place it in)


def test_the_germans_long_phase_shows_whole_on_the_turn_bar(qtbot, settings):
    """'German Phase 4: the German's Specialists, Items and Decorations' goes on two lines at a
    space, each whole: broken at its comma the first line was cut ('the German's Speciali…')."""
    from tests.ui.ddd_drive import seat

    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True})
    play_to(port.game, "german_supply")
    w.controller.refresh()
    seat(qtbot, w)
    lines = w.phase_label.text().split("\n")[1:]  # (on one line where the turn bar has the room)
    assert len(lines) <= 2 and "…" not in "".join(lines)
    assert " ".join(lines) == "German Phase 4: the German's Specialists, Items and Decorations"


def test_the_legend_explains_what_the_battle_map_prints_on_its_lines(qtbot, settings):
    """STD-DDD-MOVE, STD-DDD-MINES: a Battle Map prints each line's Advance cost in Courage (a
    gold disc), its Land Mines (dots) and Barriers (a bar); the map legend says which is which,
    with samples in the printing's colours, on a map that has them."""
    from ddaydesk.ui.legend import entries
    from ddaydesk.ui.profiles.ddd_art import BARRIER, GOLD

    w, port = window(qtbot, settings, "omaha", {})
    by_text = {text: sample for _layer, text, sample in entries(w.scene.overlays)}
    courage = by_text["a gold disc on a line: the Courage an Advance across it costs"]
    mines = by_text["dots along a line: Land Mines, a d6 of Soldiers to cross"]
    barrier = by_text["a bar along a line: a Barrier, no way across"]
    assert courage.brush().color() == GOLD and barrier.pen().color() == BARRIER
    assert mines.pen().style() == Qt.PenStyle.DotLine
    assert all(s.path().isEmpty() for s in (courage, mines, barrier))  # (samples: the tiles hold the printing)
    w2, _port = window(qtbot, settings, "exercise-tiger", {})
    texts = {text for _layer, text, _sample in entries(w2.scene.overlays)}
    assert "a bar along a line: a Barrier, no way across" not in texts  # (Exercise Tiger has none)
    assert "dots along a line: Land Mines, a d6 of Soldiers to cross" in texts


def test_the_units_table_prints_no_combat_factors_for_a_d_day_dice_unit(qtbot, settings):
    """A D-Day Dice Unit has no Attack, Defence or Movement (its Soldiers and cards are on its
    card): the units table says none, not '0-0-0'."""
    w, port = window(qtbot, settings, "omaha", {})
    m = w.unit_model
    col = m.columns.index("Values")
    assert "A-D-M" not in m.columns and m.rowCount() == 1
    assert m.data(m.index(0, col)) == "–"


def test_the_place_dock_shows_a_sectors_words_whole_beside_its_unit(qtbot, settings):
    """A Sector with a Unit: its words (DEF, guns, the Unit's turns, the ways on) are not cut at
    the bottom of the place dock while room stands empty below the Unit."""
    from ddaydesk.rules.ddd import LandUnit

    w, port = window(qtbot, settings, "omaha", {})
    g = port.game
    sector = port.board.index("2")
    g.do(LandUnit("allied", "us", sector))
    w.controller.refresh()
    w._hovered(sector)
    info = w.hex_info
    info.body.layout().activate()
    assert "Ways on:" in info.header.text() and info.stack.isVisible()
    assert info.header.height() >= info.header.heightForWidth(info.header.width())
