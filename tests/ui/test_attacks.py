"""Attacks with many units as one action, through the real window over the real engine: the
units picked with click and Ctrl+click, the target clicked, the dialog listing every eligible
attacker with what it adds and the odds updated on every tick, the support chosen in the
dialog; the odds and the CRT column are those of ``ddaydesk odds`` on the same attack."""

from __future__ import annotations

import json

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from PySide6.QtCore import QRect, Qt  # noqa: E402
from PySide6.QtWidgets import QStyle  # noqa: E402

from ddaydesk.cli import main as cli  # noqa: E402
from ddaydesk.engine import current_phase  # noqa: E402
from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from ddaydesk.ui.port import PortError  # noqa: E402
from tests.ui.conftest import open_window, shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402


def window(qtbot, settings, port):
    return open_window(qtbot, settings, port, autosave=False)


def ctrl_click(qtbot, w, place: int) -> None:
    w.view.centre_on_place(place)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     w.view.view_point_of(place))


def to_phase(qtbot, w, phase_id: str) -> None:
    """End phases with the Actions dock's button until ``phase_id``."""
    while w.port.game.state.phase != phase_id:
        before = w.port.game.pos
        w.actions_panel.end_button.click()
        assert w.port.game.pos == before + 1, shown(w.hint)


def play_to(w, turn: int, phase_id: str) -> None:
    """End phases with the Actions dock's button until ``turn`` and ``phase_id``, making the
    compulsory attacks on the way from the checklist (the first listed for each)."""
    port = w.port
    while (port.game.state.turn, port.game.state.phase) != (turn, phase_id):
        if port.obligations():
            w.aids.duties.tree.itemClicked.emit(w.aids.duties.items()[0], 0)
            dlg = w.aids.attacks.dialog
            dlg.roll_button.click()
            while dlg.choice_list.count():
                dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
            dlg.close()
            continue
        if w.stack.currentWidget() is w.handover:
            w.handover.button.click()
        w.actions_panel.end_button.click()


def move(qtbot, w, uid: str, label: str) -> None:
    click_place(qtbot, w, w.controller.unit(uid).place)
    assert w.controller.selected == uid
    click_place(qtbot, w, w.port.board.index(label))
    assert w.controller.unit(uid).place == w.port.board.index(label), shown(w.hint)


def odds(tmp_path, port, attackers, target: str, support: str) -> dict:
    """``ddaydesk odds`` on the game as saved now, as JSON."""
    save = tmp_path / "now.ddaysave"
    save.write_bytes(port.save_bytes())
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli(["odds", str(save), "--attackers", ",".join(attackers), "--target", target, "--json",
             *(["--support", support] if support else [])])
    return json.loads(out.getvalue())


def pick_and_attack(qtbot, w, units: list[str], target: int):
    """Click the first unit, Ctrl+click the others, click the target: the dialog."""
    click_place(qtbot, w, w.controller.unit(units[0]).place)
    for uid in units[1:]:
        ctrl_click(qtbot, w, w.controller.unit(uid).place)
    assert w.aids.attacks.group == units
    click_place(qtbot, w, target)
    dlg = w.aids.attacks.dialog
    assert dlg is not None and dlg.isVisible()
    return dlg


TUTORIAL_THREE = ["us-1-inf", "us-29-inf", "br-7-arm"]


@pytest.fixture
def tutorial_combat(qtbot, settings):
    """The tutorial, tactical air and naval bombardment on: three units moved next to the 352nd
    Infantry Division at 0909 by clicks, then the Allied combat phase."""
    port = open_engine_game(default_scenario_path(), {"tactical_air": True, "naval_bombardment": True})
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.movement")
    for uid, label in zip(TUTORIAL_THREE, ("0908", "0808", "1008"), strict=True):
        move(qtbot, w, uid, label)
    to_phase(qtbot, w, "allied.combat")
    return w, port


def test_a_three_unit_attack_with_air_support_resolves_at_the_odds_and_column_of_ddaydesk_odds(
        qtbot, tutorial_combat, tmp_path):
    w, port = tutorial_combat
    target = port.board.index("0909")
    dlg = pick_and_attack(qtbot, w, TUTORIAL_THREE, target)
    # every eligible unit is listed and ticked as picked, each with what it adds
    assert dlg.attackers == ["us-1-inf", "us-29-inf", "br-7-arm"]
    rows = {i.data(0, Qt.ItemDataRole.UserRole): (i.text(2), i.text(3)) for i in dlg.attack_list.items()}
    assert rows["br-7-arm"] == ("+5", "3-1 / 2-1") and rows["us-1-inf"] == ("+4", "3-1 / 2-1")
    assert dlg.attack_list.items()[0].text(1) == "0908"  # where it attacks from
    assert dlg.preview.attack_total == 13
    # unticking one asks the engine again: the odds fall, and come back when it is ticked again
    dlg.attack_list.set_ticked("br-7-arm", False)
    assert dlg.preview.attack_total == 8 and dlg.attackers == ["us-1-inf", "us-29-inf"]
    dlg.attack_list.set_ticked("br-7-arm", True)
    assert dlg.preview.attack_total == 13
    # air support, chosen in the dialog, capped by the engine (D77-AIR-05: 4 a combat)
    cas = dlg.support_form.controls["cas"]
    assert cas.maximum() == 4 and "D77-AIR-05" in dlg.support_form.labels["cas"].text()
    cas.setValue(4)
    # no naval bombardment in the tutorial: the dialog says why (D77-NAV-01, D77-NAV-02)
    assert "Naval bombardment points" in shown(dlg.support_form.missing)
    assert "D77-NAV-02" in dlg.support_form.missing.toolTip()
    want = odds(tmp_path, port, TUTORIAL_THREE, "0909", "cas=4")
    pv = dlg.preview
    assert (pv.attack_total, pv.defence_total) == (want["attack"]["total"], want["defence"]["total"]) == (17, 4)
    assert pv.column == want["column"]["label"] == "4-1"
    assert [r["result"] for r in want["distribution"]["results"]] == [code for code, _p in pv.distribution]
    dlg.roll_button.click()
    note = next(n for n in port.game.changes[port.game.pos - 1].notes if n.startswith("combat at 0909: "))
    assert note.startswith("combat at 0909: 4-1 → ") and "(17:4, die" in note  # rolled at that column
    assert sorted(port.game.log[-2].attackers) == sorted(TUTORIAL_THREE)  # one action, three units
    assert port.game.log[-1].cas == 4
    dlg.close()


def test_naval_bombardment_and_air_support_are_never_both_D77_AIR_12(qtbot, tutorial_combat):
    """With air factors committed, naval bombardment is capped at nothing with the rule that
    says so, and the other way round."""
    w, port = tutorial_combat
    dlg = pick_and_attack(qtbot, w, TUTORIAL_THREE, port.board.index("0909"))
    dlg.support_form.controls["cas"].setValue(2)
    nbp = next(c for c in dlg.preview.support if c.id == "nbp")
    assert nbp.maximum == 0
    dlg.close()


def test_a_naval_bombardment_supports_three_units_landing_from_the_sea_D77_NAV_02_D77_NAV_05(
        qtbot, settings, tmp_path):
    """The campaign's invasion turn: three divisions in the sea hexes around the 709th
    Infantry Division at 1619 attack it together with 4 naval bombardment points, at the
    odds ``ddaydesk odds`` gives."""
    port = open_engine_game(scenarios_dir() / "dday77-campaign.yaml", {"naval_bombardment": True})
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.0)  # close enough to click a counter on the campaign map
    to_phase(qtbot, w, "allied.movement")
    normandy = next(k for k, (kind, text, _p) in enumerate(w.controller.choices())
                    if kind == "invade" and "Normandy" in text)
    w.take_choice(normandy, "invade Normandy")
    three = ["us-1", "us-29", "us-4"]
    for uid, label in zip(three, ("1618", "1519", "1719"), strict=True):
        w.aids.pool.choose(f"land_from_sea:{uid}")
        assert port.board.index(label) in w.aids.placing.places
        click_place(qtbot, w, port.board.index(label))
        assert w.controller.unit(uid).place == port.board.index(label)
    to_phase(qtbot, w, "allied.combat")
    dlg = pick_and_attack(qtbot, w, three, port.board.index("1619"))
    nbp = dlg.support_form.controls["nbp"]
    assert nbp.maximum() == 4  # 4 an attack, and no more than half the ground factors (D77-NAV-05/06)
    nbp.setValue(4)
    want = odds(tmp_path, port, three, "1619", "nbp=4")
    assert (dlg.preview.attack_total, dlg.preview.defence_total) == (want["attack"]["total"], want["defence"]["total"])
    assert dlg.preview.column == want["column"]["label"]
    assert any(line.rule == "D77-NAV-03" and line.value == "+4" for line in dlg.preview.attack_lines)
    # one unit fewer lowers the naval cap (D77-NAV-06: at most half the ground factors): a unit's
    # part counts the points it allows, never the whole attack (was "+13", its odds without "—")
    dlg.attack_list.set_ticked("us-4", False)
    pair, target = dlg.preview, port.board.index("1619")
    alone = port.combat_preview(["us-1"], target, {"nbp": 2})
    with pytest.raises(PortError):
        port.combat_preview(["us-1"], target, {"nbp": 4})  # (the 4 points chosen: too many for one)
    row = next(i for i in dlg.attack_list.items() if i.data(0, Qt.ItemDataRole.UserRole) == "us-29")
    assert row.text(2) == f"{pair.attack_total - alone.attack_total:+d}" == "+6"
    assert row.text(3) == f"{pair.column.split(':')[0]} / {alone.column.split(':')[0]}"
    dlg.attack_list.set_ticked("us-4", True)
    dlg.roll_button.click()
    note = next(n for n in port.game.changes[port.game.pos - 1].notes if n.startswith("combat at 1619: "))
    assert note.startswith(f"combat at 1619: {want['column']['label']} → ")
    assert port.game.log[-1].nbp == 4
    dlg.close()


def test_pointing_at_the_target_draws_the_attack_and_says_the_odds(qtbot, tutorial_combat):
    w, port = tutorial_combat
    click_place(qtbot, w, w.controller.unit("us-1-inf").place)
    ctrl_click(qtbot, w, w.controller.unit("us-29-inf").place)
    target = port.board.index("0909")
    w._hovered(target)
    marks = w.scene.overlays.marks
    assert marks.attack_lines.path().elementCount() >= 4  # an arrow from each picked unit
    assert "Attack on 0909" in shown(w.hint) and "8 against 4, 2-1" in shown(w.hint)
    assert "Attack" in w.legend.texts()
    ctrl_click(qtbot, w, w.controller.unit("us-29-inf").place)  # Ctrl+click again: out
    assert w.aids.attacks.group == ["us-1-inf"]
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert w.aids.attacks.group == [] and marks.attack_group.path().isEmpty()


def test_a_outside_combat_says_why_and_opens_nothing(qtbot, settings):
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    assert current_phase(port.game.state).kind == "movement"
    w.controller.select("ca-3-inf")
    w._hovered(port.board.index("1308"))  # the 21st Panzer Division, next to it
    w.attack_action.trigger()
    assert w.aids.attacks.dialog is None
    from PySide6.QtWidgets import QDialog

    assert not [d for d in w.findChildren(QDialog) if d.isVisible()]
    assert "Attacks are made in a combat phase" in shown(w.hint) and "Allied movement" in shown(w.hint)


def test_a_with_the_target_picked_lists_every_eligible_attacker_ticked(qtbot, tutorial_combat):
    """Pick the target and tick: nothing picked, A over the enemy opens the dialog with every
    unit that may attack it ticked, to untick from."""
    w, port = tutorial_combat
    target = port.board.index("0909")
    w.controller.select(None)
    w._hovered(target)
    dlg = w.attack_dialog()
    assert sorted(dlg.attackers) == sorted(TUTORIAL_THREE)
    for uid in TUTORIAL_THREE[1:]:
        dlg.attack_list.set_ticked(uid, False)
    assert dlg.attackers == ["us-1-inf"] and dlg.preview.attack_total == 4
    for uid in TUTORIAL_THREE:
        dlg.attack_list.set_ticked(uid, False)
    assert not dlg.roll_button.isEnabled() and "Tick at least one unit" in shown(dlg.odds)
    dlg.close()


def test_a_utah_beach_assault_takes_naval_gunfire_and_support_fire_in_the_dialog_FMU_NGS_01_FMU_SFM_02(
        qtbot, settings):
    """The compulsory beach assault (FMU-BEACH-01) opened from the checklist: naval gunfire and
    support fire markers chosen in the dialog, the German's draws answered in the same dialog,
    then the roll with what was chosen."""
    w, port = utah_beach_assault(qtbot, settings)
    owed = port.obligations()
    assert owed and all(o.rule == "FMU-BEACH-01" for o in owed)
    assert "FMU-BEACH-01" in shown(w.aids.duties.title)
    w.aids.duties.tree.itemClicked.emit(w.aids.duties.items()[0], 0)
    dlg = w.aids.attacks.dialog
    assert dlg.defender_place == owed[0].target and sorted(dlg.attackers) == sorted(owed[0].units)
    ids = set(dlg.support_form.controls)
    assert "naval" in ids and any(i.startswith("draw:") for i in ids)
    naval = dlg.support_form.controls["naval"]
    assert naval.maximum() >= 1
    naval.setValue(1)
    assert any(line.rule == "FMU-NGS-01" for line in dlg.preview.attack_lines)
    dlg.roll_button.click()
    if port.game.log[-1].kind == "attack":  # the German answers first, here
        assert w.controller.side == "german" and dlg.choice_list.count()
        assert not naval.isEnabledTo(dlg)  # the Allied support is not the German's to change
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
        assert w.controller.side == "allied" and dlg.roll_button.isEnabled() and naval.isEnabledTo(dlg)
        dlg.roll_button.click()
    assert port.game.log[-1].kind == "resolve_combat" and port.game.log[-1].naval == 1
    dlg.close()


def utah_beach_assault(qtbot, settings):
    """Utah Beach played at the screen to the beach assault: each landing step's first entry
    placed on its first lit hex, drop losses the first listed."""
    port = open_engine_game(scenarios_dir() / "utah-landing.yaml")
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.2)
    while port.game.state.phase != "landing.beach_assault":
        arrivals = [a for a in w.aids.pool.arrivals.values() if a.places]
        if arrivals:
            w.aids.pool.choose(arrivals[0].key)
            click_place(qtbot, w, sorted(arrivals[0].places)[0])
        else:
            k = next((k for k, (kind, _t, _p) in enumerate(w.controller.choices()) if kind == "drop_loss"), None)
            if k is not None:
                w.take_choice(k, "drop loss")
            else:
                w.actions_panel.end_button.click()
    return w, port


def test_a_regiments_long_name_wraps_whole_in_the_attacker_list(qtbot, settings):
    """Utah Beach's beach assault: "359th Infantry Regiment, 90th Infantry Division" beside its
    beach's name and the odds wraps in its column, every line in sight (was: cut "9...")."""
    w, port = utah_beach_assault(qtbot, settings)
    w.aids.duties.tree.itemClicked.emit(w.aids.duties.items()[0], 0)
    lst = w.aids.attacks.dialog.attack_list
    check = lst.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 12
    wide = [i for i in lst.items() if lst.fontMetrics().horizontalAdvance(i.text(0)) > lst.columnWidth(0) - check]
    assert wide  # (a name wider than its column: the case at hand)
    for item in lst.items():
        need = lst.fontMetrics().boundingRect(QRect(0, 0, lst.columnWidth(0) - check, 10_000),
                                              Qt.TextFlag.TextWordWrap, item.text(0)).height()
        assert lst.visualItemRect(item).height() >= need, item.text(0)
    assert lst.verticalScrollBar().maximum() == 0  # every row in sight
    assert lst.textElideMode() == Qt.TextElideMode.ElideNone


SEED_EX = 5  # the die: 2, an exchange at 1-1


def test_every_attackers_name_is_whole_in_the_dialog_at_1280x800(qtbot, settings):
    """The 1st Infantry and the 3rd Canadian Infantry Division against the 21st Panzer Division:
    each name whole in the attacker list (the odds column took half the room and cut the Canadian's)."""
    port = open_engine_game(default_scenario_path(), seed=SEED_EX)
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.movement")
    move(qtbot, w, "us-1-inf", "1208")
    to_phase(qtbot, w, "allied.combat")
    dlg = pick_and_attack(qtbot, w, ["us-1-inf", "ca-3-inf"], port.board.index("1308"))
    lst = dlg.attack_list
    fm = lst.fontMetrics()
    check = lst.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 12  # (the tick box and margins)
    for item in lst.items():
        assert fm.horizontalAdvance(item.text(0)) <= lst.columnWidth(0) - check, item.text(0)
    dlg.roll_button.click()  # the outcome in sentences: "Rolled 4: DE. Combat at 1308: ..."
    assert dlg.result is not None and dlg.result.roll
    assert f"Rolled {dlg.result.roll[0]}: {dlg.result.result}. Combat at 1308" in dlg.outcome.text().replace("<b>", "").replace("</b>", "")
    said = dlg.outcome.text()
    assert dlg.result.result == "EX" and dlg.choice_list.count() == 1  # the losses to take: no hex to click
    assert "chooses below" in said and "marked hex" not in said  # (it said so, with nothing marked)


def test_the_germans_long_answers_wrap_whole_in_the_dialog_FMU_SFM_02(qtbot, settings):
    """Utah's beach assault declared: the German's answers (support fire drawn from his cup, a
    Mines marker) wrap in the dialog's width, the first eight whole in sight (was: one line
    each, cut at the dialog's edge behind a horizontal scroll bar)."""
    w, port = utah_beach_assault(qtbot, settings)
    w.aids.duties.tree.itemClicked.emit(w.aids.duties.items()[0], 0)
    dlg = w.aids.attacks.dialog
    dlg.roll_button.click()
    assert port.game.log[-1].kind == "attack" and w.controller.side == "german"  # (the German answers first)
    lst = dlg.choice_list
    width = lst.viewport().width()
    texts = [lst.item(k).text() for k in range(lst.count())]
    assert any("German cup" in t for t in texts)
    assert any(lst.fontMetrics().horizontalAdvance(t) > width for t in texts)  # (some longer than a line)
    for k in range(min(lst.count(), 8)):
        rect = lst.visualItemRect(lst.item(k))
        need = lst.fontMetrics().boundingRect(QRect(0, 0, width - 8, 10_000), Qt.TextFlag.TextWordWrap, texts[k])
        assert rect.height() >= need.height() and lst.viewport().rect().contains(rect), texts[k]
    dlg.close()
