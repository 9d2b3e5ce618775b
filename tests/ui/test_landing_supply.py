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
