"""Atlantikwall's modules and Overlord in the main window, over the real engine: the Battle
Conditions cards in play above the players' cards (Fog silencing the guns on the map too),
Badges as chips used from the card, the score sheet at the end of a game and the campaign
sheet between battles, each brought to the front, and a campaign's Battle Map in play framed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ddaydesk.engine import OVER
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import vp
from ddaydesk.rules.ddd.actions_later import UseCard
from ddaydesk.rules.ddd.data import tables
from ddaydesk.ui.profiles.ddd_map import BattleFrame, GunSights
from ddaydesk.ui.widgets.ddd_sheet import ScoreSheetPanel
from tests.rules.ddd.conftest import EVERY_MODULE, arrange, land_all, play_to
from tests.rules.ddd.play import choose
from tests.rules.ddd.test_ddd_conditions import stack
from tests.ui.ddd_drive import panel, take
from tests.ui.test_ddd_cards import _chip
from tests.ui.test_ddd_play import window


def _sheet(w) -> ScoreSheetPanel:
    return next(d.widget() for d in w.panel_docks if isinstance(d.widget(), ScoreSheetPanel))


def test_the_battle_conditions_in_play_are_shown_as_cards_and_fog_silences_the_guns(qtbot, settings):
    """DDD-COND-01: a card is turned up before each Phase 1; DDD-COND-08: the Weather's last."""
    w, port = window(qtbot, settings, "exercise-fabius", {"battle_conditions": True})
    g = port.game
    land_all(g)
    stack(g, "fog")
    play_to(g, "roll", turn=g.state.turn + 1)  # the next card turned up: the Fog
    w.controller.refresh()
    box = panel(w).modules
    fog = tables().conditions["fog"]
    assert [c.text() for c in box.cards] and fog.name in box.cards[-1].text() and fog.text in box.cards[-1].text()
    assert box.cards[-1].property("weather") is True
    assert "Battle Conditions deck" in box.lines.text()
    sights = next(d for d in w.scene.decorations if isinstance(d, GunSights))
    assert sights.item.path().isEmpty()  # no machine gun fires in the Fog
    guns = next(s for s in panel(w).table.table.sectors if s.mgf)
    w._hovered(guns.place)
    assert "silent (Fog" in w.hex_info.header.text()


def test_a_badge_is_a_chip_with_its_text_and_is_used_from_it(qtbot, settings):
    """DDD-BADGE-02: a Badge is used like an Item."""
    w, port = window(qtbot, settings, "exercise-tiger", {"badges": True})
    g = port.game
    land_all(g)
    play_to(g, "supply")
    arrange(g, lambda s, r: r["players"]["us"].update(badges=["combat_infantryman_badge"]))
    w.controller.refresh()
    chip = _chip(panel(w).cards["us"], "combat_infantryman_badge")
    assert chip.property("chip") == "badge" and tables().cards["combat_infantryman_badge"].text in chip.toolTip()
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    assert g.log[-1] == UseCard("allied", "us", "combat_infantryman_badge")


def test_the_score_sheet_comes_to_the_front_at_the_end_with_every_line(qtbot, settings):
    """STD-DDD-VP: each Unit's Victory Points, line by line with its rule, and the totals."""
    w, port = window(qtbot, settings, "exercise-fabius", {**EVERY_MODULE, "unit_british": True})
    g = port.game
    while g.state.phase != OVER:
        g.do(choose(g.state))
    w.controller.refresh()
    sheet = _sheet(w)
    text = sheet.text.text()
    assert "Final score" in text and sheet.isVisible()  # its tab in front
    lines = vp.sheet(g.state)
    assert lines and all(x.what in text and x.rule in text for x in lines)
    for pid, total in vp.totals(g.state).items():
        assert f"{total:+d}" in text and m.player_name(g.state, pid) in text


def test_the_campaign_sheet_between_battles_and_the_battle_in_play_framed(qtbot, settings):
    """DDD-CAMPGN-01: a campaign's battles in turn; the record after each."""
    w, port = window(qtbot, settings, "campaign-overlord", {**EVERY_MODULE, "unit_british": True})
    g = port.game
    frame = next(d for d in w.scene.decorations if isinstance(d, BattleFrame))
    first = frame.parts[0].places
    assert all(w.view.fit_rect.contains(w.scene.geom.bounds[p]) for p in first)
    bounds = w.scene.geom.bounds
    nxt = min(bounds[p].left() for p in frame.parts[1].places)
    assert w.view.fit_rect.right() < nxt  # not even the next map's edge is fitted
    veil = frame.veil.path()
    assert all(veil.contains(bounds[p].center()) for p in frame.parts[1].places)
    assert not any(veil.contains(bounds[p].center()) for p in first)
    while g.state.phase != "debrief":
        g.do(choose(g.state))
    w.controller.refresh()
    sheet = _sheet(w)
    text = sheet.text.text()
    c = panel(w).table.table.campaign
    assert sheet.isVisible() and "Battle 1 is over" in text
    for u in c.record[0].units:
        assert u.result in text and f"{u.vp:+d}" in text
    take(qtbot, w, choose(g.state))  # go on to the next battle (the Actions dock)
    assert frame.framed == 1 and all(w.view.fit_rect.contains(w.scene.geom.bounds[p]) for p in frame.parts[1].places)
    assert not frame.veil.path().isEmpty()  # the other maps veiled
