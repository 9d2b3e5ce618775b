"""D-Day Dice's player cards and the German's Bunker view in the main window: cards held as
chips with their texts on hover, used from the chip; the German's Decorations face up only in
his own view after the hand-over, a count in the Allies'; his machine guns drawn on the map
only while he mans them (DDD-GER-08..09); the marker's turns in its Sector."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.actions_later import UseCard
from ddaydesk.rules.ddd.data import tables
from ddaydesk.ui.profiles.ddd_map import GunSights
from ddaydesk.ui.widgets.ddd_card import Chip
from tests.rules.ddd.conftest import arrange, land_all, play_to
from tests.ui.ddd_drive import panel
from tests.ui.test_ddd_play import shown_texts, window


def _chip(card, cid: str) -> Chip:
    return next(c for c in card.findChildren(Chip) if c.card.id == cid and not c.isHidden())


def test_a_cards_text_shows_on_hover_and_its_chip_uses_it(qtbot, settings):
    w, port = window(qtbot, settings, "exercise-tiger", {})
    g = port.game
    land_all(g)
    play_to(g, "supply")
    arrange(g, lambda s, r: r["players"]["us"].update(items=["flak_vest", "purple_heart"], specialists=["corporal"]))
    w.controller.refresh()
    card = panel(w).cards["us"]
    vest = _chip(card, "flak_vest")
    assert tables().cards["flak_vest"].text in vest.toolTip() and "Click to use it" in vest.toolTip()
    corporal = _chip(card, "corporal")
    assert "ddaydesk's own text" in corporal.toolTip()  # (the printed text is not public: STD-DDD-CARDS)
    assert "Click to use it" not in corporal.toolTip()  # nothing to use now
    heart = _chip(card, "purple_heart")  # several uses: a menu of them, in words
    qtbot.mouseClick(heart, Qt.MouseButton.LeftButton)
    menu = heart.findChild(QMenu)
    assert menu is not None and len(menu.actions()) > 1
    assert all("Purple Heart" in a.text() for a in menu.actions())
    menu.close()
    qtbot.mouseClick(_chip(panel(w).cards["us"], "flak_vest"), Qt.MouseButton.LeftButton)
    assert g.log[-1] == UseCard("allied", "us", "flak_vest")


def _german_holds(s, r, hand, gunner: bool) -> None:
    sec = m.german_secrets(s)
    sec["hand"] = list(hand)
    sec["deck"] = [c for c in sec["deck"] if c not in hand]
    sec["top"] = sec["deck"][:1]
    r["decorations"]["held"] = len(hand)
    if gunner:
        r["players"][m.GERMAN]["specialists"] = [*r["players"][m.GERMAN]["specialists"], "mg_schuetze"]


def test_the_bunker_view_shows_his_decorations_only_after_the_hand_over(qtbot, settings):
    """DDD-GER-22..26: the Allies see how many Decorations he holds; he sees which, and the
    next in the deck as he saw them."""
    w, port = window(qtbot, settings, "atlantikwall", {})
    g = port.game
    land_all(g)
    play_to(g, "roll")
    hand = ("german_cross", "flak_badge")
    arrange(g, lambda s, r: _german_holds(s, r, hand, gunner=False))
    w.controller.show_side("allied")
    names = [tables().cards[c].name for c in hand]
    top = tables().cards[g.state.secrets["german"]["top"][0]].name
    german = panel(w).cards[m.GERMAN]
    assert not [c for c in german.findChildren(Chip) if not c.isHidden() and c.card.kind == "decoration"]
    assert "Decorations (DDD-GER-22..26): 2 in his hand" in panel(w).bunker.text().replace("</a>", "").replace(
        '<a href="rule:DDD-GER-22">', "")
    texts = shown_texts(w)
    assert not [n for n in names + [top] if n in texts]
    w.controller.hand_to(m.GERMAN)
    assert w.stack.currentWidget() is w.handover  # his secrets blank the screen first
    assert not panel(w).isVisible()
    w.handover.button.click()
    assert w.controller.side == m.GERMAN
    p = panel(w)
    assert list(p.cards)[0] == m.GERMAN or p.cards_box.itemAt(0).widget() is p.cards[m.GERMAN]  # his card first
    assert "The Bunker: the German's view" in p.status.text()
    chips = {c.card.name: c for c in p.cards[m.GERMAN].findChildren(Chip) if not c.isHidden()}
    assert set(names) <= set(chips)
    assert tables().cards["german_cross"].text in chips["German Cross"].toolTip()
    assert top in p.bunker.text()  # the next card, as he saw it


def test_the_guns_are_drawn_while_the_german_mans_them_and_always_without_him(qtbot, settings):
    """DDD-GER-08..09: against a German the machine guns fire only while he has the
    Maschinengewehr-Schütze; in the co-operative game they always fire."""
    w, port = window(qtbot, settings, "atlantikwall", {})
    g = port.game
    land_all(g)
    sights = next(d for d in w.scene.decorations if isinstance(d, GunSights))
    w.controller.refresh()
    assert sights.item.path().isEmpty()
    cost = tables().cards["mg_schuetze"].cost  # (what he must save up for, in his Bunker's words)
    assert f"Machine guns: silent until he rallies the Maschinengewehr-Schütze ({cost} Stars)" in panel(w).bunker.text()
    arrange(g, lambda s, r: _german_holds(s, r, (), gunner=True))
    w.controller.refresh()
    guns = sum(s.mgf for s in panel(w).table.table.sectors if s.mgf_live)
    assert guns > 0 and sights.item.path().elementCount() >= guns * 5  # a ring and two strokes each
    coop, _port = window(qtbot, settings, "exercise-fabius", {})
    coop_sights = next(d for d in coop.scene.decorations if isinstance(d, GunSights))
    assert not coop_sights.item.path().isEmpty()


def test_the_card_counts_the_markers_turns_and_says_when_the_unit_must_move(qtbot, settings):
    """STD-DDD-MARKER: a Unit stays at most 3 turns in a Sector."""
    w, port = window(qtbot, settings, "exercise-tiger", {})
    g = port.game
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: r["players"]["us"].update(marker=2))
    w.controller.refresh()
    header = panel(w).cards["us"].header.text()
    assert "turn 2 of 3 here" in header and "STD-DDD-MARKER" in header
    arrange(g, lambda s, r: r["players"]["us"].update(marker=4))
    w.controller.refresh()
    assert "must move" in panel(w).cards["us"].header.text()


def test_the_germans_tray_waits_for_his_roll_like_a_units(qtbot, settings):
    """Solitaire (you are the German): before he rolls, his card shows the six empty places of
    his dice and the Roll button, as an Allied Unit's does; R rolls. The automated Unit's card
    shows no resources: it keeps none."""
    from ddaydesk.engine import legal_actions
    from ddaydesk.rules.ddd import RollDice
    from tests.rules.ddd.play import choose
    from tests.ui.ddd_drive import seat, take

    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True})
    g = port.game
    roll = RollDice(m.GERMAN, m.GERMAN)
    while roll not in legal_actions(g.state, m.GERMAN):
        take(qtbot, w, choose(g.state))
    seat(qtbot, w)
    unit = panel(w).cards["us"]  # the automated Unit keeps no resources: none shown (DDD-SOLO-07)
    assert not any(c.isVisible() for c in unit.resources) and "keeps no count of its resources" in unit.header.text()
    assert all(c.isVisible() for c in panel(w).cards[m.GERMAN].resources)
    from ddaydesk.rules.help.ids import rule_ids

    (rule,) = rule_ids(unit.header.text().split("moved by the program")[1])
    w.show_rule("")  # the rule its words link to has its entry
    assert w.rules_browser.open_rule(rule) and rule == "DDD-SOLO-01"
    w.rules_browser.close()
    card = panel(w).cards[m.GERMAN]
    assert card.tray.isVisible() and len(card.dice) == 6 and all(b.die is None for b in card.dice)
    assert card.roll_button.isVisible() and card.roll_button.isEnabled() and card.roll_button.text() == "Roll (R)"
    qtbot.keyClick(w.view, Qt.Key.Key_R)
    assert g.log[-1] == roll and all(b.die is not None for b in panel(w).cards[m.GERMAN].dice)


def test_the_programs_german_says_so_on_his_card(qtbot, settings):
    """Two Units against the program's German: his card (dice, Soldiers, cards, as any player's)
    says the program plays him, with its rule; a person's German's card does not."""
    for options, program in (({"auto_german": True, "unit_canadian": True}, True), ({"atlantikwall": True}, False)):
        w, port = window(qtbot, settings, "gold", options)
        land_all(port.game)
        w.controller.refresh()
        german = panel(w).cards[m.GERMAN]
        assert german.isVisible() and all(c.isVisible() for c in german.resources)
        assert ("played by the program" in german.header.text()) == program
        assert ("STD-DDD-AUTO" in german.header.text()) == program
        w.close()


def test_the_actions_docks_specialists_and_items_show_their_cards_texts(qtbot, settings):
    """Phase 4 lists what a Unit may rally or find with its cost; on hover each line says what
    the card does, as its chip does once held: a player weighs that before paying."""
    w, port = window(qtbot, settings, "omaha", {})
    g = port.game
    land_all(g)
    play_to(g, "supply")
    arrange(g, lambda s, r: r["players"]["us"].update(stars=20, tools=20))
    w.controller.refresh()
    lines = {i.text(0): i.toolTip(0) for i in w.actions_panel.items()}
    cards = tables().cards
    for kind, word in (("specialist", "rally"), ("item", "find")):
        listed = [c for c in cards.values() if c.kind == kind and f"American Unit: {word} the {c.name} " in
                  "\n".join(lines)]
        assert listed, kind
        for c in listed:
            (tip,) = [t for text, t in lines.items() if text.startswith(f"American Unit: {word} the {c.name} (")]
            assert escape(c.text) in tip and c.name in tip, c.id
    assert all(t == text for text, t in lines.items() if ": rally the " not in text and ": find the " not in text)


def test_the_germans_cards_read_as_they_play_in_solitaire(qtbot, settings):
    """DDD-SOLO-13: in solitaire the Waffen-SS ignores a Skull (not +2 Soldiers) and the
    Beobachter counts Item Points by RWB: his chip and his Rally line say so, as the engine plays."""
    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True})
    g = port.game
    play_to(g, "german_supply")
    arrange(g, lambda s, r: r["players"][m.GERMAN].update(stars=30, specialists=["unteroffizier", "waffen_ss"]))
    w.controller.refresh()
    from tests.ui.ddd_drive import seat

    seat(qtbot, w)
    ss, spotter = tables().cards["waffen_ss"], tables().cards["beobachter"]
    chip = _chip(panel(w).cards[m.GERMAN], "waffen_ss")
    assert escape(ss.solo_text) in chip.toolTip() and escape(ss.text) not in chip.toolTip()
    (tip,) = [i.toolTip(0) for i in w.actions_panel.items() if "rally the Beobachter" in i.text(0)]
    assert escape(spotter.solo_text) in tip and escape(spotter.text) not in tip


def test_the_automated_units_card_counts_its_own_two_turns_and_says_when_it_moves(qtbot, settings):
    """DDD-SOLO-02: the automated Unit stays 2 turns in a Sector, not the 3 of a player's Unit:
    its card, its marker die and the Sector's words count to 2 and say when it must move, and it
    moves in that Phase 5."""
    from ddaydesk.rules.ddd.view import table
    from ddaydesk.ui.profiles.ddd_map import sector_html

    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True})
    g = port.game
    seen = []
    for turn in (1, 2, 3):
        play_to(g, "german_supply", turn=turn)
        w.controller.refresh()
        header = panel(w).cards["us"].header.text()
        seen.append("must move" if "must move" in header else header.split(" here")[0].rsplit("turn ", 1)[1])
        bot = next(p for p in table(g.state, m.GERMAN).players if p.id == "us")
        assert bot.marker_limit == 2 and (bot.must_move == (turn == 3)), turn
        words = sector_html(w.controller.view, bot.sector)
        assert ("of 2 here" in words) and ("must move" in words) == (turn == 3)
    assert seen == ["1 of 2", "2 of 2", "must move"]
    before = g.state.place[g.state.unit("us")]
    play_to(g, "solo_combat", turn=3)
    assert g.state.place[g.state.unit("us")] != before  # (the engine moves it then, as the card said)


def test_the_germans_loss_this_turn_reads_in_good_english(qtbot, settings):
    """DDD-GER-10: the German loses the DEF of the Allies' Sector, here 1: "1 Soldier"."""
    from tests.rules.ddd.conftest import put

    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True})
    g = port.game
    play_to(g, "german_supply")
    arrange(g, lambda s, r: put(s, "us", "3"))  # (DEF 1 on Exercise Fabius)
    play_to(g, "solo_combat")  # (the Sector's DEF is paid as the phase begins)
    w.controller.refresh()
    lost = panel(w).cards[m.GERMAN].losses.text()
    assert "loses 1 Soldier (DEF 1)" in lost and "1 Soldiers" not in lost


def test_the_bunker_view_tells_the_solitaire_german_about_the_allied_sniper(qtbot, settings):
    """DDD-SOLO-10..12: the automated Unit rallies a Sniper at its first Advance; from the next
    turn he fires every turn it does not move and the German loses a Specialist. The German's
    Bunker view says where the Sniper stands, and the Scharfschütze's shots at him."""
    from tests.ui.ddd_drive import seat

    w, port = window(qtbot, settings, "exercise-fabius", {"solitaire": True}, seed=5)
    g = port.game
    play_to(g, "german_supply")
    w.controller.refresh()
    seat(qtbot, w)
    assert "Allied Sniper: not yet rallied" in panel(w).bunker.text()
    turn = next(t for t in range(2, 30) if (play_to(g, "german_supply", turn=t)
                                             or g.state.record(m.EXTRA)["solo"].get("sniper") == "active"))
    w.controller.refresh()
    seat(qtbot, w)
    solo = g.state.record(m.EXTRA)["solo"]
    when = "from next turn" if solo["sniper_turn"] == turn else "now"
    assert f"Allied Sniper: fires {when}, every turn the Allied Unit does not move" in panel(w).bunker.text()
    assert "Scharfschütze shots at him 0 of 4" in panel(w).bunker.text()


def test_special_damage_says_the_unit_must_give_up_a_specialist(qtbot, settings):
    """STD-DDD-MGF: a 6 on a machine-gun die where the Sector prints Special Damage costs a
    Specialist, its player picking which: the column says so in those words, and the Actions
    dock offers each Specialist held."""
    from ddaydesk.engine import legal_actions
    from tests.rules.ddd.conftest import put

    w, port = window(qtbot, settings, "omaha", {}, seed=6)
    g = port.game
    land_all(g)
    play_to(g, "move")
    arrange(g, lambda s, r: (put(s, "us", "4"), r["players"]["us"].update(specialists=["corporal", "scout"],
                                                                           soldiers=30)))
    while g.state.phase != "combat":
        g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "end_phase"))
    assert {a.choice for a in legal_actions(g.state, "allied") if a.kind == "choose_loss"} == {"corporal", "scout"}
    w.controller.refresh()
    assert "American Unit must give up a Specialist (Special Damage)" in panel(w).status.text()
    assert {i.text(0) for i in w.actions_panel.items()} == {"American Unit gives up the Corporal",
                                                            "American Unit gives up the Scout"}
