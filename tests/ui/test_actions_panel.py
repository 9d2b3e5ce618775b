"""The Actions dock over the real engine: special actions listed in plain words, applied by
double-click/Enter through the controller, in step with undo."""

from __future__ import annotations

from pathlib import Path

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _window(qtbot, settings, name):
    from ddaydesk.ui.mainwindow import MainWindow

    port = open_engine_game(SCENARIOS / name)
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w, port


def _texts(w):
    return [i.text(0) for i in w.actions_panel.items()]


def test_invasion_is_declared_from_the_actions_panel_and_undone(qtbot, settings):
    """D77-SET-03..05 / STD-INV-01: the campaign opens with the first invasion to declare; the
    engine refuses the end of the phase until it is, and the panel lists every area it allows."""
    w, port = _window(qtbot, settings, "dday77-campaign.yaml")
    listed = [t for k, t, _p in port.choices() if k == "invade"]
    assert "Invade Normandy" in listed and _texts(w)[:len(listed)] == listed
    groups = [w.actions_panel.tree.topLevelItem(g).text(0)
              for g in range(w.actions_panel.tree.topLevelItemCount())]
    assert groups[0] == "Invade"
    w.end_phase()
    assert "STD-INV-01" in shown(w.hint)  # the refusal in the status bar
    item = next(i for i in w.actions_panel.items() if i.text(0) == "Invade Normandy")
    before = len(port.game.log)
    w.actions_panel.tree.itemActivated.emit(item, 0)  # double-click / Enter
    assert len(port.game.log) == before + 1 and port.game.log[-1].kind == "invade"
    assert "Invade Normandy" not in _texts(w)
    assert w.controller.undo_stack.count() == 1 and w.undo_action.isEnabled()
    w.undo_action.trigger()
    assert len(port.game.log) == before and "Invade Normandy" in _texts(w)


def test_utah_beachheads_are_placed_from_the_panel(qtbot, settings):
    """The Utah Beach landing steps (beachheads first) are playable by hand."""
    w, port = _window(qtbot, settings, "utah-landing.yaml")
    first = w.actions_panel.items()[0]
    assert first.text(0).startswith("Place beachhead at ")
    _kind, text, places = port.choices()[0]
    assert text == first.text(0) and text.endswith(port.place_name(places[0]))  # named, not an id
    w.actions_panel.tree.itemActivated.emit(first, 0)
    assert port.game.log[-1].kind == "place_beachhead"
    assert port.game.log[-1].place == places[0]
    assert text not in _texts(w)


def test_game_over_is_shown_in_a_dialog_and_the_status_bar(qtbot, settings):
    """STD-VIC-02: invade and land nobody; the game ends when no Allied combat unit is on the
    map, which the window shows once in a dialog and keeps in the status bar."""
    w, port = _window(qtbot, settings, "dday77-campaign.yaml")
    item = next(i for i in w.actions_panel.items() if i.text(0) == "Invade Normandy")
    w.actions_panel.tree.itemActivated.emit(item, 0)
    for _ in range(12):
        if port.game.state.game.get("outcome"):
            break
        w.end_phase()
        if w.stack.currentWidget() is w.handover:
            w.handover.button.click()
    out = port.game.state.game["outcome"]
    assert out["rule"] == "STD-VIC-02" and out["winner"] == "german"
    assert "German player wins" in shown(w.outcome_label) and "(STD-VIC-02)" in shown(w.outcome_label)
    assert w.outcome_box is not None and w.outcome_box.text() == shown(w.outcome_label)
    w.outcome_box.close()


def test_a_utah_game_s_end_is_shown_as_every_system_s_FMU_VIC_01(qtbot, settings):
    """FMU-VIC-01: a German strategic victory at the end of GT 1 (no beach landing hex left)
    reaches the window as every system's result does: the dialog, the status bar, the bar."""
    from ddaydesk.engine import OVER, Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow
    from tests.ui.drive import scripted

    g = Game(load_scenario(SCENARIOS / "utah-landing.yaml"), seed=5)
    choose = scripted(5)
    while g.state.phase != OVER:
        g.do(choose(g.state))
    assert g.state.turn == 1 and g.state.game["outcome"]["rule"] == "FMU-VIC-01"
    w = MainWindow(EnginePort(g), settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    text = shown(w.outcome_label)
    assert text == "Game over on turn 1: the German player wins: strategic victory: the Allies have no beach " \
                   "landing hex left (FMU-VIC-01)"
    assert w.outcome_box is not None and w.outcome_box.text() == text
    assert w.phase_label.text().endswith("\nGame over")  # not "Allied over"
    w.outcome_box.close()


def test_utah_drops_are_rolled_from_the_panel_and_the_drift_drawn(qtbot, settings):
    """FMU-AIRB-03..08: each drop rolled by hand; planned -> landed drawn as an arrow."""
    w, port = _window(qtbot, settings, "utah-landing.yaml")
    for _ in range(60):  # the landing steps before the drop, each by hand through the panel
        items = w.actions_panel.items()
        if any(i.text(0).startswith("Roll drop for") for i in items):
            break
        if items:
            w.actions_panel.tree.itemActivated.emit(items[0], 0)
        else:
            w.end_phase()
        if w.stack.currentWidget() is w.handover:
            w.handover.button.click()
    rolled = 0
    while True:
        items = w.actions_panel.items()
        drop = next((i for i in items if i.text(0).startswith(("Roll drop for", "Drop loss"))), None)
        if drop is None:
            break
        rolled += drop.text(0).startswith("Roll drop")
        w.actions_panel.tree.itemActivated.emit(drop, 0)
    drops = port.game.state.extra["fmu"]["drops"]
    assert rolled and sum("landed" in d for d in drops.values()) == rolled
    drifted = [(port.board.index(d["planned"]), port.board.index(d["landed"]))
               for d in drops.values() if d.get("landed") and d["landed"] != d["planned"]]
    assert sorted(drifted) == list(w.controller.view.drifts)
    line = w.scene.overlays.drift_lines.path()
    assert line.elementCount() == 2 * len(drifted)
    ends = {(round(line.elementAt(k).x, 2), round(line.elementAt(k).y, 2)) for k in range(line.elementCount())}
    for a, b in drifted:
        for p in (a, b):
            c = w.scene.geom.centres[p]
            assert (round(c.x(), 2), round(c.y(), 2)) in ends
    assert not w.undo_action.isEnabled()  # the drop dice cannot be taken back


def test_a_decision_of_the_other_side_offers_the_hand_over(qtbot, settings):
    """Hot-seat: the panel never lists the other side's options; it offers the hand-over."""
    w, port = _window(qtbot, settings, "dday77-campaign.yaml")
    w.controller.show_side("german")  # the Allies must act (declare the invasion)
    assert w.actions_panel.items() == [] and not w.actions_panel.hand_over.isHidden()
    w.actions_panel.hand_over.click()
    if w.stack.currentWidget() is w.handover:
        w.handover.button.click()
    assert w.controller.side == "allied" and "Invade Normandy" in _texts(w)


def _german_armour_next_to_allied_infantry(qtbot, settings):
    """A window on the German combat phase: g-arm may attack a-inf in 0403, and the Allies
    have air factors for close defensive support (D77-AIR-16)."""
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.engine_port import EnginePort
    from ddaydesk.ui.mainwindow import MainWindow
    from tests.engine.conftest import at
    from tests.rules.combat.conftest import D77_WIRING, game_at

    sc = load_scenario(D77_WIRING)
    port = EnginePort(game_at(sc, {"a-inf": "0403", "a-hq": "0401", "g-arm": "0504"},
                              phase="german.combat", options={"tactical_air": True}))
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.show()
    return w, port, at(sc, "0403")


def test_the_defender_answers_before_the_roll_D77_AIR_16_20(qtbot, settings):
    """D77-AIR-20: close defensive support is decided as the attack is announced, so the
    window hands the announced attack to the Allied player, who answers from the Actions dock;
    the German then rolls it."""
    w, port, target = _german_armour_next_to_allied_infantry(qtbot, settings)
    assert w.controller.side == "german"

    def attack():
        w.controller.select("g-arm")
        w._hovered(target)
        dlg = w.attack_dialog()
        dlg.roll()
        dlg.close()
        return dlg

    first = attack()
    assert first.result.roll == () and "answers the attack first" in first.outcome.text()
    assert port.game.log[-1].kind == "attack" and w.controller.side == "allied"
    assert _texts(w) == ["Answer the attack without support",
                         "Answer the attack with close defensive support"]
    w.actions_panel.tree.itemActivated.emit(w.actions_panel.items()[1], 0)
    assert port.game.log[-1].kind == "respond" and port.game.log[-1].cds
    assert w.controller.side == "german"  # back to the attacker, who rolls
    second = attack()
    assert len(second.result.roll) == 1 and port.game.log[-1].kind == "resolve_combat"


def test_the_defender_answers_in_the_combat_dialog_then_the_attacker_rolls_D77_AIR_20(qtbot, settings):
    """The announced attack's dialog lists the defender's answers (D77-AIR-16/20); once one
    is chosen the same dialog rolls the attack."""
    w, port, target = _german_armour_next_to_allied_infantry(qtbot, settings)
    w.controller.select("g-arm")
    w._hovered(target)
    dlg = w.attack_dialog()
    before = dlg.preview.defence_total
    dlg.roll()
    assert port.game.log[-1].kind == "attack" and not dlg.roll_button.isEnabled()
    listed = [dlg.choice_list.item(r).text() for r in range(dlg.choice_list.count())]
    assert listed == ["Answer the attack without support", "Answer the attack with close defensive support"]
    assert "Allied player chooses below" in dlg.outcome.text()
    dlg.choice_list.itemActivated.emit(dlg.choice_list.item(1))
    assert port.game.log[-1].kind == "respond" and port.game.log[-1].cds
    assert dlg.roll_button.isEnabled() and "German player rolls" in dlg.outcome.text()
    assert w.controller.side == "german"
    assert dlg.preview.defence_total == before + 1  # the support is in the odds shown (D77-AIR-17)
    assert any(line.rule == "D77-AIR-17" for line in dlg.preview.defence_lines)
    dlg.roll()
    assert len(dlg.result.roll) == 1 and port.game.log[-1].kind == "resolve_combat"
    assert dlg.preview.crt[dlg.preview.column][dlg.result.roll[0] - 1] == dlg.result.result
    assert not dlg.roll_button.isEnabled()
    dlg.close()
