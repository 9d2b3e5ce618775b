"""D-Day2 in the main window, over the real engine: a seeded game to its end, the battle odds
before the roll, undo up to a die roll, a click on a zone for its actions, and the features
the territory map lacks greyed out with the reason."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ddaydesk.engine import OVER, Game, legal_actions
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import battles, winner
from ddaydesk.ui.counterlayer import UNIT_ROLE
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.mainwindow import MainWindow
from tests.conftest import ROOT
from tests.rules.dd2.play import choose
from tests.ui.drive import click_place, take


@pytest.fixture(scope="module")
def sc():
    return load_scenario(ROOT / "scenarios" / "dday2.yaml")


def played_to(sc, phase: str, seed: int = 1) -> Game:
    """A seeded game played by the scripted chooser until ``phase`` begins."""
    g = Game(sc, seed=seed)
    while g.state.phase != phase:
        g.do(choose(g.state))
    return g


def window(qtbot, settings, game: Game) -> MainWindow:
    win = MainWindow(EnginePort(game), settings, autosave=False)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    return win


def test_a_seeded_game_is_played_to_its_end_through_the_main_window(qtbot, settings, sc):  # DD2-VIC-01
    g = Game(sc, seed=7)
    win = window(qtbot, settings, g)
    fights = 0
    while g.state.phase != OVER:
        a = choose(g.state)
        fights += a.kind == "fight"
        take(qtbot, win, a)
    assert fights > 0 and winner(g.state) in ("allied", "german")
    assert win.outcome_label.isVisible() and "DD2-VIC-01" in win.outcome_label.text()
    assert win.outcome_box is not None and win.outcome_box.isVisible()  # said once, in a dialog
    assert win.log_model.rowCount() == len(g.log)


def test_battle_odds_are_shown_before_the_roll_and_undo_stops_there(qtbot, settings, sc):  # DD2-GEN-01
    g = Game(sc, seed=3)
    while not (g.state.phase.endswith("battle") and battles(g.state)):
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    item = next(i for i in win.actions_panel.items() if i.text(0) == "Fight every battle (one round)")
    draws, pos = g.state.dice.draws, g.pos
    win.actions_panel.tree.itemActivated.emit(item, 0)
    dlg = win.preview_dialog
    text = dlg.text.toPlainText()
    assert g.state.dice.draws == draws and g.pos == pos  # nothing rolled, nothing done yet
    assert text.count("Battle in ") == len(battles(g.state)) and "0 hits: " in text and "%" in text
    dlg.reject()
    assert g.state.dice.draws == draws and g.pos == pos  # cancelled: no roll
    win.actions_panel.tree.itemActivated.emit(item, 0)
    win.preview_dialog.accept()
    assert g.log[-1].kind == "fight" and g.changes[g.pos - 1].dice
    assert not win.undo_action.isEnabled() and "Undo is not possible" in win.undo_action.toolTip()


def test_a_move_is_made_on_the_map_and_undone(qtbot, settings, sc):  # DD2-MOVE-01
    g = Game(sc, seed=3)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    move = next(a for a in legal_actions(g.state, "allied") if a.kind == "move")
    before = g.state.state_hash()
    take(qtbot, win, move)
    assert g.log[-1] == move and win.undo_action.isEnabled()
    win.undo_action.trigger()
    assert g.state.state_hash() == before and win.redo_action.isEnabled()


def test_clicking_a_zone_lists_its_own_actions(qtbot, settings, sc):
    g = Game(sc, seed=3)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    everything = len(win.actions_panel.items())
    beach = next(p.place for p in sc.board.places_of_kind("beach")
                 if any(k == "go_ashore" and p.place in places for k, _t, places in win.port.choices()))
    click_place(qtbot, win, beach)
    texts = [i.text(0) for i in win.actions_panel.items()]
    assert 0 < len(texts) < everything and all(t.startswith("Land ") for t in texts)
    assert sc.board.name_of(beach) in win.actions_panel.filter.text()
    win.actions_panel.all_button.click()
    assert len(win.actions_panel.items()) == everything
    click_place(qtbot, win, beach)  # narrowed again, then the phase ends: the next shows all
    assert not win.actions_panel.filter.isHidden()
    phase = g.state.phase
    win.end_phase_action.trigger()
    assert g.state.phase != phase and win.actions_panel.filter.isHidden()
    assert len(win.actions_panel.items()) == len(win.port.choices())


def test_what_the_territory_map_lacks_is_greyed_out_with_the_reason(qtbot, settings, sc):
    win = window(qtbot, settings, Game(sc, seed=1))
    for action in (win.layer_actions["supply"], win.layer_actions["zoc"], win.attack_action, win.withhold_action):
        assert not action.isEnabled() and action.toolTip().startswith("Not in this game: D-Day2")
    win.layer_actions["supply"].setChecked(True)  # a stray toggle changes nothing and raises nothing
    assert win.supply is None and not win.scene.overlays.visible["supply"]
    assert win.attack_dialog() is None and "D-Day2" in win.hint.text()
    assert win.layer_actions["range"].isEnabled()


def test_the_legend_explains_battles_with_the_profiles_own_mark(qtbot, settings, sc):
    from ddaydesk.ui.legend import entries

    win = window(qtbot, settings, Game(sc, seed=7))
    assert battles(win.port.game.state)  # the airborne zones are contested from the start
    shown = {text: sample for _layer, text, sample in entries(win.scene.overlays)}
    marks = next(d for d in win.scene.decorations if "battle" in d.legend)
    assert shown["battle: both sides' ground units in the zone"] is marks.item  # its red outline, not a chip
    assert not any(isinstance(s, str) and s.startswith("chip:") for s in shown.values())


def test_a_phase_that_ends_by_itself_says_so_in_words(qtbot, settings, sc):
    """The blockhouse fire (like the para attack and the battles) ends once its step is taken:
    the End phase line says so before, and End phase refused says what is left, in words (it
    named the phase by its id)."""
    from tests.ui.conftest import shown

    g = Game(sc, seed=1)
    while g.state.phase != "blockhouse_fire":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    win.controller.show_side("german")
    assert "ends by itself once the blockhouses have fired" in win.actions_panel.end_note.text()
    pos = g.pos
    win.actions_panel.end_button.click()
    said = shown(win.hint)
    assert g.pos == pos and "once the blockhouses have fired" in said and "blockhouse_fire" not in said
    take(qtbot, win, next(a for a in legal_actions(g.state, "german") if a.kind == "blockhouse_fire"))
    if g.state.phase == "blockhouse_fire":  # casualties to pick: End phase says who picks them
        win.actions_panel.end_button.click()
        assert "first the German player picks" in shown(win.hint)  # (the Attacker picks: DD2 order of play 4)


def test_the_turn_bar_counts_the_cities_held_clear_toward_victory(qtbot, settings, sc):
    """DD2-VIC-01: the Allies win holding the three starred cities clear of Germans at two turn
    ends in a row; the turn bar says how many they hold clear now and the engine's count of
    turn ends."""
    from ddaydesk.rules.dd2 import DD2State
    from ddaydesk.rules.dd2.state import OUT

    g = Game(sc, seed=1)
    win = window(qtbot, settings, g)
    assert "Cities taken and clear: 0 of 3 now, 0 of 2 turn ends in a row" in win.tracks_label.text()
    s = g.state.copy()
    d = DD2State(s)
    caen = sc.board.index(next(lab for lab in sc.board.labels if sc.board.name_of(sc.board.index(lab)) == "Caen"))
    for k in d.in_zone(caen, "german"):
        d.set(k, -1, next(iter(OUT)))
    d.set(next(k for k in range(len(d.zone)) if d.side(k) == "allied" and d.type(k) == "infantry"), caen, "A")
    d.game["streak"] = 1
    g.states[g.pos] = s
    win.controller.refresh()
    assert "Cities taken and clear: 1 of 3 now, 1 of 2 turn ends in a row" in win.tracks_label.text()


def test_a_beachhead_unit_pointed_at_a_zone_says_how_it_comes_ashore(qtbot, settings, sc):
    """DD2-MOVE-02: units on a beachhead land (Go ashore), they do not move on the map; a zone
    pointed at with one selected says so in words (it said "it is in beach")."""
    from ddaydesk.rules.dd2 import DD2State
    from tests.ui.conftest import shown

    g = Game(sc, seed=1)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    win.controller.show_side("allied")
    d = DD2State(g.state)
    k = next(k for k in range(len(d.zone)) if d.part[k] == "beach" and d.side(k) == "allied")
    uid, zone = sc.units[k].id, d.zone[k]
    win.controller.select(uid)
    inland = next(z for z in sc.board.adj[zone] if z != zone)
    win._hovered(inland)
    said = shown(win.hint)
    beach = next(p.name for p in sc.board.places_at[zone] if p.kind == "beach")
    assert said.startswith(f"{sc.units[k].name} does not move on land: it waits on the {beach} beachhead")
    assert f"goes ashore (Go ashore) into {sc.board.name_of(zone)}" in said and "in beach" not in said


def test_the_turn_bar_names_whose_phase_it_is_while_the_other_side_picks_losses(qtbot, settings, sc):
    """In the Allied battles (DD2-BATTLE-01) the German picks his own casualties; the turn bar still
    says 'Allied battles' (it said 'German battles', a phase that comes later)."""
    from ddaydesk.rules.dd2 import Fight

    g = played_to(sc, "allied_battle")
    g.do(Fight("allied"))
    assert g.state.phase == "allied_battle" and g.state.active == "german"  # (his losses to pick)
    win = window(qtbot, settings, g)
    win.controller.show_side("german")
    assert win.phase_label.text().split("\n")[1] == "Allied battles"
    assert "Allied battles · viewing as German" in win.turn_label.text()


def test_each_casualty_choice_says_where_the_losses_are(qtbot, settings, sc):
    """DD2-BATTLE-01: several battles are fought at once and each side then picks its losses
    battle by battle; each choice names the zone (or beachhead) the units are lost in."""
    from ddaydesk.rules.dd2 import DD2State, Fight

    g = played_to(sc, "allied_battle")
    g.do(Fight("allied"))
    win = window(qtbot, settings, g)
    win.controller.show_side("german")
    d = DD2State(g.state)
    zones = {d.zone[sc.unit_index[u]] for u in d.pending[0]["candidates"]}
    (zone,) = zones
    rows = [i.text(0) for i in win.actions_panel.items()]
    assert rows and all(r.startswith("Lose ") and r.endswith(f" in {sc.board.name_of(zone)}") for r in rows), rows


def test_the_legend_explains_the_blockhouse_fire_arrows_while_a_blockhouse_stands(qtbot, settings, sc):
    """DD2 order of play 4: the blockhouses fire at the beachheads their red arrows point at;
    the map legend says what the arrows are, drawn with their own pen, until none is left."""
    from ddaydesk.rules.dd2 import DD2State
    from ddaydesk.rules.dd2.state import OUT
    from ddaydesk.ui.legend import entries
    from ddaydesk.ui.profiles.dd2_art import BlockhouseArrows

    g = Game(sc, seed=1)
    win = window(qtbot, settings, g)
    arrows = next(d for d in win.scene.decorations if isinstance(d, BlockhouseArrows))
    by_text = {text: sample for _layer, text, sample in entries(win.scene.overlays)}
    assert by_text.get("blockhouse fire at a beachhead, while the blockhouse stands") is arrows.lines
    assert not arrows.lines.path().isEmpty()
    s = g.state.copy()
    d = DD2State(s)
    for k in range(len(d.zone)):
        if d.type(k) == "blockhouse":
            d.set(k, -1, OUT[0])
    g.states[g.pos] = s
    win.controller.refresh()
    assert arrows.lines.path().isEmpty()
    assert not any("blockhouse fire" in text for _l, text, _s in entries(win.scene.overlays))


def test_allied_reinforcements_are_offered_onto_a_beachhead(qtbot, settings, sc):
    """DD2 order of play 5: the Allies place reinforcements on the beachheads (the Germans in
    their entry zones); the Actions dock says the beachhead, not the zone behind it."""
    from ddaydesk.rules.dd2 import RollReinforcements

    g = played_to(sc, "allied_reinforce")
    g.do(RollReinforcements("allied"))
    win = window(qtbot, settings, g)
    win.controller.show_side("allied")
    rows = [i.text(0) for i in win.actions_panel.items() if i.text(0).startswith("Bring ")]
    beaches = {p.name for p in sc.board.places_of_kind("beach")}
    assert rows and all(any(r.endswith(f" onto the {b} beachhead") for b in beaches) for r in rows), rows
    take(qtbot, win, next(a for a in legal_actions(g.state, "allied") if a.kind == "reinforce"))
    assert g.state.part[sc.unit_index[g.log[-1].unit]] == "beach"  # (where the words said)


def test_the_logs_battle_lines_count_hits_in_good_english(qtbot, settings, sc):
    """DD2-PARA-01, DD2-BATTLE-01: the log says "1 hit", "2 hits", never "hit(s)"."""
    g = Game(sc, seed=1)
    while g.state.phase != "allied_reinforce":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    rows = [win.log_model.data(win.log_model.index(r, 0)) for r in range(win.log_model.rowCount())]
    text = "\\n".join(str(r) for r in rows)
    assert "para attack on" in text and "battle in" in text
    assert "hit(s)" not in text and (" hit" in text)


def test_the_place_dock_names_an_airborne_box_once(qtbot, settings, sc):
    """Sainte-Mère-Église holds the US airborne box, a place and a region of the same name and
    kind: the place dock says it once."""
    from tests.ui.conftest import shown

    g = Game(sc, seed=1)
    win = window(qtbot, settings, g)
    zone = next(i for i in range(sc.board.n) if sc.board.name_of(i) == "Sainte-Mère-Église")
    win._hovered(zone)
    assert shown(win.hex_info.header).count("US airborne (Sainte-Mère-Église)") == 1


def test_each_zone_is_washed_in_its_holders_colour(qtbot, settings, sc):
    """Who holds what at a glance (an Axis & Allies-style map): a zone only one side's ground
    units stand in is washed in that side's colour; an empty zone or a battle in neither."""
    from ddaydesk.rules.dd2 import holders
    from ddaydesk.ui.profiles.dd2_art import HolderWash

    g = Game(sc, seed=7)
    while "allied" not in holders(g.state).values():
        g.do(choose(g.state))
    held = holders(g.state)
    win = window(qtbot, settings, g)
    wash = next(d for d in win.scene.decorations if isinstance(d, HolderWash))
    centres = win.scene.geom.centres
    for z in range(sc.board.n):
        inside = {side for side in ("allied", "german") if wash.items[f"{side}_held"].path().contains(centres[z])}
        assert inside == ({held[z]} if z in held else set()), sc.board.name_of(z)
    assert set(held.values()) == {"allied", "german"} and len(held) < sc.board.n  # some zones are nobody's
    german = wash.items["german_held"].brush().color()
    assert german.alpha() < 80 and german.rgb() != wash.items["allied_held"].brush().color().rgb()


def test_a_beachhead_unit_lands_with_a_click_on_its_zone(qtbot, settings, sc):  # DD2-MOVE-02
    """As moves do: a click on a counter in a beachhead box shades the zone it may go ashore
    into, and a click there lands it (no trip to the Actions dock)."""
    from PySide6.QtCore import Qt

    from ddaydesk.rules.dd2 import GoAshore

    g = Game(sc, seed=3)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    win = window(qtbot, settings, g)
    land = next(a for a in legal_actions(g.state, "allied") if isinstance(a, GoAshore))
    zone = g.state.place[sc.unit_index[land.unit]]
    counters = win.scene.counters
    item = counters.items[counters.key_of[land.unit]]
    win.view.centerOn(item)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=win.view.mapFromScene(item.sceneBoundingRect().center()))
    picked = win.controller.selected
    assert picked is not None and g.state.part[sc.unit_index[picked]] == "beach"
    assert win.controller.range is not None and set(win.controller.range.cost) == {zone}, win.hint.text()
    on_beach = sum(g.state.part[k] == "beach" for k in range(len(g.state.part)))
    click_place(qtbot, win, zone)
    assert g.log[-1] == GoAshore("allied", picked) and g.state.place[sc.unit_index[picked]] == zone
    assert g.state.part[sc.unit_index[picked]] != "beach"
    assert sum(g.state.part[k] == "beach" for k in range(len(g.state.part))) == on_beach - 1


def test_a_beachhead_unit_that_may_not_land_says_why(qtbot, settings, sc):  # DD2-MOVE-02
    """Its zone holds 8 Allied units: the hint says so, not that the unit stands off the land."""
    from PySide6.QtCore import Qt

    from ddaydesk.rules.dd2 import DD2State

    g = Game(sc, seed=3)
    while g.state.phase != "allied_move":
        g.do(choose(g.state))
    s = DD2State(g.state)
    zone = g.state.place[sc.unit_index["utah-art"]]
    spare = [k for k in range(len(s.zone)) if s.part[k] == "us_chart" and s.type(k) == "infantry"]
    for k in spare[:8 - len(s.in_zone(zone, "allied"))]:  # (a set-up by hand: the zone filled)
        s.set(k, zone, "A")
    win = window(qtbot, settings, g)
    counters = win.scene.counters
    item = counters.items[counters.key_of["utah-art"]]
    win.view.centerOn(item)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=win.view.mapFromScene(item.sceneBoundingRect().center()))
    assert win.controller.range is None
    assert "already holds 8 Allied units: the rest wait" in win.hint.text(), win.hint.text()


def test_a_click_on_an_enemy_counter_in_a_zone_the_unit_may_enter_moves_it_there(qtbot, settings, sc):
    """D-Day2's zones are entered to fight (DD2-MOVE-01): with a unit selected, a click on an
    enemy counter standing in a zone it may move to is the move, not a look at the enemy unit
    (it said "German armour is a German unit; the Allied player is at the screen"), and a click
    on a counter means the counter's zone where the counter overhangs the next one."""
    from ddaydesk.engine import Move

    g = Game(sc, seed=7)
    st = g.state

    def enemies_at(place: int) -> set[str]:
        return {st.units[k].id for k in st.units_at().get(place, ()) if st.units[k].side != st.active}

    while True:
        st = g.state
        move = next((a for a in legal_actions(st, st.active) if isinstance(a, Move) and enemies_at(a.to)), None)
        if move is not None:
            break
        g.do(choose(st))
    win = window(qtbot, settings, g)
    if win.stack.currentWidget() is win.handover:  # the side to move sits down
        win.handover.button.click()
    assert win.controller.side == st.active
    win.controller.select(move.unit)
    item = next(it for it in win.scene.counters.items.values() if it.data(UNIT_ROLE) in enemies_at(move.to))
    win.view.centerOn(item)
    pos = win.view.mapFromScene(item.sceneBoundingRect().center())
    before, clicked = g.pos, []
    win.view.hexClicked.connect(lambda place, unit, button: clicked.append(unit))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert clicked and clicked[0] in enemies_at(move.to)  # the click landed on an enemy counter
    assert g.pos == before + 1 and g.state.place[g.state.unit(move.unit)] == move.to
