"""Paul Koenig's D-Day in the main window, over the real engine, played as a player plays it:
the Command Cup panel (the chits left, the chit drawn, the Operation chosen with a button), a
move by mouse, a Mobile Fire with Support from the battle dialog, the German answer after the
seat passes to him, the roll, the Leadership holder's choice, the Hits on the counter, the
next chit drawn; and the words of every choice (names, never ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.rules.pkd import preview  # noqa: E402
from ddaydesk.rules.pkd.cup import cup_contents  # noqa: E402
from ddaydesk.rules.pkd.records import beach_of, rec  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from ddaydesk.ui.profiles.pkd_odds import die_strip  # noqa: E402
from tests.ui.test_play import click  # noqa: E402

SWORD = Path(__file__).resolve().parents[2] / "scenarios" / "sword.yaml"
QUIET = {"interdiction": False, "leadership": False}
#: seed 4 of the Sword game without interdiction: the 6th Airborne's chit first, the Allies hold
#: the Leadership marker, each side has Artillery; the Mobile Fire below rolls a 5 (1 Hit)
PLAYED = {"interdiction": False}
SEED = 4


def _window(qtbot, settings, formation="6abn", options=QUIET, seed=None):
    from ddaydesk.ui.mainwindow import MainWindow

    sc = load_scenario(SWORD)
    if seed is None:
        seed = next(s for s in range(200) if rec(Game(sc, s, options).state)["act"]["formation"] == formation)
    port = EnginePort(Game(sc, seed, options))
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w, port


def _texts(w):
    return [w.actions_panel.words(i) for i in w.actions_panel.items()]


def _activate(w, text):
    item = next(i for i in w.actions_panel.items() if w.actions_panel.words(i) == text)
    w.actions_panel.tree.itemActivated.emit(item, 0)


def _cup(w):
    return w.panel_docks[0].widget()


def _words(w) -> str:
    """Every text the Command Cup panel shows."""
    return " ".join(lb.text() for lb in _cup(w).findChildren(QLabel))


def test_the_sword_map_opens_with_its_units_and_words_for_every_choice(qtbot, settings):
    w, port = _window(qtbot, settings)
    on_map = {u.id for k, u in enumerate(port.scenario.units) if port.game.state.place[k] >= 0}
    assert set(w.scene.counters.items) == on_map and len(on_map) >= 15
    texts = _texts(w)
    assert {"Move Operation", "Fire Operation", "Combined Operation", "Rest & Refit Operation"} <= set(texts)
    ids = [u.id for u in port.scenario.units]
    _activate(w, "Fire Operation")
    texts = _texts(w)
    fires = [t for t in texts if t.startswith("Full Fire at ")]
    assert fires and all(not any(uid in t for uid in ids) for t in texts)  # names, never ids
    assert any("Parachute Battalion" in t for t in fires)


def test_the_command_cup_panel_shows_the_cup_the_chit_drawn_and_the_operations(qtbot, settings):
    w, port = _window(qtbot, settings)
    panel = _cup(w)
    assert panel.title == "Command Cup" and not panel.visibleRegion().isEmpty()  # its tab is shown first
    words = _words(w)
    r = rec(port.game.state)
    assert f"In the cup: {len(r['cup'])} chits, drawn at random" in words
    forms = beach_of(port.game.state).formations
    assert all(forms[f].name in words for f in r["cup"]) and "6th Airborne Division" in words
    ops = {k: b for k, b in panel.buttons.items() if k.startswith("op:")}
    assert set(ops) == {"op:move", "op:fire", "op:combined", "op:rest_refit"}
    assert all(b.isEnabled() for b in ops.values())
    assert "Close Combat" in ops["op:move"].toolTip() and "STD-PKD-OPS" in ops["op:move"].toolTip()
    ops["op:fire"].click()
    assert port.game.log[-1].kind == "operation" and port.game.log[-1].operation == "fire"
    assert "op:move" not in _cup(w).buttons and any(k.startswith("fire:") for k in _cup(w).buttons)


def test_before_the_command_phase_the_cup_says_what_goes_in_not_zero_left(qtbot, settings):
    w, port = _window(qtbot, settings, options={"interdiction": True}, seed=3)
    assert port.game.state.phase == "interdiction"
    n = len(cup_contents(port.game.state))
    assert f"Command Cup: {n} chits go in at the Command Phase" in w.tracks_label.text()
    assert "0 chits left" not in w.tracks_label.text()
    words = _words(w)
    assert f"Into the cup this turn: {n} chits" in words


def test_the_last_chit_drawn_says_the_cup_is_empty_not_zero_chits_at_random(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    for _ in range(3):  # the fourth and last chit drawn
        w.end_phase_action.trigger()
    kv = w.controller.view.extra
    assert kv.cup == () and kv.acting is not None and len(kv.drawn) == 4
    assert "Command Cup: empty (the last chit is acting)" in w.tracks_label.text()
    words = _words(w)
    assert "The cup is empty: the chit drawn is the turn's last" in words and "0 chits" not in words
    assert kv.acting.name in words


def test_a_whole_activation_through_the_window(qtbot, settings):
    """Draw (the seeded cup), choose the Combined Operation, move by mouse, Mobile Fire with a
    Support point from the dialog, the German answer with his own after the seat passes, the
    roll, the Leadership holder keeps it, one Hit on the counter; then the next chit."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    board = port.board
    assert rec(port.game.state)["act"]["formation"] == "6abn" and w.controller.side == "allied"
    _cup(w).buttons["op:combined"].click()
    state = port.game.state
    k = state.unit("gb-12para")
    click(qtbot, w, state.place[k])
    cost = w.controller.range.cost[board.index("0810")]
    assert max(w.controller.range.cost.values()) <= 3  # half its 6 MP in a Combined Operation
    click(qtbot, w, board.index("0810"))
    assert port.game.state.place[k] == board.index("0810")
    assert "gb-12para" in w.scene.counters.stacks[board.index("0810")]
    units = {u.id: u for u in w.controller.view.extra.units}
    assert 0 < cost < 3 and units["gb-12para"].status == "moved"  # once an activation: no "MP left" it cannot use
    assert not any(a.kind == "move" and a.unit == "gb-12para" for a in engine.legal_actions(port.game.state, "allied"))
    assert units["gb-13para"].status == "3 MP left"
    _cup(w).buttons[f"fire:{board.index('0911')}"].click()
    dlg = w.koenig_battle
    assert set(dlg.checks) == {"gb-13para", "gb-8para", "gb-12para"}  # every unit that may join
    assert all(c.isChecked() for c in dlg.checks.values())
    assert dlg.title.text().startswith("Mobile Fire at 0911")
    before = dlg.odds
    dlg.support.setValue(1)
    assert dlg.odds.attack == before.attack + 1 and "1 Support point" in dlg.odds_view.attack_lines.text()
    pv = preview(port.game.state, dlg.odds.action)
    assert dlg.odds.distribution == tuple((c, float(p)) for c, _t, p in pv.results)  # exact, the engine's
    assert "answers first" in dlg.go.text()
    n = len(port.game.log)
    dlg.go.click()
    assert port.game.log[n].kind == "fire_attack" and port.game.log[n].support == 1
    # hot-seat: the German player decides now, at the same screen
    assert w.controller.side == "german" and "German player" in dlg.banner.text()
    assert w.phase_label.toolTip().endswith("German answer to the 6th Airborne Division's Mobile Fire at 0911")
    # a phase this long goes on two lines on the bar (its whole in the tip too), never cuts the turn track
    lines = w.phase_label.text().split("\n")[1:]
    assert len(lines) == 2 and " ".join(lines) == "German answer to the 6th Airborne Division's Mobile Fire at 0911"
    assert not w.turn_track.horizontalScrollBar().isVisible()
    assert dlg.support_box.isVisible() and dlg.go.text() == "Defend and roll"
    assert dlg.support.value() == 0 and dlg.support.maximum() == 1  # his own choice, from his own pool
    arrows = next(d for d in w.scene.decorations if hasattr(d, "show_plan"))
    assert not arrows.lines.path().isEmpty() and not arrows.target.path().isEmpty()  # the battle on the map
    dlg.support.setValue(1)
    assert "1 Support point" in dlg.odds_view.defence_lines.text() and "Mobile Fire" in dlg.odds_view.attack_lines.text()
    dlg.go.click()
    b = rec(port.game.state)["battle"]
    assert b["stage"] == "leadership" and b["die"] == 5 and w.controller.side == "allied"
    assert "Die:" in dlg.result.text() and "<b>5</b>" in dlg.result.text()
    assert not w.undo_action.isEnabled()  # the roll cannot be taken back
    keep = next(bt for bt in dlg.decision_buttons if bt.text().startswith("Keep"))
    keep.click()
    assert rec(port.game.state)["battle"] is None
    target = next(u for u in w.controller.view.units if u.id == "de-2-125")
    assert target.hits == 1 and not target.reduced
    assert w.scene.counters.art.face(target).hits == 1
    assert "The battle is over" in dlg.result.text() and "1 Hit" in dlg.result.text()
    dlg.close()
    # the log and the dice log say it all in words, with the dice
    texts = [e.text for e in w.controller.view.log[n:]]
    assert texts[0].startswith("Mobile Fire at 0911")
    assert any("5 on d6" in str(r) for e in w.controller.view.log[n:] for r in e.rolls)
    # the next chit
    cup_before = list(rec(port.game.state)["cup"])
    _cup(w).buttons["end"].click()
    r = rec(port.game.state)
    assert len(r["cup"]) == len(cup_before) - 1 and r["drawn"][0] == "6abn" and len(r["drawn"]) == 2
    drawn = r["drawn"][-1]
    kv = w.controller.view.extra
    assert kv.acting.formation == drawn and [c.formation for c in kv.cup] == r["cup"]
    assert w.controller.side == kv.acting.side  # the drawn side takes the seat
    last = w.controller.view.log[-1]
    assert "Command Cup" in last.text and any("Command Cup" in str(x) for x in last.rolls) or len(cup_before) == 1


def test_the_leadership_re_roll_from_the_dialog(qtbot, settings):
    w, port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    _cup(w).buttons["op:fire"].click()
    _cup(w).buttons[f"fire:{port.board.index('0911')}"].click()
    dlg = w.koenig_battle
    dlg.go.click()
    dlg.go.click()  # the German answer, without Support
    reroll = next(bt for bt in dlg.decision_buttons if "re-roll" in bt.text())
    first = rec(port.game.state)["battle"]["die"]
    n = len(port.game.log)
    reroll.click()
    assert port.game.log[n].kind == "leadership" and port.game.log[n].feat == "reroll"
    assert len(port.game.changes[n].dice) == 1
    entries = w.controller.view.log
    assert any("re-roll" in str(r) for r in entries[n].rolls)
    assert "The battle is over" in dlg.result.text() and "the die is rolled again" in dlg.result.text()
    assert f"{first} on d6" in dlg.result.text()  # both dice, the first and the re-roll
    second = port.game.changes[n].dice[0].value
    assert f"rolled again: {second}" in dlg.result.text() and ". Battlefield Leadership" in dlg.result.text()
    assert dlg.odds_view.strip.text() == die_strip(dlg.odds.faces, second)  # the die that decided is marked
    assert second == first or dlg.odds_view.strip.text() != die_strip(dlg.odds.faces, first)


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
    cc = [t for t in _texts(w) if t.startswith("Close Combat at 0911")]
    assert cc, _texts(w)
    before = len(port.game.log)
    _activate(w, cc[0])  # the battle dialog, with the listed group: the odds first, then the roll
    dlg = w.preview_dialog
    assert dlg is w.koenig_battle and len(port.game.log) == before
    assert dlg.title.text().startswith("Close Combat at 0911") and "%" in dlg.odds_view.summary.text()
    assert set(u for u, c in dlg.checks.items() if c.isChecked()) == {"gb-13para", "gb-8para"}
    html = dlg.odds_view.column.text()  # the table's rule id opens its entry
    href = html[html.index('href="rule:') + 6:].split('"', 1)[0]
    dlg.odds_view.column.linkActivated.emit(href)
    entry = w.rules_browser.help.library.entry(href[5:], "pkd")
    assert w.rules_browser.isVisible() and w.rules_browser.current_block_text().startswith(entry.head)
    dlg.checks["gb-8para"].setChecked(False)  # fewer units than listed: the engine judges it
    dlg.accept()
    assert port.game.log[before].kind == "close_combat" and port.game.log[before].attackers == (uid,)
    assert any("close with" in n for n in port.game.changes[before].notes)
    entry = port.view("allied").log[before]  # the log says it in words too
    assert entry.text.startswith("Close Combat at 0911") and "gb-" not in entry.text
    assert w.preview_dialog is None  # declared: the dialog goes on with the battle's stages


def test_rest_and_refit_the_replacement_taken_from_the_panel_removes_a_hit(qtbot, settings):
    """A Rest & Refit Operation at the screen: the R&R chit drawn by the engine's dice (in the
    dice log), the Replacement offered as a button per unit with Hits, one click: a Hit fewer on
    the counter."""
    import random

    from ddaydesk.ui.mainwindow import MainWindow
    from tests.rules.pkd.play import choose

    sc = load_scenario(SWORD)
    game, rng = Game(sc, 2, {"interdiction": False, "rest_refit": True}), random.Random(2)

    def hurt(st) -> bool:  # the 6th Airborne drawn, its Operation not chosen, two Hits among its units
        a = rec(st)["act"]
        return bool(a) and a["op"] is None and a["formation"] == "6abn" and sum(
            st.steps_lost[k] for k, u in enumerate(sc.units) if u.formation == "6abn" and st.place[k] >= 0) >= 2

    while not hurt(game.state):
        game.do(choose(game.state, rng))
    port = EnginePort(game)
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    _cup(w).buttons["op:rest_refit"].click()
    entry = w.controller.view.log[-1]
    assert any("R&R Cup" in str(r) and "1 Replacement" in str(r) for r in entry.rolls)
    assert "chit drawn: 1, 1 Replacement to assign (" in _words(w)
    offered = {b.text() for k, b in _cup(w).buttons.items() if k.startswith("refit:")}
    assert offered == {"Replacements: 13th Parachute Battalion", "Replacements: 9th Parachute Battalion"}
    hits = {u.id: u.hits for u in w.controller.view.units}
    next(b for k, b in _cup(w).buttons.items() if b.text().endswith("13th Parachute Battalion")).click()
    assert port.game.log[-1].kind == "refit" and port.game.log[-1].units == ("gb-13para",)
    now = {u.id: u.hits for u in w.controller.view.units}
    assert now["gb-13para"] == hits["gb-13para"] - 1 and now["gb-9para"] == hits["gb-9para"]
    assert not any(k.startswith("refit:") for k in _cup(w).buttons)  # the chit's one Replacement is spent


def test_interdiction_traded_and_the_first_chit_drawn_from_the_panel(qtbot, settings):
    """The Interdiction phase at the screen: the Allied trades offered as buttons in the Command
    Cup panel (PKD-INT-02), one Support point traded, the marker placed by a click on a lit hex
    (not picked from a list of 150 lines), then the panel's button ends the phase and the engine
    draws the first chit."""
    w, port = _window(qtbot, settings, options={"interdiction": True}, seed=3)
    trades = {k: b for k, b in _cup(w).buttons.items() if k.startswith("trade_support:")}
    assert trades and all(b.text().startswith("Trade ") and b.toolTip().endswith("for an Interdiction marker") for b in trades.values())
    before = w.controller.view.extra.support["allied"]
    next(iter(trades.values())).click()
    assert port.game.log[-1].kind == "trade_support"
    assert sum(n for _t, n in w.controller.view.extra.support["allied"]) == sum(n for _t, n in before) - 1
    assert w.aids.placing is None and _cup(w).buttons["interdict"].text() == "Place the Interdiction marker…"
    _cup(w).buttons["interdict"].click()  # the marker's hexes lit on the map; a click places it (PKD-INT-03)
    assert w.aids.placing is not None and len(w.aids.placing.places) > 100
    click(qtbot, w, port.board.index("0714"))
    assert port.game.log[-1].kind == "interdict" and port.game.log[-1].place == port.board.index("0714")
    assert "interdict" not in _cup(w).buttons
    _cup(w).buttons["end"].click()
    kv = w.controller.view.extra
    assert kv.acting is not None and len(kv.drawn) == 1
    assert any("Command Cup" in str(r) for r in w.controller.view.log[-1].rolls)


def test_a_force_march_from_the_panel_spends_the_leadership_marker(qtbot, settings):
    """PKD-LEAD-08 at the screen: in a Move Operation the Leadership holder's feats are buttons
    in the Command Cup panel; a Force March for the 13th Parachute Battalion spends the marker
    and widens its reach on the map."""
    w, port = _window(qtbot, settings, options=PLAYED, seed=SEED)
    _cup(w).buttons["op:move"].click()
    marches = {b.text(): b for k, b in _cup(w).buttons.items() if k.startswith("force_march:")}
    assert "Force March 13th Parachute Battalion" in marches
    assert all("spend the Leadership marker" in b.toolTip() for b in marches.values())
    w.controller.select("gb-13para")
    reach = len(w.controller.range.cost)
    marches["Force March 13th Parachute Battalion"].click()
    assert port.game.log[-1].kind == "force_march" and port.game.log[-1].unit == "gb-13para"
    assert w.controller.view.extra.leader != "allied"  # spent
    assert not any(k.startswith("force_march:") for k in _cup(w).buttons)
    w.controller.select("gb-13para")
    assert len(w.controller.range.cost) > reach


def test_the_actions_dock_names_each_fire_as_the_rules_do_its_support_variants_under_it(qtbot, settings):
    """STD-PKD-OPS: a Combined Operation's fire is Mobile Fire (the Command Cup panel's word);
    each attack is one line, the Support it may take listed under it, each taken whole."""
    w, port = _window(qtbot, settings)
    _activate(w, "Combined Operation")
    panel = w.actions_panel
    fire = next(panel.tree.topLevelItem(g) for g in range(panel.tree.topLevelItemCount())
                if panel.tree.topLevelItem(g).text(0) == "Fire attacks")
    lines = [fire.child(c) for c in range(fire.childCount())]
    assert lines and all(ln.text(0).startswith("Mobile Fire at ") and " · " not in ln.text(0) for ln in lines)
    variants = [ln.child(v) for ln in lines for v in range(ln.childCount())]
    assert variants and all(v.text(0).startswith("with ") for v in variants)
    assert len({ln.text(0) for ln in lines}) == len(lines)  # one line an attack
    assert not any(t.lower().startswith("fire at") for t in _texts(w))
    one = lines[0].child(0)
    with qtbot.waitSignal(panel.chosen) as got:
        panel.tree.itemActivated.emit(one, 0)
    assert got.args[1] == f"{lines[0].text(0)} · {one.text(0)}" == panel.words(one)
    assert port.game.state.phase.endswith(".activation")  # (it opens the battle dialog first)
