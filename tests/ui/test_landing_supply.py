"""A division landed on the invasion turn, through the real window over the real engine: the
Hex dock names the hex as the map has it (an all-sea hex off the invasion area, or coast) and
says why the division is out of supply, what would supply it, and when supply counts."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import to_phase, window  # noqa: E402


@pytest.fixture
def landed(qtbot, settings):
    """Turn 1 of the campaign with Allied supply: Normandy invaded, the 1st Division put at sea
    on 1819, the 29th ashore on the coast hex 1820, the supply view on."""
    port = open_engine_game(scenarios_dir() / "dday77-campaign.yaml", {"allied_supply": True})
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.0)
    to_phase(qtbot, w, "allied.movement")
    k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices()) if kind == "invade" and "Normandy" in text)
    w.take_choice(k, "invade Normandy")
    for uid, label in (("us-1", "1819"), ("us-29", "1820")):
        w.aids.pool.choose(f"land_from_sea:{uid}")
        click_place(qtbot, w, port.board.index(label))
        assert w.controller.unit(uid).place == port.board.index(label), shown(w.hint)
    w.layer_actions["supply"].setChecked(True)
    return w, port


def dock(w, port, label: str) -> tuple[str, str]:
    w._hovered(port.board.index(label))
    return shown(w.hex_info.header), shown(w.hex_info.supply)


def test_a_division_at_sea_is_named_at_sea_off_the_area_STD_SUP_BLOCK_TERRAIN(landed):
    # proves STD-SUP-BLOCK-TERRAIN: no supply line starts on a sea hex
    w, port = landed
    header, supply = dock(w, port, "1819")
    assert header.startswith("1819 · sea") and "All-sea hex off the Normandy invasion area's coast" in header
    assert "OUT of supply: it is at sea, and no supply line starts there (STD-SUP-BLOCK-TERRAIN)" in supply
    assert "Supply counts in the Allied supply phase, after combat (STD-SEQ)" in supply
    # the Actions dock tells a landing at sea from one ashore (STD-INV-20)
    lines = [i.text(0) for i in w.actions_panel.items()]
    assert "Land 4th Infantry Division at sea at 1819, to attack the coast from there" in lines
    assert "Land 4th Infantry Division at Isigny-sur-Mer (1820)" in lines


def test_a_division_on_the_beach_without_an_sc_and_with_one_D77_ASUP_11_D77_ASUP_12(landed):
    # proves D77-ASUP-11 (every line ends at an SC: a beach without one is no source),
    # D77-ASUP-12 (an SC placed at once on the controlled coastal hex makes it a source)
    w, port = landed
    header, supply = dock(w, port, "1820")
    assert header.startswith("Isigny-sur-Mer (1820) · coast") and "Normandy (invasion area)" in header
    assert "All-sea hex" not in header
    assert "no supply centre (SC) on the map yet: a beach is a source only once an SC marks it (D77-ASUP-11)" in supply
    assert "place one on a coastal hex you hold, at any time (D77-ASUP-12)" in supply
    assert "Supply counts in the Allied supply phase" in supply
    k = next(k for k, (kind, _t, places) in enumerate(w.controller.choices())
             if kind == "place_supply_centre" and port.board.index("1820") in places)
    w.take_choice(k, "place an SC")
    header, supply = dock(w, port, "1820")
    assert "29th Infantry Division: in supply: the SC at 1820, 0 hexes (limit 8, D77-ASUP-15)" in supply, supply
    _, supply = dock(w, port, "1819")  # one hex from the SC, but still at sea
    assert "it is at sea" in supply and "no supply centre" not in supply


def test_a_division_at_sea_is_warned_it_will_be_lost_STD_INV_22(landed):
    # proves STD-INV-22 (as the Hex dock tells it): a unit still at sea when the Allied combat
    # phase ends is lost; the coast hex beside it says nothing of the kind
    w, port = landed
    w.layer_actions["supply"].setChecked(False)  # (said whatever layers are on)
    _header, notes = dock(w, port, "1819")
    assert notes.startswith("1st Infantry Division: at sea: lost when the Allied combat phase ends, unless it "
                            "attacks the coast and advances ashore (STD-INV-22)")
    assert "STD-INV-22" in w.hex_info.supply.text() and "href" in w.hex_info.supply.text()  # (a link to the rule)
    _header, notes = dock(w, port, "1820")
    assert "lost" not in notes


def sea_after_attack(seed: int, advance: bool):
    """The campaign's invasion turn played over the engine: the 1st Division landed at sea at 1618,
    its attack on the 709th Infantry Division at Cherbourg (1619) a defender's retreat (this
    seed), the German retreat made; ``advance``: the Allied advance still to choose."""
    from ddaydesk.engine import Game, legal_actions
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.ui.engine_port import EnginePort

    g = Game(load_scenario(scenarios_dir() / "dday77-campaign.yaml"), seed)
    board = g.scenario.board

    def do(kind, test=lambda a: True):
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == kind and test(a)))

    while g.state.phase != "allied.movement":
        do("end_phase")
    do("invade", lambda a: a.region == "normandy")
    do("land_from_sea", lambda a: a.unit == "us-1" and board.labels[a.place] == "1618")
    while g.state.phase != "allied.combat":
        do("end_phase")
    do("attack", lambda a: board.labels[a.target] == "1619")
    do("resolve_combat")
    do("retreat")
    if not advance:
        do("advance", lambda a: not a.units)
    return EnginePort(g)


def test_a_division_left_at_sea_after_its_attack_is_warned_STD_INV_22(qtbot, settings):
    """The defender retreated: while the advance is open the Hex dock says it must advance now;
    once it stays at sea, that it is lost when the combat phase ends (and ending it loses it)."""
    from tests.ui.conftest import open_window

    w = open_window(qtbot, settings, sea_after_attack(13, advance=True), autosave=False)
    port = w.port
    assert any(kind == "advance" for kind, _t, _p in w.controller.choices())
    _h, notes = dock(w, port, "1618")
    assert "1st Infantry Division: at sea: lost when the Allied combat phase ends, unless it advances ashore now" \
        " (STD-INV-22)" in notes
    k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices()) if kind == "advance" and "no unit" in text)
    w.controller.choose(k, "stay")
    _h, notes = dock(w, port, "1618")
    assert "1st Infantry Division: still at sea after its attack: lost when the Allied combat phase ends " \
        "(STD-INV-22)" in notes
    assert shown(w.actions_panel.end_note) == (  # said before the phase is ended, the rule a link
        "End phase (Ctrl+E): End the Allied combat; beware: 1st Infantry Division, still at sea after its attack: "
        "lost when the Allied combat phase ends (STD-INV-22).") and "href" in w.actions_panel.end_note.text()
    w.controller.end_phase()
    assert port.game.state.status[port.game.state.unit("us-1")] == "eliminated"  # (what the dock foretold)


def test_the_combat_dialog_warns_before_an_advance_not_taken_loses_the_division_STD_INV_22(qtbot, settings):
    """The 1st Division attacks Cherbourg (1619) from the sea at 1618 in the combat dialog; the
    defender retreats: over the advance to choose, the dialog says it is lost unless it advances."""
    port = open_engine_game(scenarios_dir() / "dday77-campaign.yaml", seed=13)
    w = window(qtbot, settings, port)
    w.view.set_zoom(1.0)
    to_phase(qtbot, w, "allied.movement")
    k = next(k for k, (kind, text, _p) in enumerate(w.controller.choices()) if kind == "invade" and "Normandy" in text)
    w.take_choice(k, "invade Normandy")
    w.aids.pool.choose("land_from_sea:us-1")
    click_place(qtbot, w, port.board.index("1618"))
    to_phase(qtbot, w, "allied.combat")
    click_place(qtbot, w, w.controller.unit("us-1").place)
    click_place(qtbot, w, port.board.index("1619"))  # the attack's dialog, the 1st Division ticked
    dlg = w.aids.attacks.dialog
    assert dlg.attackers == ["us-1"]
    dlg.roll_button.click()
    assert dlg.result.result.startswith("DB")  # (this seed: the defender retreats)
    while not any(kind == "advance" for kind, _t, _p in w.controller.choices()):
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))  # the German's retreat
    assert "1st Infantry Division: at sea: lost when the Allied combat phase ends, unless it advances ashore now " \
           "(STD-INV-22)" in shown(dlg.outcome)
    assert dlg.choice_list.currentItem().text() == "Advance 1st Infantry Division"  # Enter: ashore, not "stay"
    dlg.choice_list.itemActivated.emit(dlg.choice_list.currentItem())
    assert w.controller.unit("us-1").place == port.board.index("1619")
    dlg.close()
