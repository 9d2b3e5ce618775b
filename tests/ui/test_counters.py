"""Counter size marks come from the orders of battle (the scenarios' ``size``), through the
real engine port, and the counter art prints them."""

from __future__ import annotations

import pytest

from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.counters import CounterArt, face_of
from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.palette import DEFAULT
from ddaydesk.ui.port import UnitInfo


def _units(name: str) -> dict[str, UnitInfo]:
    port = open_engine_game(scenarios_dir() / name)
    return {u.id: u for u in port.view(port.scenario.first_player).units}


@pytest.mark.parametrize(("scenario", "uid", "mark"), [
    ("utah-landing.yaml", "us-4-8", "III"),  # 8th Infantry Regiment, 4th Infantry Division
    ("utah-landing.yaml", "us-82-505", "III"),  # a parachute infantry regiment
    ("utah-landing.yaml", "ge-709-709", "II"),  # an anti-tank battalion
    ("utah-landing.yaml", "us-4ad-cca", "X"),  # a combat command
    ("utah-campaign.yaml", "ge-1057-91", "III"),
    ("dday77-campaign.yaml", "ge-352", "XX"),
    ("dday77-campaign.yaml", "pl-1pb", "X"),  # 1st Polish Independent Parachute Brigade
    ("dday77-campaign.yaml", "ge-106pb", "X"),  # a panzer brigade
    ("dday77-campaign.yaml", "ge-7a", "XXXX"),
    ("dday77-campaign.yaml", "ge-agb", "XXXXX"),
    ("dday77-campaign.yaml", "ge-obw", "XXXXXX"),
    ("dday77-campaign.yaml", "ge-ned", "XXX"),
    ("tutorial.yaml", "br-21-ag", "XXXXX"),
])
def test_size_marks_are_the_order_of_battles(scenario, uid, mark):
    assert face_of(_units(scenario)[uid]).size == mark


def test_no_utah_regiment_or_battalion_carries_a_division_mark():
    for name in ("utah-landing.yaml", "utah-campaign.yaml"):
        units = _units(name)
        assert {u.size for u in units.values()} == {"II", "III", "X"}, name


def test_a_unit_the_order_of_battle_gives_no_size_prints_none():
    u = UnitInfo("x", "Some Division", "allied", "us", "infantry", 4, 4, 4, place=0)
    assert face_of(u).size == ""  # the name says division; nothing is guessed from it


def test_the_counter_prints_the_mark(qapp):
    art = CounterArt(DEFAULT)
    base = UnitInfo("x", "8th Infantry Regiment", "allied", "us", "infantry", 5, 5, 4, place=0)
    images = {size: art.pixmap(face_of(UnitInfo(**{**base.__dict__, "size": size})), 2.0).toImage()
              for size in ("", "III", "XX")}
    assert images["III"] != images["XX"] and images["III"] != images[""]
    # the mark sits in the band above the symbol: below it the three counters are the same
    top = round(images[""].height() * 0.2)
    below = [img.copy(0, top, img.width(), img.height() - top) for img in images.values()]
    assert below[0] == below[1] == below[2]


def test_a_unit_without_factors_prints_none():
    """D-Day Dice's Units carry no attack, defence or movement: no "0-0-0" on their counters."""
    assert face_of(UnitInfo("us", "American Unit", "allied", "us", "infantry", 0, 0, 0, place=0)).values == ""
    assert face_of(UnitInfo("x", "Some Battalion", "allied", "us", "infantry", 0, 1, 4, place=0)).values == "0-1-4"


def test_pixmaps_of_zoom_levels_left_behind_are_let_go_and_drawn_again_the_same(qapp):
    """keep_scales: only the scales asked for stay cached (the view's zoom level now and just
    before), bases included; a pixmap let go of is drawn again pixel for pixel."""
    art = CounterArt(DEFAULT)
    face = face_of(UnitInfo("x", "8th Infantry Regiment", "allied", "us", "infantry", 5, 5, 4, place=0))
    first = {s: art.pixmap(face, s).toImage() for s in (0.5, 1.0, 1.5, 2.0)}
    art.keep_scales({1.5, 2.0})
    assert {k[1] for k in art._cache} == {1.5, 2.0}
    assert {k[5] for k in art._bases} == {round(art.pixmap(face, s).width()) for s in (1.5, 2.0)}
    assert art.pixmap(face, 0.5).toImage() == first[0.5]  # drawn again: the same pixels
    assert art.pixmap(face, 2.0).toImage() == first[2.0]


@pytest.mark.parametrize(("scenario", "uid", "label"), [
    ("dday2.yaml", "g1-inf", ""),  # alike units: the grey colour and the symbol say "German infantry"
    ("dday2.yaml", "utah-inf-1", ""),  # its number is a serial, not a unit's designation
    ("dday2.yaml", "abn10-inf-1", "Abn"),
    ("dday2.yaml", "g1-bh", "Blockhouse"),  # no symbol says these: their type does
    ("dday2.yaml", "para10-1", "Para"),
    ("dday2.yaml", "bomber-1", "Bomber"),
    ("dday77-breakout.yaml", "uk-gds", "Guards"),
    ("dday77-breakout.yaml", "ge-obw", "OB West"),
    ("dday77-campaign.yaml", "ge-fbb", "FBB"),  # Führer Begleit Brigade
    ("dday77-campaign.yaml", "al-us9", "9 US"),  # Ninth US Army
    ("sword.yaml", "gb-staffsyeo", "SY"),  # Staffordshire Yeomanry
    ("sword.yaml", "de-2-736", "II/736"),  # not '736' as III./Grenadier-Regiment 736 beside it
    ("sword.yaml", "de-3-25ss", "III/25 SS"),
    ("sword.yaml", "de-wn20", "WN 20"),
    ("utah-campaign.yaml", "us-4ad-ccb", "CCB/4"),  # not '4' as CCA/4 and CCR/4
    ("sword.yaml", "gb-13-18h", "13/18"),  # 13th/18th Royal Hussars
])
def test_a_counter_says_what_a_player_recognises(qtbot, settings, scenario, uid, label):
    """No name is cut to its first letters ('Germa', 'Guard', 'Führe', 'Staff'): a counter prints
    a proper abbreviation, or nothing where its colour and symbol say it all; the Place dock's
    stack shows the same counter."""
    from tests.ui.conftest import open_window

    port = open_engine_game(scenarios_dir() / scenario)
    win = open_window(qtbot, settings, port, autosave=False)
    unit = next(u for u in win.controller.view.units if u.id == uid)
    assert win.scene.art.face(unit).label == label
