"""Fire & Movement bombardment at the screen, through the real window over the real engine
(STD-FM-BOMB): B over an enemy hex the markers reach opens the combat dialog with no
attacker, the markers that may be drawn and why the others may not, the odds once markers
are chosen, the roll and the result in words; the Actions dock lists the bombardments."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game, legal_actions  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from tests.ui.conftest import open_window, shown  # noqa: E402


def utah_allied_combat(seed: int = 7) -> EnginePort:
    """Utah Beach played to the Allied combat phase of GT 1: the landing's steps ended as soon
    as the engine allows, its compulsory actions made with the first listed."""
    g = Game(load_scenario(scenarios_dir() / "utah-landing.yaml"), seed)
    while (g.state.turn, g.state.phase) != (1, "allied.combat"):
        acts = legal_actions(g.state, g.state.active)
        g.do(next((a for a in acts if a.kind == "end_phase"), acts[0]))
    return EnginePort(g)


def unit_name(w, place: int) -> str:
    return next(u.name for u in w.controller.view.units if u.place == place)


@pytest.fixture
def utah(qtbot, settings):
    port = utah_allied_combat()
    w = open_window(qtbot, settings, port, autosave=False)
    return w, port


def test_the_allies_bombard_a_german_hex_with_aircraft_markers_at_the_screen_FMU_SFM_10_11(qtbot, utah):
    w, port = utah
    b = port.board
    targets = port.bombard_targets()
    t = b.index("1709")
    assert t in targets and targets[t] == ()  # a lone unit: nothing to pick
    assert w.bombard_action.isEnabled()
    listed = [i.text(0) for i in w.actions_panel.items()]
    assert any(x.startswith(f"Bombard {port.place_name(t)}") for x in listed)  # the Actions dock
    w.aids.attacks.hover(t)
    assert "press B" in shown(w.hint)
    assert w.aids.attacks.open(t) is None and "press B" in shown(w.hint)  # A: no unit is next to it
    dlg = w.aids.attacks.bombard(t)
    assert dlg is not None and dlg.isVisible() and dlg.windowTitle().startswith("Bombardment of")
    assert unit_name(w, t) in shown(dlg.target_note)
    assert not dlg.roll_button.isEnabled() and "one or two" in shown(dlg.odds)
    air = dlg.support_form.controls["draw:allied_air"]
    assert air.isEnabled() and air.maximum() == 2  # aircraft markers reach any hex (FMU-SFM-11)
    allied = [u.place for u in w.controller.view.units if u.side == "allied" and u.place >= 0]
    ground = dlg.support_form.controls.get("draw:allied_ground")
    if min(b.distance(p, t) for p in allied) > 2:  # ground markers: within 2 hexes (FMU-SFM-10)
        assert ground is None or not ground.isEnabled()
        assert "FMU-SFM-10" in shown(dlg.support_form.missing)
    assert any("defence" in line.text for line in dlg.preview.defence_lines)
    # (the dialog as it opens at a 1280x800 window, 580 wide) every CRT heading whole, on two lines if long
    head = dlg.crt.horizontalHeader()
    for c in range(dlg.crt.columnCount()):
        label = dlg.crt.horizontalHeaderItem(c).text()
        assert label.replace("..\n", "..").replace("\n", " ") in dlg.preview.columns
        assert all(head.fontMetrics().horizontalAdvance(x) + 4 <= head.sectionSize(c) for x in label.split("\n"))
    air.setValue(1)
    assert dlg.roll_button.isEnabled()
    assert [code for code, _p in dlg.preview.distribution] == ["a step", "no effect"]
    step = dict(dlg.preview.distribution)["a step"]
    assert 0 < step < 1
    unit = next(u for u in w.controller.view.units if u.place == t)
    dlg.roll_button.click()
    res = dlg.result  # the cell read is marked on the table once the markers decided the column
    assert res.column in dlg.preview.columns and f"(column {res.column})" in res.text
    cell = dlg.crt.item(res.roll[0] - 1, dlg.preview.columns.index(res.column))
    assert cell.font().bold() and cell.text() == res.result
    log = port.game.log
    assert log[-2].kind == "attack" and log[-2].mode == "bombardment" and log[-1].draws == ("allied_air",)
    text = shown(dlg.outcome)
    assert f"Allied bombardment of {port.place_name(t).split()[0]}" in text and " drawn, " in text
    ch = port.game.changes[port.game.pos - 1]
    assert [r.purpose for r in ch.dice][0] == f"allied marker draw for the combat at {b.labels[t]}"
    hit = unit.id in ch.units or unit.id in ch.removed
    assert hit == (f"{unit.name} loses a step" in text or f"{unit.name} eliminated" in text)
    assert port.game.state.extra["combat"]["pending"] is None
    entry = port._log("allied")[-1]  # the Log and Dice docks' entry for the roll
    assert entry.text.startswith("Allied bombardment of 1709")
    crt_roll = entry.rolls[-1]
    assert crt_roll.table.startswith("Combat Results Table") and crt_roll.result.startswith(res.result)
    assert ("bombardment" in crt_roll.result) and ("exchange" not in crt_roll.result)
    dlg.close()
    assert t not in port.bombard_targets()  # once a phase (STD-COMBAT)


def test_the_bombarding_player_picks_the_unit_hit_in_a_stack(qtbot, utah):
    # 3303 holds two German units: the Allies pick the one the markers hit (the FMU-BEACH-07
    # procedure, our default off the beach, STD-FM-BOMB)
    w, port = utah
    t = port.board.index("3303")
    hits = port.bombard_targets()[t]
    assert len(hits) == 2
    dlg = w.aids.attacks.bombard(t)
    assert dlg.hit_list.isVisible() and dlg.hit_list.count() == 2
    dlg.hit_list.setCurrentRow(1)
    dlg.support_form.controls["draw:allied_air"].setValue(2)
    dlg.roll_button.click()
    assert port.game.log[-2].hit == hits[1]
    ch = port.game.changes[port.game.pos - 1]
    assert not ({hits[0]} & {*ch.units, *ch.removed})  # only the unit picked can be hit
    dlg.close()


def test_b_outside_a_combat_phase_says_why_and_opens_nothing(qtbot, settings):
    g = Game(load_scenario(scenarios_dir() / "utah-landing.yaml"), 7)
    w = open_window(qtbot, settings, EnginePort(g), autosave=False)
    assert w.aids.attacks.bombard(g.scenario.board.index("1709")) is None
    assert "STD-FM-BOMB" in shown(w.hint)


def test_the_german_picks_the_allied_unit_hit_on_a_beach_landing_hex_at_the_screen_FMU_BEACH_07(
        qtbot, settings):
    from tests.rules.combat.conftest import FMU_WIRING, game_at

    sc = load_scenario(FMU_WIRING)
    g = game_at(sc, {"a-leg": "0203", "a-leg2": "0203", "g-leg": "0403"}, phase="german.combat", turn=2)
    port = EnginePort(g)
    w = open_window(qtbot, settings, port, autosave=False)
    w.controller.hand_to("german")
    t = sc.board.index("0203")
    assert sorted(port.bombard_targets()[t]) == ["a-leg", "a-leg2"]
    dlg = w.aids.attacks.bombard(t)
    assert "FMU-BEACH-07" in shown(dlg.target_note) and dlg.hit_list.count() == 2
    names = [dlg.hit_list.item(k).text() for k in range(dlg.hit_list.count())]
    dlg.hit_list.setCurrentRow(names.index(w.controller.unit("a-leg2").name))
    dlg.support_form.controls["draw:german"].setValue(2)
    assert "FMU-SFM-05" in dlg.support_form.labels["draw:german"].text()
    # the cup's Mines marker is one of its markers (the spin box counts it) but never bombards (FMU-SFM-03)
    assert "; Mines: put aside if drawn, another drawn" in shown(dlg.attack_box)
    dlg.roll_button.click()
    assert port.game.log[-2].hit == "a-leg2" and port.game.log[-1].mines_policy == "redraw"
    assert "German bombardment of 0203" in shown(dlg.outcome)
    ch = port.game.changes[port.game.pos - 1]
    assert "a-leg" not in {*ch.units, *ch.removed}  # the other unit of the stack is untouched
    dlg.close()


def test_b_is_greyed_out_with_the_reason_in_a_game_without_bombardment(qtbot, settings):
    g = Game(load_scenario(scenarios_dir() / "tutorial.yaml"), 1)
    w = open_window(qtbot, settings, EnginePort(g), autosave=False)
    assert not w.bombard_action.isEnabled()
    assert "no bombardment by support fire markers alone" in w.bombard_action.toolTip()
    assert w.aids.attacks.bombard(g.scenario.board.index("0909")) is None
